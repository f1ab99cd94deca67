#!/bin/sh
# bench/peak-memory.sh OLD NEW [RUNS]: the peak memory (maximum resident set, KB, as
# `/usr/bin/time -f %M` prints it) of two boardvm builds on every shipped game and the examples
# docs/runtime.md reports, medians of RUNS runs (default 3), as the rows of a Markdown table:
#   perft at depth 1   the program, its libraries and the compiled game
#   perft at depth D   the default depth of bench/compare.py: what the perft itself adds
#   selfplay           a search: `selfplay --depth 2 --max-plies 10` (its hash table is most of it)
# Each binary reads the rules files of its own source tree when it sits in one (an old build may
# not read today's files), as bench/compare.py does. Example, against the commit before the
# runtime work:
#   bench/peak-memory.sh /work/wt-base/boardvm ./boardvm
set -u
[ $# -ge 2 ] || { echo "usage: bench/peak-memory.sh OLD NEW [RUNS]" >&2; exit 2; }
old=$1 new=$2 runs=${3:-3}
top=$(cd "$(dirname "$0")/.." && pwd)
[ -x /usr/bin/time ] || { echo "bench/peak-memory.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }

rules_for() {    # $1 binary, $2 rules file relative to a source tree
    own=$(dirname "$1")/$2
    if [ -f "$own" ]; then echo "$own"; else echo "$top/$2"; fi
}

# the median of $runs runs of a command's maximum resident set
peak() {
    i=0
    while [ $i -lt "$runs" ]; do
        /usr/bin/time -f %M -o /tmp/peak-memory.$$ "$@" >/dev/null 2>&1 ||
            { echo "bench/peak-memory.sh: failed: $*" >&2; exit 1; }
        tail -n 1 /tmp/peak-memory.$$
        i=$((i + 1))
    done | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
    rm -f /tmp/peak-memory.$$
}

echo "| game | perft 1: old | new | perft D: D | old | new | selfplay: old | new |"
echo "|---|---|---|---|---|---|---|---|"
while read -r name rules depth; do
    ro=$(rules_for "$old" "$rules") rn=$(rules_for "$new" "$rules")
    p1o=$(peak "$old" perft "$ro" 1) p1n=$(peak "$new" perft "$rn" 1)
    pdo=$(peak "$old" perft "$ro" "$depth") pdn=$(peak "$new" perft "$rn" "$depth")
    so=$(peak "$old" selfplay "$ro" --depth 2 --max-plies 10)
    sn=$(peak "$new" selfplay "$rn" --depth 2 --max-plies 10)
    echo "| $name | $p1o | $p1n | $depth | $pdo | $pdn | $so | $sn |"
done <<EOF
chess rules/chess.rules 5
smegi rules/smegi.rules 5
spinal-tap rules/spinal-tap.rules 4
ivory-tower rules/ivory-tower.rules 3
four-towers rules/four-towers.rules 3
nemoroth rules/nemoroth.rules 3
xiangqi examples/xiangqi.rules 4
shogi examples/shogi.rules 4
capablanca examples/capablanca.rules 4
EOF
