#!/bin/sh
# selfplay --games N without --seed plays N different games (issue 41): game K plays seed K-1
# (the first, seed 0, without noise), each game's line says its seed, and --seed with that seed
# plays the same game again by itself, the engine on the same side against --opponent.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess="$srcdir/rules/chess.rules"
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-seeds.XXXXXX")

# The moves of game K of a selfplay output, on one line (the move column, without the timing).
moves_of() { awk -v k="$2" '/^game /{n++} n==k && /^ +[0-9]+\.+ /{printf "%s ", $2}' "$1"; }

./boardvm selfplay "$chess" --depth 2 --games 3 --max-plies 30 >"$tmp/three" 2>&1
m1=$(moves_of "$tmp/three" 1) m2=$(moves_of "$tmp/three" 2) m3=$(moves_of "$tmp/three" 3)
[ -n "$m1" ] && [ "$m1" != "$m2" ] && [ "$m1" != "$m3" ] && [ "$m2" != "$m3" ] &&
    ok "--games 3: three different games" || bad "--games 3: the same game again: $m1 / $m2 / $m3"
for k in 1 2 3; do
    s=$((k - 1))
    grep -q "^game $k of 3: FIDE Chess, boardvm depth 2, seed $s (--seed $s plays it again)$" "$tmp/three" &&
        ok "game $k says its seed, $s" || bad "game $k's line: $(grep "^game $k" "$tmp/three")"
    ./boardvm selfplay "$chess" --depth 2 --max-plies 30 --seed $s >"$tmp/one" 2>&1
    [ "$(moves_of "$tmp/one" 1)" = "$(moves_of "$tmp/three" $k)" ] &&
        ok "--seed $s plays game $k again" || bad "--seed $s: $(moves_of "$tmp/one" 1) is not game $k"
done
# one game, no seed: as before, no seed to speak of
./boardvm selfplay "$chess" --depth 1 --max-plies 2 | grep -q '^game 1: FIDE Chess, boardvm depth 1$' &&
    ok "one game without --seed: no seed said" || bad "one game: $(./boardvm selfplay "$chess" --depth 1 --max-plies 2 | head -n 1)"

# against an opponent the seed gives the side too: game 2 of --seed 7 is --seed 8's game
./boardvm selfplay "$chess" --depth 1 --opponent random --seed 7 --games 2 --max-plies 20 >"$tmp/opp" 2>&1
./boardvm selfplay "$chess" --depth 1 --opponent random --seed 8 --max-plies 20 >"$tmp/opp1" 2>&1
side2=$(sed -n 's/^game 2 of 2: FIDE Chess, boardvm depth 1 (\([A-Za-z]*\)) against random mover, seed 8 .*/\1/p' "$tmp/opp")
side1=$(sed -n 's/^game 1: FIDE Chess, boardvm depth 1 (\([A-Za-z]*\)) against random mover, seed 8$/\1/p' "$tmp/opp1")
[ -n "$side2" ] && [ "$side2" = "$side1" ] && [ "$(moves_of "$tmp/opp" 2)" = "$(moves_of "$tmp/opp1" 1)" ] &&
    ok "--opponent: --seed 8 plays game 2 again, the engine as $side1" ||
    bad "--opponent: '$side2' '$side1': $(moves_of "$tmp/opp" 2) / $(moves_of "$tmp/opp1" 1)"
[ "$(sed -n 's/^game 1 of 2: .*(\([A-Za-z]*\)) against.*/\1/p' "$tmp/opp")" != "$side2" ] &&
    ok "--opponent: colours alternate" || bad "--opponent: the engine had one side in both games"

rm -rf "$tmp"
[ $fails -eq 0 ]
