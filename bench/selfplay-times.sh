#!/bin/sh
# bench/selfplay-times.sh OLD NEW [GAME...]: CPU seconds of one self-play game at depth 3
# (`selfplay --depth 3 --seed 2 --max-plies 300`) for two boardvm builds, one after the other
# for each game, with the plies, the result and whether both played the same moves (a speed
# change must not change the game; where the search itself changed between the builds, the
# games differ, and the ratio is of the CPU seconds per ply, marked /ply). Each build reads the
# rules of its own source tree when it sits in one (an old build may not read today's files),
# else this tree's. GAME names a rules
# file under rules/ or examples/ (default: the shipped games, xiangqi and shogi). A game that
# runs past LIMIT seconds of wall time (default 600) is cut off and marked so. Not part of
# `make check`.
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
    tail -n 1 "$3.time" | awk '{ printf "%.2f", $1 + $2 }'   # (a killed run: a line before)
}
tmp=$(mktemp -d)
moves_of() {   # selfplay output -> one move a line (the word before "score"), then the result
    awk '{ for (i = 2; i <= NF; i++) if ($i == "score") print $(i - 1) } /^result:/ { print }' "$1"
}
printf '%-12s %-34s %11s %11s %7s %s\n' game "result (new)" "old s/plies" "new s/plies" ratio same
for g in $games; do
    to=$(play "$old" "$g" "$tmp/old")
    tn=$(play "$new" "$g" "$tmp/new")
    res=$(sed -n 's/^result: //p' "$tmp/new" | cut -c1-34)
    [ -n "$res" ] || res="unfinished (past ${limit} s)"
    moves_of "$tmp/old" > "$tmp/o"; moves_of "$tmp/new" > "$tmp/n"
    po=$(grep -cv '^result' "$tmp/o"); pn=$(grep -cv '^result' "$tmp/n")
    same=no; cmp -s "$tmp/o" "$tmp/n" && same=yes
    grep -q '^result' "$tmp/o" || { to="cut-off"; same=no; }
    grep -q '^result' "$tmp/n" || { tn="cut-off"; same=no; }
    # the same game: the ratio of the times; another game: of the times per ply
    ratio=$(awk -v a="$to" -v b="$tn" -v pa="$po" -v pb="$pn" -v s="$same" 'BEGIN {
        if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/) { print "-"; exit }
        if (s == "no" && pa > 0 && pb > 0) { a /= pa; b /= pb }
        if (b > 0) printf "%.2fx", a / b; else print "-" }')
    [ $same = no ] && [ "$ratio" != - ] && ratio="$ratio/ply"
    printf '%-12s %-34s %11s %11s %7s %s\n' "$g" "$res" "$to/$po" "$tn/$pn" "$ratio" "$same"
done
rm -rf "$tmp"
