#!/bin/sh
# The evaluation (src/engine/search.c evaluate()): a piece in hand is material only in a game with
# drops. Storm the Ivory Tower keeps each side's lost pieces in its own hand (no drops): a side
# whose Numskull (value 500) was taken is a Numskull down, not even. Run by `make check`.
srcdir=${srcdir:-.}
status=0
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"
    else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}
score() {   # the depth-1 score of the side to move in position $1 of rules file $2
    ./boardvm selfplay "$srcdir/rules/$2" --fen "$1" --depth 1 --max-plies 1 |
        awk '{ for (i = 1; i < NF; i++) if ($i == "score") print $(i + 1) }'
}
start='uydtbtdyu/9/1c5c1/n1n1n1n1n/9/9/N1N1N1N1N/1C5C1/9/UYDTBTDYU'
s=$(score "$start b -" ivory-tower.rules)
check "Ivory Tower, the start with Blue to move: even (within 100)" yes \
    "$(awk -v s="$s" 'BEGIN { print (s != "" && s > -100 && s < 100) ? "yes" : "no" }')"
# Blue's a10 Numskull taken, in Blue's pool: Blue to move is about 500 down (within 100:
# the other terms, centrality and mobility, are small); counting the pool it would be even
s=$(score "1${start#u} b u" ivory-tower.rules)
check "Ivory Tower, Blue a Numskull down: about -500" yes \
    "$(awk -v s="$s" 'BEGIN { print (s != "" && s > -600 && s < -400) ? "yes" : "no" }')"
# in crazyhouse (drops) a piece in hand still counts: White with a knight in hand and one
# fewer on the board (b1) is even, not 320 down
s=$(score 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[N] w KQkq - 0 1' ../examples/crazyhouse.rules)
check "crazyhouse, a knight in hand: even (within 100)" yes \
    "$(awk -v s="$s" 'BEGIN { print (s != "" && s > -100 && s < 100) ? "yes" : "no" }')"
# The mobility term (docs/engine.md §6.8) is for two-player games without a royal piece whose end
# block says first that a side with no move loses (`boardvm disasm` names it). Read from the
# rules files: Nemoroth, checkers and draughts say `if no-moves { lose ...` first; antichess
# wins with no move, Othello decides by the discs, chess has a royal king.
counts() { ./boardvm disasm "$1" 2>&1 | grep -c "^engine: a side with no legal move loses"; }
for f in rules/nemoroth.rules examples/checkers.rules examples/draughts.rules; do
    check "$f: mobility counted" 1 "$(counts "$srcdir/$f")"
done
for f in examples/antichess.rules examples/othello.rules rules/chess.rules; do
    check "$f: mobility not counted" 0 "$(counts "$srcdir/$f")"
done
# checkers with its end block changed: a win for no move, no end block (a side with no move
# then loses), and the loss not first (the compiler reads only the first statement)
tmp=${TMPDIR:-/tmp}/eval-mob.$$
mkdir -p "$tmp" && trap 'rm -rf "$tmp"' EXIT
sed 's/if no-moves { lose "no moves"; }/if no-moves { win "no moves"; }/' "$srcdir/examples/checkers.rules" > "$tmp/win.rules"
sed '/^end {/,/^}/d' "$srcdir/examples/checkers.rules" > "$tmp/none.rules"
sed 's/if no-moves { lose "no moves"; }/if repetition >= 3 { draw \"repetition\"; } if no-moves { lose "no moves"; }/' \
    "$srcdir/examples/checkers.rules" > "$tmp/later.rules"
for f in win none later; do
    check "checkers variant $f compiles" 0 "$(./boardvm check "$tmp/$f.rules" >/dev/null 2>&1; echo $?)"
done
check "checkers, no move wins: not counted" 0 "$(counts "$tmp/win.rules")"
check "checkers, no end block: counted" 1 "$(counts "$tmp/none.rules")"
check "checkers, the loss after another statement: not counted" 0 "$(counts "$tmp/later.rules")"
# Nemoroth's statues count half their type's value (`piece var statue: bool value 50%;`): from
# the start, with Alabaster to move, a petrified Ghast (300) of Obsidian's on d8 puts Alabaster
# about 150 up, one of its own about 150 down (within 30 of the start's score: the statue's
# square and the search's depth-1 reply are the same in the three)
nstart='walgblaw/hhhhhhhh/8/8/8/8/HHHHHHHH/WALGBLAW a -'
s0=$(score "$nstart" nemoroth.rules)
s1=$(score 'walg{statue=1}blaw/hhhhhhhh/8/8/8/8/HHHHHHHH/WALGBLAW a -' nemoroth.rules)
s2=$(score 'walgblaw/hhhhhhhh/8/8/8/8/HHHHHHHH/WALG{statue=1}BLAW a -' nemoroth.rules)
within() { awk -v a="$1" -v b="$2" -v d="$3" 'BEGIN { print (a != "" && b != "" && a - b > d - 30 && a - b < d + 30) ? "yes" : "no" }'; }
check "Nemoroth, Obsidian's Ghast a statue: Alabaster about 150 up" yes "$(within "$s1" "$s0" 150)"
check "Nemoroth, Alabaster's Ghast a statue: Alabaster about 150 down" yes "$(within "$s2" "$s0" -150)"
exit $status
