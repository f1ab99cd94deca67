#!/bin/sh
# A board walk's body kept by square (src/runtime/sqmemo.c) charges a kept effect the steps the
# body ran: tests/lang/sqmemo-work.rules (its comment counts them) runs past a work bound of 1
# million steps, and within it with fewer rounds. A build that charges nothing for a kept
# effect counts 6 in the first (checked).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/sqmemo-work.rules
fail=0
out=$(./boardvm perft "$rules" 3 --work 1 2>&1); st=$?
case $st:$out in
    1:*"took more than 1 million steps of work"*) echo "ok: kept effects are charged" ;;
    *) echo "FAIL: expected exit 1 and the work bound's error, got exit $st: $out"; fail=1 ;;
esac
out=$(./boardvm perft "$rules" 3 --work 1 --option rounds=few 2>&1 | tail -1); st=$?
case $st:$out in
    0:6) echo "ok: fewer rounds stay within it" ;;
    *) echo "FAIL: expected '6', got exit $st: $out"; fail=1 ;;
esac
exit $fail
