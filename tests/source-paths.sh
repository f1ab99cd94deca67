#!/bin/sh
# Every path into src/ that the docs, man pages, tests, benchmarks, fuzz scripts and rules files
# name must exist: src/ is one folder per layer (docs/architecture.md), and a file moved or
# renamed leaves stale pointers behind (the move into folders left two in a test's comment).
# A flat src/NAME.c is stale by construction. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
cd "$srcdir" || exit 1
fails=0 n=0
files=$(ls README.md docs/*.md man/*.[15] tests/*.sh tests/*.test fuzz/*.sh fuzz/*.c fuzz/*.h \
        fuzz/README.md bench/*.sh bench/*.py rules/*.rules examples/*.rules configure.ac \
        Makefile.am 2>/dev/null)
# a file: src/FOLDER/NAME.c (or .h, .l, .y), or the stale flat src/NAME.c
for p in $(grep -ohE '(^|[^A-Za-z0-9_./$-])src/([a-z]+/)?[A-Za-z0-9_-]+\.[chly]([^A-Za-z0-9_]|$)' $files |
           sed 's/^[^s]*src/src/; s/[^A-Za-z0-9_]$//' | sort -u); do
    case $p in
    src/lang/lexer.c|src/lang/parser.c|src/lang/parser.h) continue ;;  # flex and bison write them
    *NAME*|*zz_planted*|*boardvm-parser*) continue ;;     # placeholders, planted, hypothetical
    esac
    n=$((n + 1))
    [ -e "$p" ] && continue
    echo "FAIL: $p is named in $(grep -lF "$p" $files | tr '\n' ' ')but does not exist"
    fails=$((fails + 1))
done
[ $n -ge 50 ] || { echo "FAIL: only $n paths into src/ found (the pattern broke?)"; fails=$((fails + 1)); }
[ $fails -eq 0 ] && echo "ok: $n paths into src/ named outside it, all there"
[ $fails -eq 0 ]
