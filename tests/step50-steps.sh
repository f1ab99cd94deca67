#!/bin/sh
# docs/runtime.md step 50: FORTEST goes on past the test of the first element that passes it,
# and a pure call answered from its table runs the JZ where it goes on in the same dispatch;
# both charge the steps the code as written would have run: the least bound on the instructions
# between two emitted moves (`moves steps N`) is the count worked out by hand below, with and
# without --profile (which runs the code as written). A FORTEST that charged the passed test 4
# steps, or a pure call that did not charge its JZ, moves the plain bound off it.
# Run from the top build directory by `make check`.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# One Stone, on b1 of a1 b1 c1. Before the loop: PUSH, STORE twice (4). Each of the 100 turns:
#  - the test `i < 100` (LOAD, PUSH, LT, JZ: 4);
#  - `for sq in board`: its cursor (PUSH, STORE: 2); each of the 3 squares FORLIST and the test
#    `height(sq) > 0` (LOAD, HEIGHT, PUSH, GT, JZ): 6, 18 in all; b1's body `k += 1` (LOAD,
#    PUSH, ADD, STORE: 4) and the jump back (1); the FORLIST that ends it (1): 26;
#  - far(a1, c1): its arguments (PUSH, PUSH, STORE, STORE: 4; the call itself is not charged),
#    `file(a) - file(b) > 1` (LOAD, FILE, LOAD, FILE, SUB, PUSH, GT, JNZ: 8), false: the ranks'
#    (LOAD, RANK, LOAD, RANK, SUB, PUSH, GT: 7), the JMP to the `if`'s JZ (1), the JZ (1): 21;
#  - i += 1 (4) and the jump back (1): 5; the turn 56, 100 turns 5600.
# Then the last test (4), `require k == 100` (LOAD, PUSH, EQ, JNZ: 4), `note k` (LOAD, NOTE: 2)
# and EMIT (1): 4 + 5600 + 4 + 4 + 2 + 1 = 5615.
cat > "$tmp/t.in" <<'RULES'
game "step 50 steps";
players White "w", Black "b";
board 3 x 1;
stack 2;
moves steps STEPS;
piece Stone "S" { }
fn far(a: square, b: square) = file(a) - file(b) > 1 or rank(a) - rank(b) > 1;
moves {
  let i = 0;
  let k = 0;
  while i < 100 {
    for sq in board { if height(sq) > 0 { k += 1; } }
    if far(a1, c1) { k += 2; }
    i += 1;
  }
  require k == 100;
  note k;
  emit stay;
}
start "START w";
RULES
srcdir=${srcdir:-.}
. "$srcdir/tests/steps/least.sh"          # least, bound, moves_are, ops_counted
fail=0
sed "s/STEPS/8000/; s|START|1S1|" "$tmp/t.in" > "$tmp/t.rules"
moves_are "$tmp/t.rules" "100 "
ops_counted "$tmp/t.rules" 'FORTEST\|PURECALL' 2
bound "$tmp/t.in" 1000 20000 1S1 5615
exit $fail
