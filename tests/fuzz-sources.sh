#!/bin/sh
# fuzz/run.sh builds the harnesses from its own lists of src/ files (LIB, WEBLIB, CLI), which
# must hold every C file of Makefile.am and no other. `run.sh build` checked that, but nobody
# runs the fuzz build in the normal work, so a new file (mcts.c and smallmath.c, issue 32) broke
# it unseen until the next fuzzing round. This runs the check (`run.sh sources`, no clang needed)
# in `make check`. First it is run on two planted copies of Makefile.am, one with a C file the
# lists lack and one without a file they name, both of which must fail naming the file, so that
# a broken check cannot pass the tree. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
run="$srcdir/fuzz/run.sh"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }

# planted: a new C file in the program's sources
sed 's|src/cli/main\.c|src/cli/main.c src/cli/zz_planted-new.c|' "$srcdir/Makefile.am" > "$tmp/new.am"
if FUZZ_MAKEFILE="$tmp/new.am" sh "$run" sources > "$tmp/out" 2>&1; then
    bad "run.sh sources passed a Makefile.am with a C file that is in none of its lists"
elif ! grep -q 'in none of LIB, WEBLIB, CLI.* zz_planted-new' "$tmp/out"; then
    bad "run.sh sources failed without naming the new file: $(cat "$tmp/out")"
fi
# planted: a file of the lists gone from the program
sed 's|src/engine/mcts\.c||' "$srcdir/Makefile.am" > "$tmp/gone.am"
if FUZZ_MAKEFILE="$tmp/gone.am" sh "$run" sources > "$tmp/out" 2>&1; then
    bad "run.sh sources passed a Makefile.am without a file its lists name (mcts)"
elif ! grep -q 'not a C file of .* mcts' "$tmp/out"; then
    bad "run.sh sources failed without naming the missing file: $(cat "$tmp/out")"
fi
# the tree itself
sh "$run" sources > "$tmp/out" 2>&1 || bad "$(cat "$tmp/out")"

[ $fails -eq 0 ] && echo "ok: fuzz/run.sh lists every C file of Makefile.am"
[ $fails -eq 0 ]
