#!/bin/sh
# bench/dice.sh - chance players (docs/engine.md §6.12), measured on examples/dice-race.rules:
#   BOARDVM=./boardvm [GAMES=1000] [SEED=1] [DEPTH=2] [PAIRS=2000] bench/dice.sh
# 1. GAMES seeded self-play games (selfplay --games GAMES --seed SEED --depth DEPTH): each must
#    end with a result, no error, no unfinished game; prints the count, the wins of each side
#    and the CPU time.
# 2. The search's chance nodes: `match` of the engine (expectimax: a throw is the mean of its
#    outcomes) against itself with `--off expectimax` (a throw is one outcome drawn at random,
#    as a player who guesses the throw), PAIRS games at depths 2 and 3 and at 100 nodes a move,
#    with the score and its Elo interval (match's own statistics). Runs at `nice -n 10`. Exits 1 when a game of part
#    1 failed.
set -u
BOARDVM=${BOARDVM:-./boardvm}
GAMES=${GAMES:-1000}
SEED=${SEED:-1}
DEPTH=${DEPTH:-2}
PAIRS=${PAIRS:-2000}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
race=$srcdir/examples/dice-race.rules
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

/usr/bin/time -f '%U %S' -o "$tmp/time" nice -n 10 "$BOARDVM" selfplay "$race" --games "$GAMES" \
    --seed "$SEED" --depth "$DEPTH" > "$tmp/games" 2> "$tmp/err"
st=$?
results=$(grep -c '^result: [01]-[01] ' "$tmp/games")
white=$(grep -c '^result: 1-0 ' "$tmp/games")
cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$tmp/time")
echo "selfplay: $GAMES games, seed $SEED, depth $DEPTH: $results results ($white won by White," \
     "$((results - white)) by Black), exit status $st, ${cpu} s of CPU"
if [ $st -ne 0 ] || [ "$results" -ne "$GAMES" ] || [ -s "$tmp/err" ]; then
    echo "FAIL: $(head -n 3 "$tmp/err")"
    status=1
fi
for limit in "--depth 2" "--depth 3" "--nodes 100"; do
    echo "match, $limit: expectimax (A) against one throw drawn at random (B), $PAIRS games"
    nice -n 10 "$BOARDVM" match "$race" --games "$PAIRS" $limit --off -,expectimax 2>&1 |
        grep -E '^(A |score|elo)'
done
exit $status
