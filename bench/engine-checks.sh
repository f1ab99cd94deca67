#!/bin/sh
# bench/engine-checks.sh - the engine on every shipped game:
#   1. GAMES self-play games at depth D finish with a result (no crash, no move limit);
#   2. the engine at depth D wins every one of GAMES games against a random mover;
#   3. depth D+1 scores above depth D over GAMES games.
# BOARDVM=./boardvm GAMES=20 D=2 bench/engine-checks.sh [rules files...]
set -u
BOARDVM=${BOARDVM:-./boardvm}
GAMES=${GAMES:-20}
D=${D:-2}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$srcdir"/rules/*.rules
fail=0
for rules in "$@"; do
    name=$(basename "$rules" .rules)
    out=$("$BOARDVM" selfplay "$rules" --depth "$D" --games "$GAMES" --seed 1 --max-plies 1000 2>&1)
    st=$?
    unfinished=$(printf '%s\n' "$out" | grep -c '^result: \*')
    finished=$(printf '%s\n' "$out" | grep -c '^result: ')
    line1="self-play: $((finished - unfinished))/$GAMES finished"
    [ $st -eq 0 ] && [ "$unfinished" -eq 0 ] && [ "$finished" -eq "$GAMES" ] || { line1="$line1 FAIL (exit $st)"; fail=1; }
    out=$("$BOARDVM" selfplay "$rules" --depth "$D" --games "$GAMES" --seed 2 --opponent random --max-plies 1000 2>&1)
    vs_random=$(printf '%s\n' "$out" | tail -n 1)
    wins=$(printf '%s\n' "$vs_random" | sed -n 's/.*: \([0-9]*\) wins.*/\1/p')
    [ "${wins:-0}" -eq "$GAMES" ] || { vs_random="$vs_random FAIL"; fail=1; }
    out=$("$BOARDVM" selfplay "$rules" --depth $((D + 1)) --games "$GAMES" --seed 3 --opponent "$D" --max-plies 1000 2>&1)
    vs_depth=$(printf '%s\n' "$out" | tail -n 1)
    sw=$(printf '%s\n' "$vs_depth" | sed -n 's/.*: \([0-9]*\) wins, \([0-9]*\) losses, \([0-9]*\) draws.*/\1/p')
    sd=$(printf '%s\n' "$vs_depth" | sed -n 's/.*: \([0-9]*\) wins, \([0-9]*\) losses, \([0-9]*\) draws.*/\3/p')
    sw=${sw:-0}; sd=${sd:-0}
    [ $((2 * sw + sd)) -gt "$GAMES" ] || { vs_depth="$vs_depth FAIL"; fail=1; }
    printf '%s\n  %s\n  %s\n  %s\n' "$name" "$line1" "$vs_random" "$vs_depth"
done
exit $fail
