#!/bin/sh
# tests/zrf-attrs.sh - attributes with numbers and words (Dagaz's: src/zrf/zrf_attrs.c), a
# piece written twice, absolute-config on positions, on tests/zrf/attrs.zrf; leaps along more
# paths than native leaps have directions for (tests/zrf/paths.zrf); the instructions a program
# may run without a move (tests/zrf/steps.zrf); a macro's missing argument (tests/zrf/scope.zrf). The expected
# moves and positions were worked out by hand from the file's comments and docs/zrf.md; each
# case fails if its rule is wrong: a value 0 read as true adds b2b3, `A` not read as 10 loses
# c1c2, a set value not read back (or 12 cut to the declared range) changes the position and
# b1b2 (and the Blank's c2c3: its block 2 gave it 12 too), the twice-written Tile refused stops
# variant 3.
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
. "$srcdir/tests/zrf/tap.sh"   # LC_ALL=C, cd tests/zrf, ok/bad


# field VARIANT FIELD "EXPECTED" PLAYED...: a line of `show` after the moves ("legal moves"
# sorted)
field() {
    v=$1 f=$2 want=$3; shift 3
    out=$("$bvm" show attrs.zrf -o "variant=$v" --moves "$*" 2>&1)
    if [ "$f" = moves ]; then
        got=$(printf '%s\n' "$out" | sed -n 's/^legal moves ([0-9]*): *//p' | tr ' ' '\n' | sort |
              tr '\n' ' ' | sed 's/^ *//; s/ $//')
    else got=$(printf '%s\n' "$out" | sed -n "s/^$f: //p"); fi
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': $f '$want'"
    else bad "variant $v after '$*': $f '$got', not '$want'"; fi
}

field 1 moves "a1a2 a1b1 b2c2 c1c2"
field 1 position "3/1B{key=2}1/T{value=2,key=1}1L{value=10} y"
field 1 position "3/1B{key=2}1/1T{value=12,key=1}L{value=10} y" a1b1
field 1 moves "b2c2 c1c2" a1b1
field 1 moves "b1b2 c2c3" a1b1 b2c2
field 2 position "3/1B{key=2}1/1T{key=1}L{value=10} y" a1b1
field 2 moves "" a1b1 b2c2
field 3 moves "a1a2 a1b1 b2c2 c1c2"
field 3 result "" a1a2
field 3 result "You wins: You meets a win condition" a1b1

# the warning for the piece written twice, at its name
w=$("$bvm" moves attrs.zrf -o variant=3 2>&1 >/dev/null | grep -c "a second piece named 'Tile', the same as the first: one piece")
if [ "$w" = 1 ]; then ok "variant 3: one warning for the Tile written twice"
else bad "variant 3: $w warnings for the Tile written twice"; fi

# too many paths for native leaps (paths.zrf): the game compiles, its blocks over the bound as
# programs; the squares the Leaper reaches from a1, by hand: the 12 (i, j) with i + j in 2..4
want="a1a3 a1a4 a1a5 a1b2 a1b3 a1b4 a1c1 a1c2 a1c3 a1d1 a1d2 a1e1"
got=$("$bvm" moves paths.zrf 2>/dev/null | sort -u | tr '\n' ' ' | sed 's/ $//')
if [ "$got" = "$want" ]; then ok "paths.zrf: the 12 squares of 28 leaps"
else bad "paths.zrf: '$got', not '$want'"; fi

# a drop that walks the board before it fails (steps.zrf): more than a .rules program's 100000
# instructions without a move; the lowered game allows them, White has no move and loses
got=$("$bvm" show steps.zrf 2>&1 | grep -E "error|^result")
if [ "$got" = "result: White loses" ]; then ok "steps.zrf: a long walk without a move"
else bad "steps.zrf: '$got', not 'result: White loses'"; fi

# a macro called in another's body without the argument it uses (scope.zrf): the enclosing
# call's
got=$("$bvm" moves scope.zrf 2>&1 | tr '\n' ' ' | sed 's/ $//')
if [ "$got" = "a1a2 a1b1" ]; then ok "scope.zrf: a missing argument is the enclosing call's"
else bad "scope.zrf: '$got', not 'a1a2 a1b1'"; fi

echo "1..$n"
[ $fails -eq 0 ]
