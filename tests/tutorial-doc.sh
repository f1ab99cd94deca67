#!/bin/sh
# docs/tutorial.md must stay true: every line of its ```rules snippets is a line of
# examples/tutorial.rules (except lines marked "# step N only"), a snippet with a `game` line
# is a complete file that compiles, the step-1 move list it quotes is what boardvm lists, every
# line of its ```test snippet is a line of tests/tutorial.test, and its ```output drawing is
# what `boardvm show` prints. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
doc=$srcdir/docs/tutorial.md
rules=$srcdir/examples/tutorial.rules
tests=$srcdir/tests/tutorial.test
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tutorial-doc.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

# split the fenced blocks into $tmp/NNN.KIND
awk -v dir="$tmp" '
  /^```/ { if (inb) { inb = 0; close(f); next }
           kind = substr($0, 4); if (kind == "") kind = "plain"
           n++; f = sprintf("%s/%03d.%s", dir, n, kind); inb = 1; printf "" > f; next }
  inb { print > f }' "$doc"

# has_line FILE LINE: LINE (trailing blanks ignored) is a line of FILE
has_line() { sed 's/[[:space:]]*$//' "$1" | grep -Fqx -- "$2"; }

for b in "$tmp"/*.rules; do
    [ -e "$b" ] || continue
    while IFS= read -r line; do
        line=$(printf '%s' "$line" | sed 's/[[:space:]]*$//')
        [ -z "$line" ] && continue
        case $line in *"# step "*" only"*) continue ;; esac
        has_line "$rules" "$line" || { echo "docs/tutorial.md: not in examples/tutorial.rules: $line"; fail=1; }
    done < "$b"
    if grep -q '^game ' "$b"; then
        ./boardvm check "$b" >/dev/null || { echo "docs/tutorial.md: snippet $(basename "$b") does not compile"; fail=1; }
    fi
done

# the step-1 file and the move list the page quotes for it
step1=$(ls "$tmp"/*.rules | head -n 1)
quoted=$(sed -n 's/.*prints the five steps of the White King: `\([^`]*\)`.*/\1/p' "$doc")
got=$(./boardvm moves "$step1" 2>/dev/null | tr '\n' ' ' | sed 's/ *$//')
[ -n "$quoted" ] && [ "$quoted" = "$got" ] || { echo "docs/tutorial.md: step 1 lists '$quoted', boardvm '$got'"; fail=1; }

for b in "$tmp"/*.test; do
    [ -e "$b" ] || continue
    while IFS= read -r line; do
        line=$(printf '%s' "$line" | sed 's/[[:space:]]*$//')
        [ -z "$line" ] && continue
        has_line "$tests" "$line" || { echo "docs/tutorial.md: not in tests/tutorial.test: $line"; fail=1; }
    done < "$b"
done

./boardvm show "$rules" > "$tmp/show.txt" || fail=1
for b in "$tmp"/*.output; do
    [ -e "$b" ] || continue
    while IFS= read -r line; do
        line=$(printf '%s' "$line" | sed 's/[[:space:]]*$//')
        [ -z "$line" ] && continue
        has_line "$tmp/show.txt" "$line" || { echo "docs/tutorial.md: not what boardvm show prints: $line"; fail=1; }
    done < "$b"
done
exit $fail
