#!/bin/sh
# docs/architecture.md names files, functions, tables and types in `code`: each must still
# exist (a file in the source tree; a function defined, a table or a type declared in src/), so
# that the page cannot drift from the code. Run from the top build directory by `make check`;
# DOC=FILE checks another page (the test of this test).
srcdir=${srcdir:-.}
doc=${DOC:-$srcdir/docs/architecture.md}
fails=0 n=0
bad() { echo "FAIL: $doc names $1"; fails=$((fails + 1)); }
for tok in $(grep -o '`[^` ]*`' "$doc" | tr -d '`' | sort -u); do
    case $tok in
    *NAME*) ;;                                       # a placeholder in a recipe
    src/*|tests/*|docs/*|man/*|rules/*|examples/*|Makefile.am)
        n=$((n + 1)); [ -e "$srcdir/$tok" ] || bad "the file $tok, which is not there" ;;
    *[a-z_]\(\))
        name=${tok%??}; n=$((n + 1))
        grep -Eq "^([a-zA-Z_].*[^a-zA-Z0-9_])?$name\(|^#define $name\(" "$srcdir"/src/*/*.[ch] ||
            bad "the function $name(), which is not defined in src/" ;;
    *[a-z_]\[\])
        name=${tok%??}; n=$((n + 1))
        grep -Eq "[^a-zA-Z0-9_]$name\[\]" "$srcdir"/src/*/*.[ch] || bad "the table $name[], which is not in src/" ;;
    [A-Z][a-z]*[A-Za-z])
        n=$((n + 1))
        grep -Eq "^\} $tok;|^typedef .*[^a-zA-Z0-9_]$tok;" "$srcdir"/src/*/*.h || bad "the type $tok, which is not declared in src/" ;;
    esac
done
[ $n -ge 40 ] || bad "only $n names (the page lost its map?)"
[ $fails -eq 0 ] && echo "ok: $doc: $n names, all in the code"
[ $fails -eq 0 ]
