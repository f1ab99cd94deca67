#!/bin/sh
# `boardvm diff` against hostile UCI engines (issue 32): every answer of an engine is bounded in
# time (--timeout, for the whole answer), in lines, moves and bytes (docs/cross-check.md, "What
# an engine may answer"), its counts must fit in 64 bits, and the engine never outlives boardvm
# (SIGINT, SIGTERM, an ordinary exit). The engines are tiny Python scripts written below; the
# expected values come from chess's start position (20 moves, one leaf each at depth 1) and the
# documented bounds, not from boardvm's output. Every run is bounded by `timeout`.
# BOARDVM=/path/to/boardvm runs the cases against another build (the unfixed one fails them).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess=$srcdir/rules/chess.rules
boardvm=${BOARDVM:-$(pwd)/boardvm}
dir=diff-hostile.tmp
rm -rf "$dir"; mkdir "$dir"
status=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; status=1; }
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: expected '$2', got '$3'"; fi
}

# The engine: the handshake, `quit`, and for `go perft` the answer of MODE (ARG: a file for a pid).
cat > "$dir/engine.py" <<'EOF'
import os, signal, subprocess, sys, time
mode, arg = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "")
out = sys.stdout
CHESS = ["a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4",
         "f2f3", "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3"]
def say(text):
    out.write(text); out.flush()
def chess_answer(counts=None, total=None, extra=""):
    counts = counts or {}
    lines = "".join("%s: %s\n" % (m, counts.get(m, 1)) for m in CHESS)
    say(extra + lines + "\nNodes searched: %s\n" % (total if total is not None else 20))
def forever(text, pause):
    while True:
        say(text); time.sleep(pause)
def go_perft():
    if mode == "too-many-moves":      # one more "MOVE: COUNT" line than a position may have
        say("e2e4: 1\n" * 1048577 + "Nodes searched: 1048577\n")
    elif mode == "endless-moves":     # 100000 lines a second, never the total
        forever("e2e4: 1\n" * 1000, 0.01)
    elif mode == "endless-info":      # other lines, never the total
        forever("info depth 1 nodes 1\n" * 100, 0.01)
    elif mode == "too-many-bytes":    # 1101 info lines of 61001 bytes: 67162101 > 64 MiB
        say(("info string " + "x" * 60988 + "\n") * 1101); time.sleep(60)
    elif mode == "long-line":         # a line of 65536 bytes + "e9e9: 1": its tail looks a move
        chess_answer(total=21, extra="x" * 65536 + "e9e9: 1\n")
    elif mode == "nul-byte":          # "e9e9: 1", a NUL byte and more: not a move cut short
        chess_answer(total=21, extra="e9e9: 1\0 and the rest of the line\n")
    elif mode == "longest-line":      # a line of 65535 bytes and its end of line: allowed
        chess_answer(extra="info string " + "x" * (65535 - 12) + "\n")
    elif mode == "count-too-big":     # 2^64
        chess_answer({"e2e4": 18446744073709551616}, total=19)
    elif mode == "sum-wraps":         # 2^63 + 2^63 = 2^64 (0 modulo 2^64)
        counts = dict((m, 0) for m in CHESS)
        counts["a2a3"] = counts["a2a4"] = 9223372036854775808
        chess_answer(counts, total=0)
    elif mode == "total-too-big":     # 2^64 + 20
        chess_answer(total=18446744073709551636)
    elif mode == "stubborn":          # deaf to the signals of a terminal: only SIGKILL ends it
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(s, signal.SIG_IGN)
        open(arg, "w").write("%d\n" % os.getpid())
        time.sleep(1000)
    else:
        chess_answer()
if mode == "straggler":               # starts a process of its own that outlives its `quit`
    child = subprocess.Popen(["sleep", "1000"])
    open(arg, "w").write("%d\n" % child.pid)
while True:
    line = sys.stdin.readline()
    if not line: break
    line = line.strip()
    if line == "uci":
        if mode == "no-uciok": forever("info string still starting\n" * 100, 0.01)
        say("id name hostile\nuciok\n")
    elif line == "isready":
        say("readyok\n")
        if mode == "deaf": time.sleep(60)   # reads nothing more: boardvm's writes fill the pipe
    elif line.startswith("go perft"): go_perft()
    elif line == "quit": break
EOF
engine="python3 $dir/engine.py"

# run NAME SECONDS ARGS...: boardvm diff chess --uci ARGS, killed after SECONDS; its status in
# $st, its messages in $dir/NAME.err, its wall time (whole seconds) in $took
run() {
    name=$1 limit=$2; shift 2
    start=$(date +%s)
    timeout -s KILL "$limit" "$boardvm" diff "$chess" --uci "$@" > "$dir/$name.out" \
        2> "$dir/$name.err" < /dev/null
    st=$?
    took=$(( $(date +%s) - start ))
}
# says NAME TEXT: the last run failed with status 2 and a message holding TEXT
says() {
    check "$1: exit 2" 2 "$st"
    case $(cat "$dir/$name.err") in
    *"$2"*) ok "$1: the message" ;;
    *) bad "$1: expected a message with '$2', got '$(head -c 300 "$dir/$name.err")'" ;;
    esac
}
within() {   # NAME SECONDS: the last run took at most SECONDS
    if [ "$took" -le "$2" ]; then ok "$1: within $2 s"; else bad "$1: took $took s (> $2 s)"; fi
}

# ---- the control: an engine that answers right agrees -----------------------------------------
run honest 60 "$engine honest" --depth 1
check "an honest engine: exit 0" 0 "$st"

# ---- bounds on one answer ---------------------------------------------------------------------
# 1048577 move lines: one more than the 1048576 moves boardvm holds in one position
run too-many-moves 60 "$engine too-many-moves" --depth 1
says "1048577 move lines" "the engine '$engine too-many-moves' lists more than 1048576 moves"
# the same line without end, slowly enough not to reach the bound on moves in 3 s: the timeout
# bounds the whole answer (it was per line: the unfixed build grew without end)
run endless-moves 30 "$engine endless-moves" --depth 1 --timeout 3
says "endless move lines" "the engine '$engine endless-moves' did not end its answer within 3 s"
within "endless move lines" 10
run endless-info 30 "$engine endless-info" --depth 1 --timeout 3
says "endless info lines" "the engine '$engine endless-info' did not end its answer within 3 s"
within "endless info lines" 10
run no-uciok 30 "$engine no-uciok" --depth 1 --timeout 3
says "never uciok" "the engine '$engine no-uciok' did not end its answer within 3 s while boardvm waited for 'uciok'"
within "never uciok" 10
# 67162101 bytes of info lines, then silence: more than the 64 MiB (67108864) an answer may have
# (1100 of those lines, 67101100 bytes, are not)
run too-many-bytes 60 "$engine too-many-bytes" --depth 1 --timeout 50
says "67 MB of info lines" "the engine '$engine too-many-bytes' wrote more than 67108864 bytes"

# a question longer than the pipe holds (64 KiB) to an engine that no longer reads: the timeout
# bounds the writing too (the unfixed build waited in write() for ever)
run deaf 30 "$engine deaf" --engine-fen "$(python3 -c 'print("x" * 100000)')" --depth 1 --timeout 3
says "an engine that does not read" "the engine '$engine deaf' did not read its input for 3 s"
within "an engine that does not read" 10

# ---- a line too long (or holding a NUL byte) is an error, never parsed in pieces -------------------------------------
run long-line 60 "$engine long-line" --depth 1
says "a line of 65536 bytes" "wrote a line of more than 65535 bytes"
run nul-byte 60 "$engine nul-byte" --depth 1
says "a line holding a NUL byte" "the engine '$engine nul-byte' wrote a line holding a NUL byte"
run longest-line 60 "$engine longest-line" --depth 1
check "a line of 65535 bytes: read whole, the sides agree" 0 "$st"

# ---- counts that do not fit in 64 bits ----------------------------------------------------------
run count-too-big 60 "$engine count-too-big" --depth 1
says "a count of 2^64" "wrote a count that does not fit in 64 bits: 'e2e4: 18446744073709551616'"
run sum-wraps 60 "$engine sum-wraps" --depth 1
says "two counts of 2^63" "the counts per move of the engine '$engine sum-wraps' add up to more than 2^64-1 (at 'a2a4: 9223372036854775808')"
run total-too-big 60 "$engine total-too-big" --depth 1
says "a total of 2^64 + 20" "does not fit in 64 bits: 'Nodes searched: 18446744073709551636'"

# ---- the engine never outlives boardvm ----------------------------------------------------------
alive() {   # PID: running (not gone, not a zombie)
    s=$(ps -o stat= -p "$1" 2>/dev/null)
    [ -n "$s" ] && [ "${s#Z}" = "$s" ]
}
wait_for() {   # SECONDS COMMAND...: until COMMAND succeeds, at most SECONDS; its status
    n=$(( $1 * 10 )); shift
    while [ $n -gt 0 ]; do "$@" && return 0; sleep 0.1; n=$((n - 1)); done
    return 1
}
not_alive() { ! alive "$1"; }
# SIGNAL STATUS: boardvm killed by SIGNAL while the engine (deaf to it) answers `go perft`.
# The launcher gives boardvm the signals' default actions (a background job of sh has SIGINT
# ignored). boardvm must die of the signal itself, the engine with it.
killed_by() {
    sig=$1 want=$2 pidfile=$dir/stubborn-$1.pid
    python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$boardvm" diff "$chess" --uci "$engine stubborn $pidfile" \
        --depth 1 --timeout 30 > "$dir/stubborn.out" 2>&1 < /dev/null &
    bvm=$!
    if ! wait_for 20 test -s "$pidfile"; then
        bad "SIG$sig: the engine was never asked for perft"; kill -KILL "$bvm"; wait "$bvm"; return
    fi
    epid=$(cat "$pidfile")
    kill -"$sig" "$bvm"
    wait_for 10 not_alive "$bvm" || kill -KILL "$bvm"
    wait "$bvm"; st=$?
    check "SIG$sig: boardvm dies of it" "$want" "$st"
    if wait_for 3 not_alive "$epid"; then ok "SIG$sig: the engine is gone"
    else bad "SIG$sig: the engine $epid outlived boardvm"; kill -KILL "$epid"; fi
}
killed_by TERM 143
killed_by INT 130
killed_by HUP 129
# an ordinary exit: the engine quits when told, but a process it started lingers in its group
run straggler 60 "$engine straggler $dir/straggler.pid" --depth 1
check "an engine with a straggler: exit 0" 0 "$st"
spid=$(cat "$dir/straggler.pid" 2>/dev/null)
if [ -z "$spid" ]; then bad "the straggler never started"
elif wait_for 3 not_alive "$spid"; then ok "the engine's straggler is gone"
else bad "the engine's straggler $spid outlived boardvm"; kill -KILL "$spid"; fi

rm -rf "$dir"
exit $status
