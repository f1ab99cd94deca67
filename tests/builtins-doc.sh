#!/bin/sh
# Every built-in of the table in src/lang/builtins.c (one row per line starting with `B(`) is in the
# reference: in the built-ins of docs/language.md (the paragraph that starts "Built-ins") as
# `name` or `name(`, and in the "Built-ins" section of man/boardvm-rules.5. A new row fails
# this test until both document it. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
table=$srcdir/src/lang/builtins.c
names=$(sed -n 's/^B("\([^"]*\)".*/\1/p' "$table" | sort -u)
[ -n "$names" ] || { echo "FAIL: no rows read from $table"; exit 1; }
md=$(sed -n '/^Built-ins /,/^### /p' "$srcdir/docs/language.md")
man=$(sed -n '/^\.SS Built-ins/,/^\.SH /p' "$srcdir/man/boardvm-rules.5" |
      sed 's/\\-/-/g; s/\\f[BIR]//g')
status=0 n=0
for name in $names; do
    n=$((n + 1))
    printf '%s\n' "$md" | grep -qF "\`$name\`" || printf '%s\n' "$md" | grep -qF "\`$name(" ||
        { echo "FAIL: docs/language.md does not list the built-in '$name'"; status=1; }
    printf '%s\n' "$man" | grep -qE "(^|[^a-z-])$name([^a-z-]|\$)" ||
        { echo "FAIL: man/boardvm-rules.5 does not list the built-in '$name'"; status=1; }
done
[ $status = 0 ] && echo "ok: the $n built-in names of src/lang/builtins.c are in both references"
exit $status
