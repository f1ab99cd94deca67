#!/bin/sh
# tests/zrf-turns.sh - Zillions' turn-order tables, move types and move-priorities on
# tests/zrf/turns.zrf's 3 x 3 board, and moves in several parts (add-partial) on
# tests/zrf/partial.zrf's 5 x 5 (docs/zrf.md). Every expected move list, position and perft count below was worked out by hand from
# the file's comments and docs/zrf.md; the working is in the comments. Position strings: ranks
# from the top (rank 3 first), White's pieces in capitals (M Man, L Lame, K King, R Rook,
# S Stone), the side to move, then the entry of the turn order whose turn it is (from 0), when
# the game has a table.
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
. "$srcdir/tests/zrf/tap.sh"   # LC_ALL=C, cd tests/zrf, ok/bad


# moves VARIANT "EXPECTED MOVES" [PLAYED...]: the legal moves, sorted, after the moves played
file=turns.zrf
moves() {
    v=$1 want=$2; shift 2
    got=$("$bvm" show $file -o "variant=$v" --moves "$*" 2>&1 | sed -n 's/^legal moves ([0-9]*): //p' |
          tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': $want"
    else bad "variant $v after '$*': moves '$got', not '$want'"; fi
}
# fenmoves VARIANT "POSITION" "EXPECTED MOVES": the legal moves of a position string
fenmoves() {
    got=$("$bvm" show $file -o "variant=$1" --fen "$2" 2>&1 | sed -n 's/^legal moves ([0-9]*): //p' |
          tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$3" ]; then ok "variant $1 at '$2': $3"
    else bad "variant $1 at '$2': moves '$got', not '$3'"; fi
}
# position VARIANT "EXPECTED" PLAYED...: the position string after the moves
position() {
    v=$1 want=$2; shift 2
    got=$("$bvm" show $file -o "variant=$v" --moves "$*" 2>&1 | sed -n 's/^position: //p')
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': $want"
    else bad "variant $v after '$*': position '$got', not '$want'"; fi
}
# perft VARIANT DEPTH COUNT
perft() {
    got=$("$bvm" perft $file "$2" -o "variant=$1" 2>&1 | sed -n 's/^perft [0-9]*: \([0-9]*\) leaves.*/\1/p')
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

# Moves in parts, tests/zrf/partial.zrf (S a Stone; J Jumper, F Flyer, P Pawn, R Rider).
file=partial.zrf
# 1. The Jumper on a1 jumps a2 to a3, then must jump on: b3 to c3; from c3 nothing more (c4 and
# d3 are empty). One move, a1c3, both Stones taken; a1a3 is no move (it could go on).
moves 1 "a1c3"
position 1 "5/5/2J2/5/5 b" a1c3
# 2. Two ways to c3: over a2 and b3 (by a3), over b1 and c2 (by c1); each takes two Stones and
# leaves the other two: the strings name the square each part ended on.
moves 2 "a1c3(a3) a1c3(c1)"
position 2 "5/5/1sJ2/s4/5 b" "a1c3(c1)"
# 3. "pass partial": the move may also end after the first part.
moves 3 "a1a3 a1c3"
# 4. The Flyer: each empty square north is a part, which goes on with a hop east over an enemy
# where there is one: only from a3 (over b3 to c3). So a1a3 is no move, and a1c3 is one; the
# flight goes on past a3 to a4 and a5.
moves 4 "a1a2 a1a4 a1a5 a1c3"
# 5. The Pawn jumps a2 to a3, then a4 to a5 on the top row: it becomes a Rider there and goes
# on with the Rider's jumps east, b5 to c5, d5 to e5. One move, every Stone taken.
moves 5 "a1e5=R"
position 5 "4R/5/5/5/5 b" a1e5=R
# 6. A move in parts that takes nothing may not come back where it has stood (docs/zrf.md),
# so it ends: the Walker in the room a1 a2 b1 b2 goes round it one way or the other, a1 a2 b2
# b1 or a1 b1 b2 a2, and stops where its next step would come back: a1b1 and a1a2.
moves 6 "a1a2 a1b1"
# 7, 8. The Jumper over a2 to a3 ends there (a4 and b3 are empty): one Stone; over b1 to c1,
# then c2 to c3: two. Both are moves; with "maximal captures" only the one that takes two.
moves 7 "a1a3 a1c3"
moves 8 "a1c3"
# 9. English checkers (tests/zrf/games/checkers.zrf, its perft in zrf-games.test; Black in
# capitals, moving down the board). Black's man on d6 jumps c5 to b4, then must jump c3 to d2.
# A man on e3 jumps d2 to c1, the far rank: crowned, and the move ends there, though the King
# could jump b2 next.
file=games/checkers.zrf
fenmoves 1 "8/8/3M4/2m5/8/2m5/8/8 b" "d6d2"
fenmoves 1 "8/8/8/8/8/4M3/1m1m4/8 b" "e3c1=K"

# (what the reader refuses, a turn of another player's moves and a player outside the turn
# order: tests/zrf/lower/e-as.zrf, e-neutral.zrf, in tests/zrf-lower.sh)
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
