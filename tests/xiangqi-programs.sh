#!/bin/sh
# examples/xiangqi.rules writes its pieces with native lines (hop, legged leaps, zones);
# tests/lang/xiangqi-programs.rules writes the same pieces as programs, as the file did before
# those forms existed. Every case of tests/xiangqi.test (hand-checked lists and published perft
# counts) must pass with both: the program version is a second, independent generator for the
# native forms. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
top=$(cd "$srcdir" && pwd)
tmp=${TMPDIR:-/tmp}/xiangqi-programs.$$.test
trap 'rm -f "$tmp"' EXIT
sed "s#^rules: .*#rules: $top/tests/lang/xiangqi-programs.rules#" "$srcdir/tests/xiangqi.test" > "$tmp" || exit 1
grep -q "^rules: $top/tests/lang/xiangqi-programs.rules" "$tmp" || { echo "no rules line replaced"; exit 1; }
./boardvm test "$tmp"
