#!/bin/sh
# fake-uci.sh BOARDVM RULES [MODE] - a UCI engine made of boardvm, for tests/diff.sh: it answers
# `go perft N` with `BOARDVM perft RULES N --divide` of the position it was sent, its moves
# written as UCI chess engines write them (e7e8=Q is e7e8q), so `boardvm diff` can be tested
# against an engine without Fairy-Stockfish. MODE: "die" exits at the first `go perft`, "hang"
# never answers it, "wrong-total" adds one to the total, "no-uci" never says uciok,
# "ignore-unknown" ignores a move it does not know and the moves after it (as Fairy-Stockfish
# does), "setoption" lists the `setoption` lines it was sent as info strings and knows the
# variant "inivariant" only after `setoption name VariantPath`.
boardvm=$1 rules=$2 mode=${3:-}
fen='' moves='' ini=''
while IFS= read -r line; do
    case $line in
    uci)
        [ "$mode" = no-uci ] && continue
        echo "id name fake-uci"
        echo "option name UCI_Variant type combo default chess var chess var fakechess$ini"
        echo "uciok" ;;
    "setoption name VariantPath value "*) [ "$mode" = setoption ] && ini=" var inivariant" ;;
    isready) echo "readyok" ;;
    "position fen "*)
        rest=${line#position fen }
        case $rest in
        *" moves "*) fen=${rest%% moves *}; moves=${rest#* moves } ;;
        *) fen=$rest; moves='' ;;
        esac
        # back to boardvm's notation: a promotion letter becomes =LETTER (that letter only: the
        # files of the moves stay as they are, b2b4 too)
        moves=$(printf '%s\n' "$moves" | sed 's/\([a-h][18]\)q\( \|$\)/\1=Q\2/g; s/\([a-h][18]\)r\( \|$\)/\1=R\2/g; s/\([a-h][18]\)b\( \|$\)/\1=B\2/g; s/\([a-h][18]\)n\( \|$\)/\1=N\2/g')

        # "ignore-unknown": as Fairy-Stockfish, follow the moves up to the first one that is
        # not legal, and ignore it and the rest without a word
        if [ "$mode" = ignore-unknown ]; then
            kept=''
            for m in $moves; do
                if [ -n "$kept" ]; then legal=$("$boardvm" moves "$rules" --fen "$fen" --moves $kept 2>/dev/null)
                else legal=$("$boardvm" moves "$rules" --fen "$fen" 2>/dev/null); fi
                printf '%s\n' "$legal" | grep -qx -- "$m" || break
                kept="$kept $m"
            done
            moves=$kept
        fi
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
