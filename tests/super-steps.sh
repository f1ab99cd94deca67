#!/bin/sh
# Superinstructions (src/bytecode/superinstr.c) charge the steps of the instructions they stand for:
# tests/lang/super-steps.rules (its comment counts the instructions) runs about 9010
# instructions before its first move, past a bound of 8990 and within one of 9100.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/super-steps.rules
fail=0
out=$(./boardvm moves "$rules" --option limit=tight 2>&1); st=$?
want="super-steps.rules:18: error: a program ran more than 8990 instructions without emitting a move"
case $st:$out in
    1:*"$want"*) echo "ok: 1000 turns of the loop run past 8990 steps" ;;
    *) echo "FAIL: expected exit 1 and '$want', got exit $st: $out"; fail=1 ;;
esac
out=$(./boardvm moves "$rules" 2>&1 | tr '\n' ' '); st=$?
case $st:$out in
    "0:a1a2 a1b1 a1b2 ") echo "ok: and within 9100" ;;
    *) echo "FAIL: expected 'a1a2 a1b1 a1b2', got exit $st: $out"; fail=1 ;;
esac
exit $fail
