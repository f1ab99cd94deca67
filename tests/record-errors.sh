#!/bin/sh
# --record never loses games silently (src/common/outfile.c): `match`, `selfplay` and `tune` writing to
# /dev/full (every write fails with ENOSPC) say so and exit 2, and a record file that already
# exists stays as it was when the new one cannot be written (a file size limit of one block,
# SIGXFSZ ignored so that write() fails), with no temporary file left beside it. A record
# written in full replaces the old one.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/rules/chess.rules
dir=record-errors.tmp
rm -rf "$dir"; mkdir "$dir"
status=0
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}
has() {   # name, file, text: the file holds the text
    if grep -qF -- "$3" "$2"; then echo "ok: $1"; else echo "FAIL: $1: no '$3' in '$(cat "$2")'"; status=1; fi
}
# each command: two short games at depth 1 (some 5 KB of record, more than one block)
run() {   # command, record
    case $1 in
    match) timeout 120 ./boardvm match "$rules" --depth 1 --games 2 --jobs 1 --record "$2" ;;
    selfplay) timeout 120 ./boardvm selfplay "$rules" --depth 1 --games 2 --max-plies 60 --record "$2" ;;
    tune) timeout 120 ./boardvm tune "$rules" --depth 1 --games 2 --jobs 1 --record "$2" ;;
    esac
}
for cmd in match selfplay tune; do
    run $cmd /dev/full > /dev/null 2> "$dir/err"
    check "$cmd --record /dev/full: exit 2" 2 $?
    has "$cmd --record /dev/full: the message" "$dir/err" "boardvm: /dev/full: write error"

    echo "an old record" > "$dir/$cmd.pgn"
    ( trap '' XFSZ; ulimit -f 1; run $cmd "$dir/$cmd.pgn" > /dev/null 2> "$dir/err" ); st=$?
    check "$cmd: a record that cannot be written: exit 2" 2 "$st"
    has "$cmd: a record that cannot be written: the message" "$dir/err" \
        "$cmd.pgn: write error: File too large; the file is left as it was"
    check "$cmd: a record that cannot be written: the old one is kept" "an old record" "$(cat "$dir/$cmd.pgn")"
    check "$cmd: no temporary file left" "" "$(find "$dir" -name '.*.??????')"

    run $cmd "$dir/$cmd.pgn" > /dev/null 2> "$dir/err"
    check "$cmd: a record written in full: exit 0" 0 $?
    check "$cmd: a record written in full: two games" 2 "$(grep -c '^\[Result ' "$dir/$cmd.pgn")"
done
rm -rf "$dir"
exit $status
