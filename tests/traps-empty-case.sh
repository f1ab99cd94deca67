#!/bin/sh
# A .test case that checks nothing (no moves:, perft:, result:, best:, score:, error: or
# warning:) fails: it would pass whatever the rules did. A case that checks something passes.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$(cd "$srcdir/rules" && pwd)/chess.rules
dir=traps-empty-case.tmp
rm -rf "$dir"; mkdir "$dir"
status=0
cat > "$dir/a.test" <<EOF2
rules: $rules

case: plays a move and checks nothing
play: e2e4

case: checks the result
play: e2e4
result: none
EOF2
./boardvm test "$dir/a.test" > "$dir/out" 2>&1
rc=$?
grep -q '^not ok 1 - plays a move and checks nothing' "$dir/out" || { echo "FAIL: the empty case did not fail"; status=1; }
grep -q '^#   the case checks nothing' "$dir/out" || { echo "FAIL: no message for the empty case"; status=1; }
grep -q '^ok 2 - checks the result' "$dir/out" || { echo "FAIL: the case with a result did not pass"; status=1; }
[ "$rc" = 1 ] || { echo "FAIL: exit status $rc, expected 1"; status=1; }
[ $status = 0 ] && echo "ok: a case that checks nothing fails" || cat "$dir/out"
rm -rf "$dir"
exit $status
