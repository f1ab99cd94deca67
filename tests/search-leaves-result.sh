#!/bin/sh
# A search leaves the position it searched as it found it (issue 40; src/engine/search.c,
# engine_search). Every node's `end` block sets the position's result and no unmake takes it
# back; a search stopped early (Ctrl-C) left the result of the last node it had looked at on
# the root, and `selfplay` scored the interrupted game with it: seed 2039 of a Nemoroth run was
# recorded as "Alabaster wins: no legal move" when Obsidian had moves (the game played alone
# went on and was won), which looked like a game that depended on the games before it.
#  1. tests/lang/slow-ends.rules: every position below the root is a draw its end block is slow
#     to find, so Ctrl-C lands in a search whose last node was such a draw. The game must be
#     "unfinished: interrupted", not that draw (it was the draw before the fix, every time).
#  2. Nemoroth: games played one after another in one process are, move for move (scores and
#     node counts too), the games played alone by their seeds: nothing of a game is kept for
#     the next (the promise of --shard, docs/distributed.md).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-leaves.XXXXXX")

# 1. Ctrl-C 2 s into the search (the first move's search would take some 20 s of CPU: 60
#    iterations of 8 slow children each)
timeout --preserve-status -s INT 2 ./boardvm selfplay "$srcdir/tests/lang/slow-ends.rules" \
    --depth 60 --max-plies 1 --jsonl "$tmp/s.jsonl" >"$tmp/s.out" 2>"$tmp/s.err"; st=$?
[ $st -eq 130 ] && grep -q '^result: \* (unfinished: interrupted)$' "$tmp/s.out" &&
    ok "selfplay interrupted in a search: the game unfinished (interrupted)" ||
    bad "selfplay interrupted: status $st, $(cat "$tmp/s.out" "$tmp/s.err")"
grep -q '"outcome":3,.*"reason":"interrupted"' "$tmp/s.jsonl" &&
    ok "--jsonl: unfinished, interrupted" || bad "--jsonl: $(cat "$tmp/s.jsonl")"

# 2. three Nemoroth games in one process against each alone (depth 2, 30 plies: cheap)
moves() { grep '^ ' "$1" | sed 's/ [0-9.]*s$//'; }     # the move lines, without the seconds
./boardvm selfplay "$srcdir/rules/nemoroth.rules" --opponent random --games 3 --seed 2037 \
    --depth 2 --max-plies 30 >"$tmp/all.out" 2>&1
for i in 0 1 2; do
    ./boardvm selfplay "$srcdir/rules/nemoroth.rules" --opponent random --seed $((2037 + i)) \
        --depth 2 --max-plies 30 >"$tmp/one.out" 2>&1
    awk -v g=$((i + 1)) '/^game /{ n++ } n == g' "$tmp/all.out" >"$tmp/in.out"
    moves "$tmp/one.out" >"$tmp/a"
    moves "$tmp/in.out" >"$tmp/b"
    [ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b" &&
        ok "Nemoroth seed $((2037 + i)): game $((i + 1)) of 3 in one process = the game alone ($(wc -l <"$tmp/a") plies)" ||
        bad "Nemoroth seed $((2037 + i)): $(diff "$tmp/a" "$tmp/b" | head -n 4)"
done

rm -rf "$tmp"
[ $fails -eq 0 ]
