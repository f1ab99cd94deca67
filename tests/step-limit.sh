#!/bin/sh
# The bound between two emitted moves (STEP_BUDGET, 100000 instructions) is a game's own:
# `moves steps N;` raises it. tests/lang/long-search.rules runs more than 120000 instructions
# before its first move (its comment counts them): by default that is the "endless loop?"
# error naming the line of the loop; with the option that declares `moves steps 2000000;` the
# King's two moves (worked out by hand in the rules file) are listed.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/long-search.rules
fail=0

out=$(./boardvm moves "$rules" 2>&1); st=$?
want="long-search.rules:16: error: a program ran more than 100000 instructions without emitting a move"
case $st:$out in
    1:*"$want"*) echo "ok: the default bound stops the long search at its line" ;;
    *) echo "FAIL: expected exit 1 and '$want', got exit $st: $out"; fail=1 ;;
esac

out=$(./boardvm moves "$rules" --option long 2>&1 | tr '\n' ' '); st=$?
case $st:$out in
    "0:a1a2 a1b1 ") echo "ok: moves steps 2000000 lets it finish" ;;
    *) echo "FAIL: expected 'a1a2 a1b1', got exit $st: $out"; fail=1 ;;
esac
exit $fail
