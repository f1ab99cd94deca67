#!/bin/sh
# long-functions.sh - list the functions of src/*/*.c longer than N lines (default 80), longest
# first: "LINES FILE:LINE NAME". A function is what the project's style makes of one: its
# header starts at column 0 and its body runs from a '{' to a '}' alone at column 0. Not a test
# (nothing fails): a list to see where functions need splitting.
#   tests/long-functions.sh [N] [SRCDIR]
max=${1:-80}
dir=${2:-$(dirname "$0")/../src}
for f in "$dir"/*/*.c; do
    case $f in */lang/lexer.c|*/lang/parser.c) continue ;; esac    # flex and bison outputs
    awk -v max="$max" -v file="${f#"$dir"/}" '
        # a header: an identifier at column 0, up to the "(" of the parameters
        /^[A-Za-z_][A-Za-z0-9_ \t\*]*\(/ && !/;[ \t]*$/ && !in_body {
            head = FNR; name = $0; sub(/\(.*/, "", name); sub(/.*[ \t\*]/, "", name)
        }
        /^\{/ && head { in_body = 1; start = head }
        /^\}/ && in_body {
            n = FNR - start + 1
            if (n > max) printf "%d %s:%d %s\n", n, file, start, name
            in_body = 0; head = 0
        }' "$f"
done | sort -rn
