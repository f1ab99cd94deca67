#!/bin/sh
# `boardvm xboard` offers `feature highlight=1`: when XBoard's user lifts a piece (`lift SQUARE`)
# the engine answers `highlight COLORS`, a board in FEN's shape (ranks from the top) with a letter
# on each square the piece may go to: R a capture, M a promotion, Y another move. Every expected
# line below was worked out by hand. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
fails=0
check() {   # rules, commands, expected highlight lines (one per line), what
    got=$(printf "$2" | ./boardvm xboard "$srcdir/$1" 2>/dev/null | sed -n 's/^highlight //p')
    if [ "$got" = "$3" ]; then echo "ok: $4"; else echo "FAIL: $4: got '$got', want '$3'"; fails=$((fails + 1)); fi
}
printf 'xboard\nprotover 2\nquit\n' | ./boardvm xboard "$srcdir/rules/chess.rules" 2>/dev/null | grep -q '^feature .*highlight=1' \
    && echo "ok: highlight=1 offered" || { echo "FAIL: no highlight=1 in the features"; fails=$((fails + 1)); }
# chess from the start: the e2 pawn goes to e3 or e4 (ranks 4 and 3: the 5th and 6th lines)
check rules/chess.rules 'xboard\nprotover 2\nnew\nforce\nlift e2\nquit\n' '8/8/8/8/4Y3/4Y3/8/8' "chess: e2 to e3 and e4"
# a Knight on e3 (kings e1, e8; a black pawn on d5): d5 is a capture (R); c4 g4 f5 c2 g2 d1 f1 moves
check rules/chess.rules 'xboard\nprotover 2\nnew\nforce\nsetboard 4k3/8/8/3p4/8/4N3/8/4K3 w - - 0 1\nlift e3\nquit\n' \
    '8/8/8/3R1Y2/2Y3Y1/8/2Y3Y1/3Y1Y2' "chess: a knight's eight squares, one a capture"
# a pawn on b7 (kings h1, h8; a black rook on a8): b8 is a promotion (M), a8 a capture (R)
check rules/chess.rules 'xboard\nprotover 2\nnew\nforce\nsetboard r6k/1P6/8/8/8/8/8/7K w - - 0 1\nlift b7\nquit\n' \
    'RM6/8/8/8/8/8/8/8' "chess: a promotion and a capturing promotion"
# xiangqi (10 ranks, XBoard numbers them from 0): XBoard's a3 is boardvm's a4, whose soldier may
# only step to a5 (boardvm rank 5: the 6th line from the top); an empty square gives an empty board
check examples/xiangqi.rules 'xboard\nprotover 2\nnew\nforce\nsetboard 3k5/9/9/9/9/9/P8/9/9/4K4 w\nlift a3\nlift a4\nquit\n' \
    "9/9/9/9/9/Y8/9/9/9/9
9/9/9/9/9/9/9/9/9/9" "xiangqi: ranks from 0, an empty square"
exit $fails
