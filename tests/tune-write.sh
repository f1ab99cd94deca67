#!/bin/sh
# `tune --write FILE.rules` (issue 40; src/commands/tune_write.c): a copy of the rules file with
# the learned values in its piece declarations and each standard error in a comment. Checked
# through the compiler, not the text: the copy is fitted again on the same games (`--records`),
# and the "declared" column of that fit, which is what the compiled copy holds, must be the
# "value" column of the first fit, type for type. A declaration without `value` gets one; the
# rules file itself is not replaced unless --overwrite is given; a file that cannot be written
# is an error and leaves nothing. And `match --values-b` (engine B with a copy's values).
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-tunew.XXXXXX")
# The chess rules, the Knight's `value 320` taken out (so its value is estimated, and --write
# must add one).
sed 's/^piece Knight "N" value 320 {/piece Knight "N" {/' "$srcdir/rules/chess.rules" >"$tmp/in.rules"
grep -q '^piece Knight "N" {' "$tmp/in.rules" || bad "setup: the Knight's value was not taken out"
cp "$tmp/in.rules" "$tmp/in.orig"

# table FILE: "NAME VALUE DECLARED" for each type with a value in tune's output
table() { awk '$1 == "piece" && $2 == "value" { on = 1; next } $1 == "first" { on = 0 } on && NF >= 6 { print $1, $2, $4 }' "$1"; }

./boardvm tune "$tmp/in.rules" --games 12 --depth 1 --max-plies 120 --record "$tmp/g.pgn" \
    --write "$tmp/out.rules" >"$tmp/t1.out" 2>"$tmp/t1.err"; st=$?
[ $st -eq 0 ] && [ -s "$tmp/out.rules" ] && ok "tune --write out.rules: written" ||
    bad "tune --write: status $st, $(cat "$tmp/t1.err")"
./boardvm check "$tmp/out.rules" >/dev/null 2>&1 && ok "the copy compiles" ||
    bad "the copy does not compile: $(./boardvm check "$tmp/out.rules" 2>&1 | head -n 3)"
./boardvm tune "$tmp/out.rules" --records "$tmp/g.pgn" >"$tmp/t2.out" 2>"$tmp/t2.err" ||
    bad "tune on the copy: $(cat "$tmp/t2.err")"
table "$tmp/t1.out" >"$tmp/v1"
table "$tmp/t2.out" >"$tmp/v2"
n=$(wc -l <"$tmp/v1")
[ "$n" -eq 5 ] && ok "the first fit has 5 values" || bad "the first fit: $(cat "$tmp/t1.out")"
# each type's learned value (column 2 of the first fit) = its declared value in the copy
# (column 3 of the second); and the values fitted again are the same (same games, same rows)
join "$tmp/v1" "$tmp/v2" | awk '$2 != $5 || $2 != $4 { print; bad = 1 } END { exit bad }' &&
    [ "$(join "$tmp/v1" "$tmp/v2" | wc -l)" -eq "$n" ] &&
    ok "the copy declares the learned values: $(awk '{ printf "%s %s; ", $1, $2 }' "$tmp/v1")" ||
    bad "learned (name value declared) against the copy's: $(join "$tmp/v1" "$tmp/v2")"
grep -q '^Knight .* - *$\|^Knight  *[0-9-]*  *[0-9]*  *-' "$tmp/t1.out" && ok "the Knight had no declared value" ||
    bad "the Knight's row of the first fit: $(grep '^Knight' "$tmp/t1.out")"
kv=$(awk '$1 == "Knight" { print $2 }' "$tmp/v1")
grep -q "^piece Knight \"N\" value $kv {" "$tmp/out.rules" && ok "a value added where none was: Knight $kv" ||
    bad "the Knight's declaration: $(grep '^piece Knight' "$tmp/out.rules")"
# the standard errors, as comments above the declarations, as the table gives them
se=$(awk '$1 == "Queen" { print $3 }' "$tmp/t1.out")
grep -B1 '^piece Queen ' "$tmp/out.rules" | grep -q "^# tune: Queen [0-9]*, standard error $se (declared 900)\$" &&
    ok "the Queen's standard error ($se) in a comment" ||
    bad "the Queen's comment: $(grep -B1 '^piece Queen ' "$tmp/out.rules")"
# the rest of the file is the rules file's, byte for byte
grep -v '^# tune: \|^# Piece values learned by boardvm tune\|^# Each one.s standard error' "$tmp/out.rules" |
    sed 's/^\(piece [A-Za-z]* *"[A-Z]"\) value [0-9]*/\1/' >"$tmp/a"
sed 's/^\(piece [A-Za-z]* *"[A-Z]"\) value [0-9]*/\1/' "$tmp/in.rules" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && ok "nothing else changed" || bad "other changes: $(diff "$tmp/a" "$tmp/b" | head -n 5)"

# the rules file itself: refused, unless --overwrite
./boardvm tune "$tmp/in.rules" --records "$tmp/g.pgn" --write "$tmp/in.rules" >/dev/null 2>"$tmp/e1"; st=$?
[ $st -eq 2 ] && grep -q "would replace the rules file itself" "$tmp/e1" && cmp -s "$tmp/in.rules" "$tmp/in.orig" &&
    ok "--write onto the rules file itself: refused, the file unchanged" ||
    bad "--write onto the rules file: status $st, $(cat "$tmp/e1")"
./boardvm tune "$tmp/in.rules" --records "$tmp/g.pgn" --write "$tmp/in.rules" --overwrite >/dev/null 2>"$tmp/e2"; st=$?
[ $st -eq 0 ] && grep -q "^piece Knight \"N\" value $kv {" "$tmp/in.rules" &&
    ok "--overwrite: the rules file replaced" || bad "--overwrite: status $st, $(cat "$tmp/e2")"
./boardvm tune "$tmp/out.rules" --records "$tmp/g.pgn" --overwrite >/dev/null 2>"$tmp/e3"; st=$?
[ $st -eq 2 ] && grep -q -- "--overwrite is for --write FILE.rules" "$tmp/e3" &&
    ok "--overwrite without --write FILE.rules: refused" || bad "--overwrite alone: status $st, $(cat "$tmp/e3")"

# a file that cannot be written: an error, and nothing left behind
./boardvm tune "$tmp/out.rules" --records "$tmp/g.pgn" --write "$tmp/no/such/dir/x.rules" \
    >/dev/null 2>"$tmp/e4"; st=$?
[ $st -eq 2 ] && [ -s "$tmp/e4" ] && [ ! -e "$tmp/no" ] && ok "an unwritable FILE: status 2, $(head -n 1 "$tmp/e4")" ||
    bad "an unwritable FILE: status $st, $(cat "$tmp/e4")"
# a weights file is still a weights file
./boardvm tune "$tmp/out.rules" --records "$tmp/g.pgn" --write "$tmp/x.weights" >/dev/null 2>&1 &&
    grep -q "^Knight $kv  # se" "$tmp/x.weights" && ok "--write x.weights: a weights file, as before" ||
    bad "--write x.weights: $(cat "$tmp/x.weights")"

# match --values-b: a copy with the same values plays the same games as the rules file alone
# (nothing but the values differs); one with other values (the learned ones) plays others; a
# file without the game's types is refused
cp "$tmp/in.orig" "$tmp/same.rules"
./boardvm match "$tmp/in.orig" --depth 1 --games 2 --jobs 1 --max-plies 40 --record "$tmp/m0.pgn" >/dev/null 2>&1
./boardvm match "$tmp/in.orig" --depth 1 --games 2 --jobs 1 --max-plies 40 --record "$tmp/m1.pgn" \
    --values-b "$tmp/same.rules" >"$tmp/m1.out" 2>&1
./boardvm match "$tmp/in.orig" --depth 1 --games 2 --jobs 1 --max-plies 40 --record "$tmp/m2.pgn" \
    --values-b "$tmp/out.rules" >"$tmp/m2.out" 2>&1
strip() { grep -v '^\[Black \|^\[White \|^\[Date ' "$1"; }
[ -s "$tmp/m0.pgn" ] && [ "$(strip "$tmp/m0.pgn")" = "$(strip "$tmp/m1.pgn")" ] &&
    ok "--values-b with the same values: the same games" || bad "--values-b, same values: other games"
grep -q "^A (depth 1) against B (depth 1, values of out.rules): " "$tmp/m2.out" &&
    [ "$(strip "$tmp/m0.pgn")" != "$(strip "$tmp/m2.pgn")" ] &&
    ok "--values-b with the learned values: B named so, other games" || bad "--values-b: $(tail -n 3 "$tmp/m2.out")"
./boardvm match "$tmp/in.orig" --depth 1 --games 2 --jobs 1 --values-b "$srcdir/rules/smegi.rules" \
    >/dev/null 2>"$tmp/e5"; st=$?
[ $st -eq 2 ] && grep -q "has no piece type [A-Za-z]*: it is not a copy of" "$tmp/e5" &&
    ok "--values-b of another game: refused" || bad "--values-b of another game: status $st, $(cat "$tmp/e5")"

rm -rf "$tmp"
[ $fails -eq 0 ]
