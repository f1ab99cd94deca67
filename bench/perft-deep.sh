#!/bin/sh
# bench/perft-deep.sh - the deep perft counts of the standard chess test positions, and the slow
# cases of the other games (tests/slow/*.test).
#
#   bench/perft-deep.sh [--quick] [NAME...]
#   BOARDVM=path/to/boardvm RULES=path/to/chess.rules bench/perft-deep.sh
#   make perft-deep
#
# Runs `boardvm perft RULES DEPTH --fen FEN` for each position, whose LAST stdout line must be
# the total node count alone, compares it with the known count and prints the time and the
# leaves per second. These take minutes, so they are a benchmark, not part of `make check`
# (tests/*.test carry the shallow depths). --quick runs every position one ply shallower.
# NAME selects positions: start kiwipete pos3 pos4 pos5 pos6, or the base name of a
# tests/slow/*.test file (xiangqi, capablanca, smess, spinal-tap...); default: all. Each slow
# file is run by `boardvm test` and timed as a whole (--quick does not change it).
# Exit status: 0 all counts match, 1 a count differs or boardvm failed, 2 bad usage.
# Counts: https://www.chessprogramming.org/Perft_Results

set -u

here=$(cd "$(dirname "$0")" && pwd)
BOARDVM=${BOARDVM:-./boardvm}
# These perfts are long on purpose: past the default bound of a command (1e10 steps of work,
# some 25 s: kiwipete's depth 5 alone is about that), so they run with a bound of 1e12.
WORK=${WORK:-1000000}
RULES=${RULES:-$here/../rules/chess.rules}

quick=0
selected=
for arg in "$@"; do
    case $arg in
        --quick) quick=1 ;;
        -h|--help) sed -n '2,17s/^# \{0,1\}//p' "$0"; exit 0 ;;
        -*) echo "perft-deep: unknown option '$arg'" >&2; exit 2 ;;
        *) selected="$selected $arg" ;;
    esac
done

if [ ! -x "$BOARDVM" ] && ! command -v "$BOARDVM" >/dev/null 2>&1; then
    echo "perft-deep: no boardvm binary at '$BOARDVM' (build it, or set BOARDVM)" >&2
    exit 2
fi
if [ ! -r "$RULES" ]; then
    echo "perft-deep: cannot read rules file '$RULES' (set RULES)" >&2
    exit 2
fi

# name|fen|deep depth|deep count|quick depth|quick count
positions='start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6|119060324|5|4865609
kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -|5|193690690|4|4085603
pos3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -|6|11030083|5|674624
pos4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|5|15833292|4|422333
pos5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5|89941194|4|2103487
pos6|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5|164075551|4|3894594'

now() { date +%s.%N 2>/dev/null | sed 's/N$/0/'; }

failed=0
ran=0
total_nodes=0
total_time=0
out=$(mktemp "${TMPDIR:-/tmp}/perft-deep.XXXXXX")
trap 'rm -f "$out"' EXIT INT TERM

while IFS='|' read -r name fen depth count qdepth qcount; do
    if [ -n "$selected" ]; then
        case " $selected " in *" $name "*) ;; *) continue ;; esac
    fi
    if [ "$quick" = 1 ]; then depth=$qdepth; count=$qcount; fi
    [ "$ran" -gt 0 ] || printf '%-9s %5s %12s %12s %9s %12s  %s\n' position depth expected got seconds leaves/s result
    ran=$((ran + 1))
    t0=$(now)
    "$BOARDVM" perft "$RULES" "$depth" --fen "$fen" --work "$WORK" >"$out" </dev/null
    status=$?
    t1=$(now)
    got=$(tail -n 1 "$out" | tr -d '[:space:]')
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    case $got in ''|*[!0-9]*) got="?" ;; esac
    if [ "$status" -ne 0 ]; then
        result="FAIL (boardvm exit $status)"
    elif [ "$got" != "$count" ]; then
        result="FAIL (differs by $(awk -v g="$got" -v c="$count" 'BEGIN { printf "%+d", g - c }'))"
    else
        result=ok
    fi
    case $result in
        ok) total_nodes=$((total_nodes + count))
            total_time=$(awk -v a="$total_time" -v b="$secs" 'BEGIN { printf "%.2f", a + b }') ;;
        *) failed=$((failed + 1)) ;;
    esac
    rate=$(awk -v n="$count" -v s="$secs" 'BEGIN { if (s > 0) printf "%.0f", n / s; else print "-" }')
    printf '%-9s %5s %12s %12s %9s %12s  %s\n' "$name" "$depth" "$count" "$got" "$secs" "$rate" "$result"
done <<EOF
$positions
EOF

if [ "$ran" -gt 0 ]; then
    rate=$(awk -v n="$total_nodes" -v s="$total_time" 'BEGIN { if (s > 0) printf "%.0f", n / s; else print "-" }')
    echo "$ran positions, $failed failed; $total_nodes leaves of passing positions in ${total_time}s ($rate leaves/s)"
fi

# The slow cases of the other games (tests/slow/*.test: deep perft counts worked out by hand,
# published, or from an independent generator; each file says which), one file at a time.
srcdir=$(cd "$(dirname "$0")/.." && pwd)
slow_ran=0
for f in "$srcdir"/tests/slow/*.test; do
    [ -r "$f" ] || continue
    name=$(basename "$f" .test)
    if [ -n "$selected" ]; then
        case " $selected " in *" $name "*) ;; *) continue ;; esac
    fi
    [ "$slow_ran" -gt 0 ] || printf '%-12s %9s  %s\n' "slow file" seconds result
    slow_ran=$((slow_ran + 1))
    t0=$(now)
    "$BOARDVM" test "$f" --work "$WORK" >"$out" </dev/null
    status=$?
    t1=$(now)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    printf '%-12s %9s  %s\n' "$name" "$secs" "$(tail -n 1 "$out")"
    grep -v '^ok' "$out" | grep -v '^1\.\.' | grep -v 'passed, .* failed$'
    [ "$status" -eq 0 ] || failed=$((failed + 1))
done

if [ "$ran" -eq 0 ] && [ "$slow_ran" -eq 0 ]; then
    echo "perft-deep: nothing selected (names: start kiwipete pos3 pos4 pos5 pos6, or a tests/slow file)" >&2
    exit 2
fi
[ "$failed" -eq 0 ] || exit 1
exit 0
