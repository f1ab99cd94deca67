#!/bin/sh
# `boardvm xboard`: squares in XBoard's numbering (ranks from 0 on a board of exactly 10 ranks,
# from 1 on any other) both ways, and the games XBoard cannot carry named at start-up. The real
# XBoard's side of it is bench/xboard-self.sh. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
xb() { rules=$1; shift; printf "$@" | ./boardvm xboard "$srcdir/$rules" >xb.out 2>xb.err; }

# xiangqi: XBoard's i0i2 is boardvm's i1i3 (the Rook up two); the engine answers in XBoard's ranks
xb examples/xiangqi.rules 'xboard\nprotover 2\nnew\nvariant fairy\nforce\nusermove i0i2\nsd 2\ngo\nquit\n'
grep -q 'Illegal' xb.out && bad "xiangqi: i0i2 refused: $(grep Illegal xb.out)" || ok "xiangqi: i0i2 (boardvm's i1i3) accepted"
mv=$(sed -n 's/^move //p' xb.out)
echo "$mv" | grep -qx '[a-i][0-9][a-i][0-9]' && ok "xiangqi: the engine's move $mv is in XBoard's ranks 0-9" || bad "xiangqi: engine move '$mv'"
# Black's reply a9a7 is boardvm's a10a8 (the Rook down two): there is no piece on boardvm's a9
xb examples/xiangqi.rules 'xboard\nprotover 2\nnew\nforce\nusermove i0i2\nusermove a9a7\nquit\n'
grep -q 'Illegal' xb.out && bad "xiangqi: a9a7 refused: $(grep Illegal xb.out)" || ok "xiangqi: Black's a9a7 (boardvm's a10a8) accepted"
# a move onto the last rank that does not promote comes from XBoard with a '.' (b1b0.)
xb examples/xiangqi.rules 'xboard\nprotover 2\nnew\nforce\nsetboard 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\nusermove a0a9.\nquit\n'
grep -q 'Illegal' xb.out && bad "xiangqi: a0a9. refused: $(grep Illegal xb.out)" || ok "xiangqi: a0a9. (boardvm's a1a10) accepted"
# Storm the Ivory Tower: 10 ranks too
xb rules/ivory-tower.rules 'xboard\nprotover 2\nnew\nforce\nusermove i0i2\nquit\n'
grep -q 'Illegal' xb.out && bad "ivory-tower: i0i2 refused" || ok "ivory-tower: i0i2 (boardvm's i1i3) accepted"
# Spinal Tap: 11 ranks, numbered from 1 in decimal; the Black pawn's e10e9 is e10e9
xb rules/spinal-tap.rules 'xboard\nprotover 2\nnew\nforce\nusermove e2e4\nusermove e10e8\nquit\n'
grep -q 'Illegal' xb.out && bad "spinal-tap: $(grep Illegal xb.out)" || ok "spinal-tap: e2e4 e10e8 accepted"
# games XBoard cannot carry are named, the others not
for g in rules/four-towers.rules rules/nemoroth.rules; do
    xb $g 'xboard\nprotover 2\nquit\n'
    grep -q '^boardvm: XBoard cannot play' xb.err && grep -q '^tellusererror XBoard cannot play' xb.out \
        && ok "$g: XBoard cannot play it, said at start-up and to XBoard" || bad "$g: not refused"
done
for g in rules/chess.rules rules/smegi.rules rules/ivory-tower.rules rules/spinal-tap.rules examples/xiangqi.rules examples/shogi.rules; do
    xb $g 'xboard\nprotover 2\nquit\n'
    grep -q 'cannot play' xb.out xb.err && bad "$g: refused: $(cat xb.err)" || ok "$g: no refusal"
done
printf 'xboard\nprotover 2\nquit\n' | ./boardvm xboard "$srcdir/rules/spinal-tap.rules" -o battle-move >xb.out 2>xb.err
grep -q 'XBoard cannot play .*no XBoard form' xb.err && ok "spinal-tap -o battle-move: the battle moves have no XBoard form" || bad "spinal-tap -o battle-move: not refused"
rm -f xb.out xb.err
[ $fails -eq 0 ]
