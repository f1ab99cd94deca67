#!/bin/sh
# Game records are PGN: every game's record (a short self-play, from its start and from another
# position) has the Seven Tag Roster in order, a Variant tag for any game but chess, SetUp and
# FEN when the start is not the game's own, move numbers per pair and the result token; boardvm
# reads each back to the same position (show --game). A chess record with castling, a promotion
# and a start of its own, written in SAN, is read by Debian's pgn-extract, move for move. Without pgn-extract
# (apt-get install pgn-extract) that part is skipped, except under CI=true, where it fails.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
position() { ./boardvm show "$@" 2>&1 | sed -n 's/^position: //p'; }
roster='Event Site Date Round White Black Result'

# check_record NAME RULES START-ARGS...: self-play 8 plies, then the record read back
check_record() {
    name=$1 rules=$2; shift 2
    # (antichess failed here until the search honoured `moves compulsory capture;`: "internal
    # error: the engine chose 'f1c4', not a legal move")
    if ! ./boardvm selfplay "$rules" --depth 1 --max-plies 8 --record rec.pgn "$@" >rec.out 2>&1; then
        bad "$name: selfplay failed: $(tail -n 3 rec.out)"
        return
    fi
    tags=$(sed -n 's/^\[\([A-Za-z]*\) .*/\1/p' rec.pgn | head -n 7 | tr '\n' ' ')
    [ "$tags" = "$roster " ] && ok "$name: the Seven Tag Roster, in order" || bad "$name: the first tags are $tags"
    game=$(sed -n 's/^\[Game "\(.*\)"\]$/\1/p' rec.pgn)
    if [ "$game" = "FIDE Chess" ]; then grep -q '^\[Variant ' rec.pgn && bad "$name: a Variant tag for chess" || ok "$name: no Variant for chess"
    else grep -q "^\\[Variant \"$game\"\\]" rec.pgn && ok "$name: Variant \"$game\"" || bad "$name: no Variant tag"; fi
    if [ $# -gt 0 ]; then
        grep -q '^\[SetUp "1"\]' rec.pgn && grep -qxF "[FEN \"$2\"]" rec.pgn && ok "$name: SetUp and FEN" || bad "$name: no SetUp/FEN for --fen '$2'"
    else
        grep -q '^\[FEN ' rec.pgn && bad "$name: a FEN tag for the game's own start" || ok "$name: no FEN for the game's own start"
    fi
    result=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' rec.pgn)
    last=$(sed '/^$/d' rec.pgn | tail -n 1 | awk '{ print $NF }')
    [ -n "$result" ] && [ "$last" = "$result" ] && ok "$name: the result token $result ends the moves" || bad "$name: ends with '$last', Result '$result'"
    # the moves as the listing printed them (after its "1." / "1..." numbers), and as the record has them
    # (a game of more than two players prints the mover's letter first: dice-race's `d  2`)
    listed=$(sed -n 's/^ *[0-9][0-9]*\.\.* *\(-\{0,1\}[A-Za-z]\{1,\}  *\)\{0,1\}\([^ ]*\)  *score.*/\2/p' rec.out | tr '\n' ' ')
    numbers=$(sed '1,/^$/d' rec.pgn | tr ' ' '\n' | grep -c '^[0-9][0-9]*\.')
    # one number a pair of plies, and one for a first ply of the second player ("1..."); a game
    # may end before its 8 plies (Nemoroth at depth 1 can walk into a side with no move)
    nlisted=$(echo $listed | wc -w)
    # (a number for each of the first player's plies, and "1..." for a first ply of another's:
    # with two players, one a pair of plies)
    want=$(grep ' score ' rec.out | grep -c '^ *[0-9][0-9]*\. ')
    if grep -m 1 ' score ' rec.out | grep -q '^ *1\.\.\.'; then want=$((want + 1)); fi
    [ "$nlisted" -ge 4 ] && [ "$numbers" = "$want" ] && ok "$name: $numbers move numbers for $nlisted plies" ||
        bad "$name: $numbers move numbers for $nlisted plies, not $want"
    want=$(position "$rules" "$@" --moves $listed)
    got=$(position "$rules" --game rec.pgn)
    [ -n "$want" ] && [ "$got" = "$want" ] && ok "$name: read back to the same position" ||
        bad "$name: read back to '$got', not '$want' (moves: $listed)"
}

for rules in "$srcdir"/rules/*.rules "$srcdir"/examples/*.rules; do
    name=$(basename "$rules" .rules)
    check_record "$name" "$rules"
    # another start: the position after the first move of the self-play just recorded
    first=$(sed -n 's/^ *1\. *\([^ ]*\)  *score.*/\1/p' rec.out | head -n 1)
    [ -n "$first" ] && check_record "$name from a position" "$rules" --fen "$(position "$rules" --moves "$first")"
done

# ---- a standard FEN's trailing fields, where the game does not declare them ---------------------
xq="$srcdir/examples/xiangqi.rules"
start=$(position "$xq")
fenpos="$start - - 0 1"
[ "$(position "$xq" --fen "$fenpos")" = "$start" ] && ok "xiangqi: a FEN's '- - 0 1' is read as nothing" ||
    bad "xiangqi: --fen '$fenpos': $(./boardvm show "$xq" --fen "$fenpos" 2>&1 | tail -n 1)"
./boardvm show "$xq" --fen "$start - - 0 1 7" >/dev/null 2>&1 && bad "xiangqi: a seventh field is taken" ||
    ok "xiangqi: no more than a FEN's six fields"

# ---- a chess record read by pgn-extract ------------------------------------------------------------
pgnx=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
if [ -n "$pgnx" ]; then
    chess="$srcdir/rules/chess.rules"
    printf 'e1g1\nb7b8=Q\nsave rec.pgn\nquit\n' |
        ./boardvm play "$chess" --fen '4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1' --depth 1 >rec.out 2>&1
    ./boardvm selfplay "$chess" --depth 2 --seed 3 --max-plies 60 --record rec2.pgn >rec2.out 2>&1
    # the records are in SAN; pgn-extract checks each move and writes it as coordinates, which
    # must be the moves boardvm played: the ones typed, and selfplay's listing
    played=$(sed -n 's/^ *[0-9][0-9]*\.\.* *\([^ ]*\)  *score.*/\1/p' rec2.out | sed 's/=//' | tr '\n' ' ')
    for r in rec.pgn rec2.pgn; do
        theirs=$("$pgnx" -s -Wuci --notags "$r" 2>pgnx.err | tr ' ' '\n' | grep -v '^$' | tr '\n' ' ')
        if [ "$r" = rec.pgn ]; then want_re='^e1g1 [a-h][1-8][a-h][1-8] b7b8Q '; else want_re="^$played"; fi
        if [ -s pgnx.err ]; then bad "pgn-extract: $r: $(cat pgnx.err)"
        elif echo "$theirs" | grep -q "$want_re"; then ok "pgn-extract reads $r's SAN move for move ($(echo "$theirs" | wc -w) words)"
        else bad "pgn-extract read $r as '$theirs', not /$want_re/"; fi
    done
    grep -q ' O-O ' rec.pgn && grep -q ' b8=Q' rec.pgn && ok "the record has castling and a promotion in SAN" || bad "rec.pgn: $(cat rec.pgn)"
elif [ "${CI:-}" = true ]; then bad "no pgn-extract (apt-get install pgn-extract)"
else echo "ok: # SKIP no pgn-extract: the chess record is not read by a PGN tool"; fi

rm -f rec.pgn rec2.pgn rec.out rec2.out pgnx.err
[ $fails -eq 0 ]
