#!/bin/sh
# Two legal moves with one string (tests/traps/same-string.rules): `moves` lists both and warns
# on stderr, saying whether they reach one position; a move given as that string is refused
# (exit status 1) with the same advice, where picking the first would silently play one of
# them; a string of its own still plays. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/traps/same-string.rules
dir=traps-same-string.tmp
rm -rf "$dir"; mkdir "$dir"
status=0
fail() { echo "FAIL: $1"; status=1; }

./boardvm moves "$rules" > "$dir/out" 2> "$dir/err" || fail "moves: exit status $?"
printf 'a1b1\na1b1\na2b2\nc1d1\nc1d1\n' | cmp -s - "$dir/out" || fail "moves: the list"
grep -q "^boardvm: warning: two legal moves have the string 'a1b1' .*both reach the same position" \
    "$dir/err" || fail "moves: no warning for a1b1 (one move made twice)"
grep -q "^boardvm: warning: two legal moves have the string 'c1d1' .*they reach different positions" \
    "$dir/err" || fail "moves: no warning for c1d1 (two moves that differ)"
[ "$(wc -l < "$dir/err")" = 2 ] || fail "moves: expected two warnings"

./boardvm moves "$rules" --moves c1d1 > "$dir/out" 2> "$dir/err"
rc=$?
[ "$rc" = 1 ] || fail "--moves c1d1: exit status $rc, expected 1"
grep -q "^boardvm: move 1 'c1d1' is ambiguous: two legal moves have this string; they reach different positions" \
    "$dir/err" || fail "--moves c1d1: no message saying it is ambiguous"

./boardvm moves "$rules" --moves a1b1 > "$dir/out" 2> "$dir/err"
rc=$?
[ "$rc" = 1 ] || fail "--moves a1b1: exit status $rc, expected 1"
grep -q "'a1b1' is ambiguous.*both reach the same position" "$dir/err" || fail "--moves a1b1: the message"

./boardvm moves "$rules" --moves a2b2 > "$dir/out" 2> "$dir/err" || fail "--moves a2b2 was refused"

cat > "$dir/a.test" <<EOF2
rules: $(cd "$srcdir/tests/traps" && pwd)/same-string.rules
case: plays an ambiguous move
play: c1d1
moves:
EOF2
./boardvm test "$dir/a.test" > "$dir/out" 2>&1
grep -q "^#   play: move 1 'c1d1' is ambiguous" "$dir/out" || fail "test: play: did not refuse c1d1"

[ $status = 0 ] && echo "ok: a string two legal moves share is refused, and listed with a warning" \
    || cat "$dir/out" "$dir/err"
rm -rf "$dir"
exit $status
