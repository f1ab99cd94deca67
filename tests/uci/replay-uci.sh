#!/bin/sh
# replay-uci.sh FILE - a UCI engine that knows one answer: FILE's first line is the `position`
# command it expects, the rest what it prints for `go perft` (recorded from Fairy-Stockfish).
# Any other position ends it with exit status 4, so a translation boardvm gets wrong is seen.
file=$1
want=$(sed -n 1p "$file")
while IFS= read -r line; do
    case $line in
    uci) echo "option name UCI_Variant type combo default chess var chess var shogi var kyotoshogi var ataxx"; echo uciok ;;
    isready) echo readyok ;;
    "position "*) [ "$line" = "$want" ] || { echo "info string unexpected: $line"; exit 4; } ;;
    "go perft 1") sed 1d "$file" ;;
    "go perft "*) exit 5 ;;
    quit) exit 0 ;;
    esac
done
