#!/bin/sh
# FORTEST (src/bytecode/superinstr.c) counts the squares it passes over as the loop it replaces would
# have: tests/lang/test-loop-steps.rules (its comment counts the instructions) runs past the
# bound between two emitted moves with 200 walks of the board, and within it with 150, both
# for a test of `height` and of a square variable. Run from the top build directory by
# `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/test-loop-steps.rules
fail=0
for opt in "" "--option sqvar"; do
    out=$(./boardvm moves "$rules" $opt 2>&1); st=$?
    case $st:$out in
        1:*"error: a program ran more than 100000 instructions without emitting a move"*)
            echo "ok: 200 walks of the board pass the bound $opt" ;;
        *) echo "FAIL: $opt: expected exit 1 and the bound's error, got exit $st: $out"; fail=1 ;;
    esac
    out=$(./boardvm moves "$rules" --option short $opt 2>&1 | tr '\n' ' ')
    case $out in
        "a1a2 a1b1 a1b2 ") echo "ok: 150 walks stay within it $opt" ;;
        *) echo "FAIL: $opt: expected 'a1a2 a1b1 a1b2', got: $out"; fail=1 ;;
    esac
done
exit $fail
