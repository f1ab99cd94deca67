#!/bin/sh
# installed.sh DESTDIR BINDIR PKGDATADIR DOCDIR COMPLETIONDIR - run by `make installcheck` (and so
# by `make distcheck`) after `make install`: from an empty directory, with no $BOARDVM_PATH, the
# installed boardvm finds every installed game and example by its name, with or without
# `.rules`, and `boardvm list` names them all; with $BOARDVM_PATH set to the data directory too;
# the licence, the documents and the bash completion are installed. A copy staged with DESTDIR
# (a package build) finds the games staged beside it, as it will find them once installed.
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
# bash-completion (the README installs it) loads it from where it is installed, for boardvm and
# for ./boardvm, as a shell does at the first TAB: from the data directories of $XDG_DATA_DIRS
loader=/usr/share/bash-completion/bash_completion
if [ -f "$loader" ] && command -v bash >/dev/null; then
    shares=$destdir${comp%/bash-completion/completions}:/usr/share
    if bash -c ". $loader; XDG_DATA_DIRS='$shares' _completion_loader ./boardvm; complete -p boardvm" 2>/dev/null |
        grep -q -- '-F _boardvm boardvm$'
    then ok "bash-completion loads the completion from $destdir$comp"
    else bad "bash-completion does not load $destdir$comp/boardvm"; fi
elif [ "${CI:-}" = true ]; then bad "no bash-completion (apt-get install bash-completion)"
else echo "ok: # SKIP bash-completion is not installed: its loading not checked"; fi
empty=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-installed.XXXXXX")
cd "$empty" || exit 1
unset BOARDVM_PATH
n=0
"$bvm" list --names >names.out
for r in "$destdir$data"/*.rules "$destdir$data"/examples/*.rules; do
    name=$(basename "$r" .rules)
    if "$bvm" check "$name" >/dev/null && "$bvm" check "$name.rules" >/dev/null &&
        grep -qx "$name" names.out; then n=$((n + 1))
    else bad "boardvm check $name (from $empty), or not in boardvm list"; fi
done
[ $n -ge 11 ] && ok "$n installed games found by name and listed" || bad "only $n games found by name"
"$bvm" show chess | grep -q '^key: K King' && ok "boardvm show chess" || bad "boardvm show chess"
"$bvm" show xiangqi | grep -q '^key: ' && BOARDVM_PATH=$destdir$data "$bvm" show xiangqi | grep -q '^key: ' &&
    ok "boardvm show xiangqi, with and without BOARDVM_PATH" || bad "boardvm show xiangqi"
"$bvm" check no-such-game 2>&1 | grep -q "nor a game of that name in .*$destdir$data" && ok "an unknown name says where it looked" ||
    bad "boardvm check no-such-game: $("$bvm" check no-such-game 2>&1)"
cd / && rm -rf "$empty"
[ $fails -eq 0 ]
