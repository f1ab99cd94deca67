#!/bin/sh
# bench/fsf-ladder.sh - how far Fairy-Stockfish's node handicap of bench/vs-fsf-elo.sh is below
# Fairy-Stockfish at more nodes (docs/engine.md §5): a ladder of matches of Fairy-Stockfish
# against itself, each rung N nodes a move against the next rung's count, refereed by
# `boardvm match --engine-a FSF --engine FSF --nodes N,M`:
#   BOARDVM=./boardvm [FSF=/usr/games/fairy-stockfish] [GAMES=200] [JOBS=1] [SEED=41] \
#       [NICE=15] bench/fsf-ladder.sh GAME N1 N2 [N3 ...]
#   bench/fsf-ladder.sh chess 2000 8000 32000 128000
# GAME is chess, xiangqi or shogi (the rules files of bench/vs-fsf-elo.sh). Each rung's games go
# to fsf-ladder-GAME-N-M.out (its lines) and .pgn (records) in the current directory; a rung
# whose .out holds a summary already is not played again. Node counts on both sides make the
# games independent of the machine's load (Fairy-Stockfish with one thread plays the same move
# for the same position and count). Prints each rung's Elo (of the weaker side: negative) and
# 95 % interval, and the sum over the rungs with an interval from the rungs' standard errors
# added in quadrature (the rungs are independent runs): the Elo of N1 nodes below the last
# count. Not part of `make check`: a rung costs about 200 x (N + M) x plies / 2 nodes of
# Fairy-Stockfish (chess, 32000 against 128000: about 14 s of CPU a game).
set -u
BOARDVM=${BOARDVM:-./boardvm}
FSF=${FSF:-/usr/games/fairy-stockfish}
GAMES=${GAMES:-200}
JOBS=${JOBS:-1}
SEED=${SEED:-41}
NICE=${NICE:-15}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 3 ] || { echo "usage: bench/fsf-ladder.sh GAME N1 N2 [N3 ...]" >&2; exit 2; }
game=$1; shift
case $game in
    chess) rules=$srcdir/rules/chess.rules ;;
    xiangqi|shogi) rules=$srcdir/examples/$game.rules ;;
    *) echo "fsf-ladder.sh: no rules file for '$game' (chess, xiangqi, shogi)" >&2; exit 2 ;;
esac
status=0
lo=$1; shift
rungs=
for hi in "$@"; do
    out=fsf-ladder-$game-$lo-$hi
    if ! grep -q '^elo: ' "$out.out" 2>/dev/null; then
        nice -n "$NICE" "$BOARDVM" match "$rules" --engine-a "$FSF" --engine "$FSF" \
            --nodes "$lo,$hi" --games "$GAMES" --jobs "$JOBS" --seed "$SEED" \
            --record "$out.pgn" >"$out.out" 2>&1 || status=1
    fi
    echo "== $game: FSF $lo nodes (A) against FSF $hi nodes (B)"
    sed -n '/^A (/,$p' "$out.out" | grep -E '^(A |score|elo)'
    rungs="$rungs $out.out"
    lo=$hi
done
# the sum of the rungs: each rung's `elo: E [L, H]` line gives E and a standard error (H - L) /
# (2 x 1.96); an infinite bound (a rung won or lost outright) makes the sum unbounded
cat $rungs | awk '
    /^elo: / && !/pentanomial/ {
        e = $2; l = $3; h = $4; gsub(/[\[,]/, "", l); gsub(/[\],]/, "", h)
        if (e ~ /inf/ || l ~ /inf/ || h ~ /inf/ || !/\[/) inf = 1; else v += ((h - l) / 3.92) ^ 2
        if (e !~ /inf/) s += e; else lost = lost ? lost : e
        n++
    }
    END {
        if (!n) exit
        if (lost) printf "ladder: %d rungs: %s Elo (a rung won or lost every game)\n", n, lost
        else if (inf) printf "ladder: %d rungs: %+.0f Elo (a rung unbounded: no interval)\n", n, s
        else printf "ladder: %d rungs: %+.0f Elo [%+.0f, %+.0f] (95 %%, the rungs in quadrature)\n", n, s, s - 1.96 * sqrt(v), s + 1.96 * sqrt(v)
    }'
exit $status
