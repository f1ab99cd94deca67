#!/bin/sh
# `defer { }` (tests/lang/defer.rules): the moves that exist only because the effects wait, and
# the position each move leaves, worked out by hand from docs/language.md ("Deferred effects"):
# the piece arrives first, then the recorded effects in their order; later tests see the board
# as it was; a branch carries what it recorded, and only that. Run by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/tests/lang/defer.rules
fails=0
moves() {   # FEN EXPECTED: the legal moves, sorted
    got=$(./boardvm moves "$rules" --fen "$1" 2>/dev/null) || got="(exit status $?)"
    got=$(echo $got)
    [ "$got" = "$2" ] || { echo "FAIL: moves of '$1': got '$got', expected '$2'"; fails=$((fails + 1)); }
}
after() {   # FEN MOVE EXPECTED: the position the move leaves
    got=$(./boardvm show "$rules" --fen "$1" --moves "$2" 2>&1 | sed -n 's/^position: //p')
    [ "$got" = "$3" ] || { echo "FAIL: '$1' then $2: got '$got', expected '$3'"; fails=$((fails + 1)); }
}
# Jumper: the deferred capture leaves b2's enemy in sight of `require enemy` (done at once, the
# test would fail and there would be no move); the move then takes it.
moves "3/1s1/1J1 - w" "b1b3"
after "3/1s1/1J1 - w" b1b3 "1J1/3/3 - b"
# Crowner: the change is done after the piece arrives on the empty b2, so it crowns the piece.
moves "3/3/1C1 - w" "b1b2"
after "3/3/1C1 - w" b1b2 "3/1Q1/3 - b"
# Layer: a Stone on every square the piece left; the second move carries both records.
moves "3/3/L2 - w" "a1a2 a1a3"
after "3/3/L2 - w" a1a2 "3/L2/S2 - b"
after "3/3/L2 - w" a1a3 "L2/S2/S2 - b"
# Picker: only the "x" branch recorded the removal of c3.
moves "2s/3/P2 - w" "a1a2o a1a2x"
after "2s/3/P2 - w" a1a2x "3/P2/3 - b"
after "2s/3/P2 - w" a1a2o "2s/P2/3 - b"
# Fader: a change of c3 that cannot be done (c3 empty) makes no move; with a piece there, one.
moves "3/3/F2 - w" ""
moves "2j/3/F2 - w" "a1a2"
after "2j/3/F2 - w" a1a2 "2s/F2/3 - b"
# A drop north of an enemy piece takes it over; elsewhere it changes nothing.
after "3/1s1/3 S w" S@b3 "1S1/1S1/3 - b"
after "3/1s1/3 S w" S@a1 "3/1s1/S2 - b"
# perft counts the same moves as the list (the deferred moves made and unmade in the tree)
got=$(./boardvm perft "$rules" 1 --fen "3/3/L2 - w" 2>/dev/null | head -1)
[ "$got" = 2 ] || { echo "FAIL: perft 1 of the Layer: got '$got', expected 2"; fails=$((fails + 1)); }
[ $fails -eq 0 ] && echo "ok: deferred effects: 20 checks"
[ $fails -eq 0 ]
