#!/bin/sh
# docs/opcodes.md must be exactly what the binary prints from its one opcode table.
# Run from the top build directory by `make check` (srcdir is given by automake).
srcdir=${srcdir:-.}
./boardvm disasm --list-opcodes | diff -u "$srcdir/docs/opcodes.md" - || {
    echo "docs/opcodes.md is out of date: regenerate it with ./boardvm disasm --list-opcodes > docs/opcodes.md" >&2
    exit 1
}
