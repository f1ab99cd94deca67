#!/bin/sh
# bench/vs-fsf.sh [BOARDVM] [--runs N] [--games a,b] [--scale K]: perft leaves per CPU second of
# boardvm and of Fairy-Stockfish (FSF=path) on chess, capablanca, xiangqi, shogi, ataxx and
# connect-four, interleaved runs, and their ratio. Not part of `make check`; bench/vs-fsf.py says
# how to build Fairy-Stockfish.
exec python3 "$(dirname "$0")/vs-fsf.py" "$@"
