#!/bin/sh
# What a person sees in play and selfplay: the banner's example moves are this game's (its first
# legal move, not chess's e2e4 for every game), a key to the letters, a refused move says which
# moves start (or end) on its square and what moves look like, loading a game says so; selfplay
# numbers moves as PGN does, --board draws the board after each move, and Ctrl-C ends a match
# with the game in progress recorded as unfinished and the score so far (exit status 130).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess="$srcdir/rules/chess.rules"
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }

for rules in "$srcdir"/rules/*.rules "$srcdir"/examples/*.rules; do
    name=$(basename "$rules" .rules)
    first=$(./boardvm moves "$rules" 2>/dev/null | head -n 1)
    printf 'quit\n' | ./boardvm play "$rules" --depth 1 >ui.out 2>&1
    grep -q "^Type a move as boardvm writes it (here: $first[,)]" ui.out && grep -q '^key: ' ui.out &&
        ok "$name: the banner shows $first and a key" || bad "$name: banner: $(grep -E '^(Type|key)' ui.out)"
done

# SAN is read (issue 36): e4 from the command line and in play; a move that is neither a move
# string nor SAN is refused with what moves look like
./boardvm moves "$chess" --moves e4 >ui.out 2>ui.err && grep -q '^e7e5$' ui.out &&
    ok "e4 (SAN) read from the command line" || bad "e4: $(cat ui.err)"
./boardvm moves "$chess" --moves e5 >/dev/null 2>ui.err
grep -q "move 1 'e5' is not a legal move here; no legal move starts on e5$" ui.err &&
    grep -q "moves are written as boardvm writes them, like a2a3 ('moves' lists them), or in SAN" ui.err &&
    ok "e5: refused, with what moves look like" || bad "e5: $(cat ui.err)"
./boardvm moves "$chess" --moves g1g3 >/dev/null 2>ui.err
grep -q "legal moves from there: g1f3, g1h3" ui.err && ok "g1g3: the moves from g1" || bad "g1g3: $(cat ui.err)"
printf 'e4\nquit\n' | ./boardvm play "$chess" --depth 1 >ui.out 2>&1
grep -q "^Black plays " ui.out && ok "play: e4 (SAN) played" || bad "play e4: $(cat ui.out)"

# loading a game says so
printf '1. e2e4 e7e5 2. g1f3 *\n' >ui.pgn
printf 'quit\n' | ./boardvm play "$chess" --depth 1 --as black --load ui.pgn >ui.out 2>&1
grep -q '^Loaded ui.pgn: 3 of its 3 moves played.$' ui.out && ok "play --load says what it loaded" || bad "--load: $(head -n 3 ui.out)"

# selfplay: PGN numbers, --board
./boardvm selfplay "$chess" --depth 1 --max-plies 3 --board >ui.out 2>&1
grep -Eq '^ +1\. +[a-h][1-8][a-h][1-8] +score' ui.out && grep -Eq '^ +1\.\.\. +[a-h][1-8][a-h][1-8] +score' ui.out &&
    grep -Eq '^ +2\. +[a-h][1-8][a-h][1-8] +score' ui.out && ok "selfplay: 1. 1... 2." || bad "selfplay numbers: $(cat ui.out)"
[ "$(grep -c '^     a b c d e f g h$' ui.out)" -eq 4 ] && ok "selfplay --board: the start and a board after each of 3 moves" ||
    bad "selfplay --board: $(grep -c '^     a b c d e f g h$' ui.out) boards"
grep -q '^key: K King' ui.out && ok "selfplay --board: the key" || bad "selfplay --board: no key"

# selfplay: Ctrl-C (SIGINT) ends the match, the game in progress recorded. A second a move, and
# the signal at 2.5 s, so that it always lands in the first game: by depth, a fast machine could
# finish games quickly enough for the signal to fall between two games, with none in progress.
timeout --preserve-status -s INT 2.5 ./boardvm selfplay "$chess" --time 1 --games 1000 --record ui.pgn >ui.out 2>ui.err; st=$?
[ $st -eq 130 ] && ok "selfplay: SIGINT, exit status 130" || bad "selfplay SIGINT: exit status $st"
tail -n 1 ui.out | grep -q '^score: White [0-9]*, Black [0-9]*, draws [0-9]*, unfinished [1-9]' && ok "selfplay: the score so far" ||
    bad "selfplay SIGINT: $(tail -n 2 ui.out)"
tail -n 3 ui.pgn | grep -q ' \*$' && grep -q '^\[Reason "interrupted"\]' ui.pgn && ok "selfplay: the interrupted game recorded" ||
    bad "selfplay SIGINT: the record ends $(tail -n 3 ui.pgn)"

rm -f ui.out ui.err ui.pgn
[ $fails -eq 0 ]
