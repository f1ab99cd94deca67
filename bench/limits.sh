#!/bin/sh
# bench/limits.sh - the largest value each shipped game reaches against each runtime limit of
# docs/language.md "Limits" (moves per position, instructions between two emits, work per
# position, state changes and note characters of a list, pending trail, open choices, operand
# stack, pieces on a square, nesting), measured over its test files.
#
#   bench/limits.sh [GAME...]          (GAME: chess four-towers ivory-tower nemoroth smegi spinal-tap
#                                       xiangqi shogi capablanca smess; default: all)
#
# It builds a boardvm with -DBOARDVM_MAXIMA (src/base/maxima.h) in a temporary copy of the source
# tree (the normal build has no counters), runs each game's tests/*.test and tests/slow/*.test
# files with it, and prints the maxima (each line: what, largest met / the default limit).
# A limit that a legal position of a shipped game reaches is a fidelity bug: the margins printed
# here are what docs/cross-check.md reports. Takes a few minutes (the slow tests run too).

set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

games=${*:-chess four-towers ivory-tower nemoroth smegi spinal-tap xiangqi shogi capablanca smess}

# A copy of the sources (no configure run there: the objects of an in-place build stay apart).
echo "limits: building an instrumented boardvm in $tmp" >&2
(cd "$top" && tar cf - --exclude='*.o' --exclude=src/lang/lexer.c --exclude=src/lang/parser.c \
    --exclude=src/lang/parser.h configure.ac Makefile.am src rules tests docs man bench examples README.md fuzz) |
    (cd "$tmp" && tar xf -)
(cd "$tmp" && autoreconf -i >/dev/null 2>&1 && ./configure -q CPPFLAGS=-DBOARDVM_MAXIMA >/dev/null &&
    make -j2 >/dev/null 2>&1) || { echo "limits: the instrumented build failed" >&2; exit 1; }

for game in $games; do
    files=
    for f in "$top/tests/$game.test" "$top/tests/slow/$game.test"; do
        [ -f "$f" ] && files="$files $f"
    done
    [ "$game" = chess ] && files="$files $top/tests/chess-perft.test $top/tests/chess-rules.test"
    [ -n "$files" ] || { echo "limits: no test file for $game" >&2; continue; }
    echo "== $game"
    # The counters are per process: one run per file, the largest of each line kept.
    for f in $files; do
        "$tmp/boardvm" test "$f" 2>&1 >/dev/null | grep '^maxima:' || true
    done | awk '{ key = $2; v = $3 + 0; if (!(key in m) || v > m[key]) { m[key] = v; lim[key] = $5 } ;
                 if (!(key in order)) { order[key] = ++n; name[n] = key } }
                END { for (i = 1; i <= n; i++) printf "  %-22s %12.0f / %s\n", name[i], m[name[i]], lim[name[i]] }'
done
