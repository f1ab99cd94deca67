#!/bin/sh
# Rules files named without their path: found in the directories of $BOARDVM_PATH (in order,
# NAME or NAME.rules), and, for this uninstalled build, in the source tree's rules/ and
# examples/; a path or a file in the current directory is taken as it is; an unknown name says
# where it was looked for. Every example and document is listed in Makefile.am, so that `make
# install` installs it (tests/installed.sh checks the installed copy, in `make installcheck`).
# Run from the top build directory by `make check`.
srcdir=$(cd "${srcdir:-.}" && pwd)
top=$(pwd)
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-path.XXXXXX")
mkdir "$tmp/a" "$tmp/b" "$tmp/here"
sed 's/^game "Stacks"/game "Stacks A"/' "$srcdir/tests/lang/stacks.rules" >"$tmp/a/stacks.rules"
sed 's/^game "Stacks"/game "Stacks B"/' "$srcdir/tests/lang/stacks.rules" >"$tmp/b/stacks.rules"
cp "$srcdir/tests/lang/stacks.rules" "$tmp/b/other"
name() { "$top/boardvm" check "$@" 2>&1 | sed -n 's/.*ok: "\([^"]*\)".*/\1/p'; }
cd "$tmp/here" || exit 1
[ "$(BOARDVM_PATH=$tmp/a:$tmp/b name stacks)" = "Stacks A" ] && ok "the first directory of BOARDVM_PATH wins" || bad "order: $(BOARDVM_PATH=$tmp/a:$tmp/b name stacks)"
[ "$(BOARDVM_PATH=::$tmp/b name stacks.rules)" = "Stacks B" ] && ok "NAME.rules, empty entries skipped" || bad "stacks.rules in b"
[ "$(BOARDVM_PATH=$tmp/b name other)" = "Stacks" ] && ok "a name without .rules" || bad "other"
"$top/boardvm" check stacks >out 2>&1; st=$?
[ $st -eq 2 ] && grep -q 'cannot open stacks: no such file, nor a game of that name in $BOARDVM_PATH and ' out &&
    ok "an unknown name: status 2 and where it looked" || bad "unknown name: $st $(cat out)"
[ "$(name chess)" = "FIDE Chess" ] && ok "chess: the source tree's rules/ (this build, uninstalled)" || bad "chess: $(cat out)"
[ "$(name xiangqi)" = "Xiangqi" ] && ok "xiangqi: the source tree's examples/" || bad "xiangqi"
cp "$tmp/a/stacks.rules" chess.rules
[ "$(name chess.rules)" = "Stacks A" ] && ok "a file here comes first" || bad "./chess.rules not taken"
[ "$(BOARDVM_PATH=$tmp/b name "$tmp/a/stacks.rules")" = "Stacks A" ] && ok "a path is a path" || bad "a path"
"$top/boardvm" perft stacks 1 >/dev/null 2>&1 && bad "perft found a game that is not there" || ok "perft: not found"
fen='1[Ss]1/1[sKS]1 b'
[ "$(BOARDVM_PATH=$tmp/b "$top/boardvm" perft other 3 --fen "$fen" 2>/dev/null)" = "$("$top/boardvm" perft "$srcdir/tests/lang/stacks.rules" 3 --fen "$fen" 2>/dev/null)" ] &&
    ok "perft by name" || bad "perft by name"
cd "$top" && rm -rf "$tmp"
# every example and document is installed
for f in "$srcdir"/examples/*.rules "$srcdir"/examples/README.md "$srcdir"/docs/*.md "$srcdir"/docs/images/*.png; do
    rel=${f#"$srcdir"/}
    grep -q "^	$rel \\\\\$\|^	$rel\$" "$srcdir/Makefile.am" && ok "installed: $rel" || bad "$rel is not listed in Makefile.am's installed data"
done
[ $fails -eq 0 ]
