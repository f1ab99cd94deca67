#!/bin/sh
# tests/zrf-players.sh - games of more than two players and neutral players (issue 35) on
# tests/zrf/players.zrf (written for these tests): a turn order of three, a player's loss among
# three as its elimination (`out`: its pieces leave the board, the turn passes it over), a win of
# a player who is not to move, and a neutral player whose moves the two others make in turns of
# theirs ((White N) in the turn order). Every expected count, list and position below was worked
# out by hand from the file's rules; the working is in the comments. Position strings: ranks from
# the top (rank 3 first); the first player's pieces in capitals, the second's in lower case, a
# later player's as <letter> and the capital (<b>K: Blue's King); then the side to move, and for
# a turn-order table the entry whose turn it is (from 0).
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
. "$srcdir/tests/zrf/tap.sh"   # LC_ALL=C, cd tests/zrf, ok/bad
file=players.zrf


# field VARIANT FIELD "EXPECTED" PLAYED...: a line of `show` (position, to move, result, legal
# moves sorted) after the moves played
field() {
    v=$1 f=$2 want=$3; shift 3
    out=$("$bvm" show $file -o "variant=$v" --moves "$*" 2>&1)
    case $f in
    moves) got=$(printf '%s\n' "$out" | sed -n 's/^legal moves ([0-9]*): //p' | tr ' ' '\n' | sort |
                 tr '\n' ' ' | sed 's/ $//') ;;
    *) got=$(printf '%s\n' "$out" | sed -n "s/^$f: //p") ;;
    esac
    if [ "$got" = "$want" ]; then ok "variant $v after '$*': $f $want"
    else bad "variant $v after '$*': $f '$got', not '$want'"; fi
}
perft() {
    got=$("$bvm" perft $file "$2" -o "variant=$1" 2>&1 | sed -n 's/^perft [0-9]*: \([0-9]*\) leaves.*/\1/p')
    if [ "$got" = "$3" ]; then ok "variant $1 perft $2: $3"
    else bad "variant $1 perft $2: '$got', not $3"; fi
}

# 1. Three Kings. Red K a1, M a2; Green K c1; Blue K b3; Red, Green, Blue in turn.
# d1, Red: K a1: n a2 is Red's own Man, e b1 -> 1; M a2: n a3, e b2 (s a1 own) -> 2: 3.
# d2, Green: K c1: n c2, w b1 (empty, or Red's King: taken) -> 2 after each: 6. Green taking
# Red's King ends nothing yet: Red's loss is judged at Red's turn.
# d3, Blue: K b3: s b2 (empty or Red's Man, taken), e c3, w a3 (empty or Red's Man) -> 3: 18.
# d4, Red: after b3b2 (6 of the 18) Blue's King stands on b2 and Blue has won: 0 moves. The 12
# others, by Red's first move and Green's:
#   a1b1 c1c2: K b1 n b2, e c1, w a1 = 3; M a2 n a3 (empty, or Blue's King after b3a3: taken),
#              e b2, s a1 = 3; after b3c3 and after b3a3: 6 + 6
#   a1b1 c1b1: Red has no King: one move, `out`, after each: 1 + 1
#   a2a3 c1c2: b3c3: K a1 n a2, e b1 = 2; M a3 e b3, s a2 = 2 -> 4; b3a3 took the Man: 2
#   a2a3 c1b1: b3c3: K a1 a2, b1 (Green's King: taken) = 2, M a3 b3 a2 = 2 -> 4; b3a3: 2
#   a2b2 c1c2: K a1 a2 b1 = 2; M b2 n b3, e c2 (Green's King), s b1, w a2 = 4 -> 6, twice
#   a2b2 c1b1: K a1 a2 b1 (Green's) = 2; M b2 b3 c2 b1 (Green's) a2 = 4 -> 6, twice
#   14 + 12 + 24 = 50 (were Red's loss the end of the game, its two positions would have no
#   move: 48).
perft 1 1 3
perft 1 2 6
perft 1 3 18
perft 1 4 50
field 1 position "1<b>K1/M2/K1k r"
field 1 moves "a1b1 a2a3 a2b2"
# Green takes Red's King, Blue steps aside: Red's only move is `out`
field 1 moves "out" a1b1 c1b1 b3c3
field 1 position "2<b>K/M2/1k1 r" a1b1 c1b1 b3c3
# ... which takes Red's Man off the board and passes the turn to Green
# (the position string names the players out: `out=r`)
field 1 position "2<b>K/3/1k1 g out=r" a1b1 c1b1 b3c3 out
field 1 "to move" "Green" a1b1 c1b1 b3c3 out
# Green, then Blue, then Green again: Red is passed over
field 1 "to move" "Green" a1b1 c1b1 b3c3 out b1a1 c3c2
field 1 moves "a1a2 a1b1" a1b1 c1b1 b3c3 out b1a1 c3c2
# The position string read back: Green, then Blue, then Green again (Red is out; without
# `out=r`, Red would be to move after Blue, and out again: its `out` move). The same from the
# string and from the moves; and a string with nobody out gives Red its turn and its `out`.
fen() {
    got=$("$bvm" show $file -o "variant=$1" --fen "$2" --moves "$4" 2>&1)
    case $3 in
    error) ;;
    moves) got=$(printf '%s\n' "$got" | sed -n 's/^legal moves ([0-9]*): //p') ;;
    *) got=$(printf '%s\n' "$got" | sed -n "s/^$3: //p") ;;
    esac
    if [ "$got" = "$5" ]; then ok "variant $1 from '$2' after '$4': $3 $5"
    else bad "variant $1 from '$2' after '$4': $3 '$got', not '$5'"; fi
}
fen 1 "2<b>K/3/1k1 g out=r" "to move" "b1a1 c3c2" "Green"
fen 1 "2<b>K/3/1k1 g out=r" position "b1a1 c3c2" "3/2<b>K/k2 g out=r"
field 1 position "3/2<b>K/k2 g out=r" a1b1 c1b1 b3c3 out b1a1 c3c2
fen 1 "2<b>K/3/1k1 g" "to move" "b1a1 c3c2" "Red"
fen 1 "2<b>K/3/1k1 g" moves "b1a1 c3c2" "out"
# bad `out` fields: a clear error
fen 1 "2<b>K/3/1k1 g out=x" error "" "boardvm: bad position: out: 'x' is not a player who takes turns"
fen 1 "2<b>K/3/1k1 g out=g" error "" "boardvm: bad position: out: Green is out and cannot be the side to move"
fen 1 "2<b>K/3/1k1 g out=r,g,b" error "" "boardvm: bad position: out: every player is out"
# a win of a player who is not to move: Blue's King on b2 with Red to move, three players in
field 1 result "Blue wins: Blue meets a win condition" a2a3 c1c2 b3b2
# with two players left, Green's King on b2 is Blue's loss (Green wins)
field 1 result "Blue loses: Green meets a win condition" a1b1 c1b1 b3c3 out b1b2

# 2. Stone Pushers: White Man a1, Black Man c3, N's Stone b2; turns White, (White N), Black,
# (Black N), then again. A Man steps onto an empty square or takes the Stone (neutral?); the
# Stone steps onto an empty square.
# d1, White: a1a2 a1b1 = 2. d2, White for N: the Stone's four steps but the one onto White's
# Man: 3 after each = 6. d3, Black: Man c3 s c2, w b3, each empty or the Stone: 2 in each = 12.
perft 2 1 2
perft 2 2 6
perft 2 3 12
field 2 position "2m/1<n>S1/M2 w 0"
field 2 moves "a1a2 a1b1"
field 2 "to move" "White" a1a2
field 2 position "2m/M<n>S1/3 w 1" a1a2
field 2 moves "b2b1 b2b3 b2c2" a1a2
field 2 "to move" "Black" a1a2 b2b3
field 2 moves "c3b3 c3c2" a1a2 b2b3
# Black for N: the Stone on b1 steps n b2, e c1, w a1 (White's Man left it)
field 2 "to move" "Black" a1a2 b2b1 c3c2
field 2 moves "b1a1 b1b2 b1c1" a1a2 b2b1 c3c2
# N never moves on its own: after Black's turn for N, White again (entry 0)
field 2 position "3/M<n>Sm/3 w 0" a1a2 b2b1 c3c2 b1b2
field 2 moves "a2a1 a2a3 a2b2" a1a2 b2b1 c3c2 b1b2

# 2b. Stone Wall: White Rook a1, Sentry b3; Black Rook c3; N's Stones a2 and c1 (N takes no
# turn: neutral). A neutral piece is no enemy? (and no enemy for adjacent-to-enemy?).
# d1, White: Rook a1: n a2 a Stone: no enemy, no move; e b1 empty, then c1 a Stone: a1b1.
# Sentry b3: s b2 (its neighbours a2 a Stone, c2, b1 empty): b3b2; w a3 (a2 a Stone): b3a3.
# Were a Stone an enemy: a1b1 a1c1 a1a2, and the Sentry stuck (a2 next to b2 and a3).
# d2, Black: Rook c3: w b3, the Sentry, taken (after a1b1: 2 with c3c2), or b3 and a3 empty
# and then off the board (after b3b2: c3b3 c3a3 c3c2) or a3 the Sentry (after b3a3: the same
# three); s c2 empty, c1 a Stone: c3c2. 2 + 3 + 3 = 8.
perft 3 1 3
perft 3 2 8
field 3 moves "a1b1 b3a3 b3b2"
field 3 moves "c3b3 c3c2" a1b1
field 3 moves "c3a3 c3b3 c3c2" b3b2

# 2c. Turncoats: Red Wand a1, Man b1; Green Man b2; Blue Man b3; N neutral, after Blue in
# (players ...). The Wand steps n or s and flips the piece east of where it lands: the piece
# goes to the next player after its owner who takes turns. a1a2 flips b2, Green's: Blue's.
# a2a3 flips b3, Blue's: Red's (N passed over, round to Red). a3a2 flips b2, now Blue's: Red's.
# a2a1 flips b1, Red's own Man: Green's.
field 4 position "1<b>M1/W<b>M1/1M1 g 1" a1a2
field 4 position "WM1/1<b>M1/1M1 g 1" a1a2 pass pass a2a3
field 4 position "1M1/WM1/1M1 g 1" a1a2 pass pass a2a3 pass pass a3a2
field 4 position "1M1/1M1/Wm1 g 1" a1a2 pass pass a2a3 pass pass a3a2 pass pass a2a1

# 2d. Coin Drop: two Coins each in hand, squares a1 and b1; a Coin is dropped onto a square
# without one of the dropper's own: onto the other side's Coin it takes it (Zillions' `add`
# captures where it lands; the corpus's dice games throw a die onto the other side's die).
# d1, White: a1, b1 = 2. d2, Black: either square, its own or White's Coin there: 2 each = 4.
# d3, White: where Black took White's Coin, both squares (2); where Black dropped beside it,
# only Black's square (1): 2 + 1 + 1 + 2 = 6. Position strings: the hands after the turn.
perft 5 1 2
perft 5 2 4
perft 5 3 6
field 5 position "c1 w Cc" a1 a1
field 5 position "Cc w Cc" a1 b1
field 5 moves "b1" a1 b1
field 5 position "C1 b c" a1 a1 a1

# 2e. Coin Drop with Zillions 1's switches as sections, (recycle-captures true) and (pass-turn
# true): read as the options. d1, White: C@a1 C@b1 pass = 3 (a drop is written with its code
# where a captured Coin may come back to hand). d2, Black: the same three after each = 9. d3:
# where Black took White's Coin (back in White's hand: 2 Coins), or nothing stands, or only
# Black's Coin: both squares and a pass (3); where White's own Coin stands: the other square
# (or a pass: 2). W a1/B a1 3, W a1/B b1 2, W a1/pass 2, and the same from b1 (7); after
# White's pass, 3 each (9): 23.
perft 6 1 3
perft 6 2 9
perft 6 3 23
field 6 moves "C@a1 C@b1 pass"
field 6 position "c1 w 2Cc" C@a1 C@a1

# 2f. Seeder: White's Man a1 steps n (creating, for Black, a piece of the moving piece's type
# on the square s of where it lands: (create Black s), no type named) or e; Black's King c3.
# d1: a1a2, a1b1. After a1a2 a Black Man stands on a1; Black: that Man's e b1 (n a2 is White's)
# and the King's w b3.
field 7 moves "a1a2 a1b1"
field 7 position "2k/M2/m2 b" a1a2
field 7 moves "a1b1 c3b3" a1a2

# 3. The same Three Kings in the rules language (tests/lang/three-kings.rules: `win for`,
# `lose` as elimination): the counts worked out in 1, and the same ends.
rules=../lang/three-kings.rules
for d in "1 3" "2 6" "3 18" "4 50"; do
    set -- $d
    got=$("$bvm" perft $rules "$1" 2>&1 | sed -n 's/^perft [0-9]*: \([0-9]*\) leaves.*/\1/p')
    if [ "$got" = "$2" ]; then ok "three-kings.rules perft $1: $2"
    else bad "three-kings.rules perft $1: '$got', not $2"; fi
done
got=$("$bvm" show $rules --moves "a2a3 c1c2 b3b2" 2>&1 | sed -n 's/^result: //p')
if [ "$got" = "Blue wins: a King on b2" ]; then ok "three-kings.rules: Blue's win with Red to move"
else bad "three-kings.rules: result '$got', not Blue's win"; fi
got=$("$bvm" show $rules --moves "a1b1 c1b1 b3c3 out" 2>&1 | sed -n 's/^position: //p')
if [ "$got" = "2<b>K/3/1k1 g out=r" ]; then ok "three-kings.rules: Red out, its Man gone, Green to move"
else bad "three-kings.rules: position '$got' after Red's out"; fi

# 4. match: a game of three players is played (A one seat, B the others); a one-player game is
# refused with the words bench/zrf-corpus.sh looks for ('needs a two-player game') to play it
# by selfplay instead
if "$bvm" match $file --games 2 --jobs 1 --depth 1 --random-plies 0 --max-plies 20 > /dev/null 2>&1
then ok "match plays Three Kings (three players)"; else bad "match refused or failed on Three Kings"; fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/zrf-players.XXXXXX") || exit 1
printf '%s\n' '(game (title "Alone") (players You) (turn-order You)' \
    '(board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("1" (0 10)))' \
    '(directions (e 1 0))))' '(board-setup (You (Man a1)))' \
    '(piece (name Man) (moves (e (verify empty?) add))))' > "$tmp/alone.zrf"
"$bvm" match "$tmp/alone.zrf" --games 2 > /dev/null 2> "$tmp/err"
st=$?
if [ $st -eq 2 ] && grep -q 'needs a two-player game' "$tmp/err"; then ok "match refuses a one-player game"
else bad "match on a one-player game: status $st, $(cat "$tmp/err")"; fi
rm -rf "$tmp"

echo "1..$n"
[ "$fails" -eq 0 ]
