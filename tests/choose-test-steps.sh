#!/bin/sh
# CHOOSETEST over `board` (`choose a in board { require friend(a); ... }`) finds the next square
# that passes from the squares by owner where the board keeps them (src/runtime/skips.c,
# skip_choose), charging each square passed over the 5 steps the code would have run
# (CHOOSELIST, LOAD, FRIEND, JNZ, FAIL): the least bound on the instructions between two
# emitted moves (`moves steps N`, at least 1000) under which `perft 1` counts the moves is the
# same with and without --profile (the code as written) and is the count worked out by hand
# below. The `after-move` hook's FORFRIEND makes the board keep the squares by owner
# (Game.owned_sets); the board has 64 squares, h8 the sets' last bit. Four choices nested, so
# that the first move comes after more than 1000 steps: each is the cursor's PUSH and STORE (2),
# the squares before the friend passed over (5 each), the friend's CHOOSELIST, LOAD, FRIEND and
# JNZ (4); then LOAD a, NOTE, EMIT (3).
# - A White stone on h8 alone: 4 * (2 + 63 * 5 + 4) + 3 = 1287.
# - On g8 alone: 4 * (2 + 62 * 5 + 4) + 3 = 1267 (the stretches after the move are short).
# - On h8 with Black stones on a1, b1, d4 and g8: no friends of White, passed over as the empty
#   squares are: 1287 again, and the one move h8.
# Run from the top build directory by `make check`.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/t.in" <<'RULES'
game "choose test steps";
players White "w", Black "b";
board 8 x 8;
moves steps STEPS;
piece Stone "S" { }
moves {
  choose a in board { require friend(a);
    choose b in board { require friend(b);
      choose c in board { require friend(c);
        choose d in board { require friend(d); note a; emit stay; } } } }
}
var seen: int = 0;
after-move { for s in board { if friend(s) { seen = 1; } } }
start "START w";
RULES
srcdir=${srcdir:-.}
. "$srcdir/tests/steps/least.sh"          # least, bound, moves_are, ops_counted
fail=0
black=6sS/8/8/8/3s4/8/8/ss6
sed "s/STEPS/8000/; s|START|$black|" "$tmp/t.in" > "$tmp/t.rules"
moves_are "$tmp/t.rules" "h8 "
bound "$tmp/t.in" 1000 8000 7S/8/8/8/8/8/8/8 1287
bound "$tmp/t.in" 1000 8000 6S1/8/8/8/8/8/8/8 1267
bound "$tmp/t.in" 1000 8000 "$black" 1287
exit $fail
