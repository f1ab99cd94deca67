#!/bin/sh
# --shard K/N, --jsonl FILE and `boardvm merge` (src/common/shard.c, src/commands/merge_cmd.c): a run
# cut into 4 shards, run side by side under GNU parallel (or as background jobs where it is not
# installed), merges into the run played in one piece, game for game: the same game numbers (each
# in the shard K/N says, checked here by awk), the same per-game lines (outcome, length, reason,
# the whole record), the same summary (match's Elo and SPRT, selfplay's score, balance's report,
# tune's fit, perft's counts). The expected values are the run without --shard, whose games and
# statistics tests/match.sh, tests/balance.sh and tests/tune.sh check on their own. Then what
# merge must refuse: a shard twice, shards of another run, a missing shard, lines that are not
# its shard's, text that is not JSON. Run from the top build directory by `make check`.
status=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
B=$(pwd)/boardvm
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"
    else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}
# the four shards of "$@" side by side, shard K's results in $tmp/$name.K.jsonl
shards() {  # name, command and options
    name=$1; shift
    if command -v parallel >/dev/null 2>&1; then
        parallel --will-cite -j 4 "$B" "$@" --shard '{}/4' --jsonl "$tmp/$name.{}.jsonl" \
            '>' "$tmp/$name.{}.out" '2>&1' ::: 1 2 3 4
    else
        for k in 1 2 3 4; do
            "$B" "$@" --shard "$k/4" --jsonl "$tmp/$name.$k.jsonl" > "$tmp/$name.$k.out" 2>&1 &
        done
        wait
    fi
}
# a results file's unit lines, sorted by their number, without the day the record was written
units() { cat "$@" | grep -v '^{"boardvm"' | sed 's/\[Date \\"[^"]*\\"\]//' | sort -t: -k2,2n; }
# the numbers (key $1) of a file's unit lines
numbers() { tail -n +2 "$2" | sed -n "s/^{\"$1\":\([0-9]*\).*/\1/p" | tr '\n' ' '; }

# ---- match: pairs share an opening, so shard K of N has the pairs i (from 0) with i % N = K - 1
run="chess --depth 1 --games 10 --random-plies 4 --max-plies 50 --sprt -20,20 -j 1"
# shellcheck disable=SC2086
"$B" match $run --jsonl "$tmp/m.jsonl" --record "$tmp/m.pgn" > "$tmp/m.out" 2>&1
check "match: the run in one piece" 0 $?
# shellcheck disable=SC2086
shards m match $run
"$B" merge "$tmp"/m.[1-4].jsonl --record "$tmp/mm.pgn" > "$tmp/mm.out" 2> "$tmp/mm.err"
check "match: merge exits 0" 0 $?
for k in 1 2 3 4; do
    want=$(awk -v k=$k 'BEGIN { for (g = 1; g <= 10; g++) if (int((g - 1) / 2) % 4 == k - 1) printf "%d ", g }')
    check "match: shard $k/4 plays the games of its pairs" "$want" "$(numbers game "$tmp/m.$k.jsonl")"
done
check "match: the shards' games are the run's, game for game" "$(units "$tmp/m.jsonl")" \
    "$(units "$tmp"/m.[1-4].jsonl)"
check "match: 10 games in the shards" 10 "$(cat "$tmp"/m.[1-4].jsonl | grep -c '^{"game"')"
check "match: the merged summary is the run's" "$(sed -n '/^A (/,$p' "$tmp/m.out")" \
    "$(tail -n +2 "$tmp/mm.out")"
grep -q '^sprt: ' "$tmp/mm.out" || { echo "FAIL: match: no SPRT line merged"; status=1; }
check "match: merge --record is the run's --record" \
    "$(grep -v '^\[Date ' "$tmp/m.pgn")" "$(grep -v '^\[Date ' "$tmp/mm.pgn")"
# a shard is the same games whatever runs it: here with 2 jobs instead of 1
# shellcheck disable=SC2086
"$B" match $run -j 2 --shard 3/4 --jsonl "$tmp/m3j2.jsonl" > /dev/null 2>&1
check "match: shard 3/4 with 2 jobs is the same" "$(units "$tmp/m.3.jsonl")" \
    "$(units "$tmp/m3j2.jsonl")"

# ---- selfplay against a random mover: game i has seed S + i - 1, whatever shard plays it
run="chess --depth 1 --games 9 --seed 5 --opponent random --max-plies 60"
# shellcheck disable=SC2086
"$B" selfplay $run --jsonl "$tmp/s.jsonl" > "$tmp/s.out" 2>&1
# shellcheck disable=SC2086
shards s selfplay $run
"$B" merge "$tmp"/s.[1-4].jsonl > "$tmp/sm.out" 2>&1
check "selfplay: merge exits 0" 0 $?
check "selfplay: shard 2/4 plays games 2 and 6" "2 6 " "$(numbers game "$tmp/s.2.jsonl")"
check "selfplay: the shards' games are the run's" "$(units "$tmp/s.jsonl")" \
    "$(units "$tmp"/s.[1-4].jsonl)"
check "selfplay: the merged score is the run's" "$(tail -n 2 "$tmp/s.out")" \
    "$(tail -n +2 "$tmp/sm.out")"

# ---- balance of two variants: the games i with i % 4 = K - 1 of each
run="chess --depth 1 --games 4 --random-plies 2 --max-plies 60 -j 1 chess"
# shellcheck disable=SC2086
"$B" balance $run --jsonl "$tmp/b.jsonl" > "$tmp/b.out" 2>&1
# shellcheck disable=SC2086
shards b balance $run
"$B" merge "$tmp"/b.[1-4].jsonl > "$tmp/bm.out" 2>&1
check "balance: merge exits 0" 0 $?
check "balance: the shards' games are the run's" \
    "$(grep '"game"' "$tmp/b.jsonl" | sort)" "$(cat "$tmp"/b.[1-4].jsonl | grep '"game"' | sort)"
check "balance: the merged report is the run's" "$(tail -n +2 "$tmp/b.out")" \
    "$(tail -n +2 "$tmp/bm.out")"

# ---- tune: the shards' games fitted together are the run's fit
run="chess --depth 1 --games 12 --max-plies 100"
# shellcheck disable=SC2086
"$B" tune $run > "$tmp/t.out" 2> /dev/null
# shellcheck disable=SC2086
shards t tune $run
"$B" merge "$tmp"/t.[1-4].jsonl > "$tmp/tm.out" 2>&1
check "tune: merge exits 0" 0 $?
check "tune: the merged fit is the run's" "$(cat "$tmp/t.out")" "$(tail -n +2 "$tmp/tm.out")"

# ---- perft: root moves by their sorted number; the sum is the count (chess perft 3: 8902)
shards p perft chess 3
"$B" merge "$tmp"/p.[1-4].jsonl > "$tmp/pm.out" 2>&1
check "perft: merge exits 0" 0 $?
check "perft: the merged divide is the run's" "$("$B" perft chess 3 --divide 2>/dev/null)" \
    "$(tail -n +2 "$tmp/pm.out")"
check "perft: chess depth 3" 8902 "$(tail -n 1 "$tmp/pm.out")"

# ---- what merge refuses
"$B" merge "$tmp/p.1.jsonl" "$tmp/p.1.jsonl" > /dev/null 2> "$tmp/err"
check "a shard twice: exit 1" "1 boardvm: merge: $tmp/p.1.jsonl:1: shard 1/4 comes twice (its games would count twice)" \
    "$? $(cat "$tmp/err")"
"$B" merge "$tmp/p.1.jsonl" "$tmp/s.2.jsonl" > /dev/null 2> "$tmp/err"
check "another command's results: exit 1" \
    "1 boardvm: merge: $tmp/s.2.jsonl:1: the results of selfplay, not of perft as $tmp/p.1.jsonl" \
    "$? $(cat "$tmp/err")"
"$B" perft chess 2 --shard 2/4 --jsonl "$tmp/p2.jsonl" > /dev/null 2>&1
"$B" merge "$tmp/p.1.jsonl" "$tmp/p2.jsonl" > /dev/null 2> "$tmp/err"
check "another run: exit 1" 1 $?
grep -q "another run than" "$tmp/err" || { echo "FAIL: another run: $(cat "$tmp/err")"; status=1; }
# the same command line on a rules file of the same name that plays otherwise (1. e3 made first)
mkdir "$tmp/other"
srcdir=${srcdir:-.}
sed 's|^start "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";|start "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1";|' \
    "$srcdir/rules/chess.rules" > "$tmp/other/chess.rules"
cmp -s "$srcdir/rules/chess.rules" "$tmp/other/chess.rules" && { echo "FAIL: the start was not changed"; status=1; }
(cd "$tmp/other" && "$B" perft ./chess.rules 3 --shard 2/4 --jsonl "$tmp/p2other.jsonl" > /dev/null 2>&1)
"$B" merge "$tmp/p.1.jsonl" "$tmp/p2other.jsonl" > /dev/null 2> "$tmp/err"
check "another rules file of the same name: exit 1" 1 $?
grep -q "played by another build or rules file" "$tmp/err" || { echo "FAIL: another rules file: $(cat "$tmp/err")"; status=1; }
(cd "$tmp/other" && "$B" balance chess.rules --depth 1 --games 4 --random-plies 2 --max-plies 60 -j 1 \
    chess --shard 2/4 --jsonl "$tmp/b2other.jsonl" > /dev/null 2>&1)
"$B" merge "$tmp/b.1.jsonl" "$tmp/b2other.jsonl" > /dev/null 2> "$tmp/err"
check "balance: a variant of another rules file: exit 1" 1 $?
grep -q "variant 1: another rules file" "$tmp/err" || { echo "FAIL: balance, another rules file: $(cat "$tmp/err")"; status=1; }
"$B" merge "$tmp"/m.[123].jsonl > "$tmp/out" 2> "$tmp/err"
check "a missing shard: exit 1" 1 $?
check "a missing shard: said" \
    "boardvm: merge: 1 of 4 shards missing: 4; the statistics are those of the shards given" \
    "$(cat "$tmp/err")"
check "a missing shard: the games of the others" "$(cat "$tmp"/m.[123].jsonl | grep -c '^{"game"')" \
    "$(sed -n 's/^A (.* in \([0-9]*\) games*$/\1/p' "$tmp/out")"
# a line moved into another shard's file
{ head -1 "$tmp/p.1.jsonl"; grep -v '"boardvm"' "$tmp/p.2.jsonl"; } > "$tmp/wrong.jsonl"
"$B" merge "$tmp/wrong.jsonl" "$tmp/p.3.jsonl" > /dev/null 2> "$tmp/err"
check "a unit of another shard: exit 1" 1 $?
grep -q "is not shard 1/4's" "$tmp/err" || { echo "FAIL: another shard's unit: $(cat "$tmp/err")"; status=1; }
for bad in 'not json' '{"boardvm":"perft","format":1' '{"a":1}' '{"boardvm":"perft","format":2}' \
           '{"boardvm":"x\u0000y","format":1}' '{"boardvm":"nim","format":1,"shard":1,"shards":1,"run":""}'; do
    printf '%s\n' "$bad" > "$tmp/bad.jsonl"
    "$B" merge "$tmp/bad.jsonl" > /dev/null 2> "$tmp/err"
    st=$?
    check "refused: $bad" "1 1" "$st $(grep -c '^boardvm: merge: ' "$tmp/err")"
done
"$B" merge "$tmp/none.jsonl" > /dev/null 2>&1
check "a file that is not there: exit 2" 2 $?
for bad in 0/4 5/4 1/0 x 1/ /4 1/4/2; do
    "$B" match chess --shard "$bad" > /dev/null 2> "$tmp/err"
    check "--shard $bad: a usage error" 2 $?
done
"$B" tune chess --shard 1/2 --write "$tmp/w" > /dev/null 2>&1
check "tune --shard --write: a usage error" 2 $?
"$B" perft chess 0 --jsonl "$tmp/p0.jsonl" > /dev/null 2>&1
check "perft 0 --jsonl: a usage error" 2 $?
exit $status
