#!/bin/sh
# docs/tutorial.md must stay true: every line of its ```rules snippets is a line of
# examples/tutorial.rules (except lines marked "# step N only"), a snippet with a `game` line
# is a complete file that compiles, the step-1 move list it quotes is what boardvm lists, every
# line of its ```test snippet is a line of tests/tutorial.test (but its `rules:` line) and the
# snippet passes as pasted (saved as jumpers.test beside the finished game as jumpers.rules),
# the commands of step 1 run as written (./boardvm, from the build directory, with the step-1
# file as jumpers.rules), and its ```output drawing is what `boardvm show` prints.
# Run from the top build directory by `make check`.
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
        case $line in "rules: "*) continue ;; esac       # the user's file, not the shipped one
        has_line "$tests" "$line" || { echo "docs/tutorial.md: not in tests/tutorial.test: $line"; fail=1; }
    done < "$b"
    # pasted as it is shown: jumpers.test beside jumpers.rules (the finished game)
    mkdir -p "$tmp/pasted"
    cp "$rules" "$tmp/pasted/jumpers.rules"
    cp "$b" "$tmp/pasted/jumpers.test"
    ./boardvm test "$tmp/pasted/jumpers.test" >"$tmp/pasted/out" 2>&1 ||
        { echo "docs/tutorial.md: the test snippet fails as pasted: $(tail -n 3 "$tmp/pasted/out")"; fail=1; }
done

# step 1's commands as written, in a build directory (./boardvm) holding the step-1 file; no
# installed boardvm on the PATH to answer for it
mkdir -p "$tmp/build"
ln -s "$(pwd)/boardvm" "$tmp/build/boardvm"
cp "$step1" "$tmp/build/jumpers.rules"
cmds=$(awk '/^Save this as `jumpers.rules`/ { on = 1 } on && /^\$ / { print substr($0, 3) } on && /^```$/ && seen++ { exit }' "$doc")
[ -n "$cmds" ] || { echo "docs/tutorial.md: no commands after 'Save this as jumpers.rules'"; fail=1; }
printf '%s\n' "$cmds" | while IFS= read -r cmd; do
    (cd "$tmp/build" && PATH=/usr/bin:/bin sh -c "$cmd") >/dev/null 2>&1 ||
        { echo "docs/tutorial.md: step 1: '$cmd' fails as written"; exit 1; }
done || fail=1

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
