#!/bin/sh
# SAN and PGN: records in lichess's export format (tags, SAN, {[%clk]} comments, NAGs, a
# variation, two games in one file) replay to their recorded results; SAN of other games is read
# and written as worked out by hand from the rules (Fairy-Stockfish's conventions: P@e4 drops,
# "+" for shogi's promotion); bad records and bad SAN get a message naming what is wrong.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
result() { ./boardvm show "$@" 2>"$t/err" | sed -n 's/^result: //p'; }

# lichess exports, each worked out by hand: Scholar's mate (1-0: Black is checkmated), the
# second game of the file (fool's mate) not read; atomic's Nxf7 explodes Black's king on e8
# (1-0); crazyhouse's fool's mate after 3... axb5 (White has nothing in hand to block on g3)
r=$(result "$srcdir/rules/chess.rules" --game "$srcdir/tests/pgn/lichess-chess.pgn")
[ "$r" = "Black loses: checkmate" ] && ok "lichess chess game replays to 1-0" || bad "lichess chess: '$r' $(cat "$t/err")"
grep -q "note: 1 variation skipped" "$t/err" && ok "a variation skipped, with a note" || bad "no variation note: $(cat "$t/err")"
grep -q "note: the file holds more than one game; the first is read" "$t/err" && ok "two games: a note" || bad "no note of the second game"
r=$(result "$srcdir/examples/atomic.rules" --game "$srcdir/tests/pgn/lichess-atomic.pgn")
case $r in "Black loses"*) ok "lichess atomic game replays to 1-0";; *) bad "lichess atomic: '$r' $(cat "$t/err")";; esac
[ -s "$t/err" ] && bad "atomic: a note: $(cat "$t/err")" || ok "atomic: [Variant \"Atomic\"] fits Atomic Chess"
r=$(result "$srcdir/examples/crazyhouse.rules" --game "$srcdir/tests/pgn/lichess-crazyhouse.pgn")
[ "$r" = "White loses: checkmate" ] && ok "lichess crazyhouse game replays to 0-1" || bad "lichess crazyhouse: '$r' $(cat "$t/err")"
./boardvm show "$srcdir/rules/chess.rules" --game "$srcdir/tests/pgn/lichess-atomic.pgn" >/dev/null 2>"$t/err"
grep -q "note: the record's Variant is 'Atomic', the rules file's game 'FIDE Chess'" "$t/err" && ok "a Variant that is not the game: a note" || bad "no Variant note: $(cat "$t/err")"

# numbers against their moves, NAGs, annotations, a check mark written where none is
printf '[Event "x"]\n\n1.e4 $1 e5!? 2.Nf3 Nc6 3.Bb5+ a6 *\n' >"$t/g.pgn"
pos=$(./boardvm show "$srcdir/rules/chess.rules" --game "$t/g.pgn" 2>&1 | sed -n 's/^position: //p')
[ "$pos" = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4" ] && ok "1.e4 \$1 e5!? ... Bb5+ read" || bad "read as '$pos'"

# bad records: the reason named, status 1
for case in "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4 e5 1-0|unterminated variation" \
            "1. e4 ) e5 *|')' closes no variation" \
            "1. e4 e5 2. Nf9 *|move 3 'Nf9' is not a legal move here" \
            "1. e4 d5 2. Nc3 Nf6 3. Ne2 *|move 5 'Ne2' is ambiguous: in SAN it fits" \
            "[Event \"x|unterminated tag"; do
    printf '%s\n' "${case%%|*}" >"$t/bad.pgn"
    ./boardvm show "$srcdir/rules/chess.rules" --game "$t/bad.pgn" >/dev/null 2>"$t/err"
    st=$?
    grep -qF "${case#*|}" "$t/err" && [ $st -eq 1 ] && ok "bad record: ${case#*|}" || bad "bad record '${case%%|*}': status $st, $(cat "$t/err")"
done

# SAN in other games, by hand. Shogi: after c4 (c3c4) g6 (g7g6), the bishop on b2 goes to g7 (empty since g6) and
# may promote (Fairy-Stockfish's "+" after the square); either way it attacks the king on e9
# through f8, so a check mark follows: Bg7++ promotes, Bg7+ does not.
pos=$(./boardvm show "$srcdir/examples/shogi.rules" --moves c4 g6 Bg7++ 2>&1 | sed -n 's/^position: //p')
case $pos in lnsgkgsnl/1r5b1/pppppp+Bpp/*) ok "shogi: Bg7++ promotes";; *) bad "shogi: Bg7++ gives '$pos'";; esac
pos=$(./boardvm show "$srcdir/examples/shogi.rules" --moves c4 g6 Bg7+ 2>&1 | sed -n 's/^position: //p')
case $pos in lnsgkgsnl/1r5b1/ppppppBpp/*) ok "shogi: Bg7+ does not";; *) bad "shogi: Bg7+ gives '$pos'";; esac
printf 'position startpos moves c3c4 g7g6\nmoves\n' | ./boardvm uci "$srcdir/examples/shogi.rules" >"$t/out" 2>&1
grep -q ' b2g7+:Bg7++ ' "$t/out" && grep -q ' b2g7:Bg7+ ' "$t/out" && ok "shogi: written Bg7++ and Bg7+" || bad "shogi: $(cut -c1-300 "$t/out")"
# crazyhouse: after exd5 Qxd5 White has a pawn in hand: P@e4 drops it
pos=$(./boardvm show "$srcdir/examples/crazyhouse.rules" --moves e4 d5 exd5 Qxd5 P@e4 2>&1 | sed -n 's/^position: //p')
[ "$pos" = "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3" ] && ok "crazyhouse: P@e4" || bad "crazyhouse: '$pos'"
# xiangqi: both red cannons (b3, h3) can go to e3: the file tells them apart
printf 'position startpos\nmoves\n' | ./boardvm uci "$srcdir/examples/xiangqi.rules" >"$t/out" 2>&1
grep -q ' b3e3:Cbe3 ' "$t/out" && grep -q ' h3e3:Che3 ' "$t/out" && ok "xiangqi: Cbe3 and Che3" || bad "xiangqi: $(cut -c1-300 "$t/out")"
# chess: queen-side castling, a promotion with capture and check, en passant
printf 'position fen r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1\nmoves\n' | ./boardvm uci "$srcdir/rules/chess.rules" >"$t/out" 2>&1
# (neither castling checks: the rook lands on d1 or f1, the king is on e8)
for want in e1c1:O-O-O e1g1:O-O e5d6:exd6 b7a8q:bxa8=Q+ b7b8n:b8=N a1a8:Rxa8+; do
    grep -q " $want\( \|$\)" "$t/out" && ok "chess SAN $want" || bad "chess SAN $want: $(cut -c1-400 "$t/out")"
done
exit $fails
