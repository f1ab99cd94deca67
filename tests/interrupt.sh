#!/bin/sh
# Ctrl-C (SIGINT) in the commands that play games in worker processes, match, tune and balance
# (issue 41): the run stops with the summary of the games finished, an "interrupted after N of
# M games" line and exit status 130; the records written are those N games, whole; tune
# --write writes nothing then. Once as `timeout -s INT` sends it (to boardvm, then to its
# process group: the workers too), once to the parent alone (--foreground): the workers must
# then be stopped by it. And balance shows its progress on a terminal (script(1)'s).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess="$srcdir/rules/chess.rules"
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-int.XXXXXX")
games() { grep -c '^\[Event ' "$1"; }
# interrupted NAME ERRFILE TOTAL: the number N of "interrupted after N of TOTAL games", or nothing
interrupted() { sed -n "s/^boardvm: $1: interrupted after \([0-9]*\) of $3 games\$/\1/p" "$2"; }
# ends_whole FILE: its last byte is a newline
ends_whole() { [ "$(tail -c 1 "$1" | od -An -c | tr -d ' ')" = '\n' ]; }

for how in group parent; do
    fg=; [ $how = parent ] && fg=--foreground
    # ---- match ----
    timeout $fg --preserve-status -s INT 3 ./boardvm match "$chess" --depth 2 --games 2000 --jobs 2 \
        --record "$tmp/m.pgn" >"$tmp/m.out" 2>"$tmp/m.err"; st=$?
    n=$(interrupted match "$tmp/m.err" 2000)
    [ $st -eq 130 ] && [ -n "$n" ] && ok "match ($how): status 130, interrupted after $n games" ||
        bad "match ($how): status $st, $(cat "$tmp/m.err")"
    grep -q "^A (depth 2) against B (depth 2): [0-9]* wins*, [0-9]* draws*, [0-9]* loss[es]* in $n games*\$" "$tmp/m.out" &&
        grep -q '^elo: ' "$tmp/m.out" && ends_whole "$tmp/m.out" &&
        ok "match ($how): the score of the $n games played" || bad "match ($how): $(tail -n 3 "$tmp/m.out")"
    [ "$(games "$tmp/m.pgn")" = "$n" ] && [ "$(grep -c '^1-0$\|^0-1$\|^1/2-1/2$\| 1-0$\| 0-1$\| 1/2-1/2$' "$tmp/m.pgn")" = "$n" ] &&
        ok "match ($how): the $n records, whole" || bad "match ($how): $(games "$tmp/m.pgn") records for $n games"
    sleep 0.5
    pgrep -f "boardvm match $chess --depth 2 --games 2000" >/dev/null &&
        bad "match ($how): workers left running" || ok "match ($how): no worker left"

    # ---- tune ----
    echo "old" >"$tmp/t.w"
    timeout $fg --preserve-status -s INT 3 ./boardvm tune "$chess" --games 2000 --jobs 2 \
        --record "$tmp/t.pgn" --write "$tmp/t.w" >"$tmp/t.out" 2>"$tmp/t.err"; st=$?
    n=$(interrupted tune "$tmp/t.err" 2000)
    [ $st -eq 130 ] && [ -n "$n" ] && ok "tune ($how): status 130, interrupted after $n games" ||
        bad "tune ($how): status $st, $(cat "$tmp/t.err")"
    tr '\r' '\n' <"$tmp/t.err" | grep -q "^tune: $n of 2000 games played *\$" && ends_whole "$tmp/t.err" &&
        ok "tune ($how): says how many games it played" || bad "tune ($how): $(cat "$tmp/t.err")"
    [ "$(games "$tmp/t.pgn")" = "$n" ] && ok "tune ($how): the $n records" || bad "tune ($how): $(games "$tmp/t.pgn") records for $n games"
    { [ "$n" = 0 ] || grep -q "^tune: FIDE Chess: $n games" "$tmp/t.out"; } &&
        ok "tune ($how): the fit of those games" || bad "tune ($how): $(head -n 2 "$tmp/t.out")"
    [ "$(cat "$tmp/t.w")" = old ] && grep -q "t.w not written" "$tmp/t.err" &&
        ok "tune ($how): --write not written" || bad "tune ($how): --write: $(head -n 2 "$tmp/t.w")"

    # ---- balance ----
    timeout $fg --preserve-status -s INT 3 ./boardvm balance "$chess" --games 2000 --jobs 2 \
        "$chess" -o no-such-option >"$tmp/b.out" 2>"$tmp/b.err"; st=$?
    n=$(interrupted balance "$tmp/b.err" 4000)
    [ $st -eq 130 ] && [ -n "$n" ] && ok "balance ($how): status 130, interrupted after $n games" ||
        bad "balance ($how): status $st, $(cat "$tmp/b.err")"
    grep -q "^variant 1: FIDE Chess: $n games ([0-9]* distinct)\$" "$tmp/b.out" && ends_whole "$tmp/b.out" &&
        ! grep -q '^variant 2' "$tmp/b.out" && ok "balance ($how): variant 1's $n games, no variant 2" ||
        bad "balance ($how): $(cat "$tmp/b.out")"
done

# balance on a terminal: how many games are done, as they are
script -qec "./boardvm balance '$chess' --games 4 --jobs 1 --depth 1 --max-plies 20" /dev/null >"$tmp/tty" 2>&1
tr '\r' '\n' <"$tmp/tty" | grep -q '^variant 1: 2 of 4 games played' &&
    tr '\r' '\n' <"$tmp/tty" | grep -q '^variant 1: FIDE Chess: 4 games' &&
    ok "balance on a terminal: its progress" || bad "balance on a terminal: $(tr '\r' '\n' <"$tmp/tty")"
./boardvm balance "$chess" --games 4 --jobs 1 --depth 1 --max-plies 20 >"$tmp/b.out" 2>"$tmp/b.err"
[ ! -s "$tmp/b.err" ] && ok "balance, not on a terminal: no progress" || bad "balance: $(cat "$tmp/b.err")"

rm -rf "$tmp"
[ $fails -eq 0 ]
