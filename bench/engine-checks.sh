#!/bin/sh
# bench/engine-checks.sh - the engine on every shipped game:
#   1. GAMES self-play games at depth D finish with a result (no crash, no move limit);
#   2. the engine at depth R wins every one of GAMES games against a random mover;
#   3. depth D+1 scores clearly above depth D: at least 60% of the points over GAMES games.
# BOARDVM=./boardvm GAMES=20 [D=2] [R=2] [STAGES=123] bench/engine-checks.sh [rules files...]
#
# Each game has its own default D and R (the table below): a depth at which its 3 x GAMES games
# take minutes, not hours. D and R in the environment override the table for every game.
# Each line is printed as soon as its stage ends, so a long run shows where it is.
set -u
BOARDVM=${BOARDVM:-./boardvm}
GAMES=${GAMES:-20}
STAGES=${STAGES:-123}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$srcdir"/rules/*.rules

# name  D  R   (why, when not 2 and 2)
default_depths() {
    case $1 in
        # A depth-2 node costs 2 ms to seconds in crowded tower positions (a position with 126
        # moves can have 597256 replies); even depth 2 against depth 1 takes more than an hour.
        four-towers) echo "1 1" ;;
        # Compulsion traps four plies deep cost a random-mover game or two at depths 2 and 3.
        nemoroth) echo "2 4" ;;
        # A lone Brain in its tower takes more than two plies to mate (depth 2 won 18 of 20).
        ivory-tower) echo "2 3" ;;
        *) echo "2 2" ;;
    esac
}

fail=0
for rules in "$@"; do
    name=$(basename "$rules" .rules)
    depths=$(default_depths "$name")
    d=${D:-${depths% *}}; r=${R:-${depths#* }}
    echo "$name"
    case $STAGES in *1*)
        out=$("$BOARDVM" selfplay "$rules" --depth "$d" --games "$GAMES" --seed 1 --max-plies 1000 2>&1)
        st=$?
        unfinished=$(printf '%s\n' "$out" | grep -c '^result: \*')
        finished=$(printf '%s\n' "$out" | grep -c '^result: ')
        line="self-play at depth $d: $((finished - unfinished))/$GAMES finished"
        [ $st -eq 0 ] && [ "$unfinished" -eq 0 ] && [ "$finished" -eq "$GAMES" ] || { line="$line FAIL (exit $st)"; fail=1; }
        echo "  $line" ;;
    esac
    case $STAGES in *2*)
        out=$("$BOARDVM" selfplay "$rules" --depth "$r" --games "$GAMES" --seed 2 --opponent random --max-plies 1000 2>&1)
        line=$(printf '%s\n' "$out" | tail -n 1)
        wins=$(printf '%s\n' "$line" | sed -n 's/.*: \([0-9]*\) wins.*/\1/p')
        [ "${wins:-0}" -eq "$GAMES" ] || { line="$line FAIL"; fail=1; }
        echo "  $line" ;;
    esac
    case $STAGES in *3*)
        out=$("$BOARDVM" selfplay "$rules" --depth $((d + 1)) --games "$GAMES" --seed 3 --opponent "$d" --max-plies 1000 2>&1)
        line=$(printf '%s\n' "$out" | tail -n 1)
        sw=$(printf '%s\n' "$line" | sed -n 's/.*: \([0-9]*\) wins*, \([0-9]*\) loss[es]*, \([0-9]*\) draws*.*/\1/p')
        sd=$(printf '%s\n' "$line" | sed -n 's/.*: \([0-9]*\) wins*, \([0-9]*\) loss[es]*, \([0-9]*\) draws*.*/\3/p')
        sw=${sw:-0}; sd=${sd:-0}
        # points = sw + sd/2; at least 60% of GAMES  <=>  10 * (2 sw + sd) >= 12 * GAMES
        [ $((10 * (2 * sw + sd))) -ge $((12 * GAMES)) ] || { line="$line FAIL"; fail=1; }
        echo "  $line" ;;
    esac
done
exit $fail
