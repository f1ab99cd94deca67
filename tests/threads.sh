#!/bin/sh
# --threads (Lazy SMP, src/engine/search.c): with helper threads the engine still finds a mate worked out
# by hand, plays only legal moves to the end of a game, and a match with --threads runs; bad
# values are refused. (One thread is the deterministic search the .test search cases check.)
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
status=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"
    else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}
# Ka8 against Kc6 and Rb1, White to move: 1. Kc7 (a7 and b7 stay guarded: Ka7 is the only
# move) Ka7 2. Ra1 mate. A mate in 3 plies scores 30000 - 3 = 29997 at depth 3 or more; no mate
# in one exists (Rb8+ Kxb8, Rb7 stalemate... not a mate).
line=$(./boardvm selfplay "$srcdir/rules/chess.rules" --fen 'k7/8/2K5/8/8/8/8/1R6 w - - 0 1' \
    --depth 5 \
       --threads 3 --max-plies 1 | grep '^ *1\.')
check "three threads find the mate in three plies" "29997" \
    "$(echo "$line" | awk '{ for (i = 1; i < NF; i++) if ($i == "score") print $(i + 1) }')"
check "... and play its first move" "c6c7" \
    "$(echo "$line" | awk '{ for (i = 2; i <= NF; i++)
                                  if ($i ~ /^[a-h][1-8][a-h][1-8]/) { print $i; exit } }')"
# a whole game with two threads: every move legal (selfplay stops on any other), a result
./boardvm selfplay "$srcdir/rules/chess.rules" --depth 3 --threads 2 --seed 5 --max-plies 400 \
    > "$tmp/game" 2>&1
check "a game with two threads: exit 0" 0 $?
check "a game with two threads: a result" 1 "$(grep -c '^result: ' "$tmp/game")"
# a game of another kind (programs, stacks) with helpers
./boardvm selfplay "$srcdir/rules/smegi.rules" --depth 2 --threads 2 --seed 2 --max-plies 60 \
    > "$tmp/smegi" 2>&1
check "Smegi with two threads: exit 0" 0 $?
# a match of two threads against one: names and a result per game
./boardvm match "$srcdir/rules/chess.rules" --games 2 --jobs 1 --depth 2 --threads 2,1 --max-plies \
    80 > "$tmp/match" 2>&1
check "match --threads 2,1: exit 0" 0 $?
check "match --threads 2,1: the engines' names" "A (depth 2 2 threads) against B (depth 2): " \
    "$(grep '^A (' "$tmp/match" | sed 's/: .*/: /')"
# bad values
./boardvm selfplay "$srcdir/rules/chess.rules" --threads 0 > /dev/null 2>&1
check "--threads 0: exit 2" 2 $?
./boardvm selfplay "$srcdir/rules/chess.rules" --threads 65 > /dev/null 2>&1
check "--threads 65: exit 2" 2 $?
./boardvm match "$srcdir/rules/chess.rules" --threads 2,x > /dev/null 2> "$tmp/e"
check "match --threads 2,x: exit 2" 2 $?
check "match --threads 2,x: message" \
    "boardvm: match: --threads '2,x' is not A,B (threads from 1 to 64) or one count" \
    "$(head -1 "$tmp/e")"
exit $status
