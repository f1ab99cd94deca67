#!/bin/sh
# bench/search-speed.sh [--old BOARDVM] [--fsf FSF] [--fsf-chess FSF] [--runs N] [--games a,b] [NEW]:
# search nodes per CPU second of every shipped game, NEW against OLD, and chess, xiangqi and
# shogi against Fairy-Stockfish's search (same position and depth). Not part of `make check`.
exec python3 "$(dirname "$0")/search-speed.py" "$@"
