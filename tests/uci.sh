#!/bin/sh
# `boardvm uci FILE`: the UCI protocol, with every expected line worked out by hand from the UCI
# specification and the rules of the games (tests/uci-client.sh drives it with a real client).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
fails=0
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
pass() { echo "ok: $1"; }
fail() { echo "FAIL: $1"; fails=$((fails + 1)); }
uci() {   # rules, commands (printf format) -> $t/out
    printf "$2" | timeout 60 ./boardvm uci "$srcdir/$1" >"$t/out" 2>"$t/err"
}
has() {   # a line of $t/out matching the extended regex $1, or fail with $2
    if grep -Eq -- "$1" "$t/out"; then pass "$2"; else fail "$2: no line /$1/ in: $(head -c 600 "$t/out")"; fi
}
hasnt() {
    if grep -Eq -- "$1" "$t/out"; then fail "$2: a line /$1/"; else pass "$2"; fi
}

uci rules/chess.rules 'uci\nisready\nquit\n'
has '^id name boardvm .*FIDE Chess' "uci: id name"
has '^option name Hash type spin default 64 min 1 max' "uci: the Hash option"
has '^option name Threads type spin' "uci: the Threads option"
has '^uciok$' "uci: uciok"
has '^readyok$' "isready: readyok"

# UCI_Variant: a game not plain chess lists its name (lower case, no spaces: "The Game of
# Nemoroth" -> thegameofnemoroth) as the only value and accepts it; plain chess lists none
hasnt '^option name UCI_Variant' "uci: plain chess lists no UCI_Variant"
uci rules/nemoroth.rules 'uci\nsetoption name UCI_Variant value thegameofnemoroth\nsetoption name UCI_Variant value xiangqi\nisready\nquit\n'
has '^option name UCI_Variant type combo default thegameofnemoroth var thegameofnemoroth$' "uci: a game's own name as UCI_Variant"
has '^info string error: this engine plays only thegameofnemoroth \(The Game of Nemoroth\), not the variant .xiangqi.$' "setoption UCI_Variant: another variant refused"
if [ "$(grep -c '^info string error' "$t/out")" = 1 ]; then pass "setoption UCI_Variant: its own name accepted"
else fail "setoption UCI_Variant: its own name accepted: $(cat "$t/out")"; fi

# a FEN with the sides as w and b (as match runners write it) is read with the game's letters:
# b is Nemoroth's second player, Obsidian (o); no earlier positions (history -)
uci rules/nemoroth.rules 'position fen walgblaw/hhhhhhhh/8/8/8/8/HHHHHHHH/WALGBLAW b\nd\nposition fen walgblaw/hhhhhhhh/8/8/8/8/HHHHHHHH/WALGBLAW x\n'
has '^info string position walgblaw/hhhhhhhh/8/8/8/8/HHHHHHHH/WALGBLAW o -$' "position fen: the turn as b"
has "^info string error: not a position of The Game of Nemoroth: 'x' is not a side to move" "position fen: a turn neither the game's nor w/b"
# ... whatever the board field's length (one of nemoroth.test's positions, 98 characters)
uci rules/nemoroth.rules 'position fen 1l2M1a1/M3h3/MM1[h{statue=1}M]1g{statue=1}2/4h2h/8/1G1H{statue=1}HH{statue=1}HW/H1HHAH1A/W2LBL2 b\nd\n'
has '^info string position 1l2M1a1/M3h3/MM1\[h\{statue=1\}M\]1g\{statue=1\}2/4h2h/8/1G1H\{statue=1\}HH\{statue=1\}HW/H1HHAH1A/W2LBL2 o -$' "position fen: the turn as b after a long board"

# moves in UCI form, in SAN, and the position after them (FEN worked out by hand)
uci rules/chess.rules 'position startpos moves e2e4 e7e5 g1f3\nd\nposition startpos moves e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O\nd\n'
has '^info string position rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2$' "position startpos moves (UCI)"
has '^info string position r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 3 5$' "position startpos moves (SAN, castling)"
# castling and promotion in UCI form: e1g1, a7b8q
uci rules/chess.rules 'position fen rn2k3/P7/8/8/8/8/8/4K2R w K - 0 1 moves e1g1 e8d7 a7b8q\nd\n'
has '^info string position rQ6/3k4/8/8/8/8/8/5RK1 b - - 0 2$' "castling e1g1 and promotion a7b8q"

# a mate in one: the engine finds it (Qf7-f8#, mate 1) and says so; mated: bestmove (none)
uci rules/chess.rules 'position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\ngo depth 3\n'
has '^info depth [0-9]+ score mate 1 nodes [0-9]+ nps [0-9]+ time [0-9]+ pv f7f8$' "go depth: info with mate 1, pv f7f8"
has '^bestmove f7f8$' "go depth: bestmove f7f8"
uci rules/chess.rules 'position fen 5Q1k/8/6K1/8/8/8/8/8 b - - 1 1\ngo depth 3\n'
has '^bestmove \(none\)$' "checkmated: bestmove (none)"
# mated in one: score mate -1 (Black to move, White threatens Qg7#/Qh7#... every move loses)
uci rules/chess.rules 'position fen 7k/8/5QK1/8/8/8/8/8 b - - 0 1\ngo depth 4\n'
has '^info depth [0-9]+ score mate -1 ' "mated in one: score mate -1"

# go perft: the start's 20 moves, 400 leaves at depth 2 (published); Kiwipete's 48 and 2039
uci rules/chess.rules 'position startpos\ngo perft 2\n'
has '^Nodes searched: 400$' "go perft 2: 400"
has '^e2e4: 20$' "go perft 2: e2e4 20"
uci rules/chess.rules 'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo perft 2\n'
has '^Nodes searched: 2039$' "go perft 2 (Kiwipete): 2039"
has '^e1g1: 43$' "go perft 2 (Kiwipete): castling e1g1 43"

# other games: shogi's perft 2 is 900 (published: 30, 900); a promotion is written with +;
# crazyhouse's drops as P@e4
uci examples/shogi.rules 'position startpos\ngo perft 2\nposition startpos moves c3c4 g7g6 b2g7+\nd\n'
has '^Nodes searched: 900$' "shogi: go perft 2 is 900"
has '^info string position lnsgkgsnl/1r5b1/pppppp\+Bpp/' "shogi: b2g7+ promotes the bishop"
uci examples/crazyhouse.rules 'position startpos moves e2e4 d7d5 e4d5 d8d5\nmoves\nposition startpos moves e2e4 d7d5 e4d5 d8d5 P@e4\nd\n'
has ' P@e4:P@e4( |$)' "crazyhouse: the drop P@e4 in UCI form and SAN"
has '^info string position rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR\[p\] b KQkq - 0 3$' "crazyhouse: P@e4 played"

# the clock: movetime 300 ms answers in well under 2 s; go nodes stops near its count
start=$(date +%s%N)
uci rules/chess.rules 'position startpos\ngo movetime 300\n'
ms=$(( ($(date +%s%N) - start) / 1000000 ))
has '^bestmove [a-h][1-8][a-h][1-8]$' "go movetime: a bestmove"
if [ "$ms" -lt 2000 ]; then pass "go movetime 300 in $ms ms"; else fail "go movetime 300 took $ms ms"; fi
uci rules/chess.rules 'position startpos\ngo wtime 2000 btime 2000 winc 10 binc 10\n'
has '^bestmove [a-h][1-8][a-h][1-8]$' "go wtime/btime: a bestmove"
# a clock past its flag still gives a move
uci rules/chess.rules 'position startpos\ngo wtime -5 btime 100\n'
has '^bestmove [a-h][1-8][a-h][1-8]$' "go wtime -5: a bestmove"
# infinite and ponder: no bestmove before stop or ponderhit (the search of a mate in one ends
# at once, and must still wait)
(printf 'position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\ngo infinite\n'; sleep 1; printf 'isready\n'; sleep 0.5; printf 'stop\n') | ./boardvm uci "$srcdir/rules/chess.rules" >"$t/out" 2>&1
if [ "$(grep -n -E '^(readyok|bestmove)' "$t/out" | cut -d: -f2 | tr '\n' ' ')" = "readyok bestmove f7f8 " ]; then
    pass "go infinite: bestmove only after stop"
else fail "go infinite: $(cat "$t/out")"; fi
(printf 'position startpos\ngo ponder wtime 600 btime 600\n'; sleep 1; printf 'isready\nponderhit\n'; sleep 2; printf 'isready\n') | ./boardvm uci "$srcdir/rules/chess.rules" >"$t/out" 2>&1
if [ "$(grep -E '^(readyok|bestmove)' "$t/out" | cut -c1-8 | tr '\n' ' ')" = "readyok bestmove readyok " ]; then
    pass "go ponder: bestmove after ponderhit, within the clock's share"
else fail "go ponder: $(grep -E '^(readyok|bestmove)' "$t/out")"; fi

# options: a game's options are UCI options (Ivory Tower: korean, a check; repetition, a combo)
uci rules/ivory-tower.rules 'uci\nsetoption name repetition value zillions\nsetoption name repetition value nonsense\nsetoption name korean value maybe\nisready\n'
has '^option name korean type check default false$' "game option as check"
has '^option name repetition type combo default author var author var zillions$' "game option as combo"
has '^info string error: the game refuses repetition=nonsense' "a value the game refuses"
has '^info string error: korean is true or false: maybe$' "a check option's bad value"

# bad input: a clear message, never a crash, and the session goes on
long=$(head -c 70000 /dev/zero | tr '\0' 'a')
printf 'position startpos moves e2e5\nposition nowhere\nposition fen x/y/z w - - 0 1\ngo depth x\ngo depth 0\ngo flying\ngo nodes\nsetoption name Hash value 0\nsetoption name Nope value 1\nsetoption Hash\nfrobnicate\n%s\nposition startpos moves e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1\nisready\n' "$long" \
    | timeout 60 ./boardvm uci "$srcdir/rules/chess.rules" >"$t/out" 2>"$t/err"
status=$?
if [ $status -eq 0 ]; then pass "hostile commands: status 0"; else fail "hostile commands: status $status"; fi
has "^info string error: move 1 'e2e5' is not a legal move here" "an illegal move named"
has "^info string error: position takes 'startpos' or 'fen STRING'" "a position that is neither"
has "^info string error: not a position of FIDE Chess" "a bad FEN"
has "^info string error: go depth takes a number" "go depth x"
has "^info string error: go depth must be 1 or more" "go depth 0"
has "^info string error: go does not take 'flying'" "go flying"
has "^info string error: go nodes takes a count of nodes: \(nothing\)" "go nodes without a value"
has "^info string error: Hash must be 1 to" "Hash 0"
has "^info string error: no option named 'Nope'" "an unknown option"
has "^info string error: setoption takes 'name NAME" "setoption without name"
has "^info string error: unknown command 'frobnicate'" "an unknown command"
has "^info string error: command too long" "a line too long"
# the position after ply 4 (kings on e2 and e7) comes again after plies 8, 12, 16 and 20:
# fivefold repetition ends the game there, and ply 21 is refused
has "^info string error: move 21 'e2e1': the game is over" "a move after the game's end (fivefold repetition)"
has '^readyok$' "the session goes on after bad input"
if [ -s "$t/err" ]; then fail "hostile commands: stderr: $(head -c 300 "$t/err")"; else pass "hostile commands: nothing on stderr"; fi
hasnt '^bestmove' "no bestmove without go"
exit $fails
