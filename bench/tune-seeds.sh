#!/bin/sh
# bench/tune-seeds.sh - the piece values of chess and the five seed games, learned by
# `boardvm tune` (Texel's method), as reported in docs/engine.md §5:
#   BOARDVM=./boardvm [OUT=tune-out] [JOBS=2] bench/tune-seeds.sh [GAME...]
# For each game it plays the games (the engine against itself at the depth of the table below,
# each game starting with 8 random plies, seed 1), fits the values on every quiet position and
# again on those before ply 100 (the middle game), and writes OUT/GAME.txt and
# OUT/GAME-middle.txt (the reports), OUT/GAME.pgn (the games) and OUT/GAME.weights. The same
# command gives the same values: the games depend only on the seed (whatever JOBS is). It runs at
# `nice -n 10`, with JOBS worker processes.
set -u
BOARDVM=${BOARDVM:-./boardvm}
OUT=${OUT:-tune-out}
JOBS=${JOBS:-2}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- chess smegi spinal-tap ivory-tower nemoroth four-towers
mkdir -p "$OUT" || exit 2
status=0
for game in "$@"; do
    # games and depth per game: what takes minutes, not hours, on a shared core
    unit=                              # the unit type: tune's default unless given here
    case $game in
        chess) n=1000 d=2 ;;
        smegi) n=300 d=2 ;;
        spinal-tap) n=150 d=2 ;;
        four-towers) n=1000 d=1 ;;     # depth 2 costs a minute a move in crowded tower positions
        ivory-tower) n=100 d=2 unit=Numskull ;;   # a Ninny's weight is about 0 here
        *) n=400 d=2 unit=Ghast ;;     # Nemoroth: a Human's weight is about 0 here
    esac
    echo "== $game: $n games at depth $d"
    nice -n 10 "$BOARDVM" tune "$srcdir/rules/$game.rules" --games "$n" --depth "$d" --seed 1 \
        --jobs "$JOBS" ${unit:+--unit "$unit"} --record "$OUT/$game.pgn" \
        --write "$OUT/$game.weights" > "$OUT/$game.txt" || status=1
    cat "$OUT/$game.txt"
    echo "-- $game, positions before ply 100 only"
    nice -n 10 "$BOARDVM" tune "$srcdir/rules/$game.rules" --records "$OUT/$game.pgn" \
        --last-ply 100 ${unit:+--unit "$unit"} > "$OUT/$game-middle.txt" || status=1
    cat "$OUT/$game-middle.txt"
done
exit $status
