#!/bin/sh
# A runtime error of the rules code (here a division by zero in a hook) reaches the commands
# that run rules code outside `show`/`perft`/`test`: each says what and where in the rules file
# and ends with its error status, never a crash or a wrong answer. The hooks are planted in
# copies of rules/chess.rules:
#   knight-f3.rules: after-move fails when a Knight lands on f3 (White's g1f3, a root move);
#   second-move.rules: turn-start fails from the second full move on (fullmove 2), which a
#   set-up position can start with.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess=$srcdir/rules/chess.rules
dir=runtime-errors.tmp
rm -rf "$dir"; mkdir "$dir"
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
# plant NAME SED-SCRIPT: a copy of chess.rules with one change, which must have changed it
plant() {
    sed "$2" "$chess" > "$dir/$1.rules"
    cmp -s "$chess" "$dir/$1.rules" && bad "planting $1 changed nothing (chess.rules changed?)"
}
plant knight-f3 's/^after-move {$/&\n  if move.piece is Knight and move.to == f3 { halfmove = 1 \/ (fullmove - fullmove); }/'
plant second-move 's/^after-move {$/turn-start { if fullmove >= 2 { halfmove = 1 \/ (fullmove - fullmove); } }\n&/'
kf3=$dir/knight-f3.rules sm=$dir/second-move.rules
# the message: FILE:LINE: error: division by zero, LINE being the planted line
msg() { echo "$1:$(grep -n '1 / (fullmove - fullmove)' "$1" | cut -d: -f1): error: division by zero"; }
# expect NAME STATUS WANTED-STATUS FILE TEXT: the command ended with the status, FILE holds TEXT
expect() {
    if [ "$2" != "$3" ]; then bad "$1: exit status $2, not $3"; return; fi
    if grep -qF -- "$5" "$4"; then ok "$1"; else bad "$1: no '$5' in $(cat "$4")"; fi
}
for f in "$kf3" "$sm"; do
    ./boardvm check "$f" > /dev/null 2>&1 || bad "$f does not compile"
done

# diff: the rules side's divide (A has the error: its g1f3 is one of the root moves)
./boardvm diff "$chess" "$kf3" --depth 2 > "$dir/out" 2> "$dir/err"
expect "diff: an error in the divide" $? 2 "$dir/err" "boardvm diff: $kf3: $(msg "$kf3")"
# diff: setting up --moves (the side whose notation is used)
./boardvm diff "$kf3" "$chess" --moves g1f3 > "$dir/out" 2> "$dir/err"
expect "diff: an error in --moves" $? 2 "$dir/err" "boardvm diff: $kf3: $(msg "$kf3")"

# xboard: a move of the user's, the engine's search (by depth, and by time, which runs under a
# deadline), a set-up position, each ends the session with tellusererror and status 1
xb() { rules=$1; shift; printf "$@" | ./boardvm xboard "$rules" > "$dir/out" 2> "$dir/err"; }
xb "$kf3" 'xboard\nprotover 2\nnew\nforce\nusermove g1f3\nping 1\nquit\n'
expect "xboard: the user's move" $? 1 "$dir/out" "tellusererror $(msg "$kf3")"
grep -q '^pong' "$dir/out" && bad "xboard: the session went on after the error"
xb "$kf3" 'xboard\nprotover 2\nnew\nforce\nusermove e2e4\nsd 2\ngo\nquit\n'
expect "xboard: the engine's search to a depth" $? 1 "$dir/out" "tellusererror $(msg "$kf3")"
xb "$kf3" 'xboard\nprotover 2\nnew\nforce\nusermove e2e4\nst 5\ngo\nquit\n'
expect "xboard: the engine's search on the clock" $? 1 "$dir/out" "tellusererror $(msg "$kf3")"
xb "$kf3" 'xboard\nprotover 2\nnew\nforce\nusermove e2e4\nnew\nforce\nusermove g1f3\nquit\n'
expect "xboard: a move after 'new' (a new position)" $? 1 "$dir/out" "tellusererror $(msg "$kf3")"
xb "$sm" 'xboard\nprotover 2\nnew\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2\nping 1\nquit\n'
expect "xboard: setboard (the set-up runs turn-start)" $? 1 "$dir/out" "tellusererror $(msg "$sm")"
grep -q '^pong' "$dir/out" && bad "xboard: the session went on after the error in setboard"

rm -rf "$dir"
[ $fails -eq 0 ] && echo "all passed"
[ $fails -eq 0 ]
