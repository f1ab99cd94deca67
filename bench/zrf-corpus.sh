#!/bin/sh
# bench/zrf-corpus.sh DIR - how far the Zillions reader gets through a corpus of .zrf files.
#
# Every *.zrf under DIR (any case), de-duplicated by content (the first path in sorted order
# is kept), goes through the stages boardvm has so far:
#   read    `boardvm variants FILE`: read, includes and macros expanded, games and variants
#           found (an Axiom file, one with (engine ...), is counted apart: refused on purpose);
#   board   `boardvm dump FILE --variant N` for every variant N: the board built;
#   moves   `boardvm moves FILE -o variant=N`: the game compiled, its start moves generated;
#   plays   `boardvm match FILE -o variant=N --games 1 --random-plies 50 --max-plies 50`:
#           50 random legal plies (or a game that ends before them) without an error of the VM;
#           a game of one player (a puzzle), which match does not take, 50 plies of a depth-1
#           engine (`selfplay --depth 1 --max-plies 50`).
# A file counts at a stage when all its variants pass it. Then the most common first error
# messages, names in quotes replaced by X: the constructs that block most files first. The corpora carry no licence: keep them out of the tree (docs/zrf.md).
# BOARDVM names the binary (default ./boardvm); TIMEOUT the seconds per run (default 20);
# LIST=1 also lists each failing file with its first error.
dir=${1:?usage: bench/zrf-corpus.sh DIR}
bvm=${BOARDVM:-./boardvm}
# a copy of the binary: a build while the run goes on does not change it under the run
snap=$(mktemp "${TMPDIR:-/tmp}/zrf-corpus-bvm.XXXXXX") || exit 2
cp "$bvm" "$snap" && chmod +x "$snap" && bvm=$snap
limit=${TIMEOUT:-20}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zrf-corpus.XXXXXX") || exit 2
trap 'rm -rf "$tmp" "$snap"' EXIT

find "$dir" -type f -iname '*.zrf' -print0 | sort -z | xargs -0 md5sum |
    awk '!seen[$1]++ { sub(/^[0-9a-f]+  /, ""); print }' > "$tmp/files"
total=$(wc -l < "$tmp/files")
: > "$tmp/errors"; : > "$tmp/crashes"
read_ok=0; axiom=0; board_ok=0; variants=0; variants_ok=0
moves_ok=0; plays_ok=0; vmoves_ok=0; vplays_ok=0

# the first error of a run, or a crash or a timeout, into the tally
first_error() {   # $1 status, $2 stderr file, $3 file
    if [ "$1" -ge 124 ]; then
        echo "$1 $3" >> "$tmp/crashes"
        echo "(crash or timeout, status $1)" >> "$tmp/errors"
    else
        grep -m1 ': error: ' "$2" | sed "s/^.*: error: //; s/'[^']*'/'X'/g" >> "$tmp/errors"
    fi
    [ -z "$LIST" ] || echo "FAILED $3 $4: $(grep -m1 ': error: ' "$2")"
}

while IFS= read -r f; do
    timeout "$limit" "$bvm" variants "$f" > "$tmp/out" 2> "$tmp/err"
    st=$?
    if [ $st -ne 0 ]; then
        if grep -q 'an Axiom game' "$tmp/err"; then axiom=$((axiom + 1));
        else first_error $st "$tmp/err" "$f"; fi
        continue
    fi
    read_ok=$((read_ok + 1))
    all=1; allm=1; allp=1
    for n in $(awk '$1 ~ /^[0-9]+$/ { print $1 }' "$tmp/out"); do
        variants=$((variants + 1))
        timeout "$limit" "$bvm" dump "$f" --variant "$n" > /dev/null 2> "$tmp/err"
        st=$?
        if [ $st -eq 0 ]; then variants_ok=$((variants_ok + 1));
        else all=0; allm=0; allp=0; first_error $st "$tmp/err" "$f" "--variant $n"; continue; fi
        timeout "$limit" "$bvm" moves "$f" -o "variant=$n" > /dev/null 2> "$tmp/err"
        st=$?
        if [ $st -eq 0 ]; then vmoves_ok=$((vmoves_ok + 1));
        else allm=0; allp=0; first_error $st "$tmp/err" "$f" "-o variant=$n"; continue; fi
        timeout "$limit" "$bvm" match "$f" -o "variant=$n" --games 1 --jobs 1 --random-plies 50 \
            --max-plies 50 --depth 1 > "$tmp/out" 2> "$tmp/err"
        st=$?
        if grep -q 'needs a two-player game' "$tmp/err"; then     # a puzzle: the engine plays it
            timeout "$limit" "$bvm" selfplay "$f" -o "variant=$n" --depth 1 --max-plies 50 --seed 1 \
                > "$tmp/out" 2> "$tmp/err"
            st=$?
        fi
        if [ $st -eq 0 ]; then vplays_ok=$((vplays_ok + 1));
        else allp=0; first_error $st "$tmp/err" "$f" "selfplay -o variant=$n"; fi
    done
    [ $all -eq 1 ] && board_ok=$((board_ok + 1))
    [ $allm -eq 1 ] && moves_ok=$((moves_ok + 1))
    [ $allp -eq 1 ] && plays_ok=$((plays_ok + 1))
done < "$tmp/files"

pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f %%", b ? 100 * a / b : 0 }'; }
echo "distinct .zrf files:        $total"
echo "Axiom files (refused):      $axiom"
rest=$((total - axiom))
echo "read (all but Axiom):       $read_ok of $rest ($(pct $read_ok $rest))"
echo "board built, every variant: $board_ok of $rest ($(pct $board_ok $rest))"
echo "variants with a board:      $variants_ok of $variants"
echo "start moves, every variant: $moves_ok of $rest ($(pct $moves_ok $rest))"
echo "variants with start moves:  $vmoves_ok of $variants"
echo "50 random plies, every variant: $plays_ok of $rest ($(pct $plays_ok $rest))"
echo "variants playing 50 plies:  $vplays_ok of $variants"
echo "crashes or timeouts:        $(wc -l < "$tmp/crashes")"
sed 's/^/  /' "$tmp/crashes"
echo "first errors, by count (one per failing file or variant):"
sort "$tmp/errors" | uniq -c | sort -rn | head -${TOP:-15}
