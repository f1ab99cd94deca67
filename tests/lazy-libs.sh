#!/bin/sh
# The libraries only one command uses are loaded by that command alone (src/base/dynlib.h): perft,
# search, self-play, bench, show, moves, test and a `play` that reads a pipe do not load
# libmicrohttpd (serve; it brings GnuTLS and seven more libraries, 3 MB of resident memory),
# libedit (the prompt of play) or libm (the statistics of match, tune and balance). Seen with
# glibc's LD_DEBUG=libs, which names every library the dynamic loader opens; skipped (77) where
# it says nothing (another C library), except in CI (CI=true), where it fails.
srcdir=${srcdir:-.}
chess=$srcdir/rules/chess.rules
fails=0
out=lazy-libs.out

LD_DEBUG=libs ./boardvm perft "$chess" 1 >/dev/null 2>$out
if ! grep -q 'library=libc\.so' $out; then
    rm -f $out
    if [ "${CI:-}" = true ]; then echo "FAIL: LD_DEBUG=libs names no library (CI must run this test)"; exit 1; fi
    echo "SKIP: LD_DEBUG=libs names no library (not glibc?)"; exit 77
fi
echo "ok: LD_DEBUG=libs names the libraries loaded (libc)"
# a sanitizer build (tests/run-sanitized.sh) links libasan, which itself needs libm
libs='libmicrohttpd|libgnutls|libedit|libm'
if grep -q 'library=libasan' $out; then libs='libmicrohttpd|libgnutls|libedit'; fi

# check WHAT COMMAND...: fail if the command loads one of $libs
check() {
    what=$1; shift
    LD_DEBUG=libs "$@" </dev/null >/dev/null 2>$out
    found=$(grep -oE "library=($libs)\\.so[^ ]*" $out | sort -u | tr '\n' ' ')
    if [ -n "$found" ]; then echo "FAIL: $what loads $found"; fails=$((fails + 1))
    else echo "ok: $what loads none of $libs"; fi
}
check "perft" ./boardvm perft "$chess" 3
check "selfplay" ./boardvm selfplay "$chess" --depth 2 --max-plies 4
check "selfplay --search mcts" ./boardvm selfplay "$chess" --search mcts --nodes 50 --max-plies 4
check "bench" ./boardvm bench "$chess" --depth 2 --runs 1
check "show --json" ./boardvm show "$chess" --json
check "moves" ./boardvm moves "$chess"
check "test" ./boardvm test "$srcdir/tests/chess.test"
check "play from a pipe" ./boardvm play "$chess"

# the other side: the libraries are there to be loaded, by the commands that use them
LD_DEBUG=libs ./boardvm match "$chess" --games 2 --depth 1 >/dev/null 2>$out
if grep -q 'library=libm\.so' $out; then echo "ok: match loads libm for its statistics"
else echo "FAIL: match did not load libm"; fails=$((fails + 1)); fi
rm -f $out
[ $fails -eq 0 ]
