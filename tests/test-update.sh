#!/bin/sh
# `boardvm test --update`: the values it writes are the published or hand-listed ones (chess's
# 20 opening moves, perft 20 400 8902; a mated side has no moves), a value that is only laid out
# differently is left as written, a case without `moves:`/`perft:` gets none, and a file with a
# case that cannot be computed is not touched.
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
boardvm: $dir/bad.test: not rewritten (a case could not be computed)" "$err"
cmp -s "$dir/bad.test" "$dir/bad.before" && echo "ok: the file was not touched" || { echo "FAIL: the file changed"; status=1; }
printf 'rules: %s\ncase: no depth\nperft:\n' "$rules" > "$dir/nodepth.test"
err=$(./boardvm test --update "$dir/nodepth.test" 2>&1 >/dev/null); st=$?
check "perft: without numbers: exit 1" 1 "$st"
check "perft: without numbers: the message" "$dir/nodepth.test:3: \`perft:\` needs its counts (any numbers): their number is the depth to count to
boardvm: $dir/nodepth.test: not rewritten (a case could not be computed)" "$err"
./boardvm test --update "$dir/missing.test" > /dev/null 2>&1; st=$?
check "a missing file: exit 2" 2 "$st"
rm -rf "$dir"
exit $status
