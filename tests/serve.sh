#!/bin/sh
# `boardvm serve`: the JSON API over HTTP (curl), checked against the command line (boardvm
# moves, show), and the server holding against bad requests: malformed JSON, an oversized body,
# unknown routes, path traversal, a wrong method, 50 clients at once, a client that goes away
# during a search; SIGTERM stops it with status 0. Run from the top build directory by
# `make check` (and under ASan+UBSan by tests/run-sanitized.sh).
# Without serve support or curl it is skipped (77), except in CI (CI=true), where it fails.
srcdir=${srcdir:-.}
rules=$srcdir/rules/chess.rules
skip() {
    if [ "${CI:-}" = true ]; then echo "FAIL: $1 (CI must run this test)"; exit 1; fi
    echo "SKIP: $1"; exit 77
}
./boardvm serve 2>serve.err; st=$?
if grep -q 'built without' serve.err; then rm -f serve.err; skip "boardvm was built without serve"; fi
if [ $st -ne 2 ] || ! grep -q 'needs a rules file' serve.err; then
    echo "FAIL: 'boardvm serve' with no file: status $st, $(cat serve.err)"; exit 1
fi
command -v curl >/dev/null 2>&1 || skip "no curl"

fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }

# show/moves --json: the same data as the API, from the command line
n=$(./boardvm moves "$rules" --json | grep -o '"s":"' | wc -l)
[ "$n" -eq 20 ] && ok "moves --json lists 20 moves" || bad "moves --json: $n moves"
n=$(./boardvm show "$srcdir/rules/smegi.rules" --json | grep -o '"arrows":\[\[' | wc -l)
[ "$n" -eq 40 ] && ok "show --json: Smegi's 40 squares with arrows" || bad "show --json: $n squares with arrows"
./boardvm show "$rules" --json --moves e2e4 | grep -q '"position":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"' \
    && ok "show --json --moves e2e4: the position" || bad "show --json --moves e2e4"
# a move in parts (a Zillions add-partial chain) lists the squares it lands on, which the page
# clicks one by one: White's man a1 jumps b2 to c3, then b4 to a5, or d4 to e5 and f6 to g7 (by
# hand from the rules of checkers); the squares' numbers mapped to names by the game's JSON
ck=$srcdir/tests/zrf/games/checkers.zrf
names=$(./boardvm show "$ck" --json | grep -o '"name":"[a-h][1-8]"' | sed 's/.*:"\(.*\)"/\1/' | tr '\n' ' ')
steps=$(./boardvm moves "$ck" --fen '8/8/5M2/8/1M1M4/8/1M6/m7 w' --json |
    grep -o '"s":"[a-z0-9]*"\|"steps":\[[0-9,]*\]' | sed 's/"s":"\(.*\)"/\1/; s/"steps":\[\(.*\)\]/\1/' |
    awk -v names="$names" 'BEGIN { n = split(names, nm, " ") }
        /,/ { k = split($0, a, ","); t = ""; for (i = 1; i <= k; i++) t = t (i > 1 ? "-" : "") nm[a[i] + 1]; print s ":" t; next }
        { s = $0 }' | tr '\n' ' ')
[ "$steps" = "a1a5:a1-c3-a5 a1g7:a1-c3-e5-g7 " ] && ok "moves --json: a checkers chain's steps" ||
    bad "moves --json, a checkers chain's steps: '$steps'"
# names that are not UTF-8 (a Latin-1 game name, a file name): jansson refused them and the JSON
# ended in "out of memory", exit 3 (F27); each bad byte is U+FFFD now
e_acute=$(printf '\351'); replacement=$(printf '\357\277\275')
LC_ALL=C sed "s/^game \"FIDE Chess\";/game \"Caf$e_acute Chess\";/" "$rules" > "serve-caf$e_acute.rules"
./boardvm show "serve-caf$e_acute.rules" --json > serve.json 2>serve.err; st=$?
[ $st -eq 0 ] && LC_ALL=C grep -q "\"name\":\"Caf$replacement Chess\",\"file\":\"serve-caf$replacement.rules\"" serve.json \
    && ok "show --json: a Latin-1 game name and file name (F27)" || bad "show --json, Latin-1 names: status $st, $(cat serve.err)"
rm -f "serve-caf$e_acute.rules" serve.json

# start_server RULES: a server on a free port (pid, url); the test ends if it does not start
# within 30 s (a sanitizer build under load is slow)
start_server() {
    # the previous server's serve.out must go first: the new one truncates it only once it runs,
    # and the loop below could read the old port meanwhile
    rm -f serve.out
    ./boardvm serve "$1" --port 0 >serve.out 2>serve.err &
    pid=$!
    port=
    for i in $(seq 1 300); do
        port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' serve.out)
        [ -n "$port" ] && break
        sleep 0.1
    done
    if [ -z "$port" ]; then echo "FAIL: the server did not say where it listens"; cat serve.out serve.err; kill $pid; exit 1; fi
    url=http://127.0.0.1:$port
}
start_server "$rules"

# status of a request: req METHOD PATH [BODY]; the body of the answer goes to serve.body
req() {
    # (a POST says its body is JSON even when it has none: the server refuses it otherwise)
    if [ $# -ge 3 ]; then curl -s --path-as-is -o serve.body -w '%{http_code}' -X "$1" -H 'Content-Type: application/json' --data-binary "$3" "$url$2"
    else curl -s --path-as-is -o serve.body -w '%{http_code}' -X "$1" -H 'Content-Type: application/json' "$url$2"; fi
}
expect() {   # expect STATUS WHAT METHOD PATH [BODY]: the status, and a JSON body
    want=$1; what=$2; shift 2
    got=$(req "$@")
    if [ "$got" = "$want" ] && grep -q '^{' serve.body; then ok "$what ($got)"
    else bad "$what: HTTP $got, want $want: $(head -c 200 serve.body)"; fi
}
position() { sed -n 's/.*"position":"\([^"]*\)".*/\1/p' serve.body; }

expect 200 "the game" GET /api/game
n=$(grep -o '"x":' serve.body | wc -l)
[ "$n" -eq 64 ] && ok "64 squares" || bad "$n squares, want 64"
expect 200 "the state" GET /api/state
n=$(grep -o '"s":"' serve.body | wc -l)
want=$(./boardvm moves "$rules" | wc -l)
[ "$n" -eq "$want" ] && ok "$want legal moves, as boardvm moves" || bad "$n legal moves, boardvm moves lists $want"
expect 200 "a legal move" POST /api/move '{"move":"e2e4"}'
want=$(./boardvm show "$rules" --moves e2e4 | sed -n 's/^position: //p')
[ "$(position)" = "$want" ] && ok "the position after e2e4 is boardvm show's" || bad "position $(position), want $want"
expect 422 "an illegal move" POST /api/move '{"move":"e7e4"}'
grep -q 'not a legal move' serve.body && ok "it says why" || bad "no reason: $(cat serve.body)"
expect 400 "a move that is not a string" POST /api/move '{"move":7}'
# a message cut at its buffer's end inside a character was not UTF-8: jansson gave no JSON and
# the server closed the connection without an answer (F26, found by fuzz/fuzz_web.c)
long=$(awk 'BEGIN { s = "{\"move\":\"x"; for (i = 0; i < 3000; i++) s = s "\303\251"; print s "\"}" }')
expect 422 "an illegal move of 3000 two-byte characters, cut in its message (F26)" POST /api/move "$long"
expect 400 "malformed JSON" POST /api/move '{"move":'
expect 400 "JSON that is not an object" POST /api/move '[1,2]'
head -c 2000000 /dev/zero | tr '\0' 'x' >serve.big
got=$(curl -s -o serve.body -w '%{http_code}' -X POST -H 'Content-Type: application/json' --data-binary @serve.big "$url/api/move")
[ "$got" = 413 ] && ok "an oversized body (413)" || bad "an oversized body: HTTP $got"
expect 404 "an unknown API call" GET /api/nothing
expect 404 "an unknown path" GET /etc/passwd
expect 404 "path traversal" GET /../../../../etc/passwd
expect 404 "path traversal to the rules" GET /../rules/chess.rules
expect 405 "a wrong method" PUT /api/state '{}'
expect 422 "redo with nothing to redo" POST /api/redo
expect 200 "undo" POST /api/undo
[ "$(position)" = "$(./boardvm show "$rules" | sed -n 's/^position: //p')" ] && ok "undo gives the start back" || bad "after undo: $(position)"
expect 200 "redo" POST /api/redo
[ "$(position)" = "$(./boardvm show "$rules" --moves e2e4 | sed -n 's/^position: //p')" ] && ok "redo plays e2e4 again" || bad "after redo: $(position)"
# a preview (issue 37): the position after the move, the game unchanged; the version counts
# the game's changes, so that another tab follows them
expect 200 "the version" GET /api/version
v0=$(sed -n 's/.*"version":\([0-9]*\).*/\1/p' serve.body)
expect 200 "a preview of e7e5" POST /api/preview '{"move":"e7e5"}'
[ "$(position)" = "$(./boardvm show "$rules" --moves e2e4 e7e5 | sed -n 's/^position: //p')" ] && ok "the preview is the position after e7e5" || bad "the preview: $(position)"
expect 422 "a preview of an illegal move" POST /api/preview '{"move":"e2e4"}'
expect 200 "the state after previews" GET /api/state
[ "$(position)" = "$(./boardvm show "$rules" --moves e2e4 | sed -n 's/^position: //p')" ] && ok "a preview changes nothing" || bad "after the previews: $(position)"
expect 200 "the version after previews" GET /api/version
[ "$(sed -n 's/.*"version":\([0-9]*\).*/\1/p' serve.body)" = "$v0" ] && ok "previews leave the version" || bad "the version moved on previews"
expect 200 "undo, to count" POST /api/undo
expect 200 "redo, to count" POST /api/redo
expect 200 "the version after undo and redo" GET /api/version
[ "$(sed -n 's/.*"version":\([0-9]*\).*/\1/p' serve.body)" = "$((v0 + 2))" ] && ok "undo and redo count two changes" || bad "the version: $(cat serve.body), was $v0"
expect 400 "a bad engine depth" POST /api/engine '{"depth":0}'
expect 200 "the engine (waiting for its move)" POST /api/engine '{"depth":2,"wait":true}'
grep -q '"engine":{"move":"' serve.body && ok "the engine says its move" || bad "no engine move: $(head -c 200 serve.body)"
# a search in the background: the server answers meanwhile, refuses to change the game, stops it
start=$(date +%s)
expect 202 "the engine thinking for 20 seconds" POST /api/engine '{"time":20}'
expect 409 "a move while it thinks" POST /api/move '{"move":"e7e5"}'
expect 200 "the state while it thinks" GET /api/state
grep -q '"thinking":{"info":"' serve.body && ok "the state says it is thinking" || bad "no thinking: $(head -c 200 serve.body)"
sleep 0.5
expect 200 "stop" POST /api/stop '{"wait":true}'
grep -q '"engine":{"move":"' serve.body && ! grep -q '"thinking"' serve.body && ok "stopped, it plays its best move" || bad "after stop: $(head -c 300 serve.body)"
[ $(( $(date +%s) - start )) -lt 10 ] && ok "stop stopped the search" || bad "stop took $(( $(date +%s) - start )) s"
expect 422 "a new game with an unknown option" POST /api/new '{"options":["no-such-option"]}'
expect 422 "a new game from a bad position" POST /api/new '{"fen":"not a position"}'
expect 200 "a new game from a position" POST /api/new '{"fen":"4k3/P7/8/8/8/8/8/4K3 w - - 0 1"}'
n=$(grep -o '"s":"a7a8=' serve.body | wc -l)
[ "$n" -eq 4 ] && ok "four promotions listed" || bad "$n promotions listed"
expect 200 "the record" GET /api/record
expect 200 "a new game" POST /api/new '{}'
expect 400 "a record that is not a string" POST /api/load '{"record":1}'
got=$(req GET /)
[ "$got" = 200 ] && grep -q '<svg id="board"' serve.body && ok "the page" || bad "the page: HTTP $got"
got=$(req GET /board.js)
[ "$got" = 200 ] && grep -q 'function drawBoard' serve.body && ok "the page's script" || bad "the script: HTTP $got"

# clocks (issue 37): a control of base + increment; no clock runs before the first move; a move
# adds the increment to its player's time; a flag fall ends the game for the other player; a
# new game sets the times back. The expected times follow from the rule (60 + 2 = 62 after a
# first move that no clock timed), not from the program.
clock_field() { sed -n "s/.*\"clock\":{[^}]*\"$1\":\([^,}]*\).*/\1/p" serve.body; }
left() { sed -n 's/.*"clock":{[^}]*"left":\[\([^]]*\)\].*/\1/p' serve.body; }
expect 200 "a new game for the clocks" POST /api/new '{}'
expect 400 "a clock of -1 s" POST /api/clock '{"base":-1}'
expect 400 "a clock of two days" POST /api/clock '{"base":172800}'
expect 400 "an increment that is not a number" POST /api/clock '{"base":60,"inc":"2"}'
expect 200 "clocks of 1+2 (60 s and 2 s a move)" POST /api/clock '{"base":60,"inc":2}'
[ "$(left)" = "60.0,60.0" ] && [ "$(clock_field running)" = -1 ] && ok "both 60 s, none running before the first move" || bad "the clocks at the start: $(left) running $(clock_field running)"
expect 200 "e2e4 on the clock" POST /api/move '{"move":"e2e4"}'
# (60 + 2: no clock ran before the first move)
w=$(left | cut -d, -f1)
[ "$w" = 62.0 ] && [ "$(clock_field running)" = 1 ] && ok "White 62 s after e2e4 (60 + the increment), Black's clock running" || bad "after e2e4: $(left) running $(clock_field running)"
sleep 0.3
expect 200 "e7e5 on the clock" POST /api/move '{"move":"e7e5"}'
b=$(left | cut -d, -f2)
awk -v b="$b" 'BEGIN { exit !(b > 61 && b < 61.75) }' && [ "$(clock_field running)" = 0 ] \
    && ok "Black 62 s less its 0.3 s or more of thinking ($b), White's clock running" || bad "after e7e5: $(left) running $(clock_field running)"
expect 200 "undo on the clock" POST /api/undo
[ "$(clock_field running)" = 1 ] && ok "undo: Black's clock runs again" || bad "after undo: running $(clock_field running)"
expect 200 "clocks of 0.4 s" POST /api/clock '{"base":0.4}'
expect 200 "e7e5, White's clock running" POST /api/move '{"move":"e7e5"}'
sleep 0.8
expect 200 "the state after White's 0.4 s" GET /api/state
grep -q '"result":{"code":"0-1","player":"Black","outcome":"wins","reason":"on time","flag":"White"' serve.body \
    && grep -q '"moves":\[\]' serve.body && [ "$(clock_field flagged)" = 0 ] \
    && ok "White's flag fell: 0-1, Black wins on time, no move offered" || bad "after the flag: $(head -c 400 serve.body)"
expect 422 "a move after the flag" POST /api/move '{"move":"g1f3"}'
grep -q "White's time ran out" serve.body && ok "it says whose time ran out" || bad "the refusal: $(cat serve.body)"
expect 422 "the engine after the flag" POST /api/engine '{"time":0.1}'
expect 200 "the record after the flag" GET /api/record
grep -q 'Result \\"0-1\\"' serve.body && grep -q 'time forfeit' serve.body && ok "the record: 0-1, time forfeit" || bad "the record: $(head -c 400 serve.body)"
expect 200 "a new game on the clock" POST /api/new '{}'
left | awk -F, '{ exit !($1 == 0.4 && $2 == 0.4) }' && ! grep -q '"on_time"' serve.body && ok "a new game: the times back to 0.4 s, no result" || bad "the new game: $(left)"
# the engine on the clock thinks for a part of its own time, not the 30 s asked: of 3 s, a
# thirtieth (0.1 s; the search's own report of its seconds, and the answer's time, say so)
expect 200 "clocks of 3 s" POST /api/clock '{"base":3}'
expect 200 "e2e4 against the engine on the clock" POST /api/move '{"move":"e2e4"}'
t0=$(date +%s%N)
expect 200 "the engine asked for 30 s on a clock of 3 s" POST /api/engine '{"time":30,"wait":true}'
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
secs=$(sed -n 's/.*"engine":{[^}]*"seconds":\([0-9.e-]*\).*/\1/p' serve.body)
awk -v s="$secs" 'BEGIN { exit !(s != "" && s < 0.2) }' && [ "$ms" -lt 5000 ] \
    && ok "the engine thought $secs s of its 3 s (a thirtieth), answered in $ms ms" || bad "the engine on the clock: $secs s, answered in $ms ms: $(head -c 300 serve.body)"
expect 200 "clocks off" POST /api/clock '{"base":0}'
grep -q '"clock":null' serve.body && ok "clocks off: the state's clock is null" || bad "clocks off: $(head -c 300 serve.body)"
# the rules editor's routes (the hostile texts are in tests/serve-hostile.sh)
expect 200 "the editor's list of shipped games" GET /api/edit/games
grep -q '"chess",' serve.body && grep -q '"tutorial"' serve.body && ok "it lists chess and tutorial" || bad "the games: $(head -c 300 serve.body)"
expect 200 "the editor: the game being played" GET /api/edit/current
grep -q '"name":"chess.rules","text":"# FIDE chess' serve.body && ok "its text is chess.rules'" || bad "the current text: $(head -c 200 serve.body)"
expect 404 "the editor: no such game" GET /api/edit/source/no-such-game
expect 405 "the editor: a GET of compile" GET /api/edit/compile
expect 400 "the editor: a compile without text" POST /api/edit/compile '{"depth":1}'
expect 400 "the editor: perft depth 7" POST /api/edit/compile '{"text":"","depth":7}'
got=$(req GET /edit)
[ "$got" = 200 ] && grep -q '<textarea id="source"' serve.body && ok "the editor's page" || bad "the editor's page: HTTP $got"

# 50 clients at once
i=0
while [ $i -lt 50 ]; do
    curl -s -o /dev/null -w '%{http_code}\n' "$url/api/state" >>serve.many &
    i=$((i + 1))
done
wait_all=0
while [ "$(wc -l <serve.many)" -lt 50 ] && [ $wait_all -lt 300 ]; do sleep 0.1; wait_all=$((wait_all + 1)); done
n=$(grep -c '^200$' serve.many)
[ "$n" -eq 50 ] && ok "50 clients at once" || bad "$n of 50 clients answered 200"
# a client that goes away during a search: the server goes on
curl -s -o /dev/null --max-time 0.3 -X POST -H 'Content-Type: application/json' --data-binary '{"time":1.5,"wait":true}' "$url/api/engine"
expect 200 "an answer after a client went away" GET /api/state

kill -TERM $pid
wait $pid; st=$?
[ $st -eq 0 ] && ok "SIGTERM stops the server (status 0)" || bad "the server exited with status $st"
if grep -q 'ERROR: \|runtime error' serve.err; then bad "sanitizer report:"; cat serve.err; fi

# the game keeps every move's undo data (to take it back): a game whose moves change 3000 state
# words each reached 445 MB with a 120 KB /api/new; the game now keeps at most 2^24 changes (F28)
start_server "$srcdir/tests/fuzz-regress/cli/record-memory.rules"
awk 'BEGIN { printf "{\"moves\":[\"a2\""; for (i = 1; i < 8000; i++) printf ",\"%s\"", i % 2 ? "b1" : "a2"; print "]}" }' > serve.big
got=$(curl -s -o serve.body -w '%{http_code}' -X POST -H 'Content-Type: application/json' --data-binary @serve.big "$url/api/new")
[ "$got" = 422 ] && grep -q 'more than 16777216 state changes to take its moves back' serve.body \
    && ok "8000 moves of 3000 state changes each are refused at the bound (F28)" \
    || bad "8000 moves of 3000 state changes (F28): HTTP $got: $(head -c 200 serve.body)"
kill -TERM $pid
wait $pid
if grep -q 'ERROR: \|runtime error' serve.err; then bad "sanitizer report:"; cat serve.err; fi

# a record's Options tag holds every option, however long (a 1024-byte buffer cut it silently):
# chess with 60 flag options of 21 characters each, all given (each option may be given once)
names=$(awk 'BEGIN { for (i = 0; i < 60; i++) printf "a-long-flag-option-%c%c\n", 97 + int(i / 26), 97 + i % 26 }')
{ cat "$rules"; for n in $names; do echo "option $n;"; done; } > serve-options.rules
start_server serve-options.rules
echo "$names" | awk 'NR > 1 { printf "," } { printf "\"%s\"", $0 } BEGIN { printf "{\"options\":[" } END { print "]}" }' > serve.big
expect 200 "a new game with 60 options" POST /api/new "$(cat serve.big)"
expect 200 "its record" GET /api/record
n=$(grep -o '\[Options \\"[a-z -]*\\"\]' serve.body | grep -o 'a-long-flag-option-[a-z]*' | sort -u | wc -l)
[ "$n" -eq 60 ] && ok "the record's Options tag holds the 60 options" || bad "the Options tag holds $n options, not 60"
expect 422 "a new game with an option given twice" POST /api/new '{"options":["a-long-flag-option-aa","a-long-flag-option-aa=off"]}'
grep -q "option 'a-long-flag-option-aa' is given twice" serve.body && ok "the refusal names the option given twice" ||
    bad "option given twice: $(head -c 300 serve.body)"
kill -TERM $pid
wait $pid
if grep -q 'ERROR: \|runtime error' serve.err; then bad "sanitizer report:"; cat serve.err; fi
rm -f serve.out serve.err serve.body serve.big serve.many serve-options.rules
[ $fails -eq 0 ] || exit 1
