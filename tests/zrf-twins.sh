#!/bin/sh
# tests/zrf-twins.sh - each clean-room ZRF game (tests/zrf/games/) against its `.rules` twin,
# written apart from it: along games of a depth-1 engine against a random mover (three seeds,
# up to 40 plies), `boardvm diff` compares the two generators' move trees, move string by move
# string, to depth 2 from every fifth position reached. The twins' counts are checked against
# published figures by their own tests; here any difference of one move anywhere fails.
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
export LC_ALL=C
n=0 fails=0
for pair in "chess.zrf rules/chess.rules" "xiangqi.zrf examples/xiangqi.rules" \
            "othello.zrf examples/othello.rules" "tictactoe.zrf examples/tictactoe.rules" \
            "connect-four.zrf examples/connect-four.rules" \
            "checkers.zrf examples/checkers.rules" "draughts.zrf examples/draughts.rules"; do
    set -- $pair
    zrf="$srcdir/tests/zrf/games/$1" twin="$srcdir/$2"
    for seed in 1 2 3; do
        moves=$("$bvm" selfplay "$zrf" --opponent random --depth 1 --max-plies 40 --seed $seed 2>/dev/null |
                awk '$1 ~ /^[0-9]+\.+$/ { print $2 }')
        played=""
        i=0
        for m in "" $moves; do
            [ -n "$m" ] && played="$played $m" && i=$((i + 1))
            [ $((i % 5)) -eq 0 ] || continue
            n=$((n + 1))
            if "$bvm" diff "$zrf" "$twin" --moves "$played" --depth 2 > /dev/null 2>&1; then
                echo "ok $n - $1 = $2, seed $seed, after $i plies"
            else
                fails=$((fails + 1))
                echo "not ok $n - $1 and $2 differ after:$played"
                "$bvm" diff "$zrf" "$twin" --moves "$played" --depth 2 2>&1 | tail -8
            fi
            [ -n "$m" ] || continue
        done
    done
done
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ] && [ $n -gt 40 ]
