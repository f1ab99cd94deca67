#!/bin/sh
# `boardvm diff`: copies of rules/chess.rules with one planted bug each, diffed against the
# original, must name a line of moves reaching the bug and the moves one side has alone. The
# expected lines and moves are worked out by hand from each position (see the comments); the
# same for a UCI engine made of boardvm (tests/uci/fake-uci.sh) and for Fairy-Stockfish's
# recorded answer in a shogi position (tests/uci/replay-uci.sh), which checks the translation
# of drops, promotions, hands and turn letters. Then the errors: exit status 2 and a message.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess=$srcdir/rules/chess.rules
boardvm=$(pwd)/boardvm
fake="sh $srcdir/tests/uci/fake-uci.sh $boardvm $chess"
dir=diff.tmp
rm -rf "$dir"; mkdir "$dir"
status=0
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}
# plant NAME SED-SCRIPT: a copy of chess.rules with one change, which must have changed it
plant() {
    sed "$2" "$chess" > "$dir/$1.rules"
    cmp -s "$chess" "$dir/$1.rules" && { echo "FAIL: planting $1 changed nothing (chess.rules changed?)"; status=1; }
}
# run NAME ARGS...: boardvm diff ARGS, its output in $dir/NAME.out, its status in $st
run() {
    name=$1; shift
    ./boardvm diff "$@" > "$dir/$name.out" 2> "$dir/$name.err"; st=$?
}
field() { sed -n "s/^$1: //p" "$dir/$name.out"; }   # a "KEY: value" line of the last run
case_moves() { sed -n '/^moves:/,$p' "$dir/$name.out" | grep -v '^#' | sed 's/^moves://' | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }

# ---- a file against itself agrees --------------------------------------------------------
run self "$chess" "$chess" --depth 3
check "chess against itself: exit 0" 0 "$st"
check "chess against itself: the counts" "A 8902, B 8902" "$(field 'perft 3')"
check "chess against itself: says so" "A and B agree to depth 3" "$(tail -1 "$dir/$name.out")"

# ---- en passant left out ------------------------------------------------------------------
# After 1.e4 a6 2.e5, Black's d7d5 (the first of d7d5 and f7f5 in sorted order) lets the e5 pawn
# take en passant on d6: e5d6 is White's move in chess and missing from the copy.
plant no-ep '/require here == ep/d'
run no-ep "$dir/no-ep.rules" "$chess" --moves e2e4 a7a6 e4e5 --depth 3
check "no en passant: exit 1" 1 "$st"
check "no en passant: the line" "d7d5" "$(sed -n 's/^the legal moves differ after: //p' "$dir/$name.out")"
check "no en passant: only in the copy" "-" "$(field 'only in A')"
check "no en passant: only in chess.rules" "e5d6" "$(field 'only in B')"
check "no en passant: the case plays the line" "e2e4 a7a6 e4e5 d7d5" "$(field play)"
check "no en passant: the case's position" "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3" "$(field position)"
# the .test case it prints, run against the copy, fails by exactly the missing move
{ echo "rules: no-ep.rules"; sed -n '/^case:/,$p' "$dir/$name.out"; } > "$dir/no-ep.test"
./boardvm test "$dir/no-ep.test" > "$dir/no-ep-test.out" 2>&1
check "no en passant: the printed case fails on the copy" "#   missing: e5d6" "$(grep missing "$dir/no-ep-test.out")"
sed -i 's/^rules: no-ep.rules/rules: ..\/'"$(echo "$srcdir" | sed 's/[\/&]/\\&/g')"'\/rules\/chess.rules/' "$dir/no-ep.test"
case $srcdir in /*) sed -i "s|^rules: .*|rules: $chess|" "$dir/no-ep.test" ;; esac
check "no en passant: and passes on chess.rules" "1 passed, 0 failed" "$(./boardvm test "$dir/no-ep.test" 2>&1 | tail -1)"

# ---- castling through check ----------------------------------------------------------------
# Black's rook on f8 watches f1 (Black's king on g6 is out of the way, and not in check). Of
# Black's moves (sorted), f8a8..f8d8 leave the f-file (castling is legal in both), f8e8 and f8f1
# give check (no castling in either); f8f2 is the first that keeps f1 attacked without check:
# only the copy, which no longer asks whether the king passes an attacked square, castles e1g1.
# White then has Kd1 Kxf2, the rook's h2..h8 g1 f1, and e1g1 in the copy: 11 and 12 moves.
plant through-check 's/ and not attacked(f1)//'
run through-check "$dir/through-check.rules" "$chess" --fen "5r2/8/6k1/8/8/8/8/4K2R b K - 0 1" --depth 2
check "castling through check: exit 1" 1 "$st"
check "castling through check: the line" "f8f2" "$(sed -n 's/^the legal moves differ after: //p' "$dir/$name.out")"
check "castling through check: only in the copy" "e1g1" "$(field 'only in A')"
check "castling through check: only in chess.rules" "-" "$(field 'only in B')"
check "castling through check: the counts" "A 12, B 11" "$(field 'after f8f2: perft 1')"

# ---- promotion to a knight forgotten --------------------------------------------------------
# Black's king has three moves (h8g7 first); then White's pawn on b7 promotes: to Q, R, B and N
# in chess, not to N in the copy.
plant no-knight-promotion 's/choose t in Queen Rook Bishop Knight/choose t in Queen Rook Bishop/'
run promotion "$dir/no-knight-promotion.rules" "$chess" --fen "7k/1P6/8/8/8/8/8/K7 b - - 0 1" --depth 2
check "promotion: exit 1" 1 "$st"
check "promotion: the line" "h8g7" "$(sed -n 's/^the legal moves differ after: //p' "$dir/$name.out")"
check "promotion: only in the copy" "-" "$(field 'only in A')"
check "promotion: only in chess.rules" "b7b8=N" "$(field 'only in B')"
check "promotion: the case's moves" "a1a2 a1b1 a1b2 b7b8=B b7b8=N b7b8=Q b7b8=R" "$(case_moves)"

# ---- a knight direction mistyped --------------------------------------------------------------
# (2,-1) written (2,-3): the knight on a2 loses c1 (and (2,-3) is off the board). Black's king
# moves first (e8d7 first in sorted order); no black move is touched, White has one move less.
plant knight '/^dirs knight/s/(2,-1)/(2,-3)/'
run knight "$dir/knight.rules" "$chess" --fen "4k3/8/8/8/8/8/N7/4K3 b - - 0 1" --depth 2
check "knight direction: exit 1" 1 "$st"
check "knight direction: the line" "e8d7" "$(sed -n 's/^the legal moves differ after: //p' "$dir/$name.out")"
check "knight direction: only in the copy" "-" "$(field 'only in A')"
check "knight direction: only in chess.rules" "a2c1" "$(field 'only in B')"
check "knight direction: the counts" "A 7, B 8" "$(field 'after e8d7: perft 1')"

# ---- a UCI engine (boardvm behind tests/uci/fake-uci.sh) ---------------------------------------
run uci-self "$chess" --uci "$fake" --variant chess --depth 3
check "chess against the fake engine: exit 0" 0 "$st"
check "chess against the fake engine: the counts" "A 8902, B 8902" "$(field 'perft 3')"
# the promotion bug again: the engine writes b7b8n, shown as such and written back as b7b8=N
run uci-promotion "$dir/no-knight-promotion.rules" --uci "$fake" --fen "7k/1P6/8/8/8/8/8/K7 b - - 0 1" --depth 2
check "promotion against the engine: exit 1" 1 "$st"
check "promotion against the engine: the line" "h8g7" "$(sed -n 's/^the legal moves differ after: //p' "$dir/$name.out")"
check "promotion against the engine: only in the engine" "b7b8n" "$(field 'only in B')"
check "promotion against the engine: the case's moves" "a1a2 a1b1 a1b2 b7b8=B b7b8=N b7b8=Q b7b8=R" "$(case_moves)"
# the engine as side A: the bug is the same, the sides swap
run uci-first --uci "$fake" "$dir/no-ep.rules" --moves e2e4 a7a6 e4e5 --depth 3
check "engine as A: exit 1" 1 "$st"
check "engine as A: only in the engine" "e5d6" "$(field 'only in A')"
check "engine as A: the line" "d7d5" "$(sed -n 's/^the legal moves differ after: //p' "$dir/$name.out")"

# ---- Fairy-Stockfish's recorded answer in a shogi position: drops, promotions, hands ------------
matsuri="l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
shogi=$srcdir/examples/shogi.rules
replay="sh $srcdir/tests/uci/replay-uci.sh"
run matsuri "$shogi" --uci "$replay $srcdir/tests/uci/shogi-matsuri.fsf" --variant shogi --fen "$matsuri" --depth 1
check "shogi against Fairy-Stockfish's 207 moves: exit 0" 0 "$st"
check "shogi: the engine's FEN (hands in brackets, White is 'b')" \
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL[RGgsnppppp] b 1" "$(field "the engine's start")"
# the same answer with a drop and a promotion taken out: both named, in both notations
sed '/^G@h7: 1$/d; /^g1f2+: 1$/d; s/^Nodes searched: 207$/Nodes searched: 205/' \
    "$srcdir/tests/uci/shogi-matsuri.fsf" > "$dir/matsuri-less.fsf"
run matsuri-less "$shogi" --uci "$replay $dir/matsuri-less.fsf" --variant shogi --fen "$matsuri" --depth 1
check "shogi, two moves fewer: exit 1" 1 "$st"
check "shogi, two moves fewer: only in the rules file" "G@h7 g1f2=+B (g1f2+)" "$(field 'only in A')"

# ---- issue 39: what Fairy-Stockfish writes, recorded ----------------------------------------------
# Kyoto shogi's start: every move turns a piece over, and the engine writes a piece turned back
# as `a1a2-` (a demotion), which is boardvm's a1a2=L: the 12 moves agree.
kyoto=$srcdir/tests/lang/kyoto.rules
run kyoto "$kyoto" --uci "$replay $srcdir/tests/uci/kyoto-start.fsf" --variant kyotoshogi --depth 1
check "kyoto shogi's demotions (a1a2-): exit 0" 0 "$st"
check "kyoto shogi's demotions: the counts" "A 12, B 12" "$(field 'perft 1')"
# hands on both sides: a piece dropped turned over is the engine's `+L@a1`, boardvm's L@a1=+L
run kyoto-hands "$kyoto" --uci "$replay $srcdir/tests/uci/kyoto-hands.fsf" --variant kyotoshogi \
    --fen "p1k2/1n2l/5/+SK3/3+NP[Sl] b - -" --depth 1
check "kyoto shogi, drops turned over (+L@a1): exit 0" 0 "$st"
check "kyoto shogi, drops turned over: the counts" "A 42, B 42" "$(field 'perft 1')"
# without the drop turned over, each is named in both notations
sed '/^+L@/d; s/^Nodes searched: 42$/Nodes searched: 25/' "$srcdir/tests/uci/kyoto-hands.fsf" > "$dir/kyoto-less.fsf"
run kyoto-less "$kyoto" --uci "$replay $dir/kyoto-less.fsf" --variant kyotoshogi \
    --fen "p1k2/1n2l/5/+SK3/3+NP[Sl] b - -" --depth 1
check "kyoto shogi, the engine without them: exit 1" 1 "$st"
check "kyoto shogi, the engine without them: the first only in the rules file" "L@a1=+L (+L@a1)" \
    "$(field 'only in A' | cut -d' ' -f1-2)"
# Ataxx with its jumps as moves of no one piece (a top-level `moves` block): their strings are
# the engine's, and are sent as they are
run ataxx-top "$srcdir/tests/uci/ataxx-toplevel.rules" --uci "$replay $srcdir/tests/uci/ataxx-start.fsf" \
    --variant ataxx --depth 1
check "moves of no one piece written as moves (a7a5): exit 0" 0 "$st"
check "moves of no one piece: the counts" "A 16, B 16" "$(field 'perft 1')"

# ---- issue 39: an engine that ignores a move it cannot read ---------------------------------------
# Given --piece Q=X, boardvm writes the promotion b7b8=Q as b7b8x, which the engine does not
# know: it would ignore it without a word (as Fairy-Stockfish does) and stay a ply behind, so
# its moves would differ from boardvm's at once. Each --moves move must be one the engine lists.
./boardvm diff "$chess" --uci "$fake ignore-unknown" --piece Q=X --fen "7k/1P6/8/8/8/8/8/K7 w - - 0 1" \
    --moves b7b8=Q --depth 1 > "$dir/ignore.out" 2> "$dir/ignore.err"; st=$?
check "an engine that ignores a move: exit 2, no difference reported" "2" "$st"
check "an engine that ignores a move: no perft compared" "" "$(grep perft "$dir/ignore.out")"
case $(cat "$dir/ignore.err") in
*"the engine does not list the move 'b7b8x' (move 1 of --moves, 'b7b8=Q')"*) echo "ok: an engine that ignores a move: the message" ;;
*) echo "FAIL: an engine that ignores a move: the message: $(cat "$dir/ignore.err")"; status=1 ;;
esac
# the moves it knows, it follows: the same line written as it writes it agrees
run follows "$chess" --uci "$fake ignore-unknown" --fen "7k/1P6/8/8/8/8/8/K7 w - - 0 1" --moves b7b8=Q --depth 2
check "an engine that follows the moves: exit 0" 0 "$st"

# ---- issue 39: --setoption ---------------------------------------------------------------------------
# The fake engine knows the variant "inivariant" only after `setoption name VariantPath`, as
# Fairy-Stockfish knows the variants of an ini file only after it.
run setoption "$chess" --uci "$fake setoption" --setoption VariantPath=variants.ini --variant inivariant --depth 1
check "--setoption VariantPath=...: exit 0" 0 "$st"

# ---- issue 39: --random-games finds the castling bug that no fixed depth from the start finds ---------
# through-check.rules (above) castles through an attacked f1. From the start position depth 3
# agrees (depth 5 does too, by the issue's report), and so does the hand-picked start of both
# sides' castlings; random games, compared at depth 2 at every ply, find it.
run castle-depth "$dir/through-check.rules" "$chess" --fen "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1" --depth 3
check "castling through check, fixed depth 3 from both castlings: agrees (the bug unseen)" 0 "$st"
run castle-random "$dir/through-check.rules" "$chess" --random-games 100
check "castling through check, random games: exit 1" 1 "$st"
check "castling through check, random games: only in the copy" "e1g1" "$(field 'only in A')"
check "castling through check, random games: which game" "random game 8 (seed 1), ply 29" \
    "$(sed -n 's/: the sides differ.*//p' "$dir/$name.out")"
# the same against the engine (the seed whose first game finds it: each ply runs the fake twice)
run castle-engine "$dir/through-check.rules" --uci "$fake" --random-games 3 --seed 2
check "castling through check, random games against the engine: exit 1" 1 "$st"
check "castling through check, random games against the engine: only in the copy" "e1g1" "$(field 'only in A')"
run random-agree "$chess" "$chess" --random-games 5 --plies 20
check "random games of a file against itself: agree" \
    "A and B agree at depth 2 at every ply of 5 random games of up to 20 plies (seed 1)" "$(tail -1 "$dir/$name.out")"

# ---- errors: status 2 and a message ---------------------------------------------------------------
errcheck() {   # name, expected message (a part of it), args...
    what=$1 want=$2; shift 2
    ./boardvm diff "$@" > "$dir/err.out" 2> "$dir/err.err"; st=$?
    check "$what: exit 2" 2 "$st"
    case $(cat "$dir/err.err") in
    *"$want"*) echo "ok: $what: the message" ;;
    *) echo "FAIL: $what: expected a message with '$want', got '$(cat "$dir/err.err")'"; status=1 ;;
    esac
}
errcheck "one side" "needs two sides" "$chess"
errcheck "two engines" "needs a rules file on one side" --uci "$fake" --uci "$fake"
errcheck "-o before a rules file" "belongs after the rules file" -o x "$chess" "$chess"
errcheck "--variant after a rules file" "belongs after the --uci engine" "$chess" --variant chess "$chess"
errcheck "a bad depth" "--depth must be 1 to 30" "$chess" "$chess" --depth 0
errcheck "a bad --ranks-from" "--ranks-from is 0 or 1" "$chess" --uci "$fake" --ranks-from 2
errcheck "a bad --piece" "is not CODE=LETTER" "$chess" --uci "$fake" --piece Mr
errcheck "an unknown option" "unknown option '--frobnicate'" "$chess" "$chess" --frobnicate
errcheck "a missing rules file" "cannot open" "$chess" "$dir/nonesuch.rules"
errcheck "a rules file with an error" "unknown-dirset.rules:7:23: error: unknown direction 'ortho'" "$chess" "$srcdir/tests/errors/unknown-dirset.rules"
errcheck "an illegal --moves" "--moves: move 1 'e2e5' is not legal in" "$chess" "$chess" --moves e2e5
errcheck "an unknown variant" "does not know the variant 'xiangqi'" "$chess" --uci "$fake" --variant xiangqi
errcheck "an engine that dies" "ended (exit status 3) while boardvm waited for the answer to 'go perft 2'" \
    "$chess" --uci "$fake die" --depth 2
errcheck "an engine that hangs" "said nothing for 1 s while boardvm waited for the answer to 'go perft 2'" \
    "$chess" --uci "$fake hang" --depth 2 --timeout 1
errcheck "not a UCI engine" "said nothing for 1 s while boardvm waited for 'uciok'" "$chess" --uci "$fake no-uci" --timeout 1
errcheck "an engine whose counts do not add up" "add up to 20, its total is 21" "$chess" --uci "$fake wrong-total" --depth 1
errcheck "a command that is not there" "ended (exit status 127)" "$chess" --uci "$dir/no-such-engine"
# Spinal Tap's Crab is "Cr": no one-letter code for a FEN until --piece gives one
errcheck "a position the engine cannot be told" "the piece code 'Cr' (Crab) has no one-letter code for the engine: give --piece Cr=LETTER" \
    "$srcdir/rules/spinal-tap.rules" --uci "$fake"
errcheck "--plies without --random-games" "--plies goes with --random-games N" "$chess" "$chess" --plies 3
errcheck "--setoption without a value" "--setoption is NAME=VALUE" "$chess" --uci "$fake" --setoption VariantPath
errcheck "--setoption after a rules file" "--setoption belongs after the --uci engine" "$chess" --setoption A=b "$chess"
errcheck "a variant only an option adds, without it" "does not know the variant 'inivariant'" \
    "$chess" --uci "$fake setoption" --variant inivariant
# a Knight in hand dropped as a Rook: no engine notation says it (a '+' before the code says the
# promoted form only), so diff says so rather than send a guess
cat > "$dir/drop-as.rules" <<'EOF2'
game "drop as another type";
players White "w", Black "b";
board 3 x 3;
piece King "K" royal { leap (1,0) (-1,0) (0,1) (0,-1); }
piece Knight "N" { }
piece Rook "R" { }
drops { choose s in board { go s; require empty; become Rook; emit drop; } }
start "k2/3/2K[N] w";
position board[hands] turn;
EOF2
errcheck "a drop turned over into another type than its promoted form" \
    "the drop 'N@a1=R' puts down another type than it takes from the hand, and not its promoted form ('+N')" \
    "$dir/drop-as.rules" --uci "$replay $srcdir/tests/uci/kyoto-start.fsf" --depth 1
rm -rf "$dir"
exit $status
