#!/bin/sh
# --profile (perft and selfplay): the instructions each program runs. Checked here: the profile
# is printed only when asked; its per-program counts add up to its total; the programs it names
# are the game's; and selfplay's covers the engine's searches (a depth-2 search of chess runs
# `legal` for every move it makes, which perft's bulk counting at depth 1 never does).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$srcdir/rules/chess.rules
status=0
fail() { echo "FAIL: $*"; status=1; }

# sum of the "by program" counts, and the total of the "profile:" line
check_sums() {   # $1: what, $2: output
    total=$(printf '%s\n' "$2" | sed -n 's/^profile: \([0-9]*\) instructions$/\1/p')
    sum=$(printf '%s\n' "$2" | awk '/^  by program:/{on=1; next} /^  by line:/{on=0} on{s+=$2} END{print s+0}')
    if [ -n "$total" ] && [ "$total" -gt 0 ] && [ "$sum" = "$total" ]; then
        echo "ok: $1: the programs' counts add up to the total ($total)"
    else fail "$1: total '$total', programs' sum '$sum'"; fi
}

out=$(./boardvm perft "$rules" 1 2>&1)
case $out in *profile:*) fail "perft without --profile printed a profile";; *) echo "ok: no profile unless asked";; esac

# (perft 2: at perft 1 from the start no program runs at all since the castling program and
# `end` are left out by their guards, docs/runtime.md step 36; perft 2 makes moves, whose
# after-move runs)
out=$(./boardvm perft "$rules" 2 --profile 2>&1)
check_sums "perft 2" "$out"
case $out in *"  legal"*) fail "perft 2 ran legal (it bulk-counts)";; *) echo "ok: perft 2 runs no legal";; esac

out=$(./boardvm selfplay "$rules" --depth 2 --max-plies 2 --profile 2>&1)
check_sums "selfplay" "$out"
for prog in legal after-move end; do
    if printf '%s\n' "$out" | grep -q "^ *[0-9.]*% *[0-9]*  $prog\$"; then echo "ok: selfplay's profile has $prog"
    else fail "selfplay's profile lacks $prog"; fi
done
out=$(./boardvm selfplay "$rules" --depth 2 --max-plies 2 2>&1)
case $out in *profile:*) fail "selfplay without --profile printed a profile";; *) echo "ok: selfplay: no profile unless asked";; esac
exit $status
