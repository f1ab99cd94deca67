#!/bin/sh
# CHOOSEANY (src/runtime/skips.c) counts the squares it passes over, and the search it runs
# natively on the square it finds, as the code it stands for would have: the least bound on the
# instructions between two emitted moves (`moves steps N`) under which the program below counts
# its moves (`perft 1`) is the same with and without --profile (which runs the code as written, one
# instruction at a time), and is the count worked out by hand below. A build that charges one
# step too few or too many anywhere in the form moves the plain bound off it.
# Run from the top build directory by `make check`.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# A White stone on a1 of a 10 x 10 board; a clone next to a White stone (4 directions), so the
# moves b1 and a2, and then 89 squares (b2 to j10 in board order) with no White neighbour, each
# passed over: CHOOSELIST, LOAD s, GO, LOAD 0, EMPTY, JNZ (6), PUSH, STORE, PUSHDIRS, STORE (4),
# each direction 12 (on the board, not White) or 9 (off the board), the last FORBIT (1), LOAD
# near, JNZ, FAIL (3): 62 inside the board, 59 on an edge, 56 in a corner. Row 2 (b2..i2 8 * 62,
# j2 59), rows 3 to 9 (7 * (59 + 8 * 62 + 59)), row 10 (56 + 8 * 59 + 56): 555 + 4298 + 584 =
# 5437; and RET after a2's move: the least bound is 5438, the longest stretch between moves.
# With the stone on j10 instead, the moves are j9 and i10, and the longest stretch is the first:
# PUSH, STORE (the choice's cursor), a1 to i9 passed over (584 + 7 * 614 + 555 = 5437, the same
# squares turned round), then j9 found and run natively: CHOOSELIST, LOAD s, GO, LOAD 0, EMPTY,
# JNZ (6), the four of the set (4), n j10 White 15, s j8 12, e off 9, w i9 12, the last FORBIT
# (1), LOAD near, JNZ (2) and EMIT (1): 62; 2 + 5437 + 62 = 5501.
# On a board of 8 x 8 (64 squares: the squares' sets of src/runtime/nearset.h answer the
# searches) the same counts: with the stone on a1, row 2 (6 * 62 + 59), rows 3 to 7 (5 * (59 + 6
# * 62 + 59)), row 8 (56 + 6 * 59 + 56): 431 + 2450 + 466 = 3347, and RET: 3348; with it on h8,
# 2 + 3347 + 62 (h7 found: n h8 15, s h6 12, e off 9, w g7 12) = 3411.
cat > "$tmp/t.in" <<'RULES'
game "any steps";
players White "w", Black "b";
board 10 x 10;
direction n = (0,1), s = (0,-1), e = (1,0), w = (-1,0);
dirs adjacent = n e s w;
moves steps STEPS;
piece Stone "S" { }
drops free Stone {
  choose s in board {
    go s; require empty;
    let near = false;
    for d in adjacent { let t = step(here, d); if t != none and friend(t) { near = true; } }
    require near;
    emit drop;
  }
}
start "START w";
RULES
srcdir=${srcdir:-.}
. "$srcdir/tests/steps/least.sh"          # least, bound, moves_are, ops_counted
fail=0
one=10/10/10/10/10/10/10/10/10/S9 two=9S/10/10/10/10/10/10/10/10/10
sed "s/STEPS/8000/; s|START|$one|" "$tmp/t.in" > "$tmp/t.rules"
moves_are "$tmp/t.rules" "S@a2 S@b1 "
bound "$tmp/t.in" 1000 8000 "$one" 5438
bound "$tmp/t.in" 1000 8000 "$two" 5501
sed 's/^board 10 x 10;/board 8 x 8;/' "$tmp/t.in" > "$tmp/t8.in"
bound "$tmp/t8.in" 1000 8000 8/8/8/8/8/8/8/S7 3348
bound "$tmp/t8.in" 1000 8000 7S/8/8/8/8/8/8/8 3411
exit $fail
