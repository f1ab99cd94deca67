#!/bin/sh
# installed.sh DESTDIR BINDIR PKGDATADIR DOCDIR COMPLETIONDIR - run by `make installcheck` (and so
# by `make distcheck`) after `make install`: from an empty directory, with no $BOARDVM_PATH, the
# installed boardvm finds every installed game and example by its name, with or without
# `.rules`; the licence, the documents and the bash completion are installed. With a DESTDIR
# the binary looks where it will be, not where it is staged: only the files are checked then.
destdir=$1 bindir=$2 data=$3 doc=$4 comp=$5
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
bvm=$destdir$bindir/boardvm
[ -x "$bvm" ] || { echo "FAIL: no $bvm"; exit 1; }
for f in LICENSE README.md language.md tutorial.md images/chess.png; do
    [ -f "$destdir$doc/$f" ] && ok "installed: $doc/$f" || bad "not installed: $destdir$doc/$f"
done
[ -f "$destdir$data/examples/xiangqi.rules" ] && ok "installed: the examples" || bad "no examples in $destdir$data/examples"
if [ -f "$destdir$comp/boardvm" ] && bash -n "$destdir$comp/boardvm" 2>/dev/null && grep -q 'complete .*_boardvm boardvm' "$destdir$comp/boardvm"
then ok "installed: the bash completion"; else bad "no bash completion in $destdir$comp"; fi
if [ -n "$destdir" ]; then
    echo "ok: # SKIP finding games by name: DESTDIR is set"
else
    empty=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-installed.XXXXXX")
    cd "$empty" || exit 1
    unset BOARDVM_PATH
    n=0
    for r in "$data"/*.rules "$data"/examples/*.rules; do
        name=$(basename "$r" .rules)
        if "$bvm" check "$name" >/dev/null && "$bvm" check "$name.rules" >/dev/null; then n=$((n + 1))
        else bad "boardvm check $name (from $empty)"; fi
    done
    [ $n -ge 11 ] && ok "$n installed games found by name" || bad "only $n games found by name"
    "$bvm" show chess | grep -q '^key: K King' && ok "boardvm show chess" || bad "boardvm show chess"
    "$bvm" check no-such-game 2>&1 | grep -q "nor a game of that name in .*$data" && ok "an unknown name says where it looked" ||
        bad "boardvm check no-such-game: $("$bvm" check no-such-game 2>&1)"
    cd / && rm -rf "$empty"
fi
[ $fails -eq 0 ]
