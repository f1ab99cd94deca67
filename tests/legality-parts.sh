#!/bin/sh
# The legality test leaves out the hooks `legal` cannot see (src/runtime/effects.c), which is most of the
# speed of chess perft. `boardvm disasm` prints what the test makes: these lines fail if the
# analysis turns more cautious (slower) or wrongly bold; tests/lang/probe.rules checks that hooks
# it needs are run (language.test). Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
fail=0
check() {   # rules file, option or "", expected line
    if [ -n "$2" ]; then got=$(./boardvm disasm "$1" --option "$2" | grep '^legality test: makes')
    else got=$(./boardvm disasm "$1" | grep '^legality test: makes'); fi
    if [ "$got" = "$3" ]; then echo "ok: $1 $2"
    else echo "FAIL: $1 $2: expected '$3', got '$got'"; fail=1; fi
}
# chess: `legal { require not in-check; }` reads the board; after-move writes castle, ep,
# halfmove, fullmove (variables); nothing reads the history.
check "$srcdir/rules/chess.rules" "" \
    "legality test: makes the move without after-move, without turn-start, without the history"
# probe.rules: after-move writes `mark`, which legal reads.
check "$srcdir/tests/lang/probe.rules" "" \
    "legality test: makes the move with after-move, without turn-start, without the history"
# ... with `chain`: legal reads `banned`, written by turn-start, which reads `mark`.
check "$srcdir/tests/lang/probe.rules" chain \
    "legality test: makes the move with after-move, turn-start, without the history"
# Nemoroth: legal reads `bad` (after-move) and `repetition` (the position's identity);
# turn-start writes only what no identity holds (uncounted compulsion marks, transient scratch).
check "$srcdir/rules/nemoroth.rules" "" \
    "legality test: makes the move with after-move, without turn-start, the history"
# identity.rules: an uncounted piece variable in turn-start; with `counted`, a counted one.
check "$srcdir/tests/lang/identity.rules" "" \
    "legality test: makes the move without after-move, without turn-start, the history"
check "$srcdir/tests/lang/identity.rules" counted \
    "legality test: makes the move with after-move, turn-start, the history"
# chess: `legal` is exactly `require not in-check;` and every attack is a leap/ride line, so
# most moves are decided by the pins of the node (src/runtime/pins.h); tests/chess-perft.test's pinned
# positions fail if that is wrong. Xiangqi's attacks are native lines with legs and hops (their
# legs pinned, their hop lines watched: tests/lang/native-lines.rules) and one program, the
# flying general, whose reads are watched (tests/xiangqi.test and smegi.test fail without that). The Ivory
# Tower's legal is more than `not in-check`: every move is made. Shogi's legal goes on after
# `require not in-check;` (uchifuzume), and that part is run before the move where it can be
# (src/lang/pretest.c; tests/lang/pretest.rules and shogi.test's uchifuzume cases fail if it is wrong).
pins="legality test: moves that leave the royal piece alone and write two squares at most need no make (pins)"
for f in rules/chess.rules examples/xiangqi.rules rules/ivory-tower.rules examples/shogi.rules tests/lang/pretest.rules; do
    got=$(./boardvm disasm "$srcdir/$f" | grep -c '(pins)')
    want=1; [ "$f" = rules/ivory-tower.rules ] && want=0
    if [ "$got" = "$want" ]; then echo "ok: $f pins $want"; else echo "FAIL: $f: '$pins' $got times, want $want"; fail=1; fi
done
exit $fail
