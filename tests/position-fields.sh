#!/bin/sh
# Position strings read standard notations as they are (tests/lang/posfields.rules, whose
# header lists the fields): each position string is read and written back by `show`, and the
# expected line is worked out by hand from docs/language.md "Position strings". The readings of
# Fairy-Stockfish's crazyhouse and three-check FENs are checked by their perft in
# tests/crazyhouse.test and tests/threecheck.test. Run from the top build directory.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/posfields.rules
status=0
# written FEN, moves, expected position line
check() {
    got=$(./boardvm show "$rules" --fen "$1" ${2:+--moves $2} 2>&1 | sed -n 's/^position: //p')
    [ "$got" = "$3" ] || { echo "FAIL: '$1' ${2:+then $2}: got '$got', expected '$3'"; status=1; }
}
refuse() {
    got=$(./boardvm show "$rules" --fen "$1" 2>&1)
    case $got in *"$2"*) ;; *) echo "FAIL: '$1': expected an error with '$2', got '$got'"; status=1 ;; esac
}
# the start string as declared
check "3/3/3[] w - - 3+3 +0+0 0" "" "3/3/3[] w - - 3+3 +0+0 0"
# the hands as a rank after the board's; a `-` field holding 'x' is read as nothing and written -
check "3/1M1/3/Mm w x b2 2+3 +1+0 5" "" "3/1M1/3[Mm] w - b2 2+3 +1+0 5"
# hands repeated, not counted, in brackets; the fields keep their places
check "3/1M1/3[MMm] b - c3 0+1 +2+7 9" "" "3/1M1/3[MMm] b - c3 0+1 +2+7 9"
# after a move: `clock` (listed) counts it; `plies` (uncounted, not listed) is not written
check "3/1M1/3[] w - - 3+3 +0+0 5" "b2b3" "1M1/3/3[] b - - 3+3 +0+0 6"
# named fields still work, and an unlisted uncounted one is read
check "3/1M1/3[] w - - 3+3 +0+0 5 plies=4 score=1,2" "" "3/1M1/3[] w - - 3+3 +1+2 5"
refuse "3/1M1/3[] w - - 3+3 1+0 5" "field +score is written +N+M..., not '1+0'"
refuse "3/1M1/3[] w - - 3+3+1 +1+0 5" "field left has more values than players"
refuse "3/1M1/3[] w - - 3 +1+0 5" "field left has 1 value for 2 players"
refuse "3/1M1/3[Mx] w - - 3+3 +1+0 5" "hands: 'x' is not a piece code"
# examples/threecheck.rules: `3-checks? ... +checks?`, Fairy-Stockfish's checks still to give
# (3 less those given) after en passant, or lichess's checks given at the end; either may be
# absent, and the count is written once, in the first form
rules=$srcdir/examples/threecheck.rules
check "4k3/8/8/8/8/8/8/4K2R w - - 0 1 +2+0" "" "4k3/8/8/8/8/8/8/4K2R w - - 1+3 0 1"
check "4k3/8/8/8/8/8/8/4K2R w - - 1+3 0 1" "" "4k3/8/8/8/8/8/8/4K2R w - - 1+3 0 1"
check "4k3/8/8/8/8/8/8/4K2R w - - 0 1" "" "4k3/8/8/8/8/8/8/4K2R w - - 3+3 0 1"
# the Rook's check h1h8 is White's second: 2+3 becomes 1+3 (and the halfmove clock 1)
check "4k3/8/8/8/8/8/8/4K2R w - - 2+3 0 1" "h1h8" "4k2R/8/8/8/8/8/8/4K3 b - - 1+3 1 1"
[ $status = 0 ] && echo "ok: position fields -, board[hands], N+M, +N+M, K-v, optional; uncounted not written"
exit $status
