#!/bin/sh
# tests/chance.sh - chance players (docs/language.md "Chance players"): throws are drawn with
# the seed, each generated outcome as likely as the others; a game is the same game again with
# its seed; the dice race's two twins count alike deep down; seeded self-play games of the dice
# race end with a result. The hand-worked counts are in tests/chance.test.
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
export LC_ALL=C
n=0 fails=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }

# 1. Weights and sampling: 400 first throws of two coins (400 seeds). `1` is generated twice of
# four: expected 200 (sd 10), `0` and `2` 100 each (sd 8.7); the bounds are 4 sd. Equal weights
# for the three strings would give 133 each, always the first outcome 400 `0`s.
counts=$("$bvm" selfplay "$srcdir/tests/lang/coins.rules" --games 400 --seed 1 --max-plies 1 \
             --depth 1 2>&1 | awk '/^game /{ getline; c[$3]++ } END { print c["0"]+0, c["1"]+0, c["2"]+0 }')
set -- $counts
if [ "$1" -ge 65 ] && [ "$1" -le 135 ] && [ "$2" -ge 160 ] && [ "$2" -le 240 ] &&
   [ "$3" -ge 65 ] && [ "$3" -le 135 ]; then
    ok "two coins: 0, 1, 2 heads thrown $1, $2, $3 times of 400 (expected 100, 200, 100)"
else
    bad "two coins: 0, 1, 2 heads thrown $1, $2, $3 times of 400 (expected 100, 200, 100)"
fi

# 2. A game is its seed's: played twice, the same moves; another seed, other throws.
race="$srcdir/examples/dice-race.rules"
a=$("$bvm" selfplay "$race" --seed 7 --depth 2 2>&1 | awk '$1 ~ /^[0-9]+\.+$/ { print $3 }')
b=$("$bvm" selfplay "$race" --seed 7 --depth 2 2>&1 | awk '$1 ~ /^[0-9]+\.+$/ { print $3 }')
c=$("$bvm" selfplay "$race" --seed 8 --depth 2 2>&1 | awk '$1 ~ /^[0-9]+\.+$/ { print $3 }')
if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "seed 7 twice: the same game"
else bad "seed 7 twice: two games"; fi
if [ "$a" != "$c" ]; then ok "seeds 7 and 8: two games"; else bad "seeds 7 and 8: one game"; fi

# 3. The two front ends, one game: perft of the .rules file and the .zrf twin at depths 5-10.
for d in 5 6 7 8 9 10; do
    r=$("$bvm" perft "$race" $d 2>/dev/null | tail -1)
    z=$("$bvm" perft "$srcdir/tests/zrf/games/dice-race.zrf" $d 2>/dev/null | tail -1)
    if [ -n "$r" ] && [ "$r" = "$z" ]; then ok "dice race, perft $d: $r, the ZRF twin the same"
    else bad "dice race, perft $d: $r, the ZRF twin $z"; fi
done

# 4. Seeded self-play games end with a result and no error (bench/dice-selfplay.sh plays 1000).
out=$("$bvm" selfplay "$race" --games 100 --seed 1 --depth 1 2>&1)
st=$?
results=$(printf '%s\n' "$out" | grep -c '^result: [01]-[01] ')
if [ $st -eq 0 ] && [ "$results" -eq 100 ]; then ok "100 self-play games of the dice race: 100 results"
else bad "100 self-play games of the dice race: $results results, exit status $st"; fi
# ... and the score line adds up those results: the dice are no side, so the wins of the two
# sides are the games won (a merge of the players' and the dice's branches once counted none)
won_w=$(printf '%s\n' "$out" | grep -c '^result: 1-0 ')
won_b=$(printf '%s\n' "$out" | grep -c '^result: 0-1 ')
score=$(printf '%s\n' "$out" | grep '^score: ')
if [ "$score" = "score: White $won_w, Black $won_b, draws 0, unfinished 0" ]; then
    ok "the score line counts the sides' wins: $score"
else bad "the score line: '$score', expected White $won_w, Black $won_b"; fi

echo "1..$n"
[ $fails -eq 0 ]
