#!/bin/sh
# FORNEAR, CHOOSENEAR, CHOOSEGO and CHOOSETEST (src/runtime/skips.c) count the elements they pass
# over as the code they stand for would have: tests/lang/near-loop-steps.rules (its comment
# counts the instructions) runs past the bound between two emitted moves with each shape, and
# within it with --option short. A build that does not count them lists the King's moves in
# all four (checked).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/near-loop-steps.rules
fail=0
for case in '54:' '36:--option nears' '41:--option cells' '46:--option tests'; do
line=${case%%:*} opt=${case#*:}
out=$(./boardvm moves "$rules" $opt 2>&1); st=$?
want="near-loop-steps.rules:$line: error: a program ran more than 100000 instructions without emitting a move"
case $st:$out in
    1:*"$want"*) echo "ok ($opt): passes the bound" ;;
    *) echo "FAIL ($opt): expected exit 1 and '$want', got exit $st: $out"; fail=1 ;;
esac
out=$(./boardvm moves "$rules" $opt --option short 2>&1 | tr '\n' ' '); st=$?
case $st:$out in
    "0:a1a2 a1b1 a1b2 ") echo "ok ($opt): fewer stay within it" ;;
    *) echo "FAIL ($opt): expected 'a1a2 a1b1 a1b2', got exit $st: $out"; fail=1 ;;
esac
done
exit $fail
