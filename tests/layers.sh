#!/bin/sh
# tests/layers.sh - calls go down the layers of docs/architecture.md, never up.
#
# The layers are the rows of the table in docs/architecture.md ("The layers"), top to bottom:
# the page is the one statement of them, and this test reads it. For every object file of the
# build, the symbols it takes from other objects (`nm`: undefined in it, defined in another) are
# looked up; a symbol defined in a higher layer than the one using it is a call that goes up.
# Every such call must be listed in tests/layers-allowed.txt, the debt still to pay (issue 33:
# each line goes when the call is removed); one not listed fails the test (a planted up-call),
# and so does a listed one that no longer happens (so that the list only shrinks). Every C file
# of src/ must have its row. Run from the top build directory (srcdir given by automake).
# DOC and ALLOWED read another table or debt list (tests/layers-planted.sh, the test of this test).
srcdir=${srcdir:-.}
doc=${DOC:-$srcdir/docs/architecture.md}
allowed=${ALLOWED:-$srcdir/tests/layers-allowed.txt}
command -v nm >/dev/null 2>&1 || { echo "SKIP: no nm"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# file -> layer number (0 the top), from the table's rows (lexer.l and parser.y: their C files) between "| layer |" and the blank line
awk '/^\| layer \| files \|/ { on = 1; next }
     on && /^$/ { exit }
     on && /^\| [^-]/ { n++; line = $0; sub(/^\| [^|]*\| /, "", line); sub(/ \|.*/, "", line);
         while (match(line, /`src\/[a-z]+\/[a-z_0-9]+\.[cly]`/)) {
             f = substr(line, RSTART + 1, RLENGTH - 2); sub(/\.[ly]$/, ".c", f); print f, n - 1; line = substr(line, RSTART + RLENGTH) } }' \
    "$doc" > "$tmp/paths"
sed 's|^src/[a-z]*/||' "$tmp/paths" > "$tmp/layer"           # file names are unique across folders
[ -s "$tmp/layer" ] || { echo "FAIL: no layer table in $doc"; exit 1; }

fails=0
# every C file of src/ has a row, at its own path
for c in "$srcdir"/src/*/*.c; do
    p=src/${c#"$srcdir"/src/}
    grep -q "^$p " "$tmp/paths" || { echo "FAIL: $p has no layer in docs/architecture.md"; fails=$((fails + 1)); }
done
# the folders are the layers: a row's files share one folder, and no folder serves two rows
sed 's|^\(src/[a-z]*\)/[^ ]* |\1 |' "$tmp/paths" | sort -u > "$tmp/folders"
cut -d' ' -f2 "$tmp/folders" | sort | uniq -d | while read -r n; do
    echo "FAIL: layer $n of docs/architecture.md has files in several folders:" \
        "$(awk -v n="$n" '$2 == n { print $1 }' "$tmp/folders" | tr '\n' ' ')"
done > "$tmp/mixed"
cut -d' ' -f1 "$tmp/folders" | sort | uniq -d | sed 's/^/FAIL: two layers share the folder /' >> "$tmp/mixed"
cat "$tmp/mixed"; fails=$((fails + $(wc -l < "$tmp/mixed")))

# symbol -> the file defining it; then each object's undefined symbols with their definer
for o in src/*/*.o; do
    b=$(basename "$o" .o).c
    nm --defined-only -g "$o" 2>/dev/null | awk -v f="$b" 'NF == 3 { print $3, f }'
done | sort -k1,1 > "$tmp/defs"
for o in src/*/*.o; do
    b=$(basename "$o" .o).c
    nm -u "$o" 2>/dev/null | awk -v f="$b" '{ print $NF, f }'
done | sort -k1,1 > "$tmp/uses"
# "user definer symbol" for every use of another object's symbol, then the up-calls among them
join "$tmp/uses" "$tmp/defs" | awk '$2 != $3 { print $2, $3, $1 }' | sort -u > "$tmp/calls"
awk 'NR == FNR { layer[$1] = $2; next }
     ($1 in layer) && ($2 in layer) && layer[$2] < layer[$1] { print $1 " -> " $2 " " $3 }' \
    "$tmp/layer" "$tmp/calls" | sort > "$tmp/up"

grep -v '^#' "$allowed" | grep -v '^$' | sed 's/ *#.*//' | sort > "$tmp/allowed"
comm -23 "$tmp/up" "$tmp/allowed" | while read -r line; do echo "FAIL: a call goes up: $line"; done > "$tmp/new"
comm -13 "$tmp/up" "$tmp/allowed" | while read -r line; do
    echo "FAIL: tests/layers-allowed.txt lists a call that no longer happens: $line (remove it)"
done > "$tmp/gone"
cat "$tmp/new" "$tmp/gone"
fails=$((fails + $(wc -l < "$tmp/new") + $(wc -l < "$tmp/gone")))
echo "# $(wc -l < "$tmp/calls") calls between files, $(wc -l < "$tmp/up") going up ($(wc -l < "$tmp/allowed") listed as debt)"
[ $fails -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
[ $fails -eq 0 ]
