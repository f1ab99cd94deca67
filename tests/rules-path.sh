#!/bin/sh
# Rules files named without their path: found in the directories of $BOARDVM_PATH (in order,
# NAME or NAME.rules) and their examples/, and, for this uninstalled build, in the source tree's
# rules/ and examples/; a copy staged as `make install DESTDIR=...` stages it (a package build)
# finds the games staged beside it; a path or a file in the current directory is taken as it
# is; an unknown name says every place it was looked for; `boardvm list` shows what is found. Every example and document is listed in Makefile.am, so that `make
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
[ $st -eq 2 ] && grep -q "cannot open stacks: no such file, nor a game of that name in \$BOARDVM_PATH, $srcdir/rules, $srcdir/examples, .* and .*/examples\$" out &&
    ok "an unknown name: status 2 and where it looked, the build tree's rules/ and examples/ too" || bad "unknown name: $st $(cat out)"
"$top/boardvm" show --help >out
tr '\n' ' ' <out | grep -q "looked up in \$BOARDVM_PATH, $srcdir/rules, $srcdir/examples, " &&
    ok "--help: the same places" || bad "--help: $(tail -n 4 out)"
mkdir -p "$tmp/b/examples"
sed 's/^game "Stacks"/game "Stacks Example"/' "$srcdir/tests/lang/stacks.rules" >"$tmp/b/examples/stack-example.rules"
[ "$(BOARDVM_PATH=$tmp/a:$tmp/b name stack-example)" = "Stacks Example" ] &&
    ok "the examples/ of a directory of BOARDVM_PATH" || bad "BOARDVM_PATH's examples/"
BOARDVM_PATH=$tmp/a:$tmp/b "$top/boardvm" list >list.out
BOARDVM_PATH=$tmp/a:$tmp/b "$top/boardvm" list --names >names.out
grep -q "^$tmp/b/examples (\$BOARDVM_PATH):\$" list.out && grep -q '^  stack-example  *Stacks Example$' list.out &&
    grep -q '^  stacks  *Stacks B (hidden: .stacks. names the one above)$' list.out &&
    grep -q '^  chess  *FIDE Chess$' list.out && grep -q '^  xiangqi  *Xiangqi$' list.out &&
    grep -q '^  *-o knights=normal|zebra|centaur -o battle-move$' list.out &&
    ok "list: the directories, the games' titles and options, a hidden name" || bad "list: $(cat list.out)"
[ "$(grep -c '^stacks$' names.out)" = 1 ] && grep -q '^stack-example$' names.out && grep -q '^xiangqi$' names.out &&
    [ "$(wc -l <names.out)" = "$(sort -u names.out | wc -l)" ] &&
    ok "list --names: each name once" || bad "list --names: $(cat names.out)"
# every name list gives is found by that name, as the game list shows for it
wrong=
for g in $(BOARDVM_PATH=$tmp/a:$tmp/b "$top/boardvm" list --names); do
    want=$(sed -n "s/^  $g  *\([^(]*[^ (]\)\( (hidden.*\)*\$/\1/p" list.out | head -n 1)
    [ "$(BOARDVM_PATH=$tmp/a:$tmp/b name "$g")" = "$want" ] || wrong="$wrong $g (not '$want')"
done
[ -z "$wrong" ] && [ -s names.out ] && ok "list: every name it gives finds the game it says" || bad "list: by name:$wrong"
[ "$(name chess)" = "FIDE Chess" ] && ok "chess: the source tree's rules/ (this build, uninstalled)" || bad "chess: $(cat out)"
[ "$(name xiangqi)" = "Xiangqi" ] && ok "xiangqi: the source tree's examples/" || bad "xiangqi"
cp "$tmp/a/stacks.rules" chess.rules
[ "$(name chess.rules)" = "Stacks A" ] && ok "a file here comes first" || bad "./chess.rules not taken"
[ "$(BOARDVM_PATH=$tmp/b name "$tmp/a/stacks.rules")" = "Stacks A" ] && ok "a path is a path" || bad "a path"
"$top/boardvm" perft stacks 1 >/dev/null 2>&1 && bad "perft found a game that is not there" || ok "perft: not found"
fen='1[Ss]1/1[sKS]1 b'
[ "$(BOARDVM_PATH=$tmp/b "$top/boardvm" perft other 3 --fen "$fen" 2>/dev/null)" = "$("$top/boardvm" perft "$srcdir/tests/lang/stacks.rules" 3 --fen "$fen" 2>/dev/null)" ] &&
    ok "perft by name" || bad "perft by name"
# A copy staged as by `make install DESTDIR=$stage` (not in the build tree, not where it was
# configured to be): the games beside it, in $stage$pkgdatadir and its examples/, by name,
# with no $BOARDVM_PATH; a game of its own in each, so that an installed copy cannot answer.
stage=$tmp/stage
if [ -n "${bindir:-}" ] && [ -n "${pkgdatadir:-}" ]; then
    mkdir -p "$stage$bindir" "$stage$pkgdatadir/examples"
    cp "$top/boardvm" "$stage$bindir/boardvm"
    cp "$srcdir/rules/chess.rules" "$stage$pkgdatadir/"
    cp "$srcdir/examples/xiangqi.rules" "$stage$pkgdatadir/examples/"
    sed 's/^game "Stacks"/game "Staged"/' "$srcdir/tests/lang/stacks.rules" >"$stage$pkgdatadir/staged.rules"
    sed 's/^game "Stacks"/game "Staged Example"/' "$srcdir/tests/lang/stacks.rules" >"$stage$pkgdatadir/examples/staged-example.rules"
    staged() { (unset BOARDVM_PATH; cd "$tmp/here" && "$stage$bindir/boardvm" "$@"); }
    [ "$(staged check staged 2>&1 | sed -n 's/.*ok: "\([^"]*\)".*/\1/p')" = Staged ] &&
        [ "$(staged check staged-example 2>&1 | sed -n 's/.*ok: "\([^"]*\)".*/\1/p')" = "Staged Example" ] &&
        staged show xiangqi >/dev/null 2>&1 &&
        ok "a staged copy: its own games and examples by name" || bad "a staged copy: $(staged check staged staged-example 2>&1)"
    staged list >list.out
    grep -q "^$stage$pkgdatadir:\$" list.out && grep -q "^$stage$pkgdatadir/examples:\$" list.out &&
        grep -q '^  staged-example  *Staged Example$' list.out && grep -q '^  xiangqi  *Xiangqi$' list.out &&
        ok "a staged copy: list names its games and examples" || bad "a staged copy's list: $(cat list.out)"
    staged check no-such-game 2>&1 | grep -q "in \$BOARDVM_PATH, $stage$pkgdatadir, $stage$pkgdatadir/examples, $pkgdatadir and $pkgdatadir/examples\$" &&
        ok "a staged copy: where it looked" || bad "a staged copy: $(staged check no-such-game 2>&1)"
    [ "$(BOARDVM_PATH=$stage$pkgdatadir name staged-example)" = "Staged Example" ] &&
        ok "BOARDVM_PATH set to a data directory: its examples too" || bad "BOARDVM_PATH=$stage$pkgdatadir: staged-example"
else
    echo "ok: # SKIP a staged copy: bindir and pkgdatadir are not set (make check sets them)"
fi
cd "$top" && rm -rf "$tmp"
# every example and document is installed
for f in "$srcdir"/examples/*.rules "$srcdir"/examples/README.md "$srcdir"/docs/*.md "$srcdir"/docs/images/*.png; do
    rel=${f#"$srcdir"/}
    grep -q "^	$rel \\\\\$\|^	$rel\$" "$srcdir/Makefile.am" && ok "installed: $rel" || bad "$rel is not listed in Makefile.am's installed data"
done
[ $fails -eq 0 ]
