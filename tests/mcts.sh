#!/bin/sh
# --search mcts (src/engine/mcts.c; docs/engine.md §6.11) in play: it plays only legal moves in every
# shipped game, a seed fixes its games, --nodes bounds its playouts, --move-work and --time its
# work and time, and the options it does not take are refused with a message. Its forced
# results are in tests/mcts.test.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
status=0
tmp=${TMPDIR:-/tmp}/mcts-test.$$
trap 'rm -f "$tmp".*' EXIT
ok() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; status=1; }
# the move lines of selfplay's output without their seconds (the only field a run may change)
moves_of() { grep '^ *[0-9]' "$1" | sed 's/ [0-9.]*s$//'; }

# -- legal moves in every shipped game: the record of a few plies is read back by `moves --game`,
# which replays every move against the legal moves (and fails on one that is not) --
for rules in "$srcdir"/rules/*.rules; do
    name=$(basename "$rules" .rules)
    plies=8 nodes=100
    [ "$name" = four-towers ] && plies=4 nodes=10    # (a crowded node takes a second to generate)
    if ./boardvm selfplay "$rules" --search mcts --nodes $nodes --seed 3 --max-plies $plies \
            --record "$tmp.pgn" >"$tmp.out" 2>&1 &&
       [ "$(moves_of "$tmp.out" | wc -l)" -gt 0 ] &&
       ./boardvm moves "$rules" --game "$tmp.pgn" >/dev/null 2>"$tmp.err"; then
        ok "$name: $(moves_of "$tmp.out" | wc -l) plies, every move legal"
    else
        fail "$name: $(cat "$tmp.out" "$tmp.err" | tail -3)"
    fi
done

# -- the other playouts: random to the game's end (mcts:end), the evaluation at once (mcts:0) --
for method in mcts:end mcts:0; do
    if ./boardvm selfplay "$srcdir/examples/othello.rules" --search $method --nodes 50 --max-plies 6 \
            --record "$tmp.pgn" >"$tmp.out" 2>&1 &&
       grep -q "boardvm $method 50 playouts" "$tmp.out" &&
       ./boardvm moves "$srcdir/examples/othello.rules" --game "$tmp.pgn" >/dev/null 2>"$tmp.err"; then
        ok "othello, --search $method: every move legal"
    else fail "othello, --search $method: $(cat "$tmp.out" "$tmp.err" | tail -3)"; fi
done

# -- a seed fixes the games (the same twice), and different seeds play different ones --
chess=$srcdir/rules/chess.rules
run() { ./boardvm selfplay "$chess" --search mcts --nodes 300 --max-plies 16 "$@"; }
run --seed 5 >"$tmp.a"; run --seed 5 >"$tmp.b"; run --seed 6 >"$tmp.c"
if [ "$(moves_of "$tmp.a")" = "$(moves_of "$tmp.b")" ]; then ok "seed 5 twice: the same game"
else fail "seed 5 twice: different games"; fi
if [ "$(moves_of "$tmp.a")" != "$(moves_of "$tmp.c")" ]; then ok "seeds 5 and 6: different games"
else fail "seeds 5 and 6: the same game (is the seed used?)"; fi

# -- --nodes counts playouts: no move uses more, and a move that proves no result uses all --
moves_of "$tmp.a" | awk '{ for (i = 1; i < NF; i++) if ($i == "nodes") print $(i + 1) }' >"$tmp.n"
if [ "$(sort -un "$tmp.n" | tail -1)" = 300 ] && [ "$(wc -l <"$tmp.n")" -eq 16 ]; then
    ok "--nodes 300: 16 moves, at most 300 playouts each, some all 300"
else fail "--nodes 300: playouts $(tr '\n' ' ' <"$tmp.n")"; fi
# a mate in 1 is proven after a few playouts, and the search stops there
./boardvm selfplay "$chess" --search mcts --nodes 100000 --max-plies 1 \
    --fen '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1' >"$tmp.m"
n=$(moves_of "$tmp.m" | awk '{ for (i = 1; i < NF; i++) if ($i == "nodes") print $(i + 1) }')
if [ -n "$n" ] && [ "$n" -lt 100 ] && moves_of "$tmp.m" | grep -q 'd1d8 *score  29999'; then
    ok "a proven mate in 1 (d1d8) stops the search after $n playouts"
else fail "mate in 1: $(cat "$tmp.m")"; fi

# -- --move-work: the steps of rules code a move may take, read after every playout: ten times
# the work gives more playouts, and the same on every run --
playouts_at() {
    ./boardvm selfplay "$chess" --search mcts --move-work "$1" --max-plies 1 |
        awk '{ for (i = 1; i < NF; i++) if ($i == "nodes") print $(i + 1) }'
}
w5=$(playouts_at 5) w50=$(playouts_at 50) w50b=$(playouts_at 50)
if [ -n "$w5" ] && [ -n "$w50" ] && [ "$w5" -gt 0 ] && [ "$w50" -gt "$w5" ] && [ "$w50" = "$w50b" ]; then
    ok "--move-work 5 and 50: $w5 and $w50 playouts"
else fail "--move-work 5 and 50: '$w5' and '$w50' (again '$w50b') playouts"; fi

# -- --time: a move of 0.3 s takes about that (a generous bound: the machine may be busy) --
./boardvm selfplay "$chess" --search mcts --time 0.3 --max-plies 1 >"$tmp.t"
secs=$(grep '^ *1\. ' "$tmp.t" | sed -n 's/.* \([0-9.]*\)s$/\1/p')
if [ -n "$secs" ] && awk -v s="$secs" 'BEGIN { exit !(s >= 0.29 && s < 3) }'; then
    ok "--time 0.3: the move took ${secs}s"
else fail "--time 0.3: $(cat "$tmp.t")"; fi

# -- match: the two methods play each other, each named --
./boardvm match "$chess" --search mcts,ab --nodes 200,100 --games 2 --jobs 1 --max-plies 40 >"$tmp.x" 2>&1
if grep -q '^A (mcts 200 playouts) against B (100 nodes): .* in 2 games$' "$tmp.x"; then
    ok "match --search mcts,ab plays its games"
else fail "match --search mcts,ab: $(tail -3 "$tmp.x")"; fi

# -- what is refused, with exit status 2 and a message that says why --
refused() {   # name, words the message must hold, command...
    name=$1 want=$2; shift 2
    "$@" >"$tmp.o" 2>"$tmp.e"; st=$?
    if [ $st -eq 2 ] && grep -q -e "$want" "$tmp.e"; then ok "refused: $name"
    else fail "$name: exit $st, '$(cat "$tmp.e")'"; fi
}
refused "--search bad" "'bad' is not ab .* or mcts:end" ./boardvm selfplay "$chess" --search bad
refused "--search mcts:" "is not ab" ./boardvm selfplay "$chess" --search mcts:
refused "--search mcts:1000" "mcts:K (0-999)" ./boardvm selfplay "$chess" --search mcts:1000
refused "--search with --depth" "--depth is for --search ab" ./boardvm selfplay "$chess" --search mcts --depth 3
refused "--search mcts --threads 2" "--threads is for --search ab" ./boardvm play "$chess" --search mcts --threads 2
refused "match --search mcts,bad" "is not A,B (each ab, mcts, mcts:K or mcts:end)" ./boardvm match "$chess" --search mcts,bad
refused "match mcts at a depth" "engine A: --depth is for --search ab" ./boardvm match "$chess" --search mcts,ab --depth 2
refused "match mcts without a limit" "engine B: the default depth is for --search ab" ./boardvm match "$chess" --search ab,mcts
exit $status
