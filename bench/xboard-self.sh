#!/bin/sh
# bench/xboard-self.sh - boardvm against boardvm in the real XBoard (headless, under Xvfb), for
# games other than chess: each move crosses XBoard's protocol twice, so a move XBoard cannot
# read or write (a rank numbered the wrong way, a move with no XBoard form) ends the game in a
# forfeit.
#
#   apt-get install xboard xvfb                 (xboard in /usr/games)
#   BOARDVM=./boardvm GAMES=1 TC=0:20 bench/xboard-self.sh examples/xiangqi.rules rules/ivory-tower.rules
#
# For each rules file: GAMES games at time control TC (minutes:seconds per 40 moves), saved to
# NAME.pgn; prints each game's result and its reason and fails (status 1) if a game ended in a
# forfeit, an illegal move or unfinished. A check by hand, not part of `make check`: minutes.
set -u
BOARDVM=$(cd "$(dirname "${BOARDVM:-./boardvm}")" && pwd)/$(basename "${BOARDVM:-./boardvm}")
GAMES=${GAMES:-1}
TC=${TC:-0:20}
for tool in xvfb-run /usr/games/xboard; do
    command -v "$tool" >/dev/null 2>&1 || { echo "xboard-self: $tool is missing (apt-get install xboard xvfb)" >&2; exit 2; }
done
[ -x "$BOARDVM" ] || { echo "xboard-self: no boardvm at $BOARDVM" >&2; exit 2; }
[ $# -ge 1 ] || { echo "usage: xboard-self.sh RULES..." >&2; exit 2; }
status=0
for rules in "$@"; do
    rules=$(cd "$(dirname "$rules")" && pwd)/$(basename "$rules")
    name=$(basename "$rules" .rules)
    rm -f "$name.pgn" "$name-debug.txt"
    # XBoard may not exit by itself after a match under -noGUI: the clock bounds the run (a game
    # of up to 300 moves at TC per 40 moves, both sides, with room for a slow machine) and the
    # saved games are read afterwards
    min=${TC%%:*}; sec=${TC#*:}; [ "$sec" = "$TC" ] && sec=0
    limit=$(( GAMES * 30 * (min * 60 + sec) + 60 ))
    timeout "$limit" xvfb-run -a /usr/games/xboard -noGUI -variant fairy -testLegality false \
        -fcp "$BOARDVM xboard $rules" -fd "$PWD" -scp "$BOARDVM xboard $rules" -sd "$PWD" \
        -matchGames "$GAMES" -tc "$TC" -saveGameFile "$name.pgn" \
        -debug -nameOfDebugFile "$name-debug.txt" >/dev/null 2>&1
    games=$(grep -c '^\[Result ' "$name.pgn" 2>/dev/null)
    bad=$(grep -ci 'forfeit\|illegal move\|invalid move' "$name.pgn" 2>/dev/null)
    unfinished=$(grep -c '^\[Result "\*"\]' "$name.pgn" 2>/dev/null)
    games=${games:-0} bad=${bad:-0} unfinished=${unfinished:-0}
    # the last comment of each game is its reason ({repetition} 1/2-1/2)
    reasons=$(grep -o '{[^}]*} *\(1-0\|0-1\|1/2-1/2\|\*\) *$' "$name.pgn" 2>/dev/null | tr '\n' ';')
    echo "$name: $games of $GAMES games, $bad forfeits or illegal moves, $unfinished unfinished: $reasons"
    if [ "$games" -ne "$GAMES" ] || [ "$bad" -ne 0 ] || [ "$unfinished" -ne 0 ]; then status=1; fi
done
exit $status
