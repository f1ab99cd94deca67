#!/bin/sh
# tests/zrf-goals.sh - the goal (captured TYPE ...) (src/zrf/zrf_goals.c), on
# tests/zrf/goals.zrf. The expected results were worked out by hand from the file's comments
# and docs/zrf.md; each case fails if its rule is wrong: read as "no piece of the type left",
# taking one of two Queens ends nothing; kept after the move that took it, variant 2 ends at
# b2c3; not part of the position string, the position read back is not over.
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

echo "1..$n"
[ $fails -eq 0 ]
