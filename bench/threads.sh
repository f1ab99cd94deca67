#!/bin/sh
# bench/threads.sh - Lazy SMP (--threads): the depth the search finishes in equal time with 1
# and with N threads, on the chess start position and the five positions of `boardvm bench`:
#   BOARDVM=./boardvm [T=2] [N=2] [ROUNDS=1] bench/threads.sh
# Prints, per position, the depth and the nodes (of all threads) of each setting, then the mean
# depth of each. The runs alternate (1 thread, N threads, 1, ...) so that the load of the machine
# falls on both alike; on a machine with fewer idle cores than N the comparison says little.
set -u
BOARDVM=${BOARDVM:-./boardvm}
T=${T:-2}
N=${N:-2}
ROUNDS=${ROUNDS:-1}
srcdir=$(cd "$(dirname "$0")/.." && pwd)
search() {   # threads fen: "depth nodes" of the first move's search
    "$BOARDVM" selfplay "$srcdir/rules/chess.rules" --fen "$2" --time "$T" --threads "$1" \
        --max-plies 1 |
        awk '$1 == "1." { for (i = 1; i < NF; i++) {
                              if ($i == "depth") d = $(i + 1)
                              if ($i == "nodes") n = $(i + 1) }
                          print d, n }'
}
for r in $(seq "$ROUNDS"); do
    for fen in 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' \
               'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' \
               '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1' \
               'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1' \
               'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8' \
               'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10'; do
        one=$(search 1 "$fen"); more=$(search "$N" "$fen")
        echo "1 thread: depth ${one% *} nodes ${one#* };" \
             "$N threads: depth ${more% *} nodes ${more#* }  $fen"
    done
done | tee /dev/stderr | awk -v n="$N" '{ d1 += $4; dn += $10; k++ }
    END { printf "mean depth in %s s: 1 thread %.2f, %d threads %.2f (%d positions)\n", \
        ENVIRON["T"] ? ENVIRON["T"] : 2, d1 / k, n, dn / k, k }'
