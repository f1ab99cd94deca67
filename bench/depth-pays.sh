#!/bin/sh
# bench/depth-pays.sh - does one more ply pay, in every shipped game? `boardvm match` of depth
# D+1 against depth D, GAMES games (each opening played twice, colours swapped), per game:
#   BOARDVM=./boardvm [GAMES=40] [JOBS=1] [SEED=1] bench/depth-pays.sh [RULES...]
# Prints the score with its 95 % interval and the Elo line; a game passes when the deeper engine
# scores at least 60 % and the lower end of the interval is above 50 %. Exits 1 when one does
# not. D per game is in the table below (a depth at which the games take minutes); D=N in the
# environment overrides it. Four Towers is played within the default work of a move (1000
# million steps, `--move-work`: its crowded positions cost minutes at depth 3 otherwise).
# Runs at `nice -n 10`.
set -u
BOARDVM=${BOARDVM:-./boardvm}
GAMES=${GAMES:-40}
JOBS=${JOBS:-1}
SEED=${SEED:-1}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$srcdir"/rules/*.rules
status=0
for rules in "$@"; do
    name=$(basename "$rules" .rules)
    case $name in
        four-towers) d=2 work="--move-work 1000" ;;
        *) d=2 work= ;;
    esac
    d=${D:-$d}
    out=$(nice -n 10 "$BOARDVM" match "$rules" --depth "$((d + 1)),$d" $work --games "$GAMES" \
          --jobs "$JOBS" --seed "$SEED" --max-plies 600 | tail -n 12)
    score=$(echo "$out" | sed -n 's/^score: [^=]*= \([0-9.]*\);.*/\1/p')
    half=$(echo "$out" | sed -n 's/^elo: .*score [0-9.]* +- \([0-9.]*\)).*/\1/p')
    verdict=$(awk -v s="${score:-0}" -v h="${half:-1}" \
        'BEGIN { print (s >= 0.6 && s - h > 0.5) ? "pays" : "NOT SHOWN" }')
    echo "$name: depth $((d + 1)) against $d: $(echo "$out" | sed -n 's/^\(A (.*games\)$/\1/p')"
    echo "  $(echo "$out" | grep '^score:')"
    echo "  $(echo "$out" | grep '^ends:')"
    echo "  $(echo "$out" | grep '^elo, pentanomial:')"
    echo "  $(echo "$out" | grep '^elo:'): $verdict"
    [ "$verdict" = pays ] || status=1
done
exit $status
