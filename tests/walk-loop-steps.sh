#!/bin/sh
# WALK (src/runtime/skips.c, skip_walk) counts the rounds of the walk it runs natively as the
# code it stands for would have: the least bound on the instructions between two emitted moves
# (`moves steps N`) under which the program below counts its moves (`perft 1`) is the same with
# and without --profile (which runs the code as written, one instruction at a time), and is the
# count worked out by hand below. A build that charges one step too few or too many in a round,
# or at either way out of the loop, moves the plain bound off it.
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
. "$srcdir/tests/steps/least.sh"          # least, bound
fail=0
stones() { i=0 s=""; while [ "$i" -lt "$1" ]; do s="$s/S"; i=$((i + 1)); done; echo "$s"; }
open="1$(stones 89)" full="S$(stones 89)"
sed "s/STEPS/3000/; s|START|$open|" "$tmp/t.in" > "$tmp/t.rules"
out=$(./boardvm moves "$tmp/t.rules" | tr '\n' ' ')
[ "$out" = "a90 " ] && echo "ok: the move" || { echo "FAIL: moves '$out'"; fail=1; }
./boardvm disasm "$tmp/t.rules" | grep -q ' WALK ' && echo "ok: the walk is fused" ||
    { echo "FAIL: no WALK in the code"; fail=1; }
bound "$tmp/t.in" 1000 3000 "$open" 1091
bound "$tmp/t.in" 1000 3000 "$full" 1094
exit $fail
