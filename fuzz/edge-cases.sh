#!/bin/sh
# fuzz/edge-cases.sh - the hostile inputs of the robustness promise, against the boardvm command
# (built with ASan+UBSan by `fuzz/run.sh build`; fuzz/run.sh regress runs this script).
#
# Every case must end with exit status 1 or 2, a message on stderr (for a rules file, one that
# names the file: "NAME:LINE:COL: error: ..." or "boardvm: NAME ..."), no sanitizer report, within
# 60 seconds and 1 GB of memory. The big inputs (a million nested brackets, a 200 KB identifier,
# a 17 MB file...) are made here in a temporary directory, not committed.
#
# Usage: BOARDVM=fuzz/out/bin/boardvm sh fuzz/edge-cases.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
bvm=${BOARDVM:-$here/out/bin/boardvm}
[ -x "$bvm" ] || { echo "edge-cases.sh: no $bvm (run fuzz/run.sh build)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-edge.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
chess="$src/rules/chess.rules"
# Sanitizer reports must fail the case: halt on UB, report leaks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
fails=0; n=0
max_mem=0; max_mem_case=-; max_secs=0; max_secs_case=-

# repeat_str STR N: STR written N times. awk, not python: the script needs only POSIX tools (plus
# coreutils' timeout), so that `make check` can run it on a bare build machine. awk reads
# escapes such as \n in STR.
repeat_str() { awk -v s="$1" -v n="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", s }'; }
# GNU time measures the memory of each case; without it that one check is skipped.
gnutime=
[ -x /usr/bin/time ] && /usr/bin/time -f '%M' -o /dev/null true 2>/dev/null && gnutime=/usr/bin/time

# run_case NAME CMD...: runs CMD (60 s, memory measured); sets st, mem, why (sanitizer, time).
run_case() {
    n=$((n + 1))
    if [ -n "$gnutime" ]; then
        "$gnutime" -f '%M %e' -o "$tmp/mem" timeout "${LIMIT:-60}" "$@" > "$tmp/out" 2> "$tmp/err" < "${STDIN:-/dev/null}"
    else
        : > "$tmp/mem"
        timeout "${LIMIT:-60}" "$@" > "$tmp/out" 2> "$tmp/err" < "${STDIN:-/dev/null}"
    fi
    st=$?
    mem=$(tail -n 1 "$tmp/mem" 2>/dev/null | cut -d' ' -f1 | tr -cd 0-9)
    secs=$(tail -n 1 "$tmp/mem" 2>/dev/null | cut -d' ' -f2 | tr -cd 0-9.)
    # the largest memory and time of any case, for docs/bounds.md
    if [ -n "$mem" ] && [ "$mem" -gt "$max_mem" ]; then max_mem=$mem; max_mem_case=$n; fi
    if [ -n "$secs" ] && awk -v a="$secs" -v b="$max_secs" 'BEGIN { exit !(a > b) }'; then
        max_secs=$secs; max_secs_case=$n
    fi
    why=""
    [ $st -eq 124 ] && why="timed out (${LIMIT:-60} s)"
    if grep -qE 'Sanitizer|runtime error:|LeakSanitizer' "$tmp/err"; then why="$why sanitizer report"; fi
    if [ -n "$mem" ] && [ "$mem" -gt 1048576 ]; then why="$why used ${mem} KB"; fi
}
report() {
    if [ -n "$why" ]; then
        fails=$((fails + 1))
        echo "not ok $n - $1:$why"
        head -c 1500 "$tmp/err" | sed 's/^/#   /'
    else
        echo "ok $n - $1 (status $st: $(head -n 1 "$tmp/err" | cut -c1-110))"
    fi
}

# expect_ok NAME CMD...: an unusual but valid input: status 0 and no sanitizer report.
expect_ok() {
    name=$1; shift
    run_case "$@"
    [ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
    report "$name"
}

# expect NAME PATTERN CMD...: status 1 or 2, stderr matching PATTERN (grep -E), no sanitizer
# report, at most 60 s and 1 GB resident.
expect() {
    name=$1; pat=$2; shift 2
    run_case "$@"
    [ $st -ne 124 ] && [ $st -ne 1 ] && [ $st -ne 2 ] && why="$why exit status $st"
    grep -qE "$pat" "$tmp/err" || why="$why message does not match /$pat/"
    report "$name"
}

# ---- rules files ------------------------------------------------------------------------
f=$tmp/r
: > "$f.empty";                                   expect "empty file" 'r.empty:' "$bvm" check "$f.empty"
head -c 4096 /dev/urandom > "$f.bin" 2>/dev/null || printf '\177ELF\2\1\1\0\0\0' > "$f.bin"
                                                  expect "binary file" 'r.bin:' "$bvm" check "$f.bin"
printf 'game "\377\376 caf\303\251";\n\300\200 board 8 x 8;\n\355\240\200\n' > "$f.utf8"
                                                  expect "invalid UTF-8" 'r.utf8:[0-9]+:[0-9]+: error' "$bvm" check "$f.utf8"
printf 'game "x";\nboard 8\000 x 8;\n' > "$f.nul";  expect "NUL byte" 'r.nul:2:8: error' "$bvm" check "$f.nul"
printf '\357\273\277' > "$f.bom";                 expect "only a byte order mark" 'r.bom:' "$bvm" check "$f.bom"
for b in '{' '(' '['; do
    { printf 'moves '; repeat_str "$b" 1000000; } > "$f.nest"
    expect "a million nested '$b'" 'r.nest:1:[0-9]+: error: nesting too deep' "$bvm" check "$f.nest"
done
{ printf 'end { '; repeat_str 'if true { ' 63; printf 'stop; '; repeat_str '} ' 63; printf '}\n'; } > "$f.deep"
                                                  expect "63 nested blocks" 'r.deep:' "$bvm" check "$f.deep"
{ printf 'fn f(x: int) = '; repeat_str - 500000; printf '1;\n'; } > "$f.neg"
                                                  expect "500000 unary minus signs" 'r.neg:' "$bvm" check "$f.neg"
{ printf 'fn f(x: int) = '; repeat_str 'not ' 200000; printf 'true;\n'; } > "$f.not"
                                                  expect "200000 'not'" 'r.not:' "$bvm" check "$f.not"
{ printf 'fn f(x: int) = 1'; repeat_str ' + 1' 200000; printf ';\n'; } > "$f.sum"
                                                  expect "a sum of 200000 terms" 'r.sum:' "$bvm" check "$f.sum"
{ printf 'piece '; repeat_str x 200000; printf ' "X" { }\n'; } > "$f.ident"
                                                  expect "a 200 KB identifier" 'r.ident:1:7: error: identifier is too long' "$bvm" check "$f.ident"
{ printf 'game "'; repeat_str x 200000; printf '";\n'; } > "$f.str"
                                                  expect "a 200 KB string" 'r.str:' "$bvm" check "$f.str"
{ printf '# '; repeat_str x 300000; repeat_str '\n' 100000; } > "$f.comment"
                                                  expect "a 300 KB comment and 100000 lines" 'r.comment:' "$bvm" check "$f.comment"
awk 'BEGIN { for (i = 0; i < 300; i++) printf "var v%d: int = 0;\n", i }' > "$f.vars"
                                                  expect "300 variables" 'r.vars:' "$bvm" check "$f.vars"
# F12: warnings are not capped and each one scans the file from its start to show its line:
# 3000 warnings after 12 MB of comments took minutes. Must stay well under the time limit.
{
    awk 'BEGIN { x = "x"; while (length(x) < 99) x = x "x"; for (i = 0; i < 120000; i++) printf "#%s\n", x }'
    printf 'game "warnings";\nplayers White "w", Black "b";\nboard 2 x 2;\npiece King "K" {\n  moves {\n'
    repeat_str '    if here == a1 { remove b2; emit; }\n' 3000
    printf '    emit;\n  }\n}\nstart "K1/1k w";\n'
} > "$f.warn"
expect_ok "3000 warnings after 12 MB of comments (F12)" "$bvm" check "$f.warn"
for num in 99999999999999999999999 2147483648 2147483647 0 -2147483648; do
    printf 'game "n";\nplayers A "a", B "b";\nboard %s x %s;\nstack %s;\ndirection n = (%s, 1);\npiece var v: int 0..%s;\nrepeat %s { }\nstart "a";\n' \
        "$num" "$num" "$num" "$num" "$num" "$num" > "$f.num"
    expect "absurd number $num" 'r.num:[0-9]+:[0-9]+: error' "$bvm" check "$f.num"
done
printf 'game "unterminated;\nboard 8 x 8;\n' > "$f.unterm";   expect "unterminated string" 'r.unterm:1:6: error: unterminated string' "$bvm" check "$f.unterm"
printf 'game "at end of file' > "$f.unterm2";               expect "unterminated string at EOF" 'r.unterm2:1:6: error' "$bvm" check "$f.unterm2"
printf 'game "a\\' > "$f.unterm3";                           expect "backslash at EOF" 'r.unterm3:1:6: error' "$bvm" check "$f.unterm3"
expect "no such file" 'boardvm: cannot open' "$bvm" check "$tmp/does-not-exist.rules"
expect "a directory" 'boardvm: .*(cannot|directory)' "$bvm" check "$tmp"
head -c 17000000 /dev/zero | tr '\0' '#' > "$f.huge"; expect "a 17 MB file" 'larger than' "$bvm" check "$f.huge"
# truncated and mangled copies of every shipped rules file
for r in "$src"/rules/*.rules; do
    b=$(basename "$r" .rules); size=$(wc -c < "$r")
    for cut in 1 7 $((size / 3)) $((size / 2)) $((size * 2 / 3)) $((size - 2)); do
        head -c "$cut" "$r" > "$f.$b.cut"
        expect "$b.rules cut at $cut bytes" "r\\.$b\\.cut[:]" "$bvm" check "$f.$b.cut"
    done
    # mangled: a byte in the middle of each tenth of the file replaced by a quote, a brace, a NUL
    for k in 1 3 5 7 9; do
        cp "$r" "$f.$b.mangled"
        j=0
        for c in '"' '{' '\000' '}'; do
            printf "$c" | dd of="$f.$b.mangled" bs=1 seek=$(( (size * k / 10 + 17 * j) % size )) conv=notrunc 2>/dev/null
            j=$((j + 1))
        done
        expect "$b.rules mangled ($k)" "r\\.$b\\.mangled:" "$bvm" check "$f.$b.mangled"
    done
done

# ---- positions, moves, options, depths -------------------------------------------------------
for fen in '' ' ' 'x' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1' \
           'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' '99999999999/8/8/8/8/8/8/8 w - - 0 1' \
           'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqQ - 0 1' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1' \
           'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 1' 'K7/8/8/8/8/8/8/7k w - - 0 1 extra' \
           '[KQ]7/8/8/8/8/8/8/7k w - - 0 1' '(QQQQQQQQ)7/8/8/8/8/8/8/7k w' 'K{x=1}7/8/8/8/8/8/8/7k w' \
           'K7/8/8/8/8/8/8/7k w - - 0 1 nosuch=3' 'K7/8/8/8/8/8/8/7k w - - 0 1 halfmove=-' '/////////' '8/8/8/8/8/8/8/8/8 w'; do
    expect "bad position '$fen'" 'boardvm: bad position: .' "$bvm" moves "$chess" --fen "$fen"
done
long=K$(repeat_str 7/8 20000)
expect "a 100 KB position string" 'boardvm: bad position' "$bvm" moves "$chess" --fen "$long"
printf '\377\376' > "$tmp/badfen"; expect "invalid UTF-8 position" 'boardvm: bad position' "$bvm" moves "$chess" --fen "$(cat "$tmp/badfen")"
for mv in e2e5 e2 e7e5 a1a1 'e2e4 e2e4' z9z9 e2e4= 'e7e8=Q' '@' 'N@e4' O-O ''; do
    expect "illegal move '$mv'" "boardvm: move [0-9]+ '.*' is not a legal move|no moves given|is not a legal move" "$bvm" moves "$chess" --moves "e2e4 e7e5 $mv x"
done
longmove=$(repeat_str e2 50000)      # one argument holds at most 128 KB
expect "a 100 KB move string" "is not a legal move" "$bvm" moves "$chess" --moves "$longmove"
expect "a move after mate" "the game is over" "$bvm" moves "$chess" --moves f2f3 e7e5 g2g4 d8h4 a2a3
# game records (--game): truncated, bad position tag, bad moves, binary
printf '[Position "K7/8/8/8/8/8/8/7k w - - 0 1"]\n[Event "x' > "$tmp/rec1"
expect "a record cut inside a tag, after a Position tag (F14)" "unterminated tag" "$bvm" show "$chess" --game "$tmp/rec1"
printf '[Position "not a position"]\n1. e2e4 *\n' > "$tmp/rec2"
expect "a record with a bad Position tag" "bad position" "$bvm" show "$chess" --game "$tmp/rec2"
printf '1. e2e4 e7e5 2. e1e3 *\n' > "$tmp/rec3"
expect "a record with an illegal move" "move 3 'e1e3' is not a legal move" "$bvm" show "$chess" --game "$tmp/rec3"
{ printf x; head -c 3000 /dev/urandom; } > "$tmp/rec4" 2>/dev/null || printf '\001\377[' > "$tmp/rec4"
expect "a binary record" "boardvm: " "$bvm" show "$chess" --game "$tmp/rec4"
expect "a missing record" "cannot open" "$bvm" show "$chess" --game "$tmp/no-such-record"
expect "unknown option" "no option 'nosuch'" "$bvm" check "$chess" -o nosuch
expect "bad option value" "option" "$bvm" check "$src/rules/spinal-tap.rules" -o knights=nosuch
expect "option with an empty name" "option" "$bvm" check "$chess" -o =
expect "unknown command-line flag" "unknown option '--bogus'" "$bvm" check "$chess" --bogus
expect "perft depth -1" "perft depth must be 0 to 30" "$bvm" perft "$chess" -1
expect "perft depth 31" "perft depth must be 0 to 30" "$bvm" perft "$chess" 31
expect "perft depth abc" "perft depth must be 0 to 30" "$bvm" perft "$chess" abc
expect "perft depth 99999999999999999999" "perft depth must be 0 to 30" "$bvm" perft "$chess" 99999999999999999999
expect "--depth -3" "not a positive number" "$bvm" selfplay "$chess" --depth -3
expect "--depth 0" "not a positive number" "$bvm" selfplay "$chess" --depth 0
expect "--time nan" "not a positive number" "$bvm" selfplay "$chess" --time nan
expect "--fen without a value" "needs a position" "$bvm" moves "$chess" --fen
expect "--nodes -1 (F4)" "not a positive number" "$bvm" selfplay "$chess" --nodes -1 --games 1 --max-plies 2
expect "--nodes ' 7'" "not a positive number" "$bvm" selfplay "$chess" --nodes ' 7' --games 1 --max-plies 2
expect "--nodes 2^64" "not a positive number" "$bvm" selfplay "$chess" --nodes 18446744073709551616 --games 1 --max-plies 2
expect "--seed -1" "not a number" "$bvm" selfplay "$chess" --seed -1 --games 1 --max-plies 2
# xboard_refusals NAME COMMANDS ERROR-PATTERN COUNT: the xboard session COMMANDS (printf
# format) ends well, answers exactly COUNT commands with ERROR-PATTERN, and still plays a move
xboard_refusals() {
    printf "$2" > "$tmp/xb"
    STDIN="$tmp/xb" run_case "$bvm" xboard "$chess"
    [ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
    refused=$(grep -c "$3" "$tmp/out")
    [ "$refused" -eq "$4" ] || why="$why $refused commands refused with an Error, not $4"
    grep -q '^move ' "$tmp/out" || why="$why no move"
    report "$1"
}
# xboard: a negative `sd` must not make the engine think forever (F5)
xboard_refusals "xboard sd -1 (F5)" 'xboard\nprotover 2\nsd -1\nsd 0\nsd x\nsd 1\ngo\nquit\n' '^Error (depth must be' 3
# a position string with more fields than positions have (F20): refused, not cut
mf=$src/tests/fuzz-regress/cli/many-fields.rules
mfpos=$("$bvm" show "$mf" 2>/dev/null | sed -n 's/^position: //p')
expect "a position string with a field too many (F20)" "boardvm: bad position: 'x' is not a field" "$bvm" show "$mf" --fen "$mfpos x=1"
expect "a position string of 300 fields (F20)" "boardvm: bad position: more than [0-9]+ fields" "$bvm" show "$mf" --fen "$mfpos $(repeat_str 'v1=1 ' 300)"
# a neutral piece in hand (F10): refused, never written before the state array
expect "neutral piece in hand (F10)" "boardvm: bad position" "$bvm" show "$src/tests/fuzz-regress/cli/neutral-in-hand.rules" --fen 'K1 w M'
expect "neutral piece in hands= (F10)" "boardvm: bad position" "$bvm" show "$src/tests/fuzz-regress/cli/neutral-in-hand.rules" --fen 'K1 w - hands=M'
# the rules files of tests/fuzz-regress/vm_rules: each is a runtime error with a message that
# names the file and line, never a crash, a sanitizer report or unbounded memory
reg=$src/tests/fuzz-regress/vm_rules
expect "moves-of recursion (F6)" "moves-of-recursion.rules:7: error" "$bvm" moves "$reg/moves-of-recursion.rules"
expect "moves-of recursion, static (F6)" "moves-of-recursion-static.rules:[0-9]+(:[0-9]+)?: error" "$bvm" moves "$reg/moves-of-recursion-static.rules"
expect "runtime error under moves distinct (F7)" "legal-error-leak-distinct.rules:11: error: division by zero" "$bvm" moves "$reg/legal-error-leak-distinct.rules"
expect "4096-character notes (F9)" "long-notes.rules:12: error: a move's text is longer" "$bvm" moves "$reg/long-notes.rules"
expect "int overflow (F11)" "int-overflow.rules:9: error" "$bvm" moves "$reg/int-overflow.rules"
expect "runtime error in the search (F2, F3)" "search-leak-after-runtime-error.rules:10: error: division by zero" \
    "$bvm" selfplay "$reg/search-leak-after-runtime-error.rules" --depth 2 --games 1
printf 'a1a2\n' > "$tmp/play"
STDIN="$tmp/play" expect "runtime error in the engine's reply in play (F3)" \
    "search-leak-after-runtime-error.rules:10: error: division by zero" \
    "$bvm" play "$reg/search-leak-after-runtime-error.rules" --depth 2
STDIN=
expect "one position's generation runs a bounded total (F13)" "generation-work.rules:9: error" "$bvm" moves "$reg/generation-work.rules"
cli=$src/tests/fuzz-regress/cli
expect "attack tests that call themselves name a line (F20)" \
    "attack-recursion.rules:12: error: attack and reach tests nested more than 8 deep" "$bvm" moves "$cli/attack-recursion.rules"
expect "a branch that writes and emits without end: one position's moves are bounded (F17)" \
    "list-ops.rules:13: error: the moves of one position record more than [0-9]+ state changes" "$bvm" moves "$cli/list-ops.rules"
expect "a branch that writes in a loop and emits after each write: bounded by the work (F17)" \
    "list-ops-loop.rules:11: error: the moves of one position took more than [0-9]+ steps of work" "$bvm" moves "$cli/list-ops-loop.rules"
expect "hooks writing while moves are generated: the undo trail is bounded (F18)" \
    "hook-trail.rules:12: error: more than [0-9]+ state changes made and not taken back" "$bvm" moves "$cli/hook-trail.rules"
run_case "$bvm" moves "$cli/qualify-quadratic.rules"
[ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
[ "$(grep -c '^a2x$' "$tmp/out")" -eq 131072 ] || why="$why not 131072 moves 'a2x'"
report "131072 moves with a qualifier, all one string, well within the time (F19)"
run_case "$bvm" moves "$cli/distinct-quadratic.rules"
[ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
[ "$(grep -c '^a32$' "$tmp/out")" -eq 48828 ] || why="$why not 48828 moves"
report "97344 moves reaching 48828 states, merged by moves distinct (F22)"
# F12: at most 20 warnings are shown, then one line says so; the error after them is reported
run_case "$bvm" check "$src/tests/fuzz-regress/compile/many-warnings.rules"
[ $st -eq 1 ] || why="$why exit status $st"
[ "$(grep -c ': warning: ' "$tmp/err")" -eq 20 ] || why="$why not 20 warnings shown"
grep -q 'many-warnings.rules: too many warnings, not showing the others' "$tmp/err" || why="$why no 'too many warnings' line"
grep -q "many-warnings.rules:33:30: error: unknown name 'nosuch'" "$tmp/err" || why="$why the error is missing"
report "21 warnings: 20 shown, then the error (F12)"
# xboard: a line longer than the 8 KB buffer must not have its tail read as another command
# (F15: `usermove xxx...` of 9000 bytes answered "Illegal move" and then
# "Error (unknown command): xxx..." for the rest of the same line)
{ printf 'xboard\nprotover 2\nusermove '; repeat_str x 9000; printf '\nquit\n'; } > "$tmp/xb2"
STDIN="$tmp/xb2" run_case "$bvm" xboard "$chess"
[ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
grep -q 'unknown command' "$tmp/out" && why="$why the tail of the long line was read as a command"
report "xboard line longer than its buffer (F15)"
# a runtime error of the rules code while --moves are played: before, the error jumped to a
# jmp_buf the command had not set yet (a crash). The error: a capture that would put a 1001st
# Knight in a hand (MAX_HAND: a position string could not say it)
expect "a runtime error while --moves are played; a 1001st piece in a hand" \
    'drops.rules:21: error: more than 1000 pieces of one type in a hand' \
    "$bvm" moves "$src/tests/lang/drops.rules" --fen '3k/n3/4/R3 w 1000N' --moves a1a3
expect "the same under perft" 'more than 1000 pieces of one type in a hand' \
    "$bvm" perft "$src/tests/lang/drops.rules" 1 --fen '3k/n3/4/R3 w 1000N' --moves a1a3
# xboard: absurd clocks (st 1e300, time 1e40, level 40 x 0 ...) are refused with an Error and
# leave the last good one in force; the engine then answers `go` under `st 1`
xboard_refusals "xboard absurd st, time and level values" \
    'xboard\nprotover 2\nst 1\nst 1e300\nst abc\nst 0\ntime 1e40\ntime nan\nlevel 40 x 0\nlevel 40 5:99 0\nlevel 1e9 5 0\ngo\nquit\n' '^Error (' 8
# the search's limits with slow nodes (F21): --nodes is exact, --time is kept to within seconds
# even when each node takes 70 ms (1024 nodes between two looks at the clock took 63 s)
slow=$src/tests/fuzz-regress/cli/slow-nodes.rules
run_case "$bvm" selfplay "$slow" --nodes 5 --games 1 --max-plies 1
[ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
grep -qE ' nodes +5 ' "$tmp/out" || why="$why not 5 nodes: $(grep -oE 'nodes +[0-9]+' "$tmp/out")"
report "selfplay --nodes 5 searches 5 nodes, however slow (F21)"
LIMIT=40 run_case "$bvm" selfplay "$slow" --time 1 --games 1 --max-plies 1
LIMIT=
[ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
report "selfplay --time 1 with 70 ms nodes stops in time (F21)"
# play: the same for a line longer than its 1 KB buffer (F15): refused whole, its tail not read
{ repeat_str x 2000; printf '\nquit\n'; } > "$tmp/play2"
STDIN="$tmp/play2" run_case "$bvm" play "$chess" --depth 1
STDIN=
[ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
grep -q 'longer than 1022 characters: ignored' "$tmp/out" || why="$why not refused"
grep -q 'is not a legal move' "$tmp/err" && why="$why a piece of the line was read as a move"
report "play: a line longer than its buffer (F15)"
# unusual but valid positions: they must run clean (F1: a move list without state writes)
expect_ok "kings only (F1)" "$bvm" perft "$chess" 2 --fen 'K7/8/8/8/8/8/8/7k w - - 0 1'
expect_ok "a code in parentheses" "$bvm" moves "$chess" --fen '(Q)7/8/8/8/8/8/8/7k w'
expect_ok "an empty board" "$bvm" moves "$chess" --fen '8/8/8/8/8/8/8/8'
expect "no command" "usage" "$bvm"
expect "unknown command" "unknown command" "$bvm" frobnicate "$chess"

# ---- issue 18: what the second round of hostile inputs found ---------------------------------
# (1) an `on capture` hook that captures ran itself again until the C stack overflowed (exit
# 139), whether the first capture came from a program, a move or `after-move`
for c in capture-hook-recursion:9 capture-hook-recursion-move:7 capture-hook-recursion-after-move:8; do
    expect "a capture hook that captures (${c%%:*}, issue 18)" \
        "${c%%:*}.rules:${c##*:}: error: .on capture. runs nested more than 64 deep" \
        "$bvm" moves "$cli/${c%%:*}.rules" --moves a1b1
done
# (2) `def` and `fn` calls that each call the one before twice, 40 levels: the compile doubled at
# each level (days); now it stops at the bound on expanded statements (1000000), at once (the
# code bound, 65536 words then, came first until issue 35 raised it to 4194304, then 8388608)
comp=$src/tests/fuzz-regress/compile
for c in def:8:18:'expand to more than 1000000 statements' \
         if-false:8:18:'expand to more than 1000000 statements' \
         fn:8:17:'expand to more than 1000000 statements' \
         empty:9:18:'expand to more than 1000000 statements'; do
    k=${c%%:*}; rest=${c#*:}; msg=${rest#*:*:}; at=${rest%%:"$msg"}
    LIMIT=10 expect "doubling calls expand in bounded time ($k, issue 18)" \
        "expand-doubling-$k.rules:$at: error: .*$msg" "$bvm" check "$comp/expand-doubling-$k.rules"
done
# the code bound itself (MAX_CODE, 8388608 words since issue 35's Tavreli): 770000 loops of 11
# words each, written out (11 MB), no call expanded; the compile stops at the loop that goes
# over, 8388608 / 11 + 1 = 762601 plus the three lines before it (0.4 GB, a second; under
# ASan at a load of 12, over 20 s: 60 s, as case F13 has)
awk 'BEGIN { print "game \"x\"; players White \"w\", Black \"b\"; board 2 x 2; zone z = White: a1, Black: a2;"
             print "piece King \"K\" { }"; print "moves {"
             for (i = 0; i < 770000; i++) print "for s in z { }"
             print "emit; }"; print "start \"K1/1k w\";" }' > "$tmp/big-code.rules"
LIMIT=60 expect "more code than the code bound (issue 35)" \
    "big-code.rules:762604:1: error: the rules compile to more than 8388608 code words" \
    "$bvm" check "$tmp/big-code.rules"
rm -f "$tmp/big-code.rules"
LIMIT=
# (8) the work of a whole command is bounded (--work N million steps, default 10000): a perft of
# legal but slow positions (hours before) and one position that `moves work` lets run 1e11 steps
LIMIT=60 expect "perft of slow positions stops at --work (issue 18)" \
    "slow-perft.rules:10: error: the moves of this command took more than 100 million steps of work in all" \
    "$bvm" perft "$cli/slow-perft.rules" 2 --work 100
LIMIT=60 expect "one position of 1e10 steps stops at --work (issue 18)" \
    "huge-position.rules:9: error: the moves of this command took more than 100 million steps" \
    "$bvm" moves "$cli/huge-position.rules" --work 100
LIMIT=60 run_case "$bvm" test "$cli/slow-perft.test" --work 100
LIMIT=
[ $st -ne 1 ] && why="$why exit status $st"
grep -q 'slow-perft.rules:10: error: the moves of this command took more than 100 million steps' "$tmp/out" || why="$why the case did not stop on the bound"
report "boardvm test: each case has the bound too (issue 18)"
expect "--work 0" "work '0' is not a number" "$bvm" perft "$chess" 1 --work 0
expect "--work x" "work 'x' is not a number" "$bvm" perft "$chess" 1 --work x
expect "--work 2^63" "is not a number of million steps" "$bvm" perft "$chess" 1 --work 9223372036854775808
expect_ok "--work 1000000000 (the largest)" "$bvm" perft "$chess" 1 --work 1000000000
# (7) --time is kept even when one node's move generation takes seconds: the VM reads the clock
# inside the generation (the search of this move took 1.3 s under --time 0.1)
run_case "$bvm" selfplay "$cli/slow-replies.rules" --time 0.1 --games 1 --max-plies 1
[ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
secs=$(sed -n 's/^ *1\. .* \([0-9.]*\)s$/\1/p' "$tmp/out" | head -n 1)
[ -n "$secs" ] && awk -v s="$secs" 'BEGIN { exit !(s < 0.8) }' || why="$why the search took '$secs' s"
report "selfplay --time 0.1 with a node of more than a second stops in time (issue 18)"
# (9) the moves of a game record kept their undo records (every state word each changed): 20000
# moves of 3000 writes each took 480 MB; now they are dropped as the moves are played
{ printf '[Position "K1/1k w"]\n\n'; repeat_str 'a2 b1 ' 10000; printf '*\n'; } > "$tmp/rec-mem"
run_case "$bvm" show "$cli/record-memory.rules" --game "$tmp/rec-mem"
[ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
grep -q '^position: K1/1k w 6000000$' "$tmp/out" || why="$why not the position after 20000 moves"
[ -n "$gnutime" ] && [ "${mem:-0}" -gt 204800 ] && why="$why used $mem KB"
report "a record of 20000 moves that change 3000 state words each, within 200 MB (issue 18)"
# (3) records: a position string holding ']' (stacks) and move strings holding spaces, braces,
# quotes, a move number's look or nothing at all are written quoted and read back
odd=$cli/record-odd-notes.rules
run_case "$bvm" selfplay "$odd" --record "$tmp/odd.pgn" --max-plies 12 --depth 1
[ $st -ne 0 ] && why="$why selfplay exit status $st"
run_case "$bvm" show "$odd" --game "$tmp/odd.pgn"
[ $st -ne 0 ] && why="$why exit status $st"
grep -q '^position: \[KK\]1/1k w 12$' "$tmp/out" || why="$why not the position after 12 plies"
grep -q '^legal moves (1): 1\.$' "$tmp/out" || why="$why not the move of ply 12"
report "a record with brackets in its position and odd notes reads back (issue 18)"
printf '[Position "[KK]1/1k w 3"]\n[Event "a ] in a tag, and \\"quotes\\""]\n\n2. "q\\"[z]\\\\" "" "a b" *\n' > "$tmp/odd2.pgn"
run_case "$bvm" show "$odd" --game "$tmp/odd2.pgn"
[ $st -ne 0 ] && why="$why exit status $st"
grep -q '^position: \[KK\]1/1k b 6$' "$tmp/out" || why="$why not the position after 3 more plies"
report "a hand-written record with quoted moves and a ']' in a tag (issue 18)"
printf '1. "a b" "{x' > "$tmp/odd3.pgn"
expect "a record with an unterminated quoted move" "unterminated quoted move" "$bvm" show "$odd" --game "$tmp/odd3.pgn"
repeat_str 'a1 ' 1000001 > "$tmp/many.pgn"
expect "a record of more than 1000000 moves" "more than 1000000 moves" "$bvm" show "$chess" --game "$tmp/many.pgn"
# (4) values and bonuses are bounded at compile time (2^31-1 overflowed the engine's int sums);
# the largest, with 1800 pieces in one hand, search without overflow
expect "a piece value of 2^31-1 (issue 18)" "huge-value.rules:8:16: error: a piece's value is -100000 to 100000" \
    "$bvm" check "$comp/huge-value.rules"
expect_ok "the largest values and bonuses through the engine (issue 18)" \
    "$bvm" selfplay "$cli/extreme-values.rules" --depth 2 --max-plies 4
# (found by the new record harness: pins.c offset a move list's NULL ops, UB, as F1 did)
expect_ok "a Smegi move with no state writes through the pins (issue 18 fuzzing)" \
    "$bvm" moves "$src/rules/smegi.rules" --moves b1a1
# (5) bench: a bad depth in a --list file leaked the games read before it (a sanitizer build
# reports it); --depth 31 to 100000 was taken and never ended (perft refuses them)
printf '%s 2\n%s 99\n' "$chess" "$chess" > "$tmp/bench-list"
expect "bench --list with a bad depth on line 2 (issue 18)" "bench-list:2: '99' is not a depth" "$bvm" bench --list "$tmp/bench-list"
for d in 31 100000; do
    LIMIT=10 expect "bench --depth $d (issue 18)" "bench depth must be 1 to 30, not $d" "$bvm" bench "$chess" --depth $d
    LIMIT=10 expect "bench --depth $d, several games (issue 18)" "bench depth must be 1 to 30" "$bvm" bench "$chess" "$chess" --depth $d
done
LIMIT=
# (6) a protocol line holding a NUL byte was refused as too long, and the command after it was
# read as its rest and dropped: here the `go` (xboard) and the move (play)
xboard_refusals "xboard: a line with a NUL byte is refused alone (issue 18)" \
    'xboard\nprotover 2\nsd 1\nfoo\000bar\ngo\nquit\n' '^Error (command holds a NUL byte' 1
printf 'e2\000e4\ne2e4\nquit\n' > "$tmp/play-nul"
STDIN="$tmp/play-nul" run_case "$bvm" play "$chess" --depth 1
STDIN=
[ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
grep -q 'That line holds a NUL byte: ignored' "$tmp/out" || why="$why not refused"
grep -q '^Black plays ' "$tmp/out" || why="$why the move after it was not played"
report "play: a line with a NUL byte is refused alone (issue 18)"
# (10) the heaviest Four Towers positions are legitimately huge (a dragon tower with strong
# pieces in its arenas: 83576 moves, some 25 s): the command's bound stops them with its message
LIMIT=60 expect "a crowded Four Towers dragon stops at --work (issue 18)" \
    "four-towers.rules:[0-9]+: error: the moves of this command took more than 100 million steps of work in all" \
    "$bvm" moves "$src/rules/four-towers.rules" --fen '3/6/8k/1WWDQ5/4Q5/9/10/10/K8/6/3 w' --work 100
LIMIT=
# (11) a piece variable's declared range: 0..5 kept 6 and 7 (the bits of 5), in a store or a
# position string
pvr=$cli/piece-var-range.rules
expect "a piece variable stored past its range (issue 18)" \
    "piece-var-range.rules:10: error: piece variable 'c' is 0..5, not 6" "$bvm" moves "$pvr" --fen 'K{c=5}1/1k w'
expect "a piece variable past its range in a position string (issue 18)" \
    "bad position: board: c=6 is out of its range 0..5" "$bvm" moves "$pvr" --fen 'K{c=6}1/1k w'
# ---- issue 32: what the third round of hostile inputs found ---------------------------------
# (1) `no-moves` in `legal` asks whether the reply has a legal move, whose legality asks it again:
# the nesting count was restarted by each reply's generation, so the guard never fired and the
# C stack overflowed (exit 139). Four shapes: one move, `again`, many moves, and an `end` too.
for c in legal-no-moves legal-no-moves-again legal-no-moves-repeat legal-no-moves-end; do
    LIMIT=10 expect "no-moves in legal that asks itself ($c, issue 32)" \
        "$c.rules:2: error: .no-moves. in .legal. nested more than 8 deep" "$bvm" perft "$cli/$c.rules" 2
done
LIMIT=
# (2) the work bound counts all the work, and is read while a program runs, not only when it
# emits: count() scanned 13312 cells as one step inside a loop allowed 1e9 instructions between
# two moves (hours; `--work 1` ran 15.8 s, `selfplay --time 0.5` made no move in 50 s); 262144
# emitted moves made and generated again under perft 2 were counted as their few instructions
# (1e9 steps took 17 s, not 2.5). Each case is deterministic where it can be: what is counted,
# not how fast; the others stop at a position bound of 1e8 steps (`moves work 100;`).
expect "count() reads 13312 cells: 100 of them pass --work 1 (issue 32)" \
    "count-cost.rules:9: error: the moves of this command took more than 1 million steps" \
    "$bvm" moves "$cli/count-cost.rules" --work 1
expect "262144 emitted moves pass --work 5 (issue 32)" \
    "many-moves.rules:[0-9]+: error: the moves of this command took more than 5 million steps" \
    "$bvm" perft "$cli/many-moves.rules" 1 --work 5
# issue 38: the walk over a position's squares (the empty ones too) is counted: 2^20 positions
# of the largest board, two pieces on it (perft 20 is 1048576 leaves under --work 350)
expect "the walk over a 26 x 32 board is counted (issue 38)" \
    "big-empty-board.rules: error: the moves of this command took more than 200 million steps" \
    "$bvm" perft "$cli/big-empty-board.rules" 20 --work 200
# ... and diff's boardvm side has the bound too (diff runs unattended: its default is 1e10 steps)
expect "diff --work: 262144 emitted moves pass --work 5 (issue 38)" \
    "many-moves.rules:[0-9]+: error: the moves of this command took more than 5 million steps" \
    "$bvm" diff "$cli/many-moves.rules" "$cli/many-moves.rules" --depth 2 --work 5
LIMIT=30 expect "count() in a long loop: the position's bound, read inside the loop (issue 32)" \
    "count-loop.rules:11: error: the moves of one position took more than 100000000 steps" \
    "$bvm" moves "$cli/count-loop.rules"
LIMIT=30 expect "count() in a long loop: selfplay --time 0.5 (issue 32)" \
    "count-loop.rules:11: error: the moves of one position took more than" \
    "$bvm" selfplay "$cli/count-loop.rules" --time 0.5 --games 1 --max-plies 2
LIMIT=30 expect "count() in a long loop: selfplay --move-work 1 (issue 32)" \
    "count-loop.rules:11: error: the moves of one position took more than" \
    "$bvm" selfplay "$cli/count-loop.rules" --move-work 1 --games 1 --max-plies 2
LIMIT=
# (3) memory: a list a ply, each of 262144 moves writing 16 words (46 MB): 20 plies of perft
# held 945 MB within the work bound. The lists of a command are bounded together (512 MiB).
LIMIT=30 expect "move lists of many plies: one memory bound (issue 32)" \
    "list-memory.rules:[0-9]+: error: the move lists of this command hold more than 512 MiB" \
    "$bvm" perft "$cli/list-memory.rules" 30
LIMIT=
# (4) the engine's first measure of each piece type's moves (engine_new, on an empty board) had
# no bound: a type whose moves take a minute made `selfplay --time 1` take minutes before its
# first move (the issue's 12.8 s; a minute and more here). Bounded at 2e8 steps (under a second).
LIMIT=60 run_case "$bvm" selfplay "$src/tests/serve-slow.rules" -o slug --time 1 --games 1 --max-plies 1
LIMIT=
[ $st -ne 0 ] && [ $st -ne 124 ] && why="$why exit status $st"
grep -q '^ *1\. ' "$tmp/out" || why="$why no first move"
report "selfplay --time 1 with a piece type whose moves take minutes (issue 32)"
# ---- issue 34: deferred effects (`defer { }`) ------------------------------------------------
# the record of one run is bounded, and making many recorded effects is work the bound counts
expect "defer in an endless loop: MAX_DEFERRED (issue 34)" \
    "defer-many.rules:4: error: more than 65536 effects deferred in one program run" \
    "$bvm" perft "$cli/defer-many.rules" 1
LIMIT=30 expect "60000 deferred effects made by each of 60000 moves: the work bound (issue 34)" \
    "defer-apply.rules:5: error: the moves of one position took more than" \
    "$bvm" perft "$cli/defer-apply.rules" 1
LIMIT=
echo "# the largest: ${max_mem} KB resident (case $max_mem_case), ${max_secs} s (case $max_secs_case)"
echo "$n cases, $fails failed"
[ $fails -eq 0 ]
