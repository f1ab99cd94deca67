#!/bin/sh
# PLACEEMIT (src/runtime/vm.c, count_placed) charges a move counted at perft's last ply the
# steps its code would have run: the least bound on the instructions a program may run without
# emitting a move (`moves steps N`) under which `perft 1` (the count) runs connect-four's drop
# is the same with and without --profile (which runs the code as written, the place made), and
# is the count worked out by hand. A build that charges the notes, the EMIT or the RET after it
# a step too few or too many moves it off.
#
# The program's instructions (`boardvm disasm`): PUSH 0; STORE (2) before the choice;
# CHOOSELIST (1); t = s (LOAD, STORE: 2); the walk up the column 12 a disc, then 7 (an empty
# square) or 4 (off the board); `require t != none` (LOAD, PUSH, NE, JNZ: 4, and FAIL 1 when
# the column is full); PUSH, MOVER, LOAD, PLACE (4); LOAD, NOTE (2); EMIT (1); then RET (1)
# and the choice resumed. The board is 8 x 30 (a bound is at least 1000 steps); a1-a10 and
# e1-e10, files b, c, d full, the rest empty. From the start to a's move: 2 + 1 + 2 + 120 + 7
# + 4 + 4 + 2 + 1 = 143. From a's move to e's: RET 1; b, c, d 1 + 2 + 360 + 4 + 4 + 1 = 372
# each; e 141: 1 + 1116 + 141 = 1258. Each of f-h after the move before it: RET 1, then 1 + 2
# + 7 + 4 + 4 + 2 + 1: 22. The most between two moves: 1258.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/r.in" <<'RULES'
game "place steps";
players Red "r", Yellow "y";
board 8 x 30;
direction n = (0,1);
moves steps STEPS;
zone bottom = a1..h1;
piece Disc "D" { }
moves {
  choose s in bottom {
    let t = s;
    while t != none and not empty(t) { t = step(t, n); }
    require t != none;
    place Disc for mover at t;
    note t;
    emit stay;
  }
}
start "START";
RULES
srcdir=${srcdir:-.}
. "$srcdir/tests/steps/least.sh"          # least, bound
fail=0
pos=
for rank in $(seq 30 -1 1); do
    if [ "$rank" -gt 10 ]; then row=1DDD4; else row=DDDDD3; fi
    pos=${pos:+$pos/}$row
done
bound "$tmp/r.in" 500 5000 "$pos r" 1258
exit $fail
