#!/bin/sh
# Transient variables are no part of a position string (tests/lang/transient.rules): the
# King's program leaves `visits` and `scratch[a1]` written, and `turn-start` sets `turns` to 1,
# yet the position written after a move names none of them (a plain variable at another value
# than its start value would follow as name=value), and reading one is refused. Run from the top
# build directory.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/transient.rules
status=0
got=$(./boardvm show "$rules" --moves a1b1 2>&1 | sed -n 's/^position: //p')
[ "$got" = "4k/5/5/5/1K3 b" ] || { echo "FAIL: after a1b1: got '$got'"; status=1; }
got=$(./boardvm show "$rules" --fen "4k/5/5/5/K4 w visits=2" 2>&1)
case $got in
    *"'visits' is transient, no part of a position"*) ;;
    *) echo "FAIL: visits=2 was not refused: '$got'"; status=1 ;;
esac
[ $status = 0 ] && echo "ok: transient variables are not written in, nor read from, position strings"
exit $status
