#!/bin/sh
# bench/never-loses.sh - issue 40's bar "never loses to chance": the engine at its default
# settings (selfplay: depth 3, deeper while cheap, within 1000 million steps a move) against a
# random legal mover, GAMES games (default 1000) of every shipped game, the engine's side
# alternating:
#   BOARDVM=./boardvm [GAMES=1000] [SEED=1] [SHARDS=200] [JOBS=2] [OUT=never-loses] \
#       [MAX_PLIES=1000] [NICE=15] bench/never-loses.sh [RULES...]
# Each game's run is cut into SHARDS shards (selfplay --shard K/N --jsonl; docs/distributed.md),
# and all the shards of all the games are run by GNU parallel, JOBS at a time, at `nice -n NICE`
# (15 by default, so that the run gives way to other work; 0 on a machine kept for it),
# the games taken in turn (one shard of each game, then the next of each), so that every game
# advances together and a run stopped early has played some of each. The shards' files stay in
# OUT (OUT/GAME.K.jsonl): a shard whose file is there is not played again, so the command run a
# second time goes on where it stopped. A shard's file is written when the shard ends: stopping
# the run (Ctrl-C, or parallel killed) loses the games of the JOBS shards under way, at most
# JOBS x GAMES/SHARDS games (10 by default), hence small shards. Then, for each
# game, `boardvm merge` of the shards there (a missing shard is named by merge: the statistics
# are those of the games played), and a line:
#   nemoroth: 1000 games: 1000 wins, 0 losses, 0 draws, 0 unfinished; losses at most 0.4 % (95 %)
# with the seeds of the games lost (each played again alone by `selfplay RULES --opponent random
# --seed S`). The upper bound is Clopper-Pearson's; with no loss in n games it is
# 1 - 0.025^(1/n), about 3.7/n. A game stopped by Ctrl-C is written as unfinished with the reason
# "interrupted" and is left out here (it was not played to its end). Exits 1 when the engine
# lost a game. Needs GNU parallel (Debian: parallel).
set -u
BOARDVM=${BOARDVM:-./boardvm}
GAMES=${GAMES:-1000}
SEED=${SEED:-1}
SHARDS=${SHARDS:-200}
JOBS=${JOBS:-2}
OUT=${OUT:-never-loses}
MAX_PLIES=${MAX_PLIES:-1000}
NICE=${NICE:-15}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$srcdir"/rules/*.rules
command -v parallel >/dev/null || { echo "bench/never-loses.sh: needs GNU parallel" >&2; exit 2; }
mkdir -p "$OUT" || exit 2
case $BOARDVM in /*) ;; *) BOARDVM=$(pwd)/$BOARDVM ;; esac

# the shards not yet played, one line each (rules file, shard), the games in turn
for k in $(seq "$SHARDS"); do
    for rules in "$@"; do
        name=$(basename "$rules" .rules)
        [ -s "$OUT/$name.$k.jsonl" ] || printf '%s\t%s\t%s\n' "$rules" "$name" "$k"
    done
done | parallel -j "$JOBS" --colsep '\t' --line-buffer \
    nice -n "$NICE" "$BOARDVM" selfplay {1} --opponent random --games "$GAMES" --seed "$SEED" \
        --max-plies "$MAX_PLIES" --shard {3}/"$SHARDS" --jsonl "$OUT/{2}.{3}.tmp" '>' /dev/null \
        '&&' mv "$OUT/{2}.{3}.tmp" "$OUT/{2}.{3}.jsonl"

status=0
for rules in "$@"; do
    name=$(basename "$rules" .rules)
    set -- "$OUT/$name".*.jsonl "$OUT/$name".*.tmp
    files=
    for f in "$@"; do [ -s "$f" ] && files="$files $f"; done
    [ -n "$files" ] || { echo "$name: no game played"; continue; }
    # the counts, from the games' lines (an interrupted game left out)
    counts=$(cat $files | awk '
        /^{"game":/ && !/"reason":"interrupted"/ {
            n++; e = $0; sub(/.*"engine":/, "", e); e = substr(e, 1, 1)
            c[e]++
            if (e == "1") { s = $0; sub(/.*"seed":/, "", s); sub(/,.*/, "", s); lost = lost " " s }
        }
        END { printf "%d %d %d %d %d%s\n", n, c["0"], c["1"], c["2"], c["3"], lost }')
    set -- $counts
    n=$1 wins=$2 losses=$3 draws=$4 unfinished=$5
    shift 5
    bound=$(awk -v n="$n" -v k="$losses" 'BEGIN {
        if (n == 0) { print "-"; exit }
        if (k == 0) { printf "%.2f", 100 * (1 - 0.025 ^ (1 / n)); exit }
        lo = k / n; hi = 1
        for (it = 0; it < 60; it++) { p = (lo + hi) / 2; c = 0; t = (1 - p) ^ n
            for (i = 0; i <= k; i++) { c += t; t *= (n - i) / (i + 1) * p / (1 - p) }
            if (c > 0.025) lo = p; else hi = p }
        printf "%.2f", 100 * lo }')
    echo "$name: $n games: $wins wins, $losses losses, $draws draws, $unfinished unfinished;" \
         "losses at most $bound % (95 %)${1:+; lost: seeds $*}"
    [ "$losses" = 0 ] || status=1
done
exit $status
