#!/bin/sh
# bench/selfplay-times.sh OLD NEW [GAME...]: CPU seconds of one self-play game at depth 3
# (`selfplay --depth 3 --seed 2 --max-plies 300`) for two boardvm builds, one after the other
# for each game, with the plies, the result and whether both played the same moves (a speed
# change must not change the game). Each build reads the rules of its own source tree when it
# sits in one (an old build may not read today's files), else this tree's. GAME names a rules
# file under rules/ or examples/ (default: the shipped games, xiangqi and shogi). A game that
# runs past LIMIT CPU seconds (default 600) is cut off and marked so. Not part of `make check`.
here=$(cd "$(dirname "$0")/.." && pwd)
old=$1; new=$2; shift 2 || { echo "usage: $0 OLD NEW [GAME...]" >&2; exit 2; }
limit=${LIMIT:-600}
games=${*:-"chess smegi spinal-tap ivory-tower nemoroth four-towers xiangqi shogi"}
rules_of() {   # binary game
    d=$(dirname "$1")
    for r in "$d/rules/$2.rules" "$d/examples/$2.rules" "$here/rules/$2.rules" "$here/examples/$2.rules"; do
        [ -f "$r" ] && { echo "$r"; return; }
    done
}
play() {   # binary game out -> prints CPU seconds
    r=$(rules_of "$1" "$2")
    /usr/bin/time -f '%U %S' -o "$3.time" timeout -s KILL "$limit" \
        "$1" selfplay "$r" --depth 3 --seed 2 --max-plies 300 > "$3" 2>&1
    awk '{ printf "%.2f", $1 + $2 }' "$3.time" 2>/dev/null
}
tmp=$(mktemp -d)
printf '%-12s %6s  %-34s %9s %9s %7s %s\n' game plies result old-cpu-s new-cpu-s ratio same
for g in $games; do
    to=$(play "$old" "$g" "$tmp/old")
    tn=$(play "$new" "$g" "$tmp/new")
    res=$(sed -n 's/^result: //p' "$tmp/new" | cut -c1-34)
    [ -n "$res" ] || res="unfinished (past ${limit} s)"
    plies=$(grep -cE '^ *[0-9]+\.(\.\.)? ' "$tmp/new")
    same=no
    if grep -E '^ *[0-9]+\.|^result' "$tmp/old" | awk '{print $1, $2}' > "$tmp/o" &&
       grep -E '^ *[0-9]+\.|^result' "$tmp/new" | awk '{print $1, $2}' > "$tmp/n" &&
       cmp -s "$tmp/o" "$tmp/n"; then same=yes; fi
    ratio=$(awk -v a="$to" -v b="$tn" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }')
    printf '%-12s %6s  %-34s %9s %9s %7s %s\n' "$g" "$plies" "$res" "$to" "$tn" "$ratio" "$same"
done
rm -rf "$tmp"
