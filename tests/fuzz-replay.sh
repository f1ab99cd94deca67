#!/bin/sh
# The project's hostile corpus through the fuzz harnesses: every file of
# tests/fuzz-regress/HARNESS/ is run through fuzz/fuzz_HARNESS.c, built with gcc and the replay
# driver fuzz/replay_main.c instead of libFuzzer (Makefile.am, check_PROGRAMS), each input in
# its own process with a time limit. An input fails on a non-zero status (a crash, an FZ_CHECK
# of the harness, a sanitizer error), a sanitizer report in its output, or the time limit; so a
# guard lost in a change fails `make check`, and in the ASan+UBSan build of
# tests/run-sanitized.sh (CI) any reproducer that crashes, leaks or trips UBSan again does.
# The rules files of tests/fuzz-regress/cli/ (the command line's reproducers, which
# tests/edge-cases.sh runs through boardvm) also go through the vm_rules harness: its perft,
# search and invariants (the hash after every make and unmake) are a second net under them.
# fuzz/run.sh regress does the same with clang and libFuzzer, which CI does not have.
#
# FUZZ_REPLAY_SECONDS: the time limit per input (default 30: the slowest input takes about
# 3 s under ASan+UBSan on an idle machine, a tenth of that without; fuzz/README.md's
# libFuzzer runs allow 10 s with clang's heavier instrumentation). Memory: 2 GB per input, as
# libFuzzer's -rss_limit_mb in fuzz/run.sh (ASan's hard_rss_limit_mb; ulimit -v otherwise).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
limit=${FUZZ_REPLAY_SECONDS:-30}
BOARDVM_SRCDIR=$(cd "$srcdir" && pwd)
export BOARDVM_SRCDIR
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-replay.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }

# in an ASan build the memory bound is ASan's own (its shadow memory needs terabytes of
# address space, which ulimit -v would refuse)
if grep -q __asan_init fuzz/replay_compile 2>/dev/null; then
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=2048
    export ASAN_OPTIONS
    memlimit=
else
    memlimit="ulimit -v 2097152;"
fi

# replay HARNESS FILE: one input through fuzz/replay_HARNESS, in its own process
replay() {
    h=$1 f=$2 rel=${2#"$srcdir"/}
    n=$((n + 1))
    t0=$(date +%s)
    sh -c "$memlimit"' exec timeout -k 5 "$0" "$@"' "$limit" "fuzz/replay_$h" "$f" \
        >"$tmp/out" 2>&1
    st=$?
    secs=$(($(date +%s) - t0))
    if [ $st -eq 124 ] || [ $st -eq 137 ]; then
        bad "$h $rel: still running after $limit s"
    elif [ $st -ne 0 ]; then
        bad "$h $rel: exit status $st"
    elif grep -Eq 'Sanitizer|runtime error:' "$tmp/out"; then
        bad "$h $rel: a sanitizer report"
    elif ! grep -q '^ok 1 ' "$tmp/out"; then
        bad "$h $rel: the harness did not finish it"
    else
        ok "$h $rel (${secs} s)"
        return
    fi
    sed 's/^/    /' "$tmp/out" | tail -n 40
}

# the test of the driver: an input it cannot read is a failure, with a status that says so
if fuzz/replay_compile "$tmp/none" >"$tmp/out" 2>&1; then
    bad "fuzz/replay_compile of a missing file: status 0"
elif ! grep -q '^not ok 1 ' "$tmp/out" || ! grep -q '^# 0 passed, 1 failed' "$tmp/out"; then
    bad "fuzz/replay_compile of a missing file: $(cat "$tmp/out")"
fi

for d in "$srcdir"/tests/fuzz-regress/*/; do
    h=$(basename "$d")
    case $h in
    cli)
        for f in "$d"*.rules; do replay vm_rules "$f"; done
        continue ;;
    esac
    if [ ! -x "fuzz/replay_$h" ]; then
        # as tests/serve.sh: the web harness needs the web board's libraries (configure)
        if [ "$h" = web ] && [ "${CI:-}" != true ] && ./boardvm serve 2>&1 | grep -q 'built without'
        then
            echo "skipped: tests/fuzz-regress/web (boardvm is built without serve)"
            continue
        fi
        bad "tests/fuzz-regress/$h: no fuzz/replay_$h (check_PROGRAMS in Makefile.am)"
        continue
    fi
    for f in "$d"*; do
        [ -f "$f" ] && replay "$h" "$f"
    done
done

[ $n -ge 30 ] || bad "only $n inputs replayed (the corpus lost its files?)"
[ $fails -eq 0 ] && echo "ok: $n inputs of tests/fuzz-regress through their fuzz harnesses"
[ $fails -eq 0 ]
