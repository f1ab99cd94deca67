#!/bin/sh
# A pure call answered from its table (PURECALL: src/bytecode/puretab.c, puresites.c;
# docs/runtime.md step 44) charges the steps its code, as jump threading left it, would have
# run: the least bound on the instructions between two emitted moves (`moves steps N`) under
# which the program below counts its moves (`perft 1`) is the same with and without --profile
# (which runs the code as written) and is the count worked out by hand below. A table that
# charged the code before threading (the `and`'s false jump going through the call's `PUSH 0`
# and the caller's `JZ`: 2 more) or one step too few or too many moves the plain bound off it.
# Run from the top build directory by `make check`.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# The King on a1; `same` is `file(a) == file(b) and rank(a) == rank(b)`, its arguments stored
# (FROM, STORE, FROM [, PUSHDIR, STEPSQ], STORE). Before the loop: PUSH, STORE twice (4). Each
# of the 20 turns: the test `i < 20` (LOAD, PUSH, LT, JZ: 4);
#  - same(a1, b1): the arguments (6), LOAD, FILE, LOAD, FILE, EQ (5), JZ, threaded past the
#    call's `PUSH 0` and the `if`'s JZ to the `if`'s end (1): 12;
#  - same(a1, a2): 6, 5, JZ (1), LOAD, RANK, LOAD, RANK, EQ (5), JMP to the call's end (1), the
#    `if`'s JZ (1): 19;
#  - same(a1, a1): the arguments (4), 5, 1, 5, 1, the `if`'s JZ (1), k += 4 (LOAD, PUSH, ADD,
#    STORE: 4): 21;
#  - i += 1 (4) and the jump back (1): 5; the turn 61, 20 turns 1220.
# Then the last test (4), `require k == 80` (LOAD, PUSH, EQ, JNZ: 4), the choice (PUSHDIRS,
# STORE, CHOOSEBIT: 3), `step d` (LOAD, STEP: 2), `require empty` (LOAD, EMPTY, JNZ: 3) and EMIT
# (1): 4 + 1220 + 4 + 4 + 9 = 1241, the longest stretch.
cat > "$tmp/t.in" <<'RULES'
game "pure call steps";
players White "w", Black "b";
board 3 x 3;
direction n = (0,1), e = (1,0), ne = (1,1);
moves steps STEPS;
fn same(a: square, b: square) = file(a) == file(b) and rank(a) == rank(b);
piece King "K" {
  moves {
    let i = 0;
    let k = 0;
    while i < 20 {
      if same(from, step(from, e)) { k += 1; }
      if same(from, step(from, n)) { k += 2; }
      if same(from, from) { k += 4; }
      i += 1;
    }
    require k == 80;
    choose d in [n e ne] { step d; require empty; emit; }
  }
}
start "2k/3/START w";
RULES
srcdir=${srcdir:-.}
. "$srcdir/tests/steps/least.sh"          # least, bound, moves_are, ops_counted
fail=0
sed "s/STEPS/8000/; s|START|K2|" "$tmp/t.in" > "$tmp/t.rules"
moves_are "$tmp/t.rules" "a1a2 a1b1 a1b2 "
ops_counted "$tmp/t.rules" 'PURECALL' 3
bound "$tmp/t.in" 1000 3000 K2 1241
exit $fail
