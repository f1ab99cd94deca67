#!/bin/sh
# The search's no-progress fade (docs/engine.md §6.8): when the material has not changed for
# 100 plies, the evaluation of lines that keep it so shrinks to 0 over the next 100, so a side
# that is ahead but cannot win comes to accept a repetition. Storm the Ivory Tower has no
# move-count rule. The position: Red has three Ninnies and two Toadies, Blue a lone Brain on
# e9 (the end of a depth-2 self-play game, seed 1). Red cannot force a mate at depth 2, and
# since a position met a second time scores as a draw in the search (§6.7), Red, a few hundred
# centipawns ahead, would avoid every repetition for ever: without the fade this game is still
# going at ply 600. With it, Red keeps trying for the first 100 plies and the game is a draw
# by repetition before ply 400.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/rules/ivory-tower.rules
start='9/4b4/9/3N5/5N3/9/4N4/4T4/3TB4/9 r 2Y2D2U2C2N2t2y2d2u2c5n'
status=0
out=$(./boardvm selfplay "$rules" --fen "$start" --depth 2 --games 1 --max-plies 400 2>&1)
result=$(printf '%s\n' "$out" | sed -n 's/^result: //p')
last=$(printf '%s\n' "$out" | grep -c ' score ')       # one line a ply (numbered per move pair)
if [ "$result" = "1/2-1/2 (draw: repetition)" ]; then echo "ok: the game ends in a draw by repetition"
else echo "FAIL: expected a draw by repetition within 400 plies, got '$result'"; status=1; fi
if [ "${last:-0}" -gt 100 ]; then echo "ok: Red played on for more than 100 plies (the draw came at ply $last)"
else echo "FAIL: the game ended at ply ${last:-?}, before the fade could start"; status=1; fi
exit $status
