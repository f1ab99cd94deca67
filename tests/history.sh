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
exit $status
