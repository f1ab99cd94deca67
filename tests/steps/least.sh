# tests/steps/least.sh - sourced by the tests/*-steps.sh files: the least work bound under which a program runs, found by bisection, must
# be the count worked out by hand, both where a superinstruction runs the loop natively and
# where --profile runs the code as written (a native form must charge the steps its code would
# have run). Needs $tmp and $fail; runs ./boardvm from the top build directory.

# least TEMPLATE LO HI EXTRA [POSITION]: the least N in [LO, HI] under which `perft 1` of
# TEMPLATE, with STEPS replaced by N and START by POSITION, succeeds (EXTRA: an option or "")
least() {
    lo=$2 hi=$3
    while [ "$lo" -lt "$hi" ]; do
        mid=$(( (lo + hi) / 2 ))
        sed "s/STEPS/$mid/; s|START|${5:-}|" "$1" > "$tmp/least.rules"
        if ./boardvm perft "$tmp/least.rules" 1 $4 >/dev/null 2>&1; then hi=$mid; else lo=$((mid + 1)); fi
    done
    echo "$lo"
}

# bound TEMPLATE LO HI POSITION EXPECTED: the least bound, plain and as written, is EXPECTED
bound() {
    plain=$(least "$1" "$2" "$3" "" "$4") profiled=$(least "$1" "$2" "$3" --profile "$4")
    [ "$plain" = "$5" ] && echo "ok: least bound $5" || { echo "FAIL: least bound $plain, not $5"; fail=1; }
    [ "$profiled" = "$5" ] && echo "ok: as written too" ||
        { echo "FAIL: as written (--profile) $profiled, not $5"; fail=1; }
}

# moves_are RULES WANT: the moves of RULES (`boardvm moves`, joined by spaces, each followed by
# one) are WANT
moves_are() {
    out=$(./boardvm moves "$1" | tr '\n' ' ')
    [ "$out" = "$2" ] && echo "ok: the moves $2" || { echo "FAIL: moves '$out', not '$2'"; fail=1; }
}

# ops_counted RULES PATTERN N: N lines of RULES's disassembly match PATTERN (grep's), so the
# fast path the test is about is the code that runs
ops_counted() {
    out=$(./boardvm disasm "$1" | grep -c "$2")
    [ "$out" = "$3" ] && echo "ok: $3 instructions $2" || { echo "FAIL: $out instructions $2, not $3"; fail=1; }
}
