#!/bin/sh
# `boardvm test --update` never loses a file (src/common/outfile.c): it writes a temporary file of a
# name nobody can plant in advance and renames it over the old one only when every write
# succeeded. A symbolic link planted at the name the update once used (X.test.update-tmp) is
# not followed; a .test file that is a symbolic link stays one, the file it leads to updated; a
# read-only file stays read-only; a write that fails leaves the old file as it was and no
# temporary file behind.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
rules=$(cd "$srcdir/rules" && pwd)/chess.rules
dir=update-files.tmp
rm -rf "$dir"; mkdir "$dir"
status=0
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}
# A case with a stale value: a lone king on e1 (the black king far away on e8 and no other
# piece) has exactly five moves, to d1, d2, e2, f1 and f2.
stale() { printf 'rules: %s\ncase: lone king\nfen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmoves: e1d1\n' "$rules" > "$1"; }
fresh="moves: e1d1 e1d2 e1e2 e1f1 e1f2"
moves_of() { echo $(sed -n '/^moves:/,$p' "$1"); }
no_temp_left() {   # name, directory
    check "$1: no temporary file left" "" "$(find "$2" -name '.*.??????')"
}

# 1. a symbolic link planted at the old temporary name, to a file the update must not touch
stale "$dir/a.test"
echo precious > "$dir/victim"
ln -s victim "$dir/a.test.update-tmp"
./boardvm test --update "$dir/a.test" > /dev/null 2>&1
check "a planted link: exit 0" 0 $?
check "a planted link: the file it leads to is untouched" precious "$(cat "$dir/victim")"
check "a planted link: the .test file is updated" "$fresh" "$(moves_of "$dir/a.test")"
rm -f "$dir/a.test.update-tmp"

# 2. a .test file that is a symbolic link: still a link, the file it leads to updated
mkdir "$dir/real"
stale "$dir/real/b.test"
ln -s real/b.test "$dir/link.test"
./boardvm test --update "$dir/link.test" > /dev/null 2>&1
check "a linked .test: exit 0" 0 $?
[ -L "$dir/link.test" ] && link=yes || link=no
check "a linked .test: still a symbolic link" yes "$link"
check "a linked .test: the file it leads to is updated" "$fresh" "$(moves_of "$dir/real/b.test")"
no_temp_left "a linked .test" "$dir"

# 3. a read-only file keeps its permissions
stale "$dir/c.test"
chmod 0400 "$dir/c.test"
./boardvm test --update "$dir/c.test" > /dev/null 2>&1
check "a read-only file: exit 0" 0 $?
check "a read-only file: still 0400" 400 "$(stat -c %a "$dir/c.test")"
check "a read-only file: updated" "$fresh" "$(moves_of "$dir/c.test")"
chmod 0600 "$dir/c.test"

# 4. a write that fails (a file size limit of one block; SIGXFSZ ignored, so write() fails):
# exit 2 with a message, the old file as it was, no temporary file
stale "$dir/d.test"
i=0; while [ $i -lt 80 ]; do echo "# a comment line that makes the file longer than one block"; i=$((i + 1)); done >> "$dir/d.test"
cp "$dir/d.test" "$dir/d.before"
( trap '' XFSZ; ulimit -f 1; ./boardvm test --update "$dir/d.test" > /dev/null 2> "$dir/d.err" ); st=$?
check "a failed write: exit 2" 2 "$st"
grep -q "d.test: write error: .*the file is left as it was" "$dir/d.err" && echo "ok: a failed write: the message" \
    || { echo "FAIL: a failed write: no message in '$(cat "$dir/d.err")'"; status=1; }
cmp -s "$dir/d.test" "$dir/d.before" && echo "ok: a failed write: the file is as it was" \
    || { echo "FAIL: a failed write: the file changed"; status=1; }
no_temp_left "a failed write" "$dir"
rm -rf "$dir"
exit $status
