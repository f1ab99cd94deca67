#!/bin/sh
# boardvm balance (src/commands/balance.c): two variants whose every game is known in advance (White mates
# in one; Black to move is stalemated), so that every count, interval and difference can be
# worked out by hand; a real run whose totals must add up and must not depend on --jobs; errors.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
status=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"
    else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}
start() {   # a copy of chess starting from position $1
    sed "s|^start \".*\";|start \"$1\";|" "$srcdir/rules/chess.rules" > "$tmp/$2.rules"
}
# Ka8 against Kb6 and Rh1, White to move: Rh8 is mate (a7 and b7 are the king's, b8 the rook's),
# so every game is 1-0 in one ply. Ka8 against Kh1 and Qb6, Black to move: no move, not in check:
# stalemate before any move, a draw in 0 plies.
start 'k7/8/1K6/8/8/8/8/7R w - - 0 1' mate
start 'k7/8/1Q6/8/8/8/8/7K b - - 0 1' stale
./boardvm balance "$tmp/mate.rules" "$tmp/stale.rules" --games 6 --depth 2 --jobs 2 > "$tmp/out" \
    2> "$tmp/err"
check "balance: exit 0" 0 $?
# the games are all the same game: 1 distinct; the score has no spread, so no interval; the
# draws' Wilson interval for 0 of 6: [0, z^2/(n + z^2)] = [0, 3.8415/9.8415] = [0, 39.0 %]
check "mate in one: the first player" \
    "  White (first player): 6 wins, 0 draws, 0 losses; "\
"score 100.0 % (no interval: every game the same)" \
    "$(sed -n '/^variant 1/,/^variant 2/p' "$tmp/out" | grep 'first player')"
check "mate in one: draws" "  draws: 0.0 % [0.0, 39.0]" \
    "$(sed -n '/^variant 1/,/^variant 2/p' "$tmp/out" | grep 'draws:')"
check "mate in one: distinct games" "variant 1: FIDE Chess: 6 games (1 distinct)" \
    "$(grep '^variant 1' "$tmp/out")"
check "mate in one: length" \
    "  length: 1.0 plies on average (sd 0.0; 95 % interval of the mean [1.0, 1.0])" \
    "$(sed -n '/^variant 1/,/^variant 2/p' "$tmp/out" | grep 'length:')"
check "mate in one: ends" "  ends: checkmate 6 (100.0 %)" \
    "$(sed -n '/^variant 1/,/^variant 2/p' "$tmp/out" | grep 'ends:')"
# 6 of 6 draws: Wilson [6/9.8415, 1] = [61.0, 100.0]
check "stalemate: draws" "  draws: 100.0 % [61.0, 100.0]" \
    "$(sed -n '/^variant 2/,$p' "$tmp/out" | grep 'draws:')"
check "stalemate: ends" "  ends: stalemate 6 (100.0 %)" \
    "$(sed -n '/^variant 2/,$p' "$tmp/out" | grep 'ends:')"
# differences: score 50 - 100 = -50 %, draws +100 %, length 0 - 1 = -1, all without spread
check "the comparison" \
    "variant 2 minus variant 1: first player's score -50.0 % [-50.0, -50.0]; "\
"draws +100.0 % [+100.0, +100.0]; length -1.0 plies [-1.0, -1.0] (95 %)" \
    "$(grep '^variant 2 minus' "$tmp/out")"

# a real game: the counts add up, and one worker or two give the same report
./boardvm balance "$srcdir/rules/chess.rules" --games 4 --depth 1 --max-plies 120 --jobs 1 \
    > "$tmp/j1" 2>&1
check "chess: exit 0" 0 $?
./boardvm balance "$srcdir/rules/chess.rules" --games 4 --depth 1 --max-plies 120 --jobs 2 \
    > "$tmp/j2" 2>&1
check "--jobs 1 and --jobs 2: the same report" "$(sed 1d "$tmp/j1")" "$(sed 1d "$tmp/j2")"
check "wins, draws and losses add up to the games" 4 \
    "$(sed -n 's/.*first player): \([0-9]*\) wins*, \([0-9]*\) draws*, \([0-9]*\) loss[es]*;.*/\1 \2 \3/p' \
       "$tmp/j1" | awk '{ print $1 + $2 + $3 }')"
check "the ends add up to the games" 4 \
    "$(grep 'ends:' "$tmp/j1" | tr ',' '\n' | sed -n 's/.* \([0-9][0-9]*\) (.*/\1/p' |
       awk '{ s += $1 } END { print s }')"

# errors
./boardvm balance --games 2 2> "$tmp/e" > /dev/null
check "no rules file: exit 2" 2 $?
./boardvm balance -o x=1 "$srcdir/rules/chess.rules" 2> "$tmp/e" > /dev/null
check "-o before the rules file: exit 2" 2 $?
check "-o before the rules file: message" \
    "boardvm: balance: -o x=1: give the rules file first (its options follow it)" \
    "$(head -1 "$tmp/e")"
./boardvm balance "$srcdir/rules/chess.rules" --games 0 2> /dev/null > /dev/null
check "--games 0: exit 2" 2 $?
./boardvm balance "$srcdir/rules/chess.rules" --depth 1 --nodes 5 2> /dev/null > /dev/null
check "two limits: exit 2" 2 $?
./boardvm balance "$tmp/none.rules" 2> /dev/null > /dev/null
check "a missing rules file: exit 2" 2 $?
exit $status
