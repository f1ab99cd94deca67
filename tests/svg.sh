#!/bin/sh
# `boardvm svg`: for every shipped game and example, the picture has as many squares as
# `boardvm check` counts, as many arrows as the rules file's `arrows { }` block lists, and a
# piece for each letter of the position string's board; a stack, the last move and errors.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
count() { grep -o "$1" svg.out | wc -l; }

for rules in "$srcdir"/rules/*.rules "$srcdir"/examples/*.rules; do
    name=$(basename "$rules" .rules)
    if ! ./boardvm svg "$rules" >svg.out 2>svg.err; then bad "$name: boardvm svg failed: $(cat svg.err)"; continue; fi
    head -c 4 svg.out | grep -q '<svg' && tail -n 1 svg.out | grep -q '^</svg>$' || bad "$name: not one <svg> element"
    want=$(./boardvm check "$rules" | sed -n 's/.* \([0-9]*\) squares.*/\1/p')
    n=$(count 'class="sq ')
    [ "$n" -eq "$want" ] && ok "$name: $want squares" || bad "$name: $n squares, want $want"
    # the arrows block: the words after each "square:" up to its ";"
    want=$(sed -n '/^arrows *{/,/}/p' "$rules" | sed 's/#.*//' | tr ';' '\n' | sed -n 's/.*://p' | wc -w)
    n=$(count 'class="arrow"')
    [ "$n" -eq "$want" ] && ok "$name: $want arrows" || bad "$name: $n arrows, want $want"
    # pieces: the letters of the board field of the position string, less any {variables}
    board=$(./boardvm show "$rules" | sed -n 's/^position: \([^ ]*\).*/\1/p' | sed 's/{[^}]*}//g; s/([^)]*)/X/g; s/+//g')
    # (a game whose position lists `board[hands]` writes its hands in brackets after the board)
    grep -q '^position board\[hands\]' "$rules" && board=$(printf '%s' "$board" | sed 's/\[[^]]*\]$//')
    want=$(printf '%s' "$board" | tr -cd 'A-Za-z' | wc -c)
    n=$(count 'class="piece ')
    [ "$n" -eq "$want" ] && ok "$name: $want pieces" || bad "$name: $n pieces, want $want"
done

# Nemoroth: a stack of two on d5, both drawn, the top one framed; a statue's badge; ichor on c4
./boardvm svg "$srcdir/rules/nemoroth.rules" --fen '8/8/2Mla{statue=1}g2/2H[Zh{statue=1}]4/2h5/8/8/8 a ichor=c4:5' >svg.out
[ "$(count 'class="piece ')" -eq 8 ] && ok "nemoroth: 8 pieces, a stack of two" || bad "nemoroth: $(count 'class="piece ') pieces, want 8"
[ "$(count '<rect class="body"')" -eq 2 ] && ok "nemoroth: the stack drawn as two layers" || bad "nemoroth: $(count '<rect class="body"') layers"
[ "$(count 'class="badge"')" -eq 2 ] && ok "nemoroth: two statues' badges (the Zombie's mo is hidden: display { hide mo; })" || bad "nemoroth: $(count 'class="badge"') badges, want 2"
grep -q '>ichor 5</text>' svg.out && ok "nemoroth: ichor 5 on its square" || bad "nemoroth: no ichor label"
# hands and the side to move under the board (issue 37): crazyhouse after a pawn each taken
./boardvm svg "$srcdir/examples/crazyhouse.rules" --moves e2e4 d7d5 e4d5 d8d5 >svg.out
[ "$(count 'class="hand piece ')" -eq 2 ] && grep -q '>White in hand:<' svg.out && grep -q '>Black in hand:<' svg.out \
    && ok "crazyhouse: each side's pawn in hand drawn" || bad "crazyhouse: $(count 'class="hand piece ') pieces in hand drawn, want 2"
grep -q '>White to move<' svg.out && ok "crazyhouse: the side to move written" || bad "crazyhouse: no side to move"
# pieces people recognise (issue 37): chess, xiangqi and shogi drawn with the web page's piece
# set, not letter discs; letters stay for the types the set does not know (Smegi)
./boardvm svg "$srcdir/rules/chess.rules" >svg.out
[ "$(count 'class="glyph fide"')" -eq 32 ] && [ "$(count '<circle class="body" cx="[0-9.]*" cy="[0-9.]*" r="23')" -eq 0 ] \
    && ok "chess: its 32 pieces drawn as pictures, no letter disc" || bad "chess: $(count 'class="glyph fide"') pictures, want 32"
# the same shapes as the web page: every path of the pictures is one of web/board.js's FIDE
# table, and every path of the table is drawn (the six types are all on the board)
sed -n '/^const FIDE = {/,/^};/p' "$srcdir/web/board.js" | grep -o "'M[^']*'" | tr -d "'" | sort -u >svg.js
grep -o 'class="glyph fide"[^>]*>.*' svg.out | grep -o ' d="M[^"]*"' | sed 's/ d="//; s/"$//' | sort -u >svg.c
[ -s svg.js ] && cmp -s svg.js svg.c && ok "chess: the $(wc -l <svg.js) paths of the pictures are web/board.js's" \
    || bad "chess: the pictures' paths differ from web/board.js's: $(diff svg.js svg.c | head -5)"
./boardvm svg "$srcdir/examples/xiangqi.rules" >svg.out
[ "$(count '>帥</text>')" -eq 1 ] && [ "$(count '>將</text>')" -eq 1 ] && [ "$(count '>兵</text>')" -eq 5 ] && [ "$(count '>卒</text>')" -eq 5 ] \
    && ok "xiangqi: the generals 帥 and 將, five soldiers 兵 and 卒" || bad "xiangqi: the characters: $(grep -o '>[^<]</text>' svg.out | sort | uniq -c | tr '\n' ' ')"
./boardvm svg "$srcdir/examples/shogi.rules" >svg.out
# (20 pieces a side: the second player's point down the picture)
[ "$(count 'class="glyph shogi"')" -eq 40 ] && [ "$(count 'rotate(180 32 32)')" -eq 20 ] && [ "$(count '>玉</text>')" -eq 1 ] && [ "$(count '>王</text>')" -eq 1 ] \
    && ok "shogi: 40 pieces with their characters, the second player's 20 turned round" || bad "shogi: $(count 'class="glyph shogi"') pictures, $(count 'rotate(180 32 32)') turned"
./boardvm svg "$srcdir/rules/smegi.rules" >svg.out
[ "$(count 'class="glyph')" -eq 0 ] && ok "smegi: letter discs (no picture for its types)" || bad "smegi: $(count 'class="glyph') pictures"
# the last move's squares; Four Towers' moves name their squares in their strings
./boardvm svg "$srcdir/rules/four-towers.rules" --moves 'N:e2f4' >svg.out
grep -o 'class="sq [^"]*last[^"]*"[^>]*data-sq="[a-z0-9]*"' svg.out | sed 's/.*data-sq="//; s/"//' | sort | tr '\n' ' ' >svg.last
[ "$(cat svg.last)" = "e2 f4 " ] && ok "four-towers: the last move N:e2f4 marks e2 and f4" || bad "four-towers: last move on $(cat svg.last)"
# check: the king's square
./boardvm svg "$srcdir/rules/chess.rules" --moves f2f3 e7e5 g2g4 d8h4 >svg.out
grep -q 'class="sq [^"]*check[^"]*"[^>]*data-sq="e1"' svg.out && ok "chess: the king in check on e1" || bad "chess: no check on e1"
# errors: an illegal move, no file
./boardvm svg "$srcdir/rules/chess.rules" --moves e2e5 >svg.out 2>svg.err; st=$?
[ $st -eq 1 ] && grep -q "not a legal move" svg.err && [ ! -s svg.out ] && ok "an illegal move: status 1, no picture" || bad "an illegal move: status $st"
./boardvm svg >svg.out 2>svg.err; st=$?
[ $st -eq 2 ] && ok "no rules file: status 2" || bad "no rules file: status $st"
# a rules file's strings may hold any bytes: a game name with a control byte (\001), markup
# (< &), bytes that are not UTF-8 (\377; \303 before an ASCII x; \355\240\200, a surrogate
# written as UTF-8) and U+FFFE (\357\277\276, UTF-8 but no XML character) still gives a
# well-formed document, its title each byte that starts no character as U+FFFD (one for the
# whole U+FFFE), the rest kept: t FFFD < & FFFD FFFD x FFFD FFFD FFFD space FFFD " ok é".
printf 'game "t\001<&\377\303x\355\240\200 \357\277\276 ok \303\251"; players White "w", Black "b";\nboard 2 x 2;\npiece King "K" { moves { emit stay; } }\nstart "K1/1k w";\n' > svg.rules
./boardvm svg svg.rules > svg.out 2> svg.err; st=$?
[ $st -eq 0 ] && ok "odd bytes in the game's name: status 0" || bad "odd bytes in the game's name: status $st: $(cat svg.err)"
if command -v python3 > /dev/null 2>&1; then
    title=$(python3 -c '
import sys, xml.dom.minidom
try: doc = xml.dom.minidom.parse("svg.out")
except Exception as e: print("not well-formed:", e); sys.exit()
t = doc.getElementsByTagName("title")[0].firstChild.data
print(t == "t\ufffd<&\ufffd\ufffdx\ufffd\ufffd\ufffd \ufffd ok \u00e9" and "right" or "wrong: " + ascii(t))')
    [ "$title" = right ] && ok "odd bytes in the game's name: well-formed XML, the title as expected" \
        || bad "odd bytes in the game's name: $title"
elif command -v xmllint > /dev/null 2>&1; then
    xmllint --noout svg.out 2> svg.err && ok "odd bytes in the game's name: well-formed XML" \
        || bad "odd bytes in the game's name: $(cat svg.err)"
else
    echo "skip: odd bytes in the game's name: no python3 or xmllint to check the XML"
fi
rm -f svg.out svg.err svg.last svg.rules svg.js svg.c
[ $fails -eq 0 ]
