#!/bin/sh
# The work limit of one position (`moves work N;`) counts everything its moves cost, including
# the replies that `no-moves` in `legal` generates (tests/lang/nested-work.rules says why this
# position is over one million steps). Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/nested-work.rules
out=$(./boardvm moves "$rules" 2>&1); st=$?
want="nested-work.rules:21: error: the moves of one position took more than 1000000 steps of work"
case $st:$out in
    1:*"$want"*) echo "ok: the replies' work counts toward the position's limit" ;;
    *) echo "FAIL: expected exit 1 and '$want', got exit $st: $out"; exit 1 ;;
esac
