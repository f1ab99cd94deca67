#!/bin/sh
# The test of tests/layers.sh: it must fail on a call that goes up, on two layers in one folder,
# and on debt that is paid but still listed. Each is planted in a copy of the layer table or of
# the debt list (never in the sources): the planted up-call is the runtime's VM placed, in the
# copy, at the bottom layer, so that its real calls into the runtime go up. Run from the top
# build directory by `make check`, after the objects are built.
srcdir=${srcdir:-.}
command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }
[ -f src/runtime/vm.o ] || { echo "SKIP: no objects in src/ (run from the build directory)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-layers-planted.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() { DOC=${1:-$srcdir/docs/architecture.md} ALLOWED=${2:-$srcdir/tests/layers-allowed.txt} \
        srcdir=$srcdir sh "$srcdir/tests/layers.sh" > "$tmp/out" 2>&1; }

run || { bad "tests/layers.sh fails on the tree itself:"; cat "$tmp/out"; }

# planted up-call: src/runtime/vm.c moved in the table to the row of src/base/
sed -e 's#`src/runtime/vm.c`, ##' \
    -e 's#^\(| below everything, `src/base/` | \)#\1`src/runtime/vm.c`, #' \
    "$srcdir/docs/architecture.md" > "$tmp/up.md"
grep -q 'below everything, `src/base/` | `src/runtime/vm.c`' "$tmp/up.md" || bad "could not plant the up-call"
if run "$tmp/up.md"; then bad "a call from the bottom layer up into the runtime passed"
elif ! grep -q '^FAIL: a call goes up: vm.c -> ' "$tmp/out"; then bad "the up-call is not named:"; cat "$tmp/out"
else echo "ok: a planted up-call fails ($(grep -c '^FAIL: a call goes up: vm.c' "$tmp/out") calls of vm.c named)"
fi
grep -q 'several folders' "$tmp/out" && echo "ok: ... and the row with two folders is named" ||
    bad "a row of two folders is not named"

# planted paid debt: a listed call that does not happen
{ cat "$srcdir/tests/layers-allowed.txt"; echo "vm.c -> cli.c cli_parse"; } > "$tmp/allowed"
if run "" "$tmp/allowed"; then bad "a listed up-call that does not happen passed"
elif ! grep -q 'lists a call that no longer happens: vm.c -> cli.c cli_parse' "$tmp/out"; then
    bad "the paid debt is not named:"; cat "$tmp/out"
else echo "ok: a listed call that no longer happens fails"
fi
[ $fails -eq 0 ]
