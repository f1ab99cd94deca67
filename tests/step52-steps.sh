#!/bin/sh
# docs/runtime.md step 52: a pure expression answered from its table stores its value and runs
# the LOAD_PUSH_EQ_JZ or LOAD_PUSH_NE_JZ of that local after the STORE in the same dispatch
# (`let t = <pure>; if t != none {`), charged the steps the code as written runs: the least
# bound on the instructions between two emitted moves (`moves steps N`) is the count worked out
# by hand below, with and without --profile (which runs the code as written). The values also
# steer the moves: t (b1) passes its `!= none`, u (none) fails it, w (c1) fails `== none`, so
# k is 100 only where each test goes the right way.
# Run from the top build directory by `make check`.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# One Stone, on b1 of a1 b1 c1. Before the loop: `let i = 0`, `let k = 0`, `let s = a1`: PUSH,
# STORE three times (6). Each of the 100 turns:
#  - the test `i < 100` (LOAD, PUSH, LT, JZ: 4);
#  - each `let` of a pure expression: its PURELOCALS is charged nothing where the code runs;
#    LOAD, FILE, PUSH, ADD (or SUB), LOAD, RANK, PUSH, MUL, PUSH, ADD, SQUARE, STORE: 12, three
#    times (36);
#  - each `if`'s test (LOAD, PUSH, NE or EQ, JZ: 4, three times: 12) and t's body `k += 1`
#    (LOAD, PUSH, ADD, STORE: 4);
#  - i += 1 (4) and the jump back (1): 5; the turn 61, 100 turns 6100.
# Then the last test (4), `require k == 100` (LOAD, PUSH, EQ, JNZ: 4), `note k` (LOAD, NOTE: 2)
# and EMIT (1): 6 + 6100 + 4 + 4 + 2 + 1 = 6117.
cat > "$tmp/t.in" <<'RULES'
game "step 52 steps";
players White "w", Black "b";
board 3 x 1;
moves steps STEPS;
piece Stone "S" { }
moves {
  let i = 0;
  let k = 0;
  let s = a1;
  while i < 100 {
    let t = square(file(s) + 1, rank(s) * 1 + 0);
    if t != none { k += 1; }
    let u = square(file(s) - 1, rank(s) * 1 + 0);
    if u != none { k += 2; }
    let w = square(file(s) + 2, rank(s) * 1 + 0);
    if w == none { k += 4; }
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
ops_counted "$tmp/t.rules" 'PURELOCALS' 3
bound "$tmp/t.in" 1000 20000 1S1 6117
exit $fail
