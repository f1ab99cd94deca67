#!/bin/sh
# `boardvm test --update`: the values it writes are the published or hand-listed ones (chess's
# 20 opening moves, perft 20 400 8902; a mated side has no moves), a value that is only laid out
# differently is left as written, a case without `moves:`/`perft:` gets none, and a file with a
# case that cannot be computed is not touched. Comments are read as the test runner reads them
# and never lost; a runtime error during perft leaks nothing.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$(cd "$srcdir/rules" && pwd)/chess.rules
dir=test-update.tmp
rm -rf "$dir"; mkdir "$dir"
status=0
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}

cat > "$dir/a.test" <<EOF
# a comment that stays
rules: $rules

case: start position, wrong values
perft: 1 2 3
moves: e2e4
  d2d4

case: fool's mate: no moves
play: f2f3 e7e5 g2g4 d8h4
moves: e1f2

case: right values laid out by hand (kept as they are)
fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1
moves: e1d1 e1d2 e1e2 e1f1 e1f2 e1g1
  h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8 h1g1 h1f1

case: nothing to update
fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1
result: none
EOF
cat > "$dir/want.test" <<EOF
# a comment that stays
rules: $rules

case: start position, wrong values
perft: 20 400 8902
moves:
  a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 g2g3 g2g4 h2h3
  h2h4

case: fool's mate: no moves
play: f2f3 e7e5 g2g4 d8h4
moves:

case: right values laid out by hand (kept as they are)
fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1
moves: e1d1 e1d2 e1e2 e1f1 e1f2 e1g1
  h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8 h1g1 h1f1

case: nothing to update
fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1
result: none
EOF
./boardvm test "$dir/a.test" > /dev/null 2>&1 && { echo "FAIL: the wrong values passed before the update"; status=1; }
out=$(./boardvm test --update "$dir/a.test" 2>&1); st=$?
check "--update exits 0" 0 "$st"
check "--update says what changed" "$dir/a.test:5: case 'start position, wrong values': perft changed
$dir/a.test:6: case 'start position, wrong values': moves changed
$dir/a.test:11: case 'fool's mate: no moves': moves changed
$dir/a.test: 3 values changed, 1 unchanged" "$out"
if cmp -s "$dir/a.test" "$dir/want.test"; then echo "ok: the file holds the published values"
else echo "FAIL: the updated file differs from the expected one:"; diff "$dir/want.test" "$dir/a.test"; status=1; fi
./boardvm test "$dir/a.test" > "$dir/run.out" 2>&1
check "the updated file passes" "4 passed, 0 failed" "$(tail -1 "$dir/run.out")"
out=$(./boardvm test --update "$dir/a.test" 2>&1)
check "a second update changes nothing" "$dir/a.test: 0 values changed, 4 unchanged" "$out"

# moves compare as multisets: a move listed twice is a different value
cat > "$dir/twice.test" <<EOF
rules: $rules
case: twice
fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1
moves: e1d1 e1d2 e1e2 e1f1 e1f2 e1f2
EOF
./boardvm test --update "$dir/twice.test" > /dev/null 2>&1
check "a duplicate is rewritten away" "moves: e1d1 e1d2 e1e2 e1f1 e1f2" "$(echo $(sed -n '/^moves:/,$p' "$dir/twice.test"))"

# a case that cannot be computed: nothing is written, exit status 1, the message names it
cat > "$dir/bad.test" <<EOF
rules: $rules
case: fine
perft: 1
case: illegal play
play: e2e5
moves:
EOF
cp "$dir/bad.test" "$dir/bad.before"
err=$(./boardvm test --update "$dir/bad.test" 2>&1 >/dev/null); st=$?
check "an illegal play: exit 1" 1 "$st"
check "an illegal play: the message" "$dir/bad.test:4: case 'illegal play': play: move 1 'e2e5' is not legal
boardvm: $dir/bad.test: not rewritten (a case could not be computed or rewritten)" "$err"
cmp -s "$dir/bad.test" "$dir/bad.before" && echo "ok: the file was not touched" || { echo "FAIL: the file changed"; status=1; }
printf 'rules: %s\ncase: no depth\nperft:\n' "$rules" > "$dir/nodepth.test"
err=$(./boardvm test --update "$dir/nodepth.test" 2>&1 >/dev/null); st=$?
check "perft: without numbers: exit 1" 1 "$st"
check "perft: without numbers: the message" "$dir/nodepth.test:3: \`perft:\` needs its counts (any numbers, at most 32): their number is the depth to count to
boardvm: $dir/nodepth.test: not rewritten (a case could not be computed or rewritten)" "$err"
./boardvm test --update "$dir/missing.test" > /dev/null 2>&1; st=$?
check "a missing file: exit 2" 2 "$st"

# docs/test-format.md's own example (its first ``` block): a `#` that starts a word is a comment,
# as the test runner reads it, so `perft: 20 400 8902  # expected...` is three depths (not twelve,
# which ran for hours). The one value that changes is the en passant case's `moves:` (`...` is
# no move); the comments of the key lines stay where they were. After e5xf6 e.p. and Nxf6 White
# has 29 moves, counted by hand: 7 pawns x 2, Nb1 a3 c3, Ng1 e2 f3 h3, Bf1 e2 d3 c4 b5 a6,
# Qd1 e2 f3 g4 h5, Ke1 e2.
mkdir "$dir/docs" "$dir/rules"
ln -s "$rules" "$dir/rules/chess.rules"
ex=$dir/docs/example.test
# (without its `option:` line: it illustrates an option chess.rules does not have)
awk '/^```/ { n++; next } n == 1 && !/^option:/' "$srcdir/docs/test-format.md" > "$ex"
cp "$ex" "$dir/example.before"
line=$(grep -n '^moves: .*# the complete legal move list' "$ex" | cut -d: -f1)
out=$(timeout 60 ./boardvm test --update "$ex" 2>&1); st=$?
check "the documented example: exit 0" 0 "$st"
check "the documented example: what changed" "$ex:$line: case 'en passant after a double step': moves changed
$ex: 1 value changed, 2 unchanged" "$out"
for key in case: perft: play: moves: result: rules:; do
    check "the documented example: the comments of the $key lines stay" \
        "$(grep "^$key.*#" "$dir/example.before")" "$(grep "^$key.*#" "$ex")"
done
check "the documented example: 29 moves after e.p. and Nxf6" 29 \
    "$(sed -n "$((line + 1)),/^\$/p" "$ex" | wc -w)"
./boardvm test "$ex" > "$dir/example.out" 2>&1
check "the documented example: the runner reads it as the update wrote it" "ok 1 - start position
ok 2 - en passant after a double step
ok 3 - a finished game" "$(sed -n 's/^\(ok .*\) (example.test:[0-9]*)$/\1/p' "$dir/example.out")"

# a value continued after a comment line is one value (the runner skips the comment line):
# rewritten whole or not at all. A lone king on e1 has five moves (d1 d2 e2 f1 f2), and with the
# other king on e8 (five moves too, never next to it) perft 2 is 5 x 5 = 25.
cat > "$dir/inside.test" <<END
rules: $rules
case: a comment line inside a value
fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1
moves: e1d1
# the king's other moves
  e1d2
END
cp "$dir/inside.test" "$dir/inside.before"
err=$(./boardvm test --update "$dir/inside.test" 2>&1 >/dev/null); st=$?
check "a comment inside a changed value: exit 1" 1 "$st"
check "a comment inside a changed value: the message" "$dir/inside.test:4: case 'a comment line inside a value': the moves value changed, but a comment inside it (line 5) would be lost: move the comment above the key
boardvm: $dir/inside.test: not rewritten (a case could not be computed or rewritten)" "$err"
cmp -s "$dir/inside.test" "$dir/inside.before" && echo "ok: a comment inside a changed value: the file was not touched" \
    || { echo "FAIL: a comment inside a changed value: the file changed"; status=1; }
printf 'rules: %s\ncase: c\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmoves: e1d1\n  e1d2  # and more\n' "$rules" > "$dir/trailing.test"
./boardvm test --update "$dir/trailing.test" > /dev/null 2>&1
check "a comment after a continuation line of a changed value: exit 1" 1 $?
printf 'rules: %s\ncase: c\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmoves: e1d1 e1d2\n# more\n  e1e2 e1f1 e1f2\nperft: 1 1  # to fill in\n' "$rules" > "$dir/right.test"
out=$(./boardvm test --update "$dir/right.test" 2>&1); st=$?
check "a right value around a comment line, a perft with a comment: exit 0" 0 "$st"
check "a right value around a comment line is kept, the perft rewritten" "$dir/right.test:7: case 'c': perft changed
$dir/right.test: 1 value changed, 1 unchanged" "$out"
check "the perft line keeps its comment" "perft: 5 25  # to fill in" "$(grep '^perft:' "$dir/right.test")"

# a runtime error of the rules code during perft: the case fails, and nothing is leaked (the
# counts are taken before perft_text allocates; LeakSanitizer, or valgrind where the build has
# no sanitizer, checks it). The error: a division by zero when a Knight lands on f3 (depth 2).
sed 's/^after-move {$/&\n  if move.piece is Knight and move.to == f3 { halfmove = 1 \/ (fullmove - fullmove); }/' \
    "$rules" > "$dir/kf3.rules"
printf 'rules: kf3.rules\ncase: error at depth 2\nperft: 1 1\n' > "$dir/kf3.test"
runner=
if ! grep -q __asan_init ./boardvm && command -v valgrind > /dev/null 2>&1; then
    runner="valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99"
fi
$runner ./boardvm test --update "$dir/kf3.test" > /dev/null 2> "$dir/kf3.err"
check "a runtime error during perft: exit 1, nothing leaked" 1 $?
grep -q "kf3.rules:[0-9]*: error: division by zero" "$dir/kf3.err" && echo "ok: a runtime error during perft: the message" \
    || { echo "FAIL: a runtime error during perft: no message in $(cat "$dir/kf3.err")"; status=1; }
rm -rf "$dir"
exit $status
