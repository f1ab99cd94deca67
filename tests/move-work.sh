#!/bin/sh
# The work a move may take (src/engine/search.c, SearchLimits.work; docs/engine.md §1): `--move-work N`
# stops a search after N million steps of rules code, finishing the node it is in (whose
# generation is bounded by the 1000 million steps a position may take), and with no limit given
# selfplay searches to depth 3 (or more) within 1000 million. The rules file makes every node slow: each
# position's generation runs 400 x 10000 loop turns (the F21 reproducer, tens of millions of
# steps) and offers 401 moves, so a depth-2 search would generate 401 such positions and depth 3
# 160000 (hours). Each run below must end, its instructions (`--profile`) within the bound plus
# one position's generation, and the unbounded depth-3 search must not. With no limit given the
# search also goes past depth 3 while it is cheap (src/engine/search.c, still_cheap). Run by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/fuzz-regress/cli/slow-nodes.rules
status=0
run() {     # selfplay options: "DEPTH INSTRUCTIONS" of the first move, or nothing if it did not end
    timeout "$limit" ./boardvm selfplay "$rules" --max-plies 1 --profile "$@" 2>&1 |
        awk '$1 == "1." { for (i = 1; i < NF; i++) if ($i == "depth") d = $(i + 1) }
             $1 == "profile:" { print d, $2 }'
}
check() {   # what, most instructions, selfplay options
    what=$1 most=$2; shift 2
    set -- $(run "$@")
    if [ -n "${2:-}" ] && [ "$2" -le "$most" ]; then
        echo "ok: $what: depth $1, $2 instructions"
    else
        echo "FAIL: $what: depth ${1:-none}, ${2:-no} instructions (at most $most)"
        status=1
    fi
}
limit=120
check "--move-work 100" 1100000000 --move-work 100
check "no limit given: depth 3 within 1000 million steps" 2000000000
# the header names the limit
head=$(./boardvm selfplay "$rules" --move-work 100 --max-plies 1 | head -n 1)
[ "$head" = "game 1: slow nodes, boardvm 100 M steps" ] && echo "ok: the header: $head" ||
    { echo "FAIL: the header of --move-work 100: $head"; status=1; }
limit=5
set -- $(run --depth 3)
[ -z "${2:-}" ] && echo "ok: --depth 3 alone does not end in 5 s" ||
    { echo "FAIL: --depth 3 alone ended: $*"; status=1; }
# The default search goes deeper than 3 where the tree is small (chess from the start: a few
# hundred nodes at depth 3), and not with an explicit --depth 3; the header says which.
chess=$srcdir/rules/chess.rules
out=$(./boardvm selfplay "$chess" --max-plies 1)
d=$(echo "$out" | awk '$1 == "1." { for (i = 1; i < NF; i++) if ($i == "depth") print $(i + 1) }')
case $out in "game 1: FIDE Chess, boardvm depth 3+"*) ;; *) d=header ;; esac
[ "${d:-0}" != header ] && [ "${d:-0}" -gt 3 ] && echo "ok: chess, no limit given: depth $d" ||
    { echo "FAIL: chess, no limit given: depth ${d:-none}: $out"; status=1; }
d=$(./boardvm selfplay "$chess" --max-plies 1 --depth 3 |
    awk '$1 == "1." { for (i = 1; i < NF; i++) if ($i == "depth") print $(i + 1) }')
[ "$d" = 3 ] && echo "ok: chess, --depth 3: depth 3" ||
    { echo "FAIL: chess, --depth 3: depth ${d:-none}"; status=1; }
# --move-work is a number of million steps, at least 1
./boardvm selfplay "$rules" --move-work 0 >/dev/null 2>&1 && { echo "FAIL: --move-work 0 accepted"; status=1; }
./boardvm selfplay "$rules" --move-work x >/dev/null 2>&1 && { echo "FAIL: --move-work x accepted"; status=1; }
exit $status
