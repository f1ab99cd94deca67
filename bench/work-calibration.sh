#!/bin/sh
# bench/work-calibration.sh - what a step of the work bound costs in CPU time, per workload.
#
#   bench/work-calibration.sh [BOARDVM] [MILLIONS]     (default ./boardvm, 1000)
#
# The work bound (docs/language.md "Limits": `--work N`, `moves work N;`, `--move-work N`) is
# counted in steps meant to cost about 2.5 ns each, so that the default bound of a command
# (1e10 steps) is some 25 s of CPU. Each workload below is run with `--work MILLIONS`, which it
# passes (so it stops at the bound); its user CPU time divided by the steps is the rate. A rate
# far above 2.5 ns means some work is not charged (issue 32: 262144 emitted moves under perft 2
# were 17 ns a step before emits and makes were charged). Three runs each, the median printed.
# The machine is shared: read the rates, not the seconds, and compare builds in one run.
set -u
bvm=${1:-./boardvm}
mil=${2:-1000}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
cli=$top/tests/fuzz-regress/cli
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

printf '%-28s %9s %10s\n' workload "cpu s" "ns/step"
# measure NAME ARGS...: the median user CPU seconds of three runs of boardvm ARGS --work MILLIONS
# (each workload must pass the bound: a deep perft, a hostile input), and the rate.
measure() {
    name=$1; shift
    secs=""
    for run in 1 2 3; do
        /usr/bin/time -f '%U' -o "$tmp" "$bvm" "$@" --work "$mil" >/dev/null 2>&1
        st=$?
        secs="$secs $(tail -n 1 "$tmp")"
    done
    [ $st -eq 1 ] || { printf '%-28s finished within the bound: not a measure\n' "$name"; return; }
    med=$(echo $secs | tr ' ' '\n' | sort -n | sed -n 2p)
    printf '%-28s %9s %10s\n' "$name" "$med" \
        "$(awk -v s="$med" -v m="$mil" 'BEGIN { printf "%.2f", s * 1e9 / (m * 1e6) }')"
}
measure "chess perft 7" perft "$top/rules/chess.rules" 7
measure "xiangqi perft 6" perft "$top/examples/xiangqi.rules" 6
measure "shogi perft 6" perft "$top/examples/shogi.rules" 6
measure "othello perft 12" perft "$top/examples/othello.rules" 12
measure "checkers perft 14" perft "$top/examples/checkers.rules" 14
measure "smegi perft 7" perft "$top/rules/smegi.rules" 7
measure "nemoroth perft 5" perft "$top/rules/nemoroth.rules" 5
measure "four towers, crowded dragon" moves "$top/rules/four-towers.rules" \
    --fen '3/6/8k/1WWDQ5/4Q5/9/10/10/K8/6/3 w'
measure "262144 emits, perft 2" perft "$cli/many-moves.rules" 2
measure "count() loop, 13312 cells" moves "$cli/count-loop.rules"
measure "832 squares, two pieces" perft "$cli/big-empty-board.rules" 30
measure "slow legal hook, perft 2" perft "$cli/slow-perft.rules" 2
