#!/bin/sh
# A deep perft that is stopped: Ctrl-C (SIGINT) ends it with the root moves counted so far (each
# count whole and right), their sum and exit status 130; on a terminal it shows, root move by
# root move, how far it is and about how long the rest will take. The terminal is script(1)'s
# pseudo-terminal, and the Ctrl-C is typed into it. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess="$srcdir/rules/chess.rules"
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }

# check_partial FILE NAME DEPTH K: the root moves of a perft DEPTH counted (the first K checked
# against perft DEPTH-1 after each), then "interrupted: N of 20 root moves counted, SUM leaves below
# them" with SUM their sum
check_partial() {
    tr '\r' '\n' <"$1" | grep -E '^[a-h][1-8][a-h][1-8] [0-9]+$' >pi.moves
    line=$(tr '\r' '\n' <"$1" | grep '^interrupted: ')
    n=$(wc -l <pi.moves | tr -d ' ')
    sum=$(awk '{ s += $2 } END { print s + 0 }' pi.moves)
    [ "$line" = "interrupted: $n of 20 root moves counted, $sum leaves below them" ] &&
        ok "$2: the partial result ($n root moves, $sum leaves)" || bad "$2: '$line' after $n moves summing to $sum"
    head -n "$4" pi.moves | while read -r move count; do
        want=$(./boardvm perft "$chess" $(($3 - 1)) --moves "$move" 2>/dev/null)
        [ "$count" = "$want" ] && echo "ok: $2: $move $count" || echo "FAIL: $2: $move $count, perft $(($3 - 1)) after it is $want"
    done >pi.each
    cat pi.each
    grep -q '^FAIL' pi.each && fails=$((fails + 1))
}

# ---- not on a terminal: SIGINT after a second ---------------------------------------------------
timeout --preserve-status -s INT 1 ./boardvm perft "$chess" 6 >pi.out 2>pi.err; st=$?
[ $st -eq 130 ] && ok "SIGINT: exit status 130" || bad "SIGINT: exit status $st ($(cat pi.err))"
grep -q 'interrupted after' pi.err && ok "SIGINT: said on stderr" || bad "SIGINT: stderr: $(cat pi.err)"
grep -q 'root move' pi.err && bad "progress shown when stderr is not a terminal" || ok "no progress line off a terminal"
check_partial pi.out "SIGINT" 6 3

# ---- on a terminal: progress, then Ctrl-C once a root move is done ------------------------------
# Depth 7 (3.2 thousand million leaves): depth 6 (119 million) ends in about 2 s since step 42 of
# docs/runtime.md, and at a load of 10 it ended before the Ctrl-C typed into the terminal reached
# it. Only the first root move (a2a3, 106743106 leaves below it) is counted again.
if command -v script >/dev/null 2>&1; then
    rm -f pi.tty
    # type Ctrl-C once the line shows an estimate (after the first root move; at most 60 s)
    ( i=0; while [ $i -lt 600 ] && ! grep -q 'left' pi.tty 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
      printf '\003' ) | script -qfec "./boardvm perft '$chess' 7" pi.tty >/dev/null 2>&1; st=$?
    [ $st -eq 130 ] && ok "Ctrl-C on a terminal: exit status 130" || bad "Ctrl-C on a terminal: exit status $st"
    grep -q 'perft 7: root move 1 of 20 (a2a3), 0 leaves' pi.tty && ok "progress: the root move being counted" ||
        bad "progress: no first line in $(tr '\r' '\n' <pi.tty)"
    grep -Eq 'perft 7: root move [0-9]+ of 20 \([a-h1-8]+\), [1-9][0-9]* leaves, [0-9.]+ s, about [0-9]+ s left' pi.tty &&
        ok "progress: an estimate of the time left" || bad "progress: no estimate in $(tr '\r' '\n' <pi.tty)"
    check_partial pi.tty "Ctrl-C on a terminal" 7 1
elif [ "${CI:-}" = true ]; then bad "no script(1) (util-linux) to give perft a terminal"
else echo "ok: # SKIP no script(1): the terminal part"; fi

rm -f pi.out pi.err pi.tty pi.moves pi.each
[ $fails -eq 0 ]
