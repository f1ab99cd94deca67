#!/bin/sh
# A position string carries the game's history where the rules file lists `history` in its
# `position` declaration: the position `show` prints after some moves, read back, has the same
# legal moves as the game that reached it. Nemoroth T13 (rulings §5): after 1. a3b3 h6g6
# 2. b3a3, g6h6 would recreate the first position and is illegal (R4, A38): Obsidian has
# g6f5 g6f6 g6g5 g6h5. Without its history the same board would also allow g6h6.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/rules/nemoroth.rules
start='8/8/7h/8/8/H7/8/8 a'
want='g6f5 g6f6 g6g5 g6h5'
status=0
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}
played=$(./boardvm moves "$rules" --fen "$start" --moves a3b3 h6g6 b3a3 | tr '\n' ' ' | sed 's/ $//')
check "T13 by playing the moves" "$want" "$played"
pos=$(./boardvm show "$rules" --fen "$start" --moves a3b3 h6g6 b3a3 | sed -n 's/^position: //p')
case $pos in
    *' '[0-9a-f]*,[0-9a-f]*,[0-9a-f]*) echo "ok: the position string lists three earlier positions" ;;
    *) echo "FAIL: the position string '$pos' does not list three earlier positions"; status=1 ;;
esac
read_back=$(./boardvm moves "$rules" --fen "$pos" | tr '\n' ' ' | sed 's/ $//')
check "T13 from the position string show printed" "$want" "$read_back"
board_only=$(./boardvm moves "$rules" --fen "${pos% *}" | tr '\n' ' ' | sed 's/ $//')
check "the same board without its history" "g6f5 g6f6 g6g5 g6h5 g6h6" "$board_only"
again=$(./boardvm show "$rules" --fen "$pos" | sed -n 's/^position: //p')
check "the string reads back to itself" "$pos" "$again"
if ./boardvm moves "$rules" --fen "$start 12g,4" > /dev/null 2> history.err; then
    echo "FAIL: a bad history was accepted"; status=1
else
    check "a bad history is refused" "boardvm: bad position: history: '12g,4' is not a list of hex keys separated by commas" "$(cat history.err)"
fi
rm -f history.err
# moves --every-ply (bench/cross-check.py): one line per position along --moves, each the list a
# run of `moves` with that many of the moves gives; the last is T13's list again.
every=$(./boardvm moves "$rules" --fen "$start" --every-ply --moves a3b3 h6g6 b3a3)
check "--every-ply prints one line per position" 4 "$(printf '%s\n' "$every" | wc -l | tr -d ' ')"
check "--every-ply: after the three moves, T13" "$want" "$(printf '%s\n' "$every" | sed -n 4p)"
prefix=""
n=1
for m in "" a3b3 h6g6; do
    prefix="$prefix $m"
    one=$(./boardvm moves "$rules" --fen "$start" --moves $prefix | tr '\n' ' ' | sed 's/ $//')
    check "--every-ply line $n is the list of 'moves' after$prefix" "$one" "$(printf '%s\n' "$every" | sed -n ${n}p)"
    n=$((n + 1))
done
# A finished game has no moves: its line is empty. Spinal Tap, Kings only: a1b1 k11j11 b1a1
# j11k11 twice brings the first position back a third time (threefold repetition, rulings).
st=$srcdir/rules/spinal-tap.rules
kings='10k/11/11/11/11/11/11/11/11/11/K10 w - - - - 0 1'
every=$(./boardvm moves "$st" --fen "$kings" --every-ply --moves a1b1 k11j11 b1a1 j11k11 a1b1 k11j11 b1a1 j11k11; echo end)
check "--every-ply: 9 positions and the end mark" 10 "$(printf '%s\n' "$every" | wc -l | tr -d ' ')"
check "--every-ply: the first position (K a1: a2 b1 b2)" "a1a2 a1b1 a1b2" "$(printf '%s\n' "$every" | sed -n 1p)"
check "--every-ply: the third occurrence has no moves" "" "$(printf '%s\n' "$every" | sed -n 9p)"
if ./boardvm moves "$st" --fen "$kings" --every-ply --moves a1b1 a1a2 > every.out 2> every.err; then
    echo "FAIL: --every-ply accepted an illegal move"; status=1
else
    check "--every-ply: the positions before an illegal move are listed" 2 "$(wc -l < every.out | tr -d ' ')"
fi
rm -f every.out every.err
exit $status
