#!/bin/sh
# `square-of` keeps its answers while the board stands (src/runtime/squareof.c) and charges a
# kept answer the cells of the scan it stands for: tests/lang/squareof-work.rules (its comment
# counts them) runs past a work bound of 1 million steps, and within it with fewer rounds. A
# build that charges nothing for a kept answer lists the King's move in the first (checked).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/squareof-work.rules
fail=0
out=$(./boardvm moves "$rules" --work 1 2>&1); st=$?
case $st:$out in
    1:*"took more than 1 million steps of work"*) echo "ok: kept answers are charged" ;;
    *) echo "FAIL: expected exit 1 and the work bound's error, got exit $st: $out"; fail=1 ;;
esac
out=$(./boardvm moves "$rules" --work 1 --option rounds=few 2>&1); st=$?
case $st:$out in
    0:a1a2) echo "ok: fewer rounds stay within it" ;;
    *) echo "FAIL: expected 'a1a2', got exit $st: $out"; fail=1 ;;
esac
exit $fail
