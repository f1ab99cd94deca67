#!/bin/sh
# A search of tests/lang/resume-work.rules (see its comment): the program is stopped and run
# again from its start several times where the search asks `no-moves`; the work bound of a
# position (1 million steps) must see each run once, as a plain generation would (about 540000
# steps), and not the 5 runs (2.7 million) the stops make.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
out=$(./boardvm selfplay "$srcdir/tests/lang/resume-work.rules" --depth 1 --max-plies 2 2>&1)
st=$?
if [ $st -eq 0 ] && printf '%s\n' "$out" | grep -q '^result: \* (unfinished: move limit reached)$'; then
    echo "ok: two plies searched within the work bound"
    exit 0
fi
echo "FAIL: status $st:"
printf '%s\n' "$out"
exit 1
