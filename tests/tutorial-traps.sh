#!/bin/sh
# docs/tutorial.md chapter 7 shows commands and what they print in ```console blocks: each
# line "$ boardvm ..." is run (from the source tree, with this build's boardvm, stdout and
# stderr together) and must print exactly the lines that follow it. Run by `make check`.
srcdir=${srcdir:-.}
top=$(pwd)
doc=$srcdir/docs/tutorial.md
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tutorial-traps.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
# each command to $tmp/NNN.cmd, the lines after it to $tmp/NNN.want
awk -v dir="$tmp" '
  /^```console/ { inb = 1; next }
  /^```/ && inb { inb = 0; next }
  inb && /^\$ / { n++; printf "%s\n", substr($0, 3) > sprintf("%s/%03d.cmd", dir, n);
                  printf "" > sprintf("%s/%03d.want", dir, n); next }
  inb && n { print > sprintf("%s/%03d.want", dir, n) }' "$doc"
fail=0 n=0
for c in "$tmp"/*.cmd; do
    [ -e "$c" ] || continue
    n=$((n + 1))
    cmd=$(cat "$c")
    case $cmd in boardvm\ *) ;; *) echo "FAIL: not a boardvm command: $cmd"; fail=1; continue ;; esac
    (cd "$srcdir" && eval "\"$top/boardvm\" ${cmd#boardvm }") > "${c%.cmd}.got" 2>&1
    if ! cmp -s "${c%.cmd}.want" "${c%.cmd}.got"; then
        echo "FAIL: docs/tutorial.md: '$cmd' prints:"; sed 's/^/    /' "${c%.cmd}.got"
        echo "  where the page shows:"; sed 's/^/    /' "${c%.cmd}.want"
        fail=1
    fi
done
[ $n -ge 5 ] || { echo "FAIL: only $n console commands found in docs/tutorial.md"; fail=1; }
[ $fail = 0 ] && echo "ok: the $n commands of docs/tutorial.md chapter 7 print what it shows"
exit $fail
