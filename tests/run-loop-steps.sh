#!/bin/sh
# FORRUN (src/runtime/skips.c) counts the directions it passes over as the code it stands for
# would have, and so does FORRUNS (src/runtime/runsets.c) for the squares it passes over on a
# board of at most 64 squares: the least bound on the instructions a program may run without
# emitting a move (`moves steps N`) under which `perft 1` runs the `end` below is the same with
# and without --profile (which runs the code as written, one instruction at a time), and is the
# count worked out by hand. A build that charges a step too few or too many in either form moves
# it off. On 10 x 10 (100 squares, no sets) FORRUN's walks; on 8 x 8 (the sets' last bit is h8),
# FORRUNS's. Run from the top build directory by `make check`.
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
# The same `end` on 8 x 8 (FORRUNS), two positions.
# A: Black stones on files a b d e g h of ranks 1 3 5 7 (24), White to move, no four in a row.
# A rank: n 6 * 11 (the rank above empty); e a-b, d-e 20 + 11 each, g-h 20 + 8 (then off the
# board), b, e 11, h off 8: 120; ne 5 * 11 and h off 8: 63; nw a off 8 and 5 * 11: 63; and the
# directions' 24 * 11: 576. Four ranks 2304; the stones 24 * 7 = 168, the other squares 40 * 4 =
# 160, the last FORLIST 1, PUSH, STORE and RET 3: 2304 + 168 + 160 + 1 + 3 = 2636. (The drops'
# program runs less.)
# B: ranks 1 3 5 of A (three ranks: 1728, the stones 18 * 7 = 126) and Black c8 d8 e8 f8. Passed
# over: the squares before c8 other than the stones, 58 - 18 = 40 (160). c8 is taken: FORLIST,
# LOAD, ENEMY, JZ, PUSHDIRS, STORE (6); its n steps off the board (11 + 8, passed over by
# FORRUN); along e d8 e8 f8 (11 + 3 * 20, then k < 4 fails: 4); `lose` (1): the game is over,
# no moves run. 2 + 1728 + 126 + 160 + 6 + 19 + 75 + 1 = 2117.
sed 's/^board 10 x 10;/board 8 x 8;/; s|^start ".*";|start "START";|' "$tmp/r.in" > "$tmp/r8.in"
bound "$tmp/r8.in" 100 20000 "8/ss1ss1ss/8/ss1ss1ss/8/ss1ss1ss/8/ss1ss1ss w" 2636
bound "$tmp/r8.in" 100 20000 "2ssss2/8/8/ss1ss1ss/8/ss1ss1ss/8/ss1ss1ss w" 2117
exit $fail
