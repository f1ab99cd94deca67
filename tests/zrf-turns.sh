#!/bin/sh
# tests/zrf-turns.sh - Zillions' turn-order tables, move types and move-priorities
# (docs/zrf.md, "Turn orders" and "Move types and priorities"), on tests/zrf/turns.zrf's 3 x 3
# board. Every expected move list, position and perft count below was worked out by hand from
# the file's comments and docs/zrf.md; the working is in the comments. Position strings: ranks
# from the top (rank 3 first), White's pieces in capitals (M Man, L Lame, K King, R Rook,
# S Stone), the side to move, then the entry of the turn order whose turn it is (from 0), when
# the game has a table.
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
export LC_ALL=C
cd "$srcdir/tests/zrf" || exit 1
n=0 fails=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }

# moves VARIANT "EXPECTED MOVES" [PLAYED...]: the legal moves, sorted, after the moves played
moves() {
    v=$1 want=$2; shift 2
    got=$("$bvm" show turns.zrf -o "variant=$v" --moves "$*" 2>&1 | sed -n 's/^legal moves ([0-9]*): //p' |
          tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': $want"
    else bad "variant $v after '$*': moves '$got', not '$want'"; fi
}
# fenmoves VARIANT "POSITION" "EXPECTED MOVES": the legal moves of a position string
fenmoves() {
    got=$("$bvm" show turns.zrf -o "variant=$1" --fen "$2" 2>&1 | sed -n 's/^legal moves ([0-9]*): //p' |
          tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$3" ]; then ok "variant $1 at '$2': $3"
    else bad "variant $1 at '$2': moves '$got', not '$3'"; fi
}
# position VARIANT "EXPECTED" PLAYED...: the position string after the moves
position() {
    v=$1 want=$2; shift 2
    got=$("$bvm" show turns.zrf -o "variant=$v" --moves "$*" 2>&1 | sed -n 's/^position: //p')
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': $want"
    else bad "variant $v after '$*': position '$got', not '$want'"; fi
}
# perft VARIANT DEPTH COUNT
perft() {
    got=$("$bvm" perft turns.zrf "$2" -o "variant=$1" 2>&1 | sed -n 's/^perft [0-9]*: \([0-9]*\) leaves.*/\1/p')
    if [ "$got" = "$3" ]; then ok "variant $1 perft $2: $3"
    else bad "variant $1 perft $2: '$got', not $3"; fi
}

# 1. (turn-order White White Black): Men on a1 b1 against c3; a Man steps n onto an empty
# square or jumps an enemy right ahead. d1: a1a2 b1b2. d2, White again: after a1a2, a2a3 b1b2;
# after b1b2, a1a2 b2b3 (4). d3, Black: in each of the 4 its c3 Man steps to c2 (a jump needs
# a White Man on c2) (4). d4, White (the table starts again): W a3 b1: b1b2 only; W a2 b2 (two
# ways there): a2a3 b2b3 each; W a1 b3: a1a2 only: 1 + 2 + 2 + 1 = 6. Alternation would give
# 2 2 4 ...
perft 1 1 2
perft 1 2 4
perft 1 3 4
perft 1 4 6
position 1 "2m/M2/1M1 w 1" a1a2
position 1 "2m/MM1/3 b 2" a1a2 b1b2
position 1 "3/MMm/3 w 0" a1a2 b1b2 c3c2

# 2. (turn-order White repeat Black Black White): White once, then Black Black White over and
# over (after the last entry, the one after `repeat`, entry 1). After b3b2 White's a2 steps to
# a3 and b1 jumps b2 to b3.
position 2 "1mm/M2/1M1 b 1" a1a2
position 2 "1m1/M1m/1M1 b 2" a1a2 c3c2
position 2 "3/Mmm/1M1 w 3" a1a2 c3c2 b3b2
moves 2 "a2a3 b1b3" a1a2 c3c2 b3b2
position 2 "M2/1mm/1M1 b 1" a1a2 c3c2 b3b2 a2a3

# 3. ((White step) (Black step) repeat White Black): at a typed turn only the moves of that
# type, and no move of no type. White: Men a1 c1, Lame b2; Black: Men a2 b3 c3. Entry 0: a1's
# jump over a2 is a jump, the Lame's b2c2 has no type: only c1c2. Entry 2 (any move): all
# three. Black at entry 1: b3's jump over the Lame to b1 is a jump: only c3c2; at entry 3 both.
moves 3 "c1c2"
fenmoves 3 "1mm/mL1/M1M w 2" "a1a3 b2c2 c1c2"
fenmoves 3 "1mm/mL1/M1M b 1" "c3c2"
fenmoves 3 "1mm/mL1/M1M b 3" "b3b1 c3c2"
position 3 "1mm/mLM/M2 b 1" c1c2

# 4. (move-priorities jump step): the best type present; a move of no type (the Lame's) after
# them all. Start: a1a2 (a step) beats b1c1. A Black Man on a2: a1a3 (a jump) beats both. On
# a3, with a White Man on a2: no jump (the square behind is off the board), no step: b1c1.
# Black's a3 jumps a White Man on a2 to a1: its only move anyway.
moves 4 "a1a2"
fenmoves 4 "3/m2/ML1 w" "a1a3"
fenmoves 4 "m2/M2/1L1 w" "b1c1"
moves 4 "a3a1" a1a2

# 5. ... with "pass turn": the pass stays beside the best type (a1a3 beats b1c1).
moves 5 "a1a3 pass"

# 6. Priorities among the legal moves: the Man's jump b1b3 over the Stone would open rank 1
# to the Rook on c1, so the King would be attacked: not legal. The best type among the legal
# moves is then the King's steps: a1a2, and a1b2 taking the Stone (neither attacked: the Rook
# sees c2 c3 and b1). Had the priorities been applied before legality, White would have no
# move.
moves 6 "a1a2 a1b2"

# (what the reader refuses, a turn of another player's moves and a player outside the turn
# order: tests/zrf/lower/e-as.zrf, e-neutral.zrf, in tests/zrf-lower.sh)
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
