#!/bin/sh
# tests/zrf-options.sh - position flags and the options of issue 35 (src/zrf/zrf_moves.c,
# zrf_lower.c, src/runtime/capture.c), on tests/zrf/options.zrf. Every expected move list was
# worked out by hand from the file's comments and docs/zrf.md, and each case fails if its rule
# is wrong: a flag shared between blocks loses a1b1, a flag lost at an add loses a1c3, a
# "maximal captures" 2 that counted kings first would keep b2b3 in variant 5, no recycling
# leaves Black without a move, goals that count the board only end variant 8, a part that
# lands where the block stands instead of on `to`'s square makes no a1c3.
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
. "$srcdir/tests/zrf/tap.sh"   # LC_ALL=C, cd tests/zrf, ok/bad


# moves VARIANT "EXPECTED MOVES" [PLAYED...]: the legal moves, sorted, after the moves played
moves() {
    v=$1 want=$2; shift 2
    got=$("$bvm" show options.zrf -o "variant=$v" --moves "$*" 2>&1 |
          sed -n 's/^legal moves ([0-9]*): //p' | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': $want"
    else bad "variant $v after '$*': moves '$got', not '$want'"; fi
}
# position VARIANT "EXPECTED" PLAYED...: the position string after the moves
position() {
    v=$1 want=$2; shift 2
    got=$("$bvm" show options.zrf -o "variant=$v" --moves "$*" 2>&1 | sed -n 's/^position: //p')
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': $want"
    else bad "variant $v after '$*': position '$got', not '$want'"; fi
}
# result VARIANT "EXPECTED" PLAYED...: the result line after the moves ("" for none)
result() {
    v=$1 want=$2; shift 2
    got=$("$bvm" show options.zrf -o "variant=$v" --moves "$*" 2>&1 | sed -n 's/^result: //p')
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': result '$want'"
    else bad "variant $v after '$*': result '$got', not '$want'"; fi
}

# position flags: per block, cleared by false, nothing off the board, kept after an add
moves 1 "a1a2 a1a3 a1b1 a1b2 a1c3"
# maximal captures 2: the most pieces, then the most kings (not Man, the first type)
moves 2 "b2b3"
moves 3 "b2b1 b2b3 b2c2"
moves 4 "b2a2 b2b1 b2b3 b2c2"
moves 5 "b2c2"
# recycle captures: Black's Stone, taken, can be dropped on any of the 7 empty squares
moves 6 "S@a1 S@a3 S@b1 S@b2 S@b3 S@c1 S@c2" a1a2
moves 7 "" a1a2
# include off-pieces: the Stone off the board counts for pieces-remaining
result 8 "" a1a2
moves 8 "b3c3" a1a2
result 9 "Black loses: Black meets a loss condition" a1a2

# add-partial after `to`: the parts land on to's squares
moves 10 "a1c3"
position 10 "2J/3/3 b" a1c3
moves 11 "a1a3"
position 11 "J2/3/3 b" a1a3

echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
