#!/bin/sh
# bench/vs-fsf.sh [BOARDVM] [--runs N] [--games a,b]: perft leaves per CPU second of boardvm and
# of Fairy-Stockfish (FSF=path) on chess, capablanca, xiangqi and shogi, interleaved runs, and
# their ratio. Not part of `make check`; bench/vs-fsf.py says how to build Fairy-Stockfish.
exec python3 "$(dirname "$0")/vs-fsf.py" "$@"
