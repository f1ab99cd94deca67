#!/bin/sh
# boardvm match --engine (src/common/engine_player.c): external engines as engine B.
# 1. Fake engines (a tiny shell script, UCI or CECP) that crash, hang, send an illegal move or
#    no move, resign or claim a draw: each game is a loss for the engine (a draw for the claim)
#    with the reason named, the match goes on (the engine is started again), no engine process
#    is left behind, Ctrl-C still prints the summary. A bad command is a clear error. The
#    expected results follow from the protocol and the rules of chess (e2e5 is never legal),
#    not from boardvm's output.
# 2. Real engines, when installed (Debian's fairy-stockfish and fairymax; the README's test
#    command installs them, and CI=true fails rather than skips without them): a 2-game match
#    each at a fast time control; the records must be legal chess for pgn-extract, an
#    independent reader.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess=$srcdir/rules/chess.rules
boardvm=${BOARDVM:-$(pwd)/boardvm}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-me.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
status=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; status=1; }
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: expected '$2', got '$3'"; fi
}

# The fake engine (POSIX sh: it starts in a millisecond, Python takes 0.2 s of CPU): MODE
# PIDDIR. It writes its pid into PIDDIR, to check that none is left running.
cat > "$tmp/fake.sh" <<'EOF'
mode=$1
: > "$2/$$"
case $mode in *stubborn) trap '' INT TERM HUP ;; esac   # deaf to quit and a terminal's signals
while read -r cmd arg rest; do
    case $cmd in
    quit) case $mode in *stubborn) ;; *) exit 0 ;; esac ;;
    uci) [ "$mode" = uci-no-uciok ] || printf 'id name fake-%s\nuciok\n' "$mode" ;;
    isready) echo readyok ;;
    protover) case $mode in *nosetboard) sb=0 ;; *) sb=1 ;; esac
        case $mode in *san) san=1 ;; *) san=0 ;; esac
        printf 'feature myname="fake-%s" ping=1 setboard=%s san=%s done=1\n' "$mode" $sb $san ;;
    ping) echo "pong $arg" ;;
    go)
        case $mode in
        *hang*) ;;
        *crash) kill -SEGV $$ ;;
        uci-illegal) echo "bestmove e2e5" ;;
        uci-none) echo "bestmove (none)" ;;
        cecp-illegal) echo "move e2e5" ;;
        cecp-resign) echo "resign" ;;
        cecp-draw) echo "1/2-1/2 {Draw by repetition}" ;;
        esac ;;
    esac
done
EOF

fake() { echo "exec sh $tmp/fake.sh $1 $tmp/pids"; }
# match with the fake engine in MODE (then more options); output in $tmp/out, status in $st
run() {
    mode=$1; shift
    mkdir -p "$tmp/pids"
    timeout 60 "$boardvm" match "$chess" --games 2 --jobs 2 --random-plies 0 \
        --engine "$(fake "$mode")" "$@" >"$tmp/out" 2>"$tmp/err"
    st=$?
}
# every fake engine started is gone (kill -0 fails on a process reaped)
none_left() {
    sleep 0.3
    for f in "$tmp"/pids/*; do
        [ -e "$f" ] || continue
        if kill -0 "$(basename "$f")" 2>/dev/null; then bad "$1: engine $(basename "$f") left running"; return; fi
    done
    ok "$1: no engine left running"
    rm -rf "$tmp/pids"
}
score() { sed -n 's/^A (.*) against B (.*): \(.* in [0-9]* games*\)$/\1/p' "$tmp/out"; }
ends() { sed -n 's/^ends: //p' "$tmp/out"; }

# -- UCI: an illegal move, no move, a crash, a hang (as the first player and as the second) --
run uci-illegal --depth 1
check "uci, illegal move: status" 0 $st
check "uci, illegal move: B loses both" "2 wins, 0 draws, 0 losses in 2 games" "$(score)"
check "uci, illegal move: the reason" "fake-uci-illegal played the illegal move 'e2e5' 2" "$(ends)"
none_left "uci, illegal move"
run uci-none --depth 1
check "uci, bestmove (none): B loses both" "2 wins, 0 draws, 0 losses in 2 games" "$(score)"
check "uci, bestmove (none): the reason" \
    "fake-uci-none sent no move ('bestmove (none)') where the rules have one 2" "$(ends)"
run uci-crash --depth 1
check "uci, crash: B loses both (started again for the second)" \
    "2 wins, 0 draws, 0 losses in 2 games" "$(score)"
check "uci, crash: the reason" "fake-uci-crash ended (killed by signal 11) while it had to move 2" "$(ends)"
none_left "uci, crash"
# a hang with a clock: lost on time when its 0.3 s are gone; deaf to quit and SIGTERM, it is
# killed (its process group) before the next game
start=$(date +%s)
run uci-hang-stubborn --tc 0.3+0
check "uci, hang: B loses both on time" "2 wins, 0 draws, 0 losses in 2 games" "$(score)"
check "uci, hang: the reason" "fake-uci-hang-stubborn lost on time 2" "$(ends)"
[ $(( $(date +%s) - start )) -lt 15 ] && ok "uci, hang: within 15 s" || bad "uci, hang: took $(( $(date +%s) - start )) s"
none_left "uci, hang (stubborn)"
# no clock: --timeout bounds the move
run uci-hang --depth 1 --timeout 1
check "uci, hang without a clock: the reason" "fake-uci-hang sent no move in 1 s 2" "$(ends)"

# -- CECP: an illegal move, a resignation, a draw claim, a crash --
run cecp-illegal --protocol xboard --tc 5+0
check "cecp, illegal move" "2 wins, 0 draws, 0 losses in 2 games|fake-cecp-illegal played the illegal move 'e2e5' 2" "$(score)|$(ends)"
run cecp-resign --protocol xboard --depth 1
check "cecp, resign" "2 wins, 0 draws, 0 losses in 2 games|fake-cecp-resign resigned 2" "$(score)|$(ends)"
run cecp-draw --protocol xboard --depth 1
check "cecp, draw claim" "0 wins, 2 draws, 0 losses in 2 games|fake-cecp-draw claimed a draw {Draw by repetition} 2" "$(score)|$(ends)"
run cecp-crash --protocol xboard --depth 1
check "cecp, crash" "2 wins, 0 draws, 0 losses in 2 games|fake-cecp-crash ended (killed by signal 11) while it had to move 2" "$(score)|$(ends)"
none_left "cecp"
run cecp-illegal --protocol xboard --nodes 100
check "cecp, --nodes: refused" "2|boardvm: match: a CECP engine plays with --tc, --time or --depth (not --nodes)" "$st|$(head -n 1 "$tmp/err")"

echo 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3' >"$tmp/openings"
run cecp-nosetboard --protocol xboard --depth 1 --openings "$tmp/openings"
check "cecp without setboard: --openings refused" "2|boardvm: match: the engine '$(fake cecp-nosetboard)' cannot be given a position (it has no setboard feature): it plays from the start only, not --openings" "$st|$(cat "$tmp/err")"

run cecp-san --protocol xboard --depth 1
check "cecp with san=1: refused" "2|boardvm: match: the engine '$(fake cecp-san)' asks for moves in SAN (feature san=1), which match does not send" "$st|$(cat "$tmp/err")"

# -- engine A external too (--engine-a): boardvm referees two engines --
mkdir -p "$tmp/pids"
timeout 60 "$boardvm" match "$chess" --games 2 --jobs 2 --random-plies 0 --depth 1 \
    --engine-a "$(fake uci-illegal)" >"$tmp/out" 2>"$tmp/err"; st=$?
check "--engine-a, illegal move: A loses both" "0|0 wins, 0 draws, 2 losses in 2 games" "$st|$(score)"
check "--engine-a, illegal move: the reason" "fake-uci-illegal played the illegal move 'e2e5' 2" "$(ends)"
# A (UCI) plays an illegal move as White in game 1; in game 2 B (CECP) is White and resigns at
# once: one game each, both engines' faults named
timeout 60 "$boardvm" match "$chess" --games 2 --jobs 1 --random-plies 0 --depth 1 \
    --engine-a "$(fake uci-illegal)" --engine "$(fake cecp-resign)" --protocol xboard \
    >"$tmp/out" 2>"$tmp/err"; st=$?
check "--engine-a and --engine: one loss each" "0|1 win, 0 draws, 1 loss in 2 games" "$st|$(score)"
check "--engine-a and --engine: the reasons" \
    "fake-uci-illegal played the illegal move 'e2e5' 1, fake-cecp-resign resigned 1" "$(ends)"
grep -q "^A (fake-uci-illegal, depth 1) against B (fake-cecp-resign, depth 1): " "$tmp/out" &&
    ok "--engine-a and --engine: both named" || bad "--engine-a and --engine: $(cat "$tmp/out")"
none_left "--engine-a"
"$boardvm" match "$chess" --engine-a-option Hash=1 2>"$tmp/err"; st=$?
check "--engine-a-option without --engine-a" "2|boardvm: match: --engine-a-option goes with --engine-a 'COMMAND'" "$st|$(head -n 1 "$tmp/err")"
"$boardvm" match "$chess" --engine-a "$(fake uci-illegal)" --threads 2,1 2>"$tmp/err"; st=$?
check "--engine-a with boardvm's --threads for A" "2|boardvm: match: engine A is --engine-a '$(fake uci-illegal)': --threads, --off, --search and --move-work are for boardvm's engine" "$st|$(head -n 1 "$tmp/err")"

# -- errors before any game: a command that is no engine, one that never says uciok --
"$boardvm" match "$chess" --engine "$tmp/no-such-engine" >"$tmp/out" 2>"$tmp/err"; st=$?
check "a bad command: status 2" 2 $st
grep -q "^boardvm: match: the engine '$tmp/no-such-engine' ended (exit status 127)" "$tmp/err" &&
    ok "a bad command: named, with its exit status" || bad "a bad command: $(cat "$tmp/err")"
run uci-no-uciok --timeout 0.5
check "no uciok: status 2" 2 $st
grep -q "said nothing for 0.5 s while boardvm waited for 'uciok' (is it a UCI engine?)" "$tmp/err" &&
    ok "no uciok: said" || bad "no uciok: $(cat "$tmp/err")"
none_left "errors"
"$boardvm" match "$chess" --protocol xboard 2>"$tmp/err"; st=$?
check "--protocol without --engine" "2|boardvm: match: --protocol goes with --engine 'COMMAND'" "$st|$(head -n 1 "$tmp/err")"
"$boardvm" match "$chess" --tc-margin 1 2>"$tmp/err"; st=$?
check "--tc-margin without --tc" "2|boardvm: match: --tc-margin goes with --tc" "$st|$(head -n 1 "$tmp/err")"
"$boardvm" match "$chess" --tc 10+x 2>"$tmp/err"; st=$?
check "a bad --tc" "2|boardvm: match: --tc '10+x' is not A,B (each BASE+INC in seconds, as 10+0.1 or 1:30+1) or one time control" "$st|$(head -n 1 "$tmp/err")"
mkdir -p "$tmp/pids"
"$boardvm" match "$srcdir/examples/xiangqi.rules" --engine "$(fake uci-illegal)" 2>"$tmp/err" >/dev/null; st=$?
grep -q "lists no variants and knows none of the names of the game 'Xiangqi' as a variant ('xiangqi'): give its name with --engine-variant NAME" "$tmp/err" &&
    ok "a game the engine does not know" || bad "a game the engine does not know: $st $(cat "$tmp/err")"

# -- Ctrl-C during an engine's move: the summary, status 130, no engine left --
mkdir -p "$tmp/pids"
timeout --preserve-status -s INT 1 "$boardvm" match "$chess" --games 4 --jobs 2 --tc 60+0 \
    --engine "$(fake uci-hang-stubborn)" >"$tmp/out" 2>"$tmp/err"; st=$?
check "Ctrl-C: status and summary" "130|boardvm: match: interrupted after 0 of 4 games" "$st|$(tail -n 1 "$tmp/err")"
grep -q '^elo: no games$' "$tmp/out" && ok "Ctrl-C: the statistics" || bad "Ctrl-C: $(cat "$tmp/out")"
none_left "Ctrl-C"

# -- real engines: two fast games each, records read by pgn-extract --
real() {   # name, command, protocol
    if ! command -v "${2%% *}" >/dev/null && [ ! -x "${2%% *}" ]; then
        if [ "$CI" = true ]; then bad "$1 is not installed"; else echo "skip: $1 is not installed"; fi
        return
    fi
    timeout 120 "$boardvm" match "$chess" --games 2 --jobs 2 --tc 1+0.02 --max-plies 30 \
        --engine "$2" --protocol "$3" --record "$tmp/real.pgn" >"$tmp/out" 2>"$tmp/err"; st=$?
    check "$1: status" 0 $st
    grep -q "^A (1+0.02) against B (.*): .* in 2 games$" "$tmp/out" && grep -q '^elo: ' "$tmp/out" &&
        ok "$1: a result line" || bad "$1: $(cat "$tmp/out" "$tmp/err")"
    records_legal "$1"
}
# the records of the match just played ($tmp/out, $tmp/real.pgn) hold only legal moves
records_legal() {
    if grep -q "illegal" "$tmp/out"; then bad "$1: an illegal move: $(grep illegal "$tmp/out")"; else ok "$1: no illegal move"; fi
    # pgn-extract checks every move of the records (the random opening, then both engines'):
    # it must read as many moves as the games had plies, with no error (its UCI output writes
    # a promotion's piece in capitals, b7a8Q: a game that promoted once counted a move short)
    pgnx=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
    if [ -n "$pgnx" ]; then
        plies=$(sed -n 's/^game .*, \([0-9]*\) plies; A .*/\1/p' "$tmp/out" | awk '{ s += $1 } END { print s }')
        moves=$("$pgnx" -s -Wuci --notags "$tmp/real.pgn" 2>"$tmp/pe.err" | tr ' ' '\n' |
                grep -c '^[a-h][1-8][a-h][1-8][qrbnQRBN]\{0,1\}$')
        check "$1: pgn-extract reads every move of the records" "$plies|" "$moves|$(cat "$tmp/pe.err")"
    elif [ "$CI" = true ]; then bad "no pgn-extract"; fi
}
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
fmax=$(command -v fairymax || echo /usr/games/fairymax)
real "fairy-stockfish" "$fsf" uci
# variants, told by the game's name: drops, promotions with '+', ten ranks (at depth 1: cheap)
for g in shogi xiangqi; do
    [ -x "$fsf" ] || continue
    timeout 60 "$boardvm" match "$srcdir/examples/$g.rules" --games 1 --jobs 1 --depth 1 \
        --max-plies 30 --engine "$fsf" >"$tmp/out" 2>"$tmp/err"; st=$?
    check "fairy-stockfish, $g: status, variant, the game counted" \
        "0|B (Fairy-Stockfish $g, depth 1): in 1 game" \
        "$st|$(sed -n 's/^A (depth 1) against B (\(Fairy-Stockfish\)[^,]* \([a-z]*\), depth 1): .*\( in [0-9]* games*\)$/B (\1 \2, depth 1):\3/p' "$tmp/out")"
    if grep -q "illegal\|sent no move" "$tmp/out"; then bad "fairy-stockfish, $g: $(grep "illegal\|sent no move" "$tmp/out")"
    else ok "fairy-stockfish, $g: every move of both sides legal"; fi
done
# boardvm against `boardvm uci` in a game that is not chess: the variant found by the game's
# name (UCI_Variant lists it), every move of both sides legal, both games counted
timeout 120 "$boardvm" match "$srcdir/rules/nemoroth.rules" --games 2 --jobs 2 --depth 1 \
    --max-plies 30 --engine "$boardvm uci $srcdir/rules/nemoroth.rules" >"$tmp/out" 2>"$tmp/err"; st=$?
check "boardvm uci, nemoroth: status, variant, the games counted" \
    "0|thegameofnemoroth, depth 1): in 2 games" \
    "$st|$(sed -n 's/^A (depth 1) against B (.*) \([a-z]*, depth 1)\): .*\( in [0-9]* games*\)$/\1:\2/p' "$tmp/out")"
if grep -q "illegal\|sent no move\|error" "$tmp/out" "$tmp/err"; then bad "boardvm uci, nemoroth: $(cat "$tmp/out" "$tmp/err")"
else ok "boardvm uci, nemoroth: every move of both sides legal"; fi
[ -x "$fmax" ] && fmax="setarch $(uname -m) -R $fmax"    # see docs/engine.md: Debian's build
real "fairymax" "$fmax" xboard
# both engines external (--engine-a): Fairy-Stockfish against Fairy-Max, boardvm the referee
if [ -x "$fsf" ] && [ -x "${fmax##* }" ]; then
    timeout 120 "$boardvm" match "$chess" --games 2 --jobs 2 --tc 1+0.02 --max-plies 30 \
        --engine-a "$fsf" --engine "$fmax" --protocol xboard --record "$tmp/real.pgn" \
        >"$tmp/out" 2>"$tmp/err"; st=$?
    check "fairy-stockfish against fairymax: status" 0 $st
    grep -q "^A (Fairy-Stockfish.*, 1+0.02) against B (Fairy-Max.*, 1+0.02): .* in 2 games$" "$tmp/out" &&
        ok "fairy-stockfish against fairymax: a result line" || bad "fairy-stockfish against fairymax: $(cat "$tmp/out" "$tmp/err")"
    records_legal "fairy-stockfish against fairymax"
elif [ "$CI" = true ]; then bad "fairy-stockfish or fairymax is not installed"; fi
exit $status
