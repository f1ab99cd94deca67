#!/bin/sh
# WALK (src/runtime/skips.c, skip_walk) counts the rounds of the walk it runs natively as the
# code it stands for would have: the least bound on the instructions between two emitted moves
# (`moves steps N`) under which the program below counts its moves (`perft 1`) is the same with
# and without --profile (which runs the code as written, one instruction at a time), and is the
# count worked out by hand below. A build that charges one step too few or too many in a round,
# or at either way out of the loop, moves the plain bound off it. The same program on 8 x 30
# checks PLACEEMIT (src/runtime/vm.c, count_placed): at perft's last ply the move is counted
# without its place, and the notes, the EMIT and the RET after it are charged as steps.
# Run from the top build directory by `make check`.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# One column of 90 squares, a stone falling to its lowest empty square. From the program's start:
# PUSH, STORE (the choice's cursor), CHOOSELIST, LOAD s, STORE t (5); each round of the walk over
# a stone: LOAD t, PUSH -1, NE, JZ, LOAD t, EMPTY, JNZ, LOAD t, PUSHDIR, STEPSQ, STORE t, JMP (12).
# - 89 stones under an empty a90: 89 rounds (more than the 64 run in one go), then the way out at
#   the empty square: LOAD, PUSH, NE, JZ, LOAD, EMPTY, JNZ (7); `require t != none`: LOAD, PUSH,
#   NE, JNZ (4); PUSH, MOVER, LOAD, PLACE (4); LOAD, NOTE (2); EMIT (1): 5 + 1068 + 18 = 1091.
# - 90 stones: 90 rounds, the way out at none: LOAD, PUSH, NE, JZ (4); the require fails: LOAD,
#   PUSH, NE, JNZ, FAIL (5): 5 + 1080 + 9 = 1094.
cat > "$tmp/t.in" <<'RULES'
game "walk steps";
players White "w", Black "b";
board 1 x 90;
direction n = (0,1);
zone bottom = a1;
moves steps STEPS;
piece Stone "S" { }
moves {
  choose s in bottom {
    let t = s;
    while t != none and not empty(t) { t = step(t, n); }
    require t != none;
    place Stone for mover at t;
    note t;
    emit stay;
  }
}
start "START w";
RULES
srcdir=${srcdir:-.}
. "$srcdir/tests/steps/least.sh"          # least, bound, moves_are, ops_counted
fail=0
stones() { i=0 s=""; while [ "$i" -lt "$1" ]; do s="$s/S"; i=$((i + 1)); done; echo "$s"; }
open="1$(stones 89)" full="S$(stones 89)"
sed "s/STEPS/3000/; s|START|$open|" "$tmp/t.in" > "$tmp/t.rules"
moves_are "$tmp/t.rules" "a90 "
./boardvm disasm "$tmp/t.rules" | grep -q ' WALK ' && echo "ok: the walk is fused" ||
    { echo "FAIL: no WALK in the code"; fail=1; }
bound "$tmp/t.in" 1000 3000 "$open" 1091
bound "$tmp/t.in" 1000 3000 "$full" 1094
# PLACEEMIT: the same program on 8 x 30, files a-h.
# At perft's last ply the choice is CHOOSEDROPS, its moves counted in a row (src/runtime/vm.c,
# count_drop_row), which must charge what the code would between two of them.
# The instructions as above: PUSH 0; STORE (2) before the choice; CHOOSELIST (1); t = s (LOAD,
# STORE: 2); the walk up the column 12 a stone, then 7 (an empty square) or 4 (off the board);
# `require t != none` (LOAD, PUSH, NE, JNZ: 4, and FAIL 1 when the column is full); PUSH, MOVER,
# LOAD, PLACE (4); LOAD, NOTE (2); EMIT (1); then RET (1) and the choice resumed. The board is 8 x
# 30; a1-a10 and e1-e10, files b, c, d full, the rest empty. From the start to a's move: 2 + 1 + 2
# + 120 + 7 + 4 + 4 + 2 + 1 = 143. From a's move to e's: RET 1; b, c, d 1 + 2 + 360 + 4 + 4 + 1 =
# 372 each; e 141: 1 + 1116 + 141 = 1258. Each of f-h after the move before it: RET 1, then 1 + 2
# + 7 + 4 + 4 + 2 + 1: 22. The most between two moves: 1258.
sed 's/^board 1 x 90;/board 8 x 30;/; s/^zone bottom = a1;/zone bottom = a1..h1;/' "$tmp/t.in" > "$tmp/p.in"
pos=
for rank in $(seq 30 -1 1); do
    if [ "$rank" -gt 10 ]; then row=1SSS4; else row=SSSSS3; fi
    pos=${pos:+$pos/}$row
done
sed "s/STEPS/3000/; s|START|$pos|" "$tmp/p.in" > "$tmp/p.rules"
./boardvm disasm "$tmp/p.rules" | grep -q ' CHOOSEDROPS ' && echo "ok: the drops are a row" ||
    { echo "FAIL: no CHOOSEDROPS in the code"; fail=1; }
bound "$tmp/p.in" 500 5000 "$pos" 1258
exit $fail
