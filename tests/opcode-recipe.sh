#!/bin/sh
# The opcode recipe (docs/architecture.md, "Recipe: a new opcode"), tried: tests/opcode-recipe.c
# is compiled with -DBOARDVM_TEST_OPCODE, which adds one row to src/bytecode/opcodes.h (TESTOP:
# a local, a global, a jump), together with the files that must follow the table without a
# change of their own (opcodes.c, verify.c, jumps.c, optext.c), into a temporary directory, and
# run: the verifier must reject each bad operand, jump threading and the disassembler must find
# its operands, and the opcode list must show it. A file that kept its own list of opcodes
# fails it.
# The normal build must not have the dummy row. Skipped without a C compiler. Run from the top
# build directory by `make check` (srcdir given by automake).
srcdir=${srcdir:-.}
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || { echo "SKIP: no C compiler ($cc)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-opcode.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0

s=$srcdir/src
b=$s/bytecode
if ! "$cc" -Wall -Wextra -DBOARDVM_TEST_OPCODE -I"$b" -I"$s/base" -I"$s/lang" -o "$tmp/recipe" \
        "$srcdir/tests/opcode-recipe.c" "$b/opcodes.c" "$b/verify.c" "$b/jumps.c" \
        "$b/optext.c" 2> "$tmp/cc.log"; then
    echo "FAIL: the test build with -DBOARDVM_TEST_OPCODE does not compile:"
    head -n 20 "$tmp/cc.log"
    exit 1
fi
"$tmp/recipe" > "$tmp/out"
status=$?
cat "$tmp/out"
[ $status -eq 0 ] || { echo "FAIL: $status of the recipe's checks"; fails=$((fails + 1)); }
grep -q '^1\.\.[0-9]' "$tmp/out" ||
    { echo "FAIL: the checks did not run to the end"; fails=$((fails + 1)); }

if ./boardvm disasm --list-opcodes | grep -q TESTOP; then
    echo "FAIL: the normal build lists the test build's TESTOP"
    fails=$((fails + 1))
fi
[ $fails -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
[ $fails -eq 0 ]
