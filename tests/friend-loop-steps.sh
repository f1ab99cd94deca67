#!/bin/sh
# FORFRIEND and FORENEMY (src/bytecode/superinstr.c) count the squares they pass over as the loop
# they replace would have: tests/lang/friend-loop-steps.rules (its comment counts the
# instructions) runs past the bound between two emitted moves with 300 walks of the board, and
# within it with 200; with --option foes, the walks look for the other side's pieces.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/friend-loop-steps.rules
fail=0
for case in '24:' '23:--option foes'; do
line=${case%%:*} opt=${case#*:}
out=$(./boardvm moves "$rules" $opt 2>&1); st=$?
want="friend-loop-steps.rules:$line: error: a program ran more than 100000 instructions without emitting a move"
case $st:$out in
    1:*"$want"*) echo "ok ($opt): 300 walks of the board pass the bound" ;;
    *) echo "FAIL ($opt): expected exit 1 and '$want', got exit $st: $out"; fail=1 ;;
esac
out=$(./boardvm moves "$rules" $opt --option short 2>&1 | tr '\n' ' '); st=$?
case $st:$out in
    "0:a1a2 a1b1 a1b2 ") echo "ok ($opt): 200 walks stay within it" ;;
    *) echo "FAIL ($opt): expected 'a1a2 a1b1 a1b2', got exit $st: $out"; fail=1 ;;
esac
done
# FORFRIENDPV: the mover's pieces whose test sends the loop back cost 10 each (the rules file's
# comment): 140 walks pass the bound, 100 stay within it
rules=$srcdir/tests/lang/friend-pv-steps.rules
want="friend-pv-steps.rules:26: error: a program ran more than 100000 instructions without emitting a move"
out=$(./boardvm moves "$rules" 2>&1); st=$?
case $st:$out in
    1:*"$want"*) echo "ok (piece variable): 140 walks pass the bound" ;;
    *) echo "FAIL (piece variable): expected exit 1 and '$want', got exit $st: $out"; fail=1 ;;
esac
out=$(./boardvm moves "$rules" --option short 2>&1 | tr '\n' ' '); st=$?
case $st:$out in
    "0:a7a8 a7b7 ") echo "ok (piece variable): 100 walks stay within it" ;;
    *) echo "FAIL (piece variable): expected 'a7a8 a7b7', got exit $st: $out"; fail=1 ;;
esac
exit $fail
