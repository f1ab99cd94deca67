#!/bin/sh
# tests/zrf-graph.sh - a board of named positions joined by links (Pong Hau K'i,
# tests/zrf/games/pong-hau-ki.zrf) shown as such: `show` prints the positions' names beside
# the board, `svg` draws each position at its rectangle of the file and a line for each of the
# seven lines of the board. The expected figures are worked out from the file: the rectangles
# are 60 pixels wide, drawn 64 wide (a scale of 64/60), each square's corner at the margin (24)
# plus its centre scaled less half a square: tl 24 + 30*64/60 - 32 = 24, c 24 + 150*64/60 - 32
# = 152, br 24 + 270*64/60 - 32 = 280. Moves are written with a '-' between the names.
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
export LC_ALL=C
f="$srcdir/tests/zrf/games/pong-hau-ki.zrf"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-graph.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 fails=0
# has NAME FILE PATTERN [COUNT]: FILE has lines matching PATTERN (COUNT of them)
has() {
    n=$((n + 1))
    c=$(grep -c -- "$3" "$2")
    if [ "${4:-any}" = any ] && [ "$c" -gt 0 ] || [ "$c" = "${4:-x}" ]; then echo "ok $n - $1"
    else fails=$((fails + 1)); echo "not ok $n - $1 ($c lines match)"; fi
}
"$bvm" show "$f" --moves tl-c > "$tmp/show" 2>&1
has "show: the moves written with '-'" "$tmp/show" '^legal moves (1): bl-tl$'
has "show: the names beside the board" "$tmp/show" 'tl *tr'
"$bvm" svg "$f" --moves tl-c > "$tmp/svg" 2>&1
has "svg: seven lines" "$tmp/svg" 'class="link"' 7
has "svg: tl at 24,24" "$tmp/svg" 'x="24" y="24" width="64" height="64" data-sq="tl"'
has "svg: c at 152,152, the last move's square" "$tmp/svg" 'class="sq [a-z]* last" x="152" y="152" width="64" height="64" data-sq="c"'
has "svg: br at 280,280" "$tmp/svg" 'x="280" y="280" width="64" height="64" data-sq="br"'
has "svg: the names under the squares" "$tmp/svg" '>bl</text>'
# dump: after the board, the game lowered: the Stone's eight blocks are native leaps
"$bvm" dump "$f" > "$tmp/dump" 2>&1
has "dump: the Stone's blocks as eight native leaps" "$tmp/dump" '^line Stone: leap move ' 8
has "dump: the bytecode of the end block" "$tmp/dump" '^end: '
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
