#!/bin/sh
# The words of play, match and selfplay (issue 41, point 5): play's help line closes its
# parenthesis; a refused move in play is numbered as PGN numbers moves (White's and Black's
# fourth moves are both move 4), not by plies; counts of one are singular ("1 loss", not
# "1 losses"). Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess="$srcdir/rules/chess.rules"
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-words.XXXXXX")

printf 'quit\n' | ./boardvm play "$chess" --depth 1 >"$tmp/out" 2>&1
grep -q '^Type a move as boardvm writes it (here: [^()]*), or: moves, undo' "$tmp/out" &&
    ok "play: the help line closes its parenthesis" || bad "play: $(grep '^Type' "$tmp/out")"

# three moves each, then White's fourth: move 4 (it was 7, the plies played plus one)
printf 'e2e4\nd2d4\ng1f3\nxx\nquit\n' | ./boardvm play "$chess" --depth 1 >"$tmp/out" 2>&1
grep -q "^White> boardvm: move 4 'xx' is not a legal move here" "$tmp/out" &&
    ok "play: White's fourth move is move 4" || bad "play: $(grep "'xx'" "$tmp/out")"
# a record of three plies, then Black's second move: move 2
printf '1. e2e4 e7e5 2. g1f3 *\n' >"$tmp/three.pgn"
printf 'xx\nquit\n' | ./boardvm play "$chess" --depth 1 --as black --load "$tmp/three.pgn" >"$tmp/out" 2>&1
grep -q "^Black> boardvm: move 2 'xx' is not a legal move here" "$tmp/out" &&
    ok "play: Black's second move is move 2" || bad "play --as black: $(grep "'xx'" "$tmp/out")"
# a record whose third ply is wrong: the move of the record it is (2, White's)
printf '1. e2e4 e7e5 2. xx *\n' >"$tmp/bad.pgn"
printf 'quit\n' | ./boardvm play "$chess" --depth 1 --load "$tmp/bad.pgn" >"$tmp/out" 2>&1
grep -q "move 2 'xx' is not a legal move here" "$tmp/out" &&
    ok "play --load: a bad move of the record by its number" || bad "play --load: $(grep "'xx'" "$tmp/out")"

# one game, one draw: singular (a game stopped after one ply is a draw in a match)
./boardvm match "$chess" --depth 1 --games 1 --max-plies 1 --jobs 1 >"$tmp/out" 2>&1
grep -q '^A (depth 1) against B (depth 1): 0 wins, 1 draw, 0 losses in 1 game$' "$tmp/out" &&
    grep -q '^White, whichever engine played it: 0 wins, 1 draw, 0 losses$' "$tmp/out" &&
    ok "match: 1 draw in 1 game" || bad "match: $(grep 'against\|whichever' "$tmp/out")"
# depth 2 against a random mover in one game: the engine wins it (it is mate in a few dozen plies)
./boardvm selfplay "$chess" --depth 2 --opponent random --max-plies 300 >"$tmp/out" 2>&1
grep -q '^boardvm depth 2 against random mover: 1 win, 0 losses, 0 draws, 0 unfinished$' "$tmp/out" &&
    ok "selfplay: 1 win, 0 losses" || bad "selfplay: $(tail -n 2 "$tmp/out")"
./boardvm balance "$chess" --depth 1 --games 1 --max-plies 1 --jobs 1 >"$tmp/out" 2>&1
grep -q '^  White (first player): 0 wins, 1 draw, 0 losses; ' "$tmp/out" &&
    ok "balance: 1 draw" || bad "balance: $(grep 'first player' "$tmp/out")"

rm -rf "$tmp"
[ $fails -eq 0 ]
