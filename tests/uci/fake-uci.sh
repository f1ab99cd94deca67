#!/bin/sh
# fake-uci.sh BOARDVM RULES [MODE] - a UCI engine made of boardvm, for tests/diff.sh: it answers
# `go perft N` with `BOARDVM perft RULES N --divide` of the position it was sent, its moves
# written as UCI chess engines write them (e7e8=Q is e7e8q), so `boardvm diff` can be tested
# against an engine without Fairy-Stockfish. MODE: "die" exits at the first `go perft`, "hang"
# never answers it, "wrong-total" adds one to the total, "no-uci" never says uciok.
boardvm=$1 rules=$2 mode=${3:-}
fen='' moves=''
while IFS= read -r line; do
    case $line in
    uci)
        [ "$mode" = no-uci ] && continue
        echo "id name fake-uci"
        echo "option name UCI_Variant type combo default chess var chess var fakechess"
        echo "uciok" ;;
    isready) echo "readyok" ;;
    "position fen "*)
        rest=${line#position fen }
        case $rest in
        *" moves "*) fen=${rest%% moves *}; moves=${rest#* moves } ;;
        *) fen=$rest; moves='' ;;
        esac
        # back to boardvm's notation: a promotion letter becomes =LETTER
        moves=$(printf '%s\n' "$moves" | sed 's/\([a-h][18]\)\([qrbn]\)\( \|$\)/\1=\2\3/g' | tr 'qrbn' 'QRBN')
        ;;
    "go perft "*)
        case $mode in
        die) exit 3 ;;
        hang) sleep 30; exit 0 ;;
        esac
        depth=${line#go perft }
        set -- $moves
        if [ $# -gt 0 ]; then out=$("$boardvm" perft "$rules" "$depth" --divide --fen "$fen" --moves "$@" 2>/dev/null)
        else out=$("$boardvm" perft "$rules" "$depth" --divide --fen "$fen" 2>/dev/null); fi
        printf '%s\n' "$out" | sed '$d' | sed 's/=\([QRBN]\)/\1/' | awk '{ printf "%s: %s\n", tolower($1), $2 }'
        total=$(printf '%s\n' "$out" | tail -1)
        [ "$mode" = wrong-total ] && total=$((total + 1))
        echo
        echo "Nodes searched: $total"
        ;;
    quit) exit 0 ;;
    esac
done
