#!/bin/sh
# A crowded scream of rules/nemoroth.rules stays cheap: the orders that cannot be the smallest
# of their outcome are skipped (`scream` in the rules file), so eight neighbours take well under
# a million steps. Trying all 40320 orders took 190 million, and in a game it held the engine to
# depth 1-2 for ten moves (docs/engine.md §5). The move lists themselves are checked against the
# reference in tests/nemoroth.test (N17-N17e); this only bounds the work. Run by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/rules/nemoroth.rules
status=0
check() {   # what, position string
    if out=$(./boardvm moves "$rules" --fen "$2" --work 2 2>&1); then
        echo "ok: $1: $(echo "$out" | grep -c '!') screams within 2 million steps"
    else
        echo "FAIL: $1: $out"
        status=1
    fi
}
check "N17, eight Humans and a Basilisk around the Go Away" \
    '8/7h/2HbH3/2HaH3/2H{statue=1}HH{statue=1}3/8/7H/8 o'
check "N17b, a game's Go Away with eight neighbours" \
    '1l2M1a1/M3h3/MM1[h{statue=1}M]1g{statue=1}2/4h2h/8/1G1H{statue=1}HH{statue=1}HW/H1HHAH1A/W2LBL2 a'
exit $status
