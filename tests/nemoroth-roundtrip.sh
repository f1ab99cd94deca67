#!/bin/sh
# Position strings of rules/nemoroth.rules round-trip: `boardvm show --fen S` writes S back, for
# strings with stacks, statues, digesting Leaf Piles, Mummies, ichor timers and the compulsion
# marks; a stack given in another order comes back sorted (`on setup`: the order means nothing,
# A40), and a string given without the compulsion marks gets them (they are recomputed every
# turn). `-`: no earlier positions (the history field).
# Usage: tests/nemoroth-roundtrip.sh [BOARDVM]   (default ./boardvm; run from the top directory)
srcdir=${srcdir:-.}
bvm=${1:-./boardvm}
rules="$srcdir/rules/nemoroth.rules"
n=0; bad=0
check() {   # check INPUT EXPECTED [MOVES...]
    in=$1; want=$2; shift 2
    n=$((n + 1))
    # (after moves, the history field lists the earlier positions' keys: compared as `-`)
    if [ $# -gt 0 ]; then got=$("$bvm" show "$rules" --fen "$in" --moves "$@" |
        sed -n 's/^position: \([^ ]* [ao]\) [0-9a-f,]*/\1 -/p')
    else got=$("$bvm" show "$rules" --fen "$in" | sed -n 's/^position: //p'); fi
    if [ "$got" = "$want" ]; then echo "ok $n - $want"
    else echo "not ok $n - $in"; echo "#   want: $want"; echo "#   got:  $got"; bad=$((bad + 1)); fi
}
# canonical strings come back unchanged
for s in \
  'walgblaw/hhhhhhhh/8/8/8/8/HHHHHHHH/WALGBLAW a -' \
  '3Z1w2/8/3A1l{digesting=1}2/8/3H1[HM]2/8/8/8 o - ichor=e7:10' \
  '8/8/2Mla{statue=1}g2/2H[h{statue=1}Z{mo=1}]4/2h5/8/8/8 a - ichor=c4:5' \
  '8/8/8/2M1g3/2h{statue=1}L{digesting=1,fl=1,d0=2}4/3[ah]h3/7H/8 a - ichor=c3:4' \
  '8/7h/2h{statue=1}5/8/3[B{mo=1}M]4/2L{statue=1}1M3/1A5H/8 a - ichor=e6:7' \
  '1b6/8/3g4/8/W7/8/8/8 a - ichor=a1:6' \
  '8/8/8/8/8/8/8/[A{mo=1}H{mo=1}H{mo=1,twin=1}h{statue=1}MM]7 a -' ; do
  check "$s" "$s"
done
# a stack in another order comes back sorted; the marks are recomputed
check '8/8/8/8/8/8/8/[MHh{statue=1}AMH]7 a -' '8/8/8/8/8/8/8/[A{mo=1}H{mo=1}H{mo=1,twin=1}h{statue=1}MM]7 a -'
check '8/8/2Mla{statue=1}g2/2H[Zh{statue=1}]4/2h5/8/8/8 a - ichor=c4:5' '8/8/2Mla{statue=1}g2/2H[h{statue=1}Z{mo=1}]4/2h5/8/8/8 a - ichor=c4:5'
# after a move: T11's scream (a Mummy joining a Human, a digesting Leaf Pile, fresh ichor)
check '8/2HHw3/2ZAhl2/3HM3/5H2/8/8/8 a - ichor=b8:2,b6:4' '3Z1w2/8/3A1l{digesting=1}2/8/3H1[HM]2/8/8/8 o - ichor=e7:10' 'd6!'
# T1's b1! (ichor a1:10, an engulfed Ghast, a statue)
check 'walgblaw/hhhhhhhh/8/8/8/8/HHHHHHHH/WALGBLAW a -' 'walgblaw/hhhhhhhh/8/8/8/1H1H{statue=1}4/3HHHHH/1A1L{digesting=1}BLAW o - ichor=a1:10' 'b1!'
echo "1..$n"
[ $bad -eq 0 ]
