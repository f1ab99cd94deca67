#!/bin/sh
# The evaluation (src/search.c evaluate()): a piece in hand is material only in a game with
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
s=$(score 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR N w KQkq - 0 1' ../examples/crazyhouse.rules)
check "crazyhouse, a knight in hand: even (within 100)" yes \
    "$(awk -v s="$s" 'BEGIN { print (s != "" && s > -100 && s < 100) ? "yes" : "no" }')"
exit $status
