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
#           engine (`selfplay --depth 1 --max-plies 50`);
#   result  `boardvm selfplay FILE -o variant=N --depth 1 --seed 1 --max-plies 300 --opponent
#           random`: a depth-1 engine against a random mover (a puzzle of one player: the engine
#           alone) plays to a result: a game counts when it ends by the file's own rules (a goal
#           met, or no moves and the file's outcome for that: a win, a loss or a draw) within 300
#           plies and the time bound; a game stopped by the ply bound ("result: *") does not.
#           (Two depth-1 engines shuffle kings in checkers for ever; against a random mover the
#           engine takes what it can and wins, so the game meets the file's goals.)
# A file counts at a stage when all its variants pass it. Files that do not reach a result are
# also counted by two marks read from the file's text (and the files it includes): no goals in
# the ZRF (no win-, loss- or draw-condition: Dagaz's puzzles, whose goals are JavaScript), and
# an option that only Dagaz's JavaScript carries out (a name ending in "extension",
# "invariant" or "restrictions": `(option "go-extension" true)`). Then the most common first
# error messages of the stages read to plays, names in quotes replaced by X: the constructs that
# block most files first; and why the games that play did not reach a result.
# The corpora carry no licence: keep them out of the tree (docs/zrf.md).
# BOARDVM names the binary (default ./boardvm); TIMEOUT the seconds per run (default 20);
# JOBS the files run at once (default 2); MAXPLIES the result stage's bound (default 300);
# LIST=1 also lists each failing file with its first error.

# ---- one file: its records on stdout (F file line, V variant lines, E errors, R reasons) ----
if [ "$1" = --one ]; then
    f=$2; bvm=$3; limit=$4; maxp=$5; tmp=$(mktemp -d "${TMPDIR:-/tmp}/zrf-one.XXXXXX") || exit 2
    trap 'rm -rf "$tmp"' EXIT
    # the first error of a run, or a crash or a timeout
    first_error() {   # $1 status, $2 stderr file, $3 what ran
        if [ "$1" -ge 124 ]; then
            printf 'C\t%s %s\n' "$1" "$f"
            printf 'E\t(crash or timeout, status %s)\n' "$1"
        else
            printf 'E\t%s\n' "$(grep -m1 ': error: ' "$2" | sed "s/^.*: error: //; s/'[^']*'/'X'/g")"
        fi
        [ -z "$LIST" ] || printf 'L\tFAILED %s %s: %s\n' "$f" "$3" "$(grep -m1 ': error: ' "$2")"
    }
    # the marks: the file and what it includes (by name, beside it)
    texts="$f"
    for inc in $(grep -oi '(include *"[^"]*"' "$f" | sed 's/.*"\(.*\)"/\1/'); do
        [ -f "$(dirname "$f")/$inc" ] && texts="$texts
$(dirname "$f")/$inc"
    done
    marks=
    echo "$texts" | tr '\n' '\0' | xargs -0 grep -qiE '\((win|loss|draw|count)-condition' || marks=G
    echo "$texts" | tr '\n' '\0' |
        xargs -0 grep -qiE '\(option +"[^"]*(extension|invariant|restrictions)"' && marks=${marks}J

    timeout "$limit" "$bvm" variants "$f" > "$tmp/out" 2> "$tmp/err"
    st=$?
    if [ $st -ne 0 ]; then
        if grep -q 'an Axiom game' "$tmp/err"; then printf 'F\taxiom\t%s\n' "$marks"
        else first_error $st "$tmp/err" variants; printf 'F\tnone\t%s\n' "$marks"; fi
        exit 0
    fi
    all=1; allm=1; allp=1; allr=1
    for n in $(awk '$1 ~ /^[0-9]+$/ { print $1 }' "$tmp/out"); do
        timeout "$limit" "$bvm" dump "$f" --variant "$n" > /dev/null 2> "$tmp/err"
        st=$?
        if [ $st -ne 0 ]; then
            all=0; allm=0; allp=0; allr=0; first_error $st "$tmp/err" "--variant $n"
            printf 'V\tread\n'; continue
        fi
        timeout "$limit" "$bvm" moves "$f" -o "variant=$n" > /dev/null 2> "$tmp/err"
        st=$?
        if [ $st -ne 0 ]; then
            allm=0; allp=0; allr=0; first_error $st "$tmp/err" "-o variant=$n"
            printf 'V\tboard\n'; continue
        fi
        timeout "$limit" "$bvm" match "$f" -o "variant=$n" --games 1 --jobs 1 --random-plies 50 \
            --max-plies 50 --depth 1 > "$tmp/out" 2> "$tmp/err"
        st=$?
        if grep -q 'needs a two-player game' "$tmp/err"; then     # a puzzle: the engine plays it
            timeout "$limit" "$bvm" selfplay "$f" -o "variant=$n" --depth 1 --max-plies 50 --seed 1 \
                > "$tmp/out" 2> "$tmp/err"
            st=$?
        fi
        if [ $st -ne 0 ]; then
            allp=0; allr=0; first_error $st "$tmp/err" "selfplay -o variant=$n"
            printf 'V\tmoves\n'; continue
        fi
        timeout "$limit" "$bvm" selfplay "$f" -o "variant=$n" --depth 1 --seed 1 \
            --max-plies "$maxp" --opponent random > "$tmp/out" 2> "$tmp/err"
        st=$?
        # (a puzzle solved is "result: * (You wins)": a one-player game has no PGN result)
        if [ $st -eq 0 ] && grep -q '^result: ' "$tmp/out" &&
            ! grep -q '^result: \* (unfinished' "$tmp/out"; then printf 'V\tresult\n'; continue; fi
        allr=0; printf 'V\tplays\n'
        if [ $st -ge 124 ]; then printf 'R\t(timeout, %s s)\n' "$limit"
        elif [ $st -ne 0 ]; then
            printf 'R\terror: %s\n' "$(grep -m1 ': error: ' "$tmp/err" | sed "s/^.*: error: //; s/'[^']*'/'X'/g")"
        else printf 'R\t%s\n' "$(grep -m1 '^result: ' "$tmp/out" | sed 's/^result: \* //')"; fi
        [ -z "$LIST" ] || printf 'L\tNO RESULT %s -o variant=%s\n' "$f" "$n"
    done
    stage=read
    [ $all -eq 1 ] && stage=board
    [ $allm -eq 1 ] && stage=moves
    [ $allp -eq 1 ] && stage=plays
    [ $allr -eq 1 ] && stage=result
    printf 'F\t%s\t%s\n' "$stage" "$marks"
    exit 0
fi

dir=${1:?usage: bench/zrf-corpus.sh DIR}
bvm=${BOARDVM:-./boardvm}
# a copy of the binary: a build while the run goes on does not change it under the run
snap=$(mktemp "${TMPDIR:-/tmp}/zrf-corpus-bvm.XXXXXX") || exit 2
cp "$bvm" "$snap" && chmod +x "$snap" && bvm=$snap
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zrf-corpus.XXXXXX") || exit 2
trap 'rm -rf "$tmp" "$snap"' EXIT

find "$dir" -type f -iname '*.zrf' -print0 | sort -z | xargs -0 md5sum |
    awk '!seen[$1]++ { sub(/^[0-9a-f]+  /, ""); print }' > "$tmp/files"
# each file's records as one block (a worker writes its file's lines at once, at its end)
tr '\n' '\0' < "$tmp/files" |
    xargs -0 -n 1 -P "${JOBS:-2}" sh -c 'out=$(sh "$0" --one "$4" "$1" "$2" "$3"); printf "%s\n" "$out"' \
        "$0" "$bvm" "${TIMEOUT:-20}" "${MAXPLIES:-300}" > "$tmp/records"

awk -F '\t' -v total="$(wc -l < "$tmp/files")" -v top="${TOP:-15}" -v maxp="${MAXPLIES:-300}" \
    -v limit="${TIMEOUT:-20}" '
function pct(a, b) { return sprintf("%.1f %%", b ? 100 * a / b : 0) }
$1 == "F" { files[$2]++; if ($2 != "result" && $2 != "axiom") { noresult++; if ($3 ~ /G/) nogoal++;
            else if ($3 ~ /J/) js++ } }
$1 == "V" { vars++; v[$2]++ }
$1 == "E" { err[$2]++ }
$1 == "R" { why[$2]++ }
$1 == "C" { crash[++ncrash] = $2 }
$1 == "L" { list[++nlist] = $2 }
END {
    rest = total - files["axiom"]
    # a file at a stage has passed every stage before it
    r = files["result"]; p = r + files["plays"]; m = p + files["moves"]; b = m + files["board"]
    rd = b + files["read"]
    vr = v["result"]; vp = vr + v["plays"]; vm = vp + v["moves"]; vb = vm + v["board"]
    printf "distinct .zrf files:        %d\n", total
    printf "Axiom files (refused):      %d\n", files["axiom"]
    printf "read (all but Axiom):       %d of %d (%s)\n", rd, rest, pct(rd, rest)
    printf "board built, every variant: %d of %d (%s)\n", b, rest, pct(b, rest)
    printf "variants with a board:      %d of %d\n", vb, vars
    printf "start moves, every variant: %d of %d (%s)\n", m, rest, pct(m, rest)
    printf "variants with start moves:  %d of %d\n", vm, vars
    printf "50 random plies, every variant: %d of %d (%s)\n", p, rest, pct(p, rest)
    printf "variants playing 50 plies:  %d of %d\n", vp, vars
    printf "a self-play game to a result (depth 1, %d plies), every variant: %d of %d (%s)\n",
        maxp, r, rest, pct(r, rest)
    printf "variants with a result:     %d of %d\n", vr, vars
    printf "files short of a result:    %d, of them %d with no goals in the ZRF and %d more with an option only Dagaz'"'"'s JavaScript carries out\n",
        noresult, nogoal, js
    printf "crashes or timeouts:        %d\n", ncrash
    for (i = 1; i <= ncrash; i++) printf "  %s\n", crash[i]
    print "first errors, by count (one per failing file or variant):"
    cmd = "sort -rn | head -" top
    for (e in err) printf "%7d %s\n", err[e], e | cmd
    close(cmd)
    printf "games that play but reach no result (per variant; %d s a game):\n", limit
    for (e in why) printf "%7d %s\n", why[e], e | cmd
    close(cmd)
    for (i = 1; i <= nlist; i++) print list[i]
}' "$tmp/records"
