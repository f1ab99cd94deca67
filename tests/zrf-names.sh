#!/bin/sh
# tests/zrf-names.sh - board-setup lists that mix positions and `off N`, and a piece named like
# a position (issue 35, docs/zrf.md "Names"), on tests/zrf/names.zrf; an attribute named like
# a player, on tests/zrf/attr-names.zrf. The expected values are
# worked out by hand from the file's comments; the working is below.
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
. "$srcdir/tests/zrf/tap.sh"   # LC_ALL=C, cd tests/zrf, ok/bad
field() {   # field NAME PLAYED...: a line of `boardvm show` after the moves
    f=$1; shift
    "$bvm" show names.zrf --moves "$*" 2>&1 | sed -n "s/^$f: //p"
}

# (White (Man a1 off 2 c1) (b2 a2)), (Black (Man c3)): Men on a1 and c1, two in White's hand,
# the piece b2 (B) on a2, Black's Man on c3. Ranks from the top: 2m / B2 / M1M; hand 2M.
got=$(field position)
[ "$got" = "2m/B2/M1M w 2M" ] && ok "the start: a1, c1 and two off the board" || bad "the start: '$got'"
# White's moves: B steps n from a2 to a3 (empty); a Man is dropped on any empty position: a3 b1
# b2 b3 c2 (a1 a2 c1 c3 are taken). b2 is the position here, the piece's name elsewhere.
got=$(field "legal moves ([0-9]*)" | tr ' ' '\n' | sort | tr '\n' ' ')
[ "$got" = "a2a3 a3 b1 b2 b3 c2 " ] && ok "a2a3 and five drops" || bad "the moves: '$got'"
# the piece keeps its own name, b2, where the game is shown
"$bvm" show names.zrf 2>&1 | grep -q '^key: M Man, B b2;' && ok "the piece is named b2" ||
    bad "the piece's name: $("$bvm" show names.zrf 2>&1 | grep '^key')"
# a drop on the position b2: one Man left in the hand; then Black (no Man in hand, its c3 Man
# with no move) is stalemated and loses
got=$(field position b2)
[ "$got" = "2m/BM1/M1M b M" ] && ok "a Man dropped on b2" || bad "after b2: '$got'"
got=$(field result b2)
case $got in "Black loses"*) ok "Black, without a move, loses" ;; *) bad "after b2: result '$got'" ;; esac
# B's step: a2a3, the hand unchanged
got=$(field position a2a3)
[ "$got" = "B1m/3/M1M b 2M" ] && ok "B steps to a3" || bad "after a2a3: '$got'"

# an attribute named like a player (attr-names.zrf): Zillions keeps them apart; the lowered
# game calls the attribute "Blue(attribute)". Start: each Man's Blue true (block 1: a1a2 only);
# after a1a2 c1c2 both are false (block 2: Red's a2b2 only); then Blue has no move and loses
sa() { "$bvm" show attr-names.zrf --moves "$1" 2>&1 | sed -n "s/^$2: //p"; }
got=$(sa "" "legal moves ([0-9]*)")
[ "$got" = "a1a2" ] && ok "attribute Blue of player Blue: a1a2" || bad "attr-names start: '$got'"
got=$(sa "" position)
[ "$got" = "3/3/M{Blue(attribute)=1}1m{Blue(attribute)=1} r" ] && ok "attribute in the position" ||
    bad "attr-names position: '$got'"
got=$(sa "a1a2 c1c2" "legal moves ([0-9]*)")
[ "$got" = "a2b2" ] && ok "Blue set false: a2b2" || bad "attr-names after a1a2 c1c2: '$got'"
got=$(sa "a1a2 c1c2 a2b2" result)
case $got in "Blue loses"*) ok "Blue, without a move, loses" ;; *) bad "attr-names result: '$got'" ;; esac

echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
