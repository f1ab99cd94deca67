#!/bin/sh
# bench/random-mover.sh - the engine at its default settings (selfplay: depth 3, deeper while
# cheap, within 1000 million steps of rules code a move) against a random legal mover, GAMES
# games per shipped game (the engine's side alternates), seed SEED:
#   BOARDVM=./boardvm [GAMES=100] [SEED=1] [DEPTH=D] [MAX_PLIES=1000] [SHARDS=N] \
#       bench/random-mover.sh [RULES...]
# Prints per game the engine's wins, losses, draws and unfinished games, and the 95 % upper
# bound of its loss rate (Clopper-Pearson; with no loss in n games it is 1 - 0.025^(1/n), about
# 3.7/n). Exits 1 when the engine lost a game. Runs at `nice -n 10`. DEPTH=D searches to depth D
# instead, without the bound on a move's work (Four Towers then takes hours at depth 3). SHARDS=N
# plays the games as N shards side by side (selfplay --shard K/N --jsonl, joined by boardvm merge:
# the same games as one process plays), for N cores.
set -u
BOARDVM=${BOARDVM:-./boardvm}
GAMES=${GAMES:-100}
SEED=${SEED:-1}
DEPTH=${DEPTH:-}
MAX_PLIES=${MAX_PLIES:-1000}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$srcdir"/rules/*.rules
status=0
for rules in "$@"; do
    name=$(basename "$rules" .rules)
    if [ "${SHARDS:-1}" -gt 1 ]; then
        tmp=$(mktemp -d)
        for k in $(seq "$SHARDS"); do
            nice -n 10 "$BOARDVM" selfplay "$rules" --opponent random --games "$GAMES" \
                --seed "$SEED" ${DEPTH:+--depth "$DEPTH"} --max-plies "$MAX_PLIES" \
                --shard "$k/$SHARDS" --jsonl "$tmp/$k.jsonl" > /dev/null &
        done
        wait
        line=$("$BOARDVM" merge "$tmp"/*.jsonl | tail -1)
        rm -rf "$tmp"
    else
        line=$(nice -n 10 "$BOARDVM" selfplay "$rules" --opponent random --games "$GAMES" \
               --seed "$SEED" ${DEPTH:+--depth "$DEPTH"} --max-plies "$MAX_PLIES" | tail -1)
    fi
    losses=$(echo "$line" | sed -n 's/.* \([0-9][0-9]*\) loss[es]*,.*/\1/p')
    bound=$(awk -v n="$GAMES" -v k="${losses:-0}" 'BEGIN {
        if (k == 0) { printf "%.1f", 100 * (1 - 0.025 ^ (1 / n)); exit }
        # the Clopper-Pearson upper end for k > 0, by bisection on the binomial tail
        lo = k / n; hi = 1
        for (it = 0; it < 60; it++) { p = (lo + hi) / 2; c = 0; t = (1 - p) ^ n
            for (i = 0; i <= k; i++) { c += t; t *= (n - i) / (i + 1) * p / (1 - p) }
            if (c > 0.025) lo = p; else hi = p }
        printf "%.1f", 100 * lo }')
    echo "$name: $line; losses at most $bound % (95 %)"
    [ "${losses:-1}" = 0 ] || status=1
done
exit $status
