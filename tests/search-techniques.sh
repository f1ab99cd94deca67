#!/bin/sh
# The search's prunings and reductions (src/engine/search.c; docs/engine.md §6.3): null-move pruning,
# late-move reductions, futility pruning and aspiration windows. Each is there to search less
# for the same answer. On four tactical positions with a published solution (Win At Chess 6, 8,
# 9 and 10, whose key moves Fairy-Max 5.0b also plays at depth 8-9), a depth-6 search with every
# technique on must find the key move, and the four searches together must visit fewer nodes
# than they do with any one technique switched off (`selfplay --off`; one position alone may
# not gain from every technique). A technique that stopped working (or was gone) would leave
# the count as it is without it. Run by `make check`.
srcdir=${srcdir:-.}
status=0
search() {  # position, techniques off: "MOVE NODES" of a depth-6 search
    ./boardvm selfplay "$srcdir/rules/chess.rules" --fen "$1" --depth 6 --max-plies 1 --off "$2" |
        awk '{ for (i = 1; i < NF; i++) if ($i == "score") m = $(i - 1);
               for (i = 1; i < NF; i++) if ($i == "nodes") print m, $(i + 1) }'
}
total() {   # techniques off: the nodes of the four searches
    n=0 techniques_off=$1
    while read -r name key fen; do
        set -- $(search "$fen" "$techniques_off")
        n=$((n + ${2:-0}))
    done <"$positions"
    echo $n
}
positions=${TMPDIR:-/tmp}/search-techniques.$$
trap 'rm -f "$positions"' EXIT
cat >"$positions" <<'EOF'
WAC.006 b6b7 7k/p7/1R5K/6r1/6p1/6P1/8/8 w - - 0 1
WAC.008 e7f7 r4q1k/p2bR1rp/2p2Q1N/5p2/5p2/2P5/PP3PPP/R5K1 w - - 0 1
WAC.009 d6h2 3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1
WAC.010 h4h7 2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - - 0 1
EOF
while read -r name key fen; do
    set -- $(search "$fen" -)
    if [ "$1" = "$key" ]; then echo "ok: $name: $key"
    else echo "FAIL: $name: expected $key, got '$1'"; status=1; fi
done <"$positions"
all=$(total -)
for off in null lmr futility aspiration rfp qprune; do
    without=$(total "$off")
    if [ "$all" -gt 0 ] && [ "$all" -lt "$without" ]; then
        echo "ok: $all nodes with every technique, $without without $off"
    else echo "FAIL: $all nodes with every technique, $without without $off"; status=1; fi
done
exit $status
