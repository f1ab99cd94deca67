#!/bin/sh
# bench/diff-fsf.sh - `boardvm diff` against Fairy-Stockfish on the games both know (not in
# `make check`: it needs a Fairy-Stockfish binary).
#
#   FSF=path/to/stockfish bench/diff-fsf.sh [DEPTH]      (default depth 4)
#
# Each line runs `boardvm diff RULES --uci $FSF --variant V --depth DEPTH [--fen F]`, prints
# its verdict and time, and keeps going after a difference; the exit status is 1 when any game
# differs or fails. Building Fairy-Stockfish: see bench/vs-fsf.py.
top=$(cd "$(dirname "$0")/.." && pwd)
boardvm=${BOARDVM:-$top/boardvm}
fsf=${FSF:?set FSF to a Fairy-Stockfish binary}
top_depth=${1:-4}
status=0
run() {   # name, rules, variant, [fen, [depth]]
    name=$1 rules=$2 variant=$3 fen=$4 depth=${5:-$top_depth}
    start=$(date +%s.%N)
    if [ -n "$fen" ]; then out=$("$boardvm" diff "$top/$rules" --uci "$fsf" --variant "$variant" --depth "$depth" --fen "$fen" 2>&1)
    else out=$("$boardvm" diff "$top/$rules" --uci "$fsf" --variant "$variant" --depth "$depth" 2>&1); fi
    st=$?
    t=$(awk "BEGIN { print $(date +%s.%N) - $start }")
    case $st in
    0) printf '%-22s agree   %s  (%.1f s)\n' "$name" "$(echo "$out" | sed -n "s/^perft $depth: //p")" "$t" ;;
    1) printf '%-22s DIFFER  (%.1f s)\n%s\n' "$name" "$t" "$(echo "$out" | sed -n '/^perft/,/^position/p')"; status=1 ;;
    *) printf '%-22s ERROR\n%s\n' "$name" "$out"; status=1 ;;
    esac
}
walk() {  # name, rules, variant, games, plies: --random-games, compared at depth 2 every ply
    name=$1 rules=$2 variant=$3
    start=$(date +%s.%N)
    out=$("$boardvm" diff "$top/$rules" --uci "$fsf" --variant "$variant" --random-games "$4" --plies "$5" 2>&1)
    st=$?
    t=$(awk "BEGIN { print $(date +%s.%N) - $start }")
    case $st in
    0) printf '%-22s agree   %s  (%.1f s)\n' "$name" "$4 random games of $5 plies" "$t" ;;
    1) printf '%-22s DIFFER  (%.1f s)\n%s\n' "$name" "$t" "$(echo "$out" | sed -n '/^random game/,/^position/p')"; status=1 ;;
    *) printf '%-22s ERROR\n%s\n' "$name" "$out"; status=1 ;;
    esac
}
run chess rules/chess.rules chess
run kiwipete rules/chess.rules chess "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
run "chess position 4" rules/chess.rules chess "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
run capablanca examples/capablanca.rules capablanca
run xiangqi examples/xiangqi.rules xiangqi
run shogi examples/shogi.rules shogi
# 207 moves, drops of six types: depth 3 (4809015 leaves, seconds); depth 4 agrees too
# (516925165, about 4 minutes)
run "shogi matsuri" examples/shogi.rules shogi "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1" 3
run crazyhouse examples/crazyhouse.rules crazyhouse
run "crazyhouse middle game" examples/crazyhouse.rules crazyhouse "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1"
run "crazyhouse promotions" examples/crazyhouse.rules crazyhouse "r1b1k2r/1P6/8/8/8/8/6p1/R3K2R[] w KQkq - 0 1"
run atomic examples/atomic.rules atomic
run "atomic middle game" examples/atomic.rules atomic \
    "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1"
# random games compared at every ply (issue 39): chess, and the test games of its direct forms
walk "chess, random" rules/chess.rules chess 50 60
walk "kyoto shogi, random" tests/lang/kyoto.rules kyotoshogi 20 60
walk "ataxx, random" tests/lang/ataxx.rules ataxx 10 30
walk "spartan, random" tests/lang/spartan.rules spartan 30 80
# Chess960: Fairy-Stockfish with UCI_Chess960 on (a wrapper sends the option before the rest)
fsf960=$(mktemp "${TMPDIR:-/tmp}/fsf960.XXXXXX")
trap 'rm -f "$fsf960"' EXIT
printf '#!/bin/sh\n{ echo "setoption name UCI_Chess960 value true"; cat; } | exec "%s"\n' \
    "$fsf" >"$fsf960"
chmod +x "$fsf960"
plain=$fsf; fsf=$fsf960
run "chess960 table 1" examples/chess960.rules chess \
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
run "chess960 castlings" examples/chess960.rules chess "1r2k1rr/8/8/8/8/8/8/RR2K1R1 w GBhb - 0 1"
run "chess960 king on b" examples/chess960.rules chess "rk5r/pp4pp/8/8/8/8/PP4PP/R4KR1 w GAha - 0 1"
fsf=$plain
exit $status
