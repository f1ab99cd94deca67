#!/bin/sh
# tests/zrf.sh - the Zillions reader (src/zrf/, docs/zrf.md) on the small files of tests/zrf/,
# written for these tests. Every expected output there was worked out by hand from the file
# next to it, not copied from the program: NAME.board is the board part of `boardvm dump
# NAME.zrf`, NAME.dump the whole dump, NAME.list `boardvm variants`, NAME.err the exact
# messages of a bad file. The files are read from their directory, so that the messages name
# them as a user would see them. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
bvm=$(pwd)/boardvm
export LC_ALL=C
cd "$srcdir/tests/zrf" || exit 1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-zrf.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 fails=0

# run STATUS STREAM EXPECTED COMMAND...: the command's status is STATUS and its STREAM (out,
# board: the board part of out, or err) is the file EXPECTED
run() {
    want=$1 stream=$2 expected=$3; shift 3
    n=$((n + 1))
    "$bvm" "$@" > "$tmp/whole" 2> "$tmp/err"
    st=$?
    # (the game the variant lowers to, after the board, is tests/zrf-graph.sh's)
    sed '/^lowered:/,$d' "$tmp/whole" > "$tmp/out"
    sed -n '/^board:/,$p' "$tmp/out" > "$tmp/board"
    if [ $st -ne "$want" ]; then
        echo "not ok $n - boardvm $*: status $st, not $want"; cat "$tmp/err"; fails=$((fails + 1))
    elif ! cmp -s "$tmp/$stream" "$expected"; then
        echo "not ok $n - boardvm $*: its $stream differs from $expected:"
        diff "$expected" "$tmp/$stream"; fails=$((fails + 1))
    else echo "ok $n - boardvm $* ($stream)"; fi
}

# boards
run 0 board grid3.board dump grid3.zrf           # a 3x3 grid, five directions, zones, symmetry
run 0 board kill.board dump kill.zrf             # kill-positions, dummy, links, unlink x3
run 0 board cube.board dump cube.zrf             # 3-D, a direction of two offsets of three
run 0 board twogrids.board dump twogrids.zrf     # two grids, links, a position's own rectangle
run 0 board case.board dump case.zrf             # include "INC\Parts.ZRI" finds inc/parts.zri
# macros and includes, variants
run 0 out macro.dump dump macro.zrf
run 0 out variant.list variants variant.zrf
run 0 out variant.dump dump variant.zrf --variant 3
run 0 out variant.dump dump variant.zrf --variant wide     # a title, in any case
printf 'boardvm: variant.zrf has no variant 9 (see boardvm variants variant.zrf)\n' > "$tmp/no9"
run 2 err "$tmp/no9" dump variant.zrf --variant 9
# bad files: exact messages, status 1 (2: a file that cannot be read)
for f in e-unclosed e-recursive e-axiom e-paste e-string e-include e-self; do
    run 1 err $f.err variants $f.zrf
done
run 1 err e-position.err dump e-position.zrf
# a file that is not there; one found by name in $BOARDVM_PATH, as rules files are
n=$((n + 1))
"$bvm" variants nofile.zrf > /dev/null 2> "$tmp/err"
st=$?
msg='^boardvm: cannot open nofile\.zrf: no such file, nor a game of that name in \$BOARDVM_PATH'
if [ $st -eq 2 ] && grep -q "$msg" "$tmp/err"; then echo "ok $n - a file that is not there"
else echo "not ok $n - a file that is not there: status $st"; cat "$tmp/err"; fails=$((fails + 1)); fi
here=$(pwd)
(cd "$tmp" && BOARDVM_PATH=/nowhere:$here "$bvm" variants variant.zrf > "$tmp/found")
n=$((n + 1))
if cmp -s "$tmp/found" variant.list; then echo "ok $n - variant.zrf found in \$BOARDVM_PATH"
else echo "not ok $n - variant.zrf not found in \$BOARDVM_PATH"; fails=$((fails + 1)); fi
# a macro that doubles its argument eight ways, nine deep: the bound on tokens stops it
n=$((n + 1))
msg='^e-tokens.zrf:1:25: error: the macros expand to more than 16000000 tokens$'
"$bvm" variants e-tokens.zrf > /dev/null 2> "$tmp/err"
if [ $? -eq 1 ] && grep -q "$msg" "$tmp/err"; then echo "ok $n - the bound on tokens"
else echo "not ok $n - the bound on tokens:"; cat "$tmp/err"; fails=$((fails + 1)); fi

# Windows text, made here so that no tool on the way can change its bytes: CRLF lines (the
# line shown without its CR, the column the same) and a Latin-1 title, kept as its byte
cd "$tmp" || exit 1
printf '(game\r\n  (title "Caf\351")\r\n  (board (links n (x y))))\r\n' > crlf.zrf
for c in x:20 y:22; do
    printf "crlf.zrf:3:%d: error: no position '%s' on this board\n" ${c#*:} ${c%:*}
    printf '    3 |   (board (links n (x y))))\n      | %*s^\n' $((${c#*:} - 1)) ''
done > crlf.err
printf '  1  game     Caf\351\n' > crlf.list
run 1 err crlf.err dump crlf.zrf
run 0 out crlf.list variants crlf.zrf
# a file one byte over the bound on a file's size (4 MiB), all spaces
head -c 4194305 /dev/zero | tr '\0' ' ' > big.zrf
printf "boardvm: error: cannot read 'big.zrf': larger than 4 MiB\n" > big.err
run 2 err big.err variants big.zrf

echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
