#!/bin/sh
# bench/vs-fsf-elo.sh - the Elo distance of boardvm to Fairy-Stockfish (docs/engine.md §5):
# `boardvm match FILE --engine FSF` per game, GAMES games (each opening played twice, colours
# swapped), with the limits of the table below:
#   BOARDVM=./boardvm [FSF=/usr/games/fairy-stockfish] [GAMES=200] [JOBS=1] [SEED=40] \
#       bench/vs-fsf-elo.sh [xiangqi] [shogi] [chess] [chess-elo]   (default: xiangqi shogi)
# xiangqi, shogi and chess are played at node counts on both sides (`--nodes A,B`: boardvm's
# search nodes, Fairy-Stockfish's `go nodes`), so their games do not depend on the machine or its
# load: the same command gives the same games, whatever JOBS is. FSF's count is a handicap,
# calibrated by short pilot matches so that boardvm scores between 20 % and 80 % (outside, an
# Elo figure says little). chess-elo is the earlier chess run: full FSF limited by its own
# UCI_Elo 2000 at 0.2 s a move, which depends on the load. NODES_A=N, NODES_B=M override the
# node counts. The games go to vs-fsf-GAME.out (one line a game) and vs-fsf-GAME.pgn (records)
# in the current directory. Prints each match's summary; exits 1 when a match had an error (a
# move of boardvm's that the engine refused, an error in the rules, a worker that failed).
# Not part of `make check`: 200 games of one take 30 to 40 minutes at -j 1 on a loaded core.
set -u
BOARDVM=${BOARDVM:-./boardvm}
FSF=${FSF:-/usr/games/fairy-stockfish}
GAMES=${GAMES:-200}
JOBS=${JOBS:-1}
SEED=${SEED:-40}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- xiangqi shogi
status=0
for game in "$@"; do
    case $game in
        xiangqi) rules=$srcdir/examples/xiangqi.rules
                 limits="--nodes ${NODES_A:-20000},${NODES_B:-4000}" ;;
        shogi)   rules=$srcdir/examples/shogi.rules
                 limits="--nodes ${NODES_A:-20000},${NODES_B:-2000}" ;;
        chess)   rules=$srcdir/rules/chess.rules
                 limits="--nodes ${NODES_A:-20000},${NODES_B:-2000}" ;;
        chess-elo) rules=$srcdir/rules/chess.rules
                 limits="--time 0.2 --engine-option UCI_LimitStrength=true"
                 limits="$limits --engine-option UCI_Elo=2000" ;;
        *) echo "vs-fsf-elo.sh: no settings for '$game' (xiangqi, shogi, chess, chess-elo)" >&2; exit 2 ;;
    esac
    echo "== $game: $(basename "$rules") against $FSF, $limits"
    # $limits is split into words on purpose (no value in it has a space)
    "$BOARDVM" match "$rules" --engine "$FSF" $limits --games "$GAMES" --jobs "$JOBS" \
        --seed "$SEED" --record "vs-fsf-$game.pgn" >"vs-fsf-$game.out" 2>&1 || status=1
    sed -n '/^A (/,$p' "vs-fsf-$game.out"
done
exit $status
