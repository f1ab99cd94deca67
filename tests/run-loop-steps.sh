#!/bin/sh
# FORRUN (src/runtime/skips.c) counts the directions it passes over as the code it stands for
# would have: the least bound on the instructions a program may run without emitting a move
# (`moves steps N`) under which `perft 1` runs the `end` below is the same with and without
# --profile (which runs the code as written, one instruction at a time), and is the count worked
# out by hand. A build that charges a step too few or too many in the form moves it off.
# Run from the top build directory by `make check`.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# Black stones on files a b d e g h j of ranks 1 3 5 7 9 (35), White to move, no four in a row.
# Each direction from a stone: FORBIT, t = step(s, d) (4), k = 1 (2), the `if k == 4` (4): 11,
# and the while: a round that goes on 20, a test that ends it 4 (k < 4), 8 (t none) or 11 (not
# enemy). A rank: n 7 * 11 (the rank above empty); e a-b, d-e, g-h 20 + 11 each, b, e, h 11,
# j off 8: 134; ne 6 * 11 and j off 8: 74; nw a off 8 and 6 * 11: 74; and 28 * 11: 667. Five
# ranks 3335; the walk of the board: each stone FORLIST, LOAD, ENEMY, JZ, PUSHDIRS, STORE and
# its last FORBIT (7 * 35 = 245), each other square 4 (65 * 4 = 260), the last FORLIST 1; PUSH,
# STORE before and RET after 3: 3335 + 245 + 260 + 1 + 3 = 3844.
cat > "$tmp/r.in" <<'RULES'
game "run steps";
players White "w", Black "b";
board 10 x 10;
direction n = (0,1), e = (1,0), ne = (1,1), nw = (-1,1);
dirs lines = n e ne nw;
moves steps STEPS;
piece Stone "S" { }
drops free Stone { choose s in board { go s; require empty; emit drop; } }
end {
  for s in board {
    if enemy(s) {
      for d in lines {
        let t = step(s, d);
        let k = 1;
        while k < 4 and t != none and enemy(t) { k = k + 1; t = step(t, d); }
        if k == 4 { lose "four"; }
      }
    }
  }
}
start "10/ss1ss1ss1s/10/ss1ss1ss1s/10/ss1ss1ss1s/10/ss1ss1ss1s/10/ss1ss1ss1s w";
RULES
srcdir=${srcdir:-.}
. "$srcdir/tests/steps/least.sh"          # least, bound
fail=0
bound "$tmp/r.in" 1000 20000 "" 3844
exit $fail
