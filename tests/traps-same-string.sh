#!/bin/sh
# Two legal moves with one string (tests/traps/same-string.rules): `moves` lists both and warns
# on stderr, saying whether they reach one position. A move given as that string is refused
# (exit status 1) with the same advice when the two reach different positions, where picking
# the first would silently play one of them; when both reach one position (one move made twice),
# the string names that position and it is played (by --moves, a .test file's play:, the API).
# A string of its own still plays. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/traps/same-string.rules
dir=traps-same-string.tmp
rm -rf "$dir"; mkdir "$dir"
status=0
fail() { echo "FAIL: $1"; status=1; }

./boardvm moves "$rules" > "$dir/out" 2> "$dir/err" || fail "moves: exit status $?"
printf 'a1b1\na1b1\na2b2\nc1d1\nc1d1\n' | cmp -s - "$dir/out" || fail "moves: the list"
grep -q "^boardvm: warning: two legal moves have the string 'a1b1' (given as a move, it plays that position); both reach the same position" \
    "$dir/err" || fail "moves: no warning for a1b1 (one move made twice)"
grep -q "^boardvm: warning: two legal moves have the string 'c1d1' (given as a move, it is refused); they reach different positions" \
    "$dir/err" || fail "moves: no warning for c1d1 (two moves that differ)"
[ "$(wc -l < "$dir/err")" = 2 ] || fail "moves: expected two warnings"

./boardvm moves "$rules" --moves c1d1 > "$dir/out" 2> "$dir/err"
rc=$?
[ "$rc" = 1 ] || fail "--moves c1d1: exit status $rc, expected 1"
grep -q "^boardvm: move 1 'c1d1' is ambiguous: two legal moves have this string; they reach different positions" \
    "$dir/err" || fail "--moves c1d1: no message saying it is ambiguous"

# the Twin's two moves both put it on b1: the position by hand is W3/1TF1, Black to move
./boardvm show "$rules" --moves a1b1 > "$dir/out" 2> "$dir/err" || fail "--moves a1b1: refused"
grep -q "^position: W3/1TF1 b 0$" "$dir/out" || fail "--moves a1b1: not the Twin on b1"
grep -q "ambiguous" "$dir/err" && fail "--moves a1b1: called ambiguous"

./boardvm moves "$rules" --moves a2b2 > "$dir/out" 2> "$dir/err" || fail "--moves a2b2 was refused"

cat > "$dir/a.test" <<EOF2
rules: $(cd "$srcdir/tests/traps" && pwd)/same-string.rules
case: plays an ambiguous move
play: c1d1
moves:
EOF2
./boardvm test "$dir/a.test" > "$dir/out" 2>&1
grep -q "^#   play: move 1 'c1d1' is ambiguous" "$dir/out" || fail "test: play: did not refuse c1d1"

cat > "$dir/b.test" <<EOF2
rules: $(cd "$srcdir/tests/traps" && pwd)/same-string.rules
case: plays a move made twice
play: a1b1
moves:
EOF2
./boardvm test "$dir/b.test" > "$dir/out" 2>&1 || fail "test: play: a1b1 (one move made twice) was not played"

[ $status = 0 ] && echo "ok: a string two differing legal moves share is refused, one move made twice is played, both listed with a warning" \
    || cat "$dir/out" "$dir/err"
rm -rf "$dir"
exit $status
