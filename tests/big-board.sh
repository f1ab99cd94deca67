#!/bin/sh
# Boards past 26 files and 32 ranks (issue 35): square names and position strings both ways.
# tests/lang/big-board.rules (40 x 40) and a board of 128 files x 32 ranks, the most files
# (MAX_FILES): its last file is dx (26 + 4 x 26 = 130 names of one or two letters: a..z,
# aa..az, ba..bz, ca..cz, da..dx is the 128th). Every expected string below was written by hand
# from docs/language.md (Position strings): ranks from the top, runs of empty squares as their
# number. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
export LC_ALL=C
bvm=$(pwd)/boardvm
big=$srcdir/tests/lang/big-board.rules
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-big.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 fails=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }
# rep N TEXT: TEXT N times, joined by '/'
rep() { i=0 s=; while [ $i -lt "$1" ]; do s=$s${s:+/}$2; i=$((i + 1)); done; printf '%s' "$s"; }
# same WHAT WANT GOT
same() { if [ "$2" = "$3" ]; then ok "$1"; else bad "$1: '$3', not '$2'"; fi; }
pos() { "$bvm" show "$@" 2>&1 | sed -n 's/^position: //p'; }

# 40 x 40: the Rook a1 to an1 (the last file), Black's Rook an40 to an2; rank 1 is 39 empty
# squares and the Rook, rank 2 the same with Black's; the Knights stay on z26 and ad20.
want="$(rep 14 40)/25n14/$(rep 5 40)/29N10/$(rep 17 40)/39r/39R w"
same "40 x 40: after a1an1 an40an2" "$want" "$(pos "$big" --moves a1an1 an40an2)"
same "40 x 40: the string read back writes itself" "$want" "$(pos "$big" --fen "$want")"
# the files under the board drawn by show: z, then aa .. an
"$bvm" show "$big" > "$tmp/show" 2>&1
grep -q ' y  z  aa ab ac ad ae af ag ah ai aj ak al am an *$' "$tmp/show" &&
    ok "40 x 40: show names the files past z aa .. an" || bad "40 x 40: show's files: $(tail -6 "$tmp/show" | head -1)"
# position strings that do not fit the board, refused with the rank and the file
"$bvm" show "$big" --fen "41/$(rep 39 40) w" > /dev/null 2> "$tmp/err"
same "40 x 40: a rank of 41 squares refused" \
    "boardvm: bad position: board: rank 40 has more squares than the board" "$(cat "$tmp/err")"
"$bvm" show "$big" --fen "39/$(rep 39 40) w" > /dev/null 2> "$tmp/err"
same "40 x 40: a rank of 39 squares refused, its first missing file named" \
    "boardvm: bad position: board: rank 40 has too few squares (it ends before file an)" "$(cat "$tmp/err")"
# XBoard names files by one letter: it cannot play the game
printf 'xboard\nprotover 2\nquit\n' | "$bvm" xboard "$big" > "$tmp/xb" 2>&1
grep -q "XBoard cannot play Big board: its board has more files than XBoard's letters a to z" "$tmp/xb" &&
    ok "40 x 40: xboard refuses it" || bad "40 x 40: xboard: $(head -1 "$tmp/xb")"

# 128 x 32: a Rook on dx32 (the last file) rides west over 127 squares and south over 31
cat > "$tmp/wide.rules" <<RULES
game "Wide";
players White "w", Black "b";
board 128 x 32;
direction n = (0,1), s = (0,-1), e = (1,0), w = (-1,0);
dirs orth = n e s w;
piece Rook "R" { ride orth; }
start "127R/$(rep 31 128) w";
position board turn;
RULES
"$bvm" show "$tmp/wide.rules" > "$tmp/show" 2>&1
moves=$(sed -n 's/^legal moves (\([0-9]*\)): .*/\1/p' "$tmp/show")
same "128 x 32: the Rook dx32 has 127 + 31 moves" 158 "$moves"
for m in dx32a32 dx32dw32 dx32dx1 dx32dx31 dx32aa32 dx32az32 dx32ba32 dx32cz32 dx32da32; do
    grep -q "^legal moves.* $m\( \|$\)" "$tmp/show" && ok "128 x 32: $m is a move" || bad "128 x 32: no $m"
done
same "128 x 32: after dx32a32" "R127/$(rep 31 128) b" "$(pos "$tmp/wide.rules" --moves dx32a32)"
"$bvm" show "$tmp/wide.rules" --moves dx32dy32 > /dev/null 2> "$tmp/err"
grep -q "dx32dy32" "$tmp/err" && ok "128 x 32: dy32 (file 129) is no square" || bad "128 x 32: dx32dy32: $(cat "$tmp/err")"

# a ZRF grid of 36 x 36 (tests/zrf/big-board.zrf): its Rook a1 to aj1, the last file
zrf=$srcdir/tests/zrf/big-board.zrf
want="35r/$(rep 9 36)/25n10/$(rep 5 36)/29N6/$(rep 18 36)/35R b"
same "ZRF 36 x 36: after a1aj1" "$want" "$(pos "$zrf" --moves a1aj1)"
same "ZRF 36 x 36: the string read back writes itself" "$want" "$(pos "$zrf" --fen "$want")"

echo "1..$n"
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
