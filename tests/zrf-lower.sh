#!/bin/sh
# tests/zrf-lower.sh - ZRF constructs lowered into boardvm's programs (src/zrf/zrf_moves.c,
# zrf_lower.c), one construct a piece of tests/zrf/micro.zrf on a 3 x 3 board. Every expected
# move list and position below was worked out by hand from the file's comments and docs/zrf.md
# (the position strings: ranks from the top, White's pieces in capitals, then the side to move
# and the previous move's from- and to-square, which last-to? needs). Also the messages for
# what the reader does not take (tests/zrf/lower/e-*.zrf, their .err exact).
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
. "$srcdir/tests/zrf/tap.sh"   # LC_ALL=C, cd tests/zrf, ok/bad
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-zrfl.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT


# moves VARIANT "EXPECTED MOVES" [PLAYED...]: the legal moves, sorted, after the moves played
moves() {
    v=$1 want=$2; shift 2
    got=$("$bvm" show micro.zrf -o "variant=$v" --moves "$*" 2>&1 | sed -n 's/^legal moves ([0-9]*): //p' |
          tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': $want"
    else bad "variant $v after '$*': moves '$got', not '$want'"; fi
}
# position VARIANT "EXPECTED" PLAYED...: the position string after the moves
position() {
    v=$1 want=$2; shift 2
    got=$("$bvm" show micro.zrf -o "variant=$v" --moves "$*" 2>&1 | sed -n 's/^position: //p')
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': $want"
    else bad "variant $v after '$*': position '$got', not '$want'"; fi
}

# capture is pending: the Jumper's second (verify enemy?) still sees the Stone it captures
moves 1 "a1a3"
position 1 "J2/3/3 b a1 a3" a1a3
# change-type on the destination acts on the piece that arrives (done first, it would fail)
position 2 "2(st)/Q2/3 b a1 a2" a1a2
# (add Queen Rook): a move a type; the block goes on as the Upgrader (a1b2)
moves 3 "a1a2=Q a1a2=R a1b2"
position 3 "2(st)/R2/3 b a1 a2" a1a2=R
# mark, back, a flag: a1's north is a friend, a2's is empty
moves 4 "a2b2"
# last-to?: none at the start; after b3b2, the Hunter takes b2 and lands on b3
moves 5 "c1c2"
moves 5 "a2b3 c2c3" c1c2 b3b2
position 5 "1H1/2P/3 b a2 b3" c1c2 b3b2 a2b3
# cascade, back, from, to: the Swapper to a2, then its friend from b1 to b2, one move
moves 6 "a1a2"
position 6 "2(st)/S(St)1/3 b a1 a2" a1a2
# set-attribute where the Walker lands reaches it; on b1, empty when the move is made, nothing
moves 7 "a1a2 a1c1"
position 7 "2(st)/W{moved?=1}2/3 b a1 a2" a1a2
position 7 "2(st)/3/2W b a1 c1" a1c1
# not-attacked? on an empty square: b1 is attacked by the Pawn's diagonal capture from c2 (as if
# a piece stood there), c1 only by its straight step, which is no attack. With no move, White
# has lost (no goal says otherwise: docs/zrf.md, "Goals")
moves 9 "b1c1"
n=$((n + 1))
if "$bvm" show micro.zrf -o variant=8 2>&1 | grep -q '^result: White loses'; then echo "ok $n - variant 8: b1 attacked"
else fails=$((fails + 1)); echo "not ok $n - variant 8: the King may step onto b1"; fi

# what the reader refuses: one message, with the line and a caret
for f in lower/e-*.zrf; do
    n=$((n + 1))
    (cd lower && "$bvm" moves "$(basename "$f")") > "$tmp/out" 2> "$tmp/err"
    st=$?
    if [ $st -eq 1 ] && cmp -s "$tmp/err" "${f%.zrf}.err"; then echo "ok $n - $f refused"
    else fails=$((fails + 1)); echo "not ok $n - $f: status $st"; diff "${f%.zrf}.err" "$tmp/err"; fi
done

echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
