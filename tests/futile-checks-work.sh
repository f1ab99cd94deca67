#!/bin/sh
# The check extensions and the nodes off the principal variation of a game with thousands of
# moves a node (src/engine/search.c, EXT_CHECKS and SCAN_MOVES; docs/runtime.md, step 41). In
# the Four Towers position after the 46 plies below (the 47th ply of the game `selfplay --depth 3
# --seed 2`), a node has some 12000 moves and some 800 of them give check. Searched with every
# check extended and every node generating all its moves, depth 3 took 30 million nodes and
# 1750 s; the search must now end depth 3 within 5000 million steps of rules code. Measured
# (`--profile`): 2938 million with both bounds. With SCAN_MOVES unbounded the test fails (depth
# 1 within the bound), with EXT_CHECKS unbounded too (depth 2): both tried.
# Run by `make check`; about 6 s.
srcdir=${srcdir:-.}
moves="a4b4 c9d9 i3h3 k8j8 e3d4 i8i7 g3f3 g9f9 c4c5 h9h8 a3b3 k9j9 R:b3c3 R:j9i9 i2h2 c10d10
R:h2g2 g10j7 d2f4 P:f9e9 B:f4h2 R:d10e10 b4a4 j7i6 a4c4 i7h7 h1g3 i6~h7 h2g4 d10e8 d4d5 e8~f10
d3d4 c11d10 P:c4d4 e9g7+g7g6+h8g7 g4e6 d9d7+d7e7+g7h6+h10g9 N:e6g5 P:h6g5 g3g4 e7e6 P:d5e6
B:g9f10 f2h1 h6g5"
out=$(./boardvm selfplay "$srcdir/rules/four-towers.rules" --depth 3 --move-work 5000 \
      --moves "$moves" --max-plies 1 2>&1)
d=$(echo "$out" | awk '$1 == "1." { for (i = 1; i < NF; i++) if ($i == "depth") print $(i + 1) }')
[ "$d" = 3 ] && { echo "ok: Four Towers, ply 47: depth 3 within 5000 million steps"; exit 0; }
echo "FAIL: Four Towers, ply 47: depth ${d:-none} within 5000 million steps: $out"
exit 1
