#!/bin/sh
# tests/zrf-goals.sh - the goal (captured TYPE ...) (src/zrf/zrf_goals.c), on
# tests/zrf/goals.zrf. The expected results were worked out by hand from the file's comments
# and docs/zrf.md; each case fails if its rule is wrong: read as "no piece of the type left",
# taking one of two Queens ends nothing; kept after the move that took it, variant 2 ends at
# b2c3; not part of the position string, the position read back is not over. And a side with
# no legal move where no goal holds (tests/zrf/nomove.zrf): it loses (out, among three).
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
. "$srcdir/tests/zrf/tap.sh"   # LC_ALL=C, cd tests/zrf, ok/bad


# field VARIANT FIELD "EXPECTED" ARGS...: a line of `show goals.zrf -o variant=VARIANT ARGS`
field() {
    v=$1 f=$2 want=$3; shift 3
    got=$("$bvm" show goals.zrf -o "variant=$v" "$@" 2>&1 | sed -n "s/^$f: //p")
    if [ "$got" = "$want" ]; then ok "variant $v $*: $f '$want'"
    else bad "variant $v $*: $f '$got', not '$want'"; fi
}
loss="Black loses: Black meets a loss condition"

field 1 result "$loss" --moves a1a2
field 1 result "" --moves a1b1
field 1 result "" --moves a1b2
field 1 position "s2/H2/1pq b 0 1" --moves a1a2
field 1 result "$loss" --fen "s2/H2/1pq b 0 1"
field 1 result "" --fen "s2/H2/1pq b 0 0"
field 2 result "" --moves "a1a2 a3b3 a2b2 b3a3 b2c3"
field 3 result "" --moves a1a2
field 3 result "$loss" --moves "a1a2 a3b3 a2b2 b3a3 b2c3"

# a side with no legal move where no goal holds loses (nomove.zrf, worked out in its
# comments): among three it is out and the others play on; with two left, the game ends
nm() { "$bvm" show nomove.zrf "$@" 2>&1 | sed -n 's/^\(legal moves ([0-9]*)\|result\|position\): //p' |
       tr '\n' '|'; }
got=$(nm --moves "a1a2 b1b2")
[ "$got" = "3/Mm1/3 c|out|" ] && ok "C, no move among three: out" || bad "C with no move: '$got'"
got=$(nm --moves "a1a2 b1b2 out a2a3 b2b3")
[ "$got" = "Mm1/3/3 a out=c|A loses: no legal move|" ] && ok "A, no move, two left: loses" ||
    bad "A with no move: '$got'"
got=$(nm -o variant=2 --moves "a1a2 b1b2 a2a3 b2b3")
case $got in *"A loses: no legal move|") ok "two players: A loses" ;;
    *) bad "two players, A with no move: '$got'" ;; esac

echo "1..$n"
[ $fails -eq 0 ]
