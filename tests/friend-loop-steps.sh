#!/bin/sh
# FORFRIEND (src/bytecode/superinstr.c) counts the squares it passes over as the loop it replaces would
# have: tests/lang/friend-loop-steps.rules (its comment counts the instructions) runs past the
# bound between two emitted moves with 300 walks of the board, and within it with 200.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/friend-loop-steps.rules
fail=0
out=$(./boardvm moves "$rules" 2>&1); st=$?
want="friend-loop-steps.rules:21: error: a program ran more than 100000 instructions without emitting a move"
case $st:$out in
    1:*"$want"*) echo "ok: 300 walks of the board pass the bound" ;;
    *) echo "FAIL: expected exit 1 and '$want', got exit $st: $out"; fail=1 ;;
esac
out=$(./boardvm moves "$rules" --option short 2>&1 | tr '\n' ' '); st=$?
case $st:$out in
    "0:a1a2 a1b1 a1b2 ") echo "ok: 200 walks stay within it" ;;
    *) echo "FAIL: expected 'a1a2 a1b1 a1b2', got exit $st: $out"; fail=1 ;;
esac
exit $fail
