#!/bin/sh
# The README's quick start: its last command (`./boardvm selfplay chess ... --board`, run from
# the build tree, the game named without its path) draws the board and ends in a result in
# words; the ending the README shows is the one it prints. When the engine's play changes, run
# the command and paste its last lines into the README's block after "It ends like this".
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
readme="$srcdir/README.md"
cmd=$(grep '^apt-get update .* && \./boardvm selfplay ' "$readme" | head -n 1 | sed 's/.* && \(\.\/boardvm selfplay .*\)$/\1/')
case $cmd in
./boardvm\ selfplay\ *--board*) echo "ok: the quick start runs: $cmd" ;;
*) echo "FAIL: no quick-start selfplay command with --board in README.md: '$cmd'"; exit 1 ;;
esac
# the block after "It ends like this"
awk '/^It ends like this/ { on = 1; next } on && /^```$/ { if (inside) exit; inside = 1; next } inside' "$readme" >qs.want
n=$(wc -l <qs.want)
status=0
eval "$cmd" >qs.out 2>&1 || { echo "FAIL: the quick start exits with status $?"; status=1; }
# the seconds a move took vary from run to run (and under a sanitizer): compared as "Ns"
secs='s/[0-9][0-9]*\.[0-9][0-9]s$/Ns/'
tail -n "$n" qs.out | sed "$secs" | diff -u "$(sed "$secs" qs.want >qs.want2 && echo qs.want2)" - >qs.diff &&
    echo "ok: it ends as the README shows ($n lines)" ||
    { echo "FAIL: it ends otherwise than the README shows:"; cat qs.diff; status=1; }
tail -n 1 qs.out | grep -Eq '^result: (1-0|0-1|1/2-1/2) \((White|Black) wins: [a-z]+|draw' && echo "ok: a result in words" ||
    { echo "FAIL: the last line is not a result: $(tail -n 1 qs.out)"; status=1; }
grep -q '^     a b c d e f g h$' qs.out && echo "ok: a board is drawn" || { echo "FAIL: no board"; status=1; }
rm -f qs.want qs.want2 qs.out qs.diff
exit $status
