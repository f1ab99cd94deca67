#!/bin/sh
# boardvm tune (src/commands/tune.c, src/engine/texel.c, src/engine/weights.c): the logistic fit against a case solved by
# hand and on synthetic data whose true weights are known; its standard errors against the
# spread of the estimates over repeated data sets; a real tuning run; the weights file the
# engine reads; errors. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
status=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"
    else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}
close() {   # name, expected, actual, tolerance: |expected - actual| <= tolerance
    if awk -v e="$2" -v a="$3" -v t="$4" \
        'BEGIN { d = e - a; exit !(a != "" && d <= t && -d <= t) }'; then
        echo "ok: $1 ($3)"
    else
        echo "FAIL: $1: expected $2 +- $4, got '$3'"; status=1
    fi
}
field() {   # the value after word $2 on the line of weight $1 of the fit output in $3
    awk -v w="$1" -v k="$2" '$1 == w { for (i = 2; i < NF; i++) if ($i == k) print $(i + 1) }' "$3"
}

# -- a fit solved by hand ----------------------------------------------------------------------
# One feature, +1 in four games (3 won, 1 lost) and -1 in four (1 won, 3 lost): the model is
# saturated, so w0 + w1 = logit(3/4) = ln 3 and w0 - w1 = -ln 3: w0 = 0, w1 = ln 3 = 1.098612.
# Independent rows: var(logit p) = 1/(n p (1-p)) = 1/(4 x 3/16) = 4/3 in each group, so
# var(w1) = (4/3 + 4/3)/4 = 2/3, se 0.816497. Each row its own game, the sandwich equals that
# (saturated: the squared residuals sum to n p (1-p)) times G/(G-1) = 8/7: se 0.872872.
printf '0 1 1\n1 1 1\n2 1 1\n3 0 1\n4 1 -1\n5 0 -1\n6 0 -1\n7 0 -1\n' > "$tmp/hand.txt"
./boardvm tune --fit-data "$tmp/hand.txt" > "$tmp/hand.out"
close "hand: w1 = ln 3" 1.098612 "$(awk '$1 == "w1" { print $2 }' "$tmp/hand.out")" 0.000001
close "hand: w0 = 0" 0 "$(awk '$1 == "w0" { print $2 }' "$tmp/hand.out")" 0.000001
close "hand: independent se" 0.816497 "$(field w1 se_independent "$tmp/hand.out")" 0.000001
close "hand: clustered se" 0.872872 "$(field w1 se "$tmp/hand.out")" 0.000001

# -- synthetic data with known weights -----------------------------------------------------------
# G games, each with a random material difference x (three types, -3..3 each) and a result drawn
# from P(win) = 1/(1 + exp(-(0.2 + 0.3 x1 + 0.8 x2 - 0.5 x3))); each game gives K identical rows,
# as the positions of one game share its result.
gen() {   # seed G K
    awk -v seed="$1" -v G="$2" -v K="$3" 'BEGIN { srand(seed)
      for (g = 0; g < G; g++) {
        x1 = int(rand() * 7) - 3; x2 = int(rand() * 7) - 3; x3 = int(rand() * 7) - 3
        p = 1 / (1 + exp(-(0.2 + 0.3 * x1 + 0.8 * x2 - 0.5 * x3)))
        y = rand() < p ? 1 : 0
        for (k = 0; k < K; k++) print g, y, x1, x2, x3
      } }'
}
gen 7 4000 1 > "$tmp/syn.txt"
./boardvm tune --fit-data "$tmp/syn.txt" > "$tmp/syn.out"
for w in "w0 0.2" "w1 0.3" "w2 0.8" "w3 -0.5"; do
    set -- $w
    est=$(awk -v w="$1" '$1 == w { print $2 }' "$tmp/syn.out")
    se=$(field "$1" se "$tmp/syn.out")
    # within 4 standard errors of the truth, and the standard error small (4000 games)
    close "synthetic: $1 near its true $2" "$2" "$est" "$(awk -v s="$se" 'BEGIN { print 4 * s }')"
    close "synthetic: $1's se is small" 0.035 "$se" 0.035
done

# -- the standard errors, against the spread of the estimates ------------------------------------
# 20 data sets of 1000 games of 5 identical rows: the estimates' errors divided by the reported
# standard errors must have a root mean square near 1 (for 80 such ratios, 0.7 to 1.35 is well
# inside the normal range). The independent-rows errors are smaller by sqrt(5), so their ratio
# would be near 2.2: this is what clustering by game is for.
: > "$tmp/z.txt"
for seed in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    gen "$seed" 1000 5 > "$tmp/rep.txt"
    ./boardvm tune --fit-data "$tmp/rep.txt" |
        awk 'BEGIN { t["w0"] = 0.2; t["w1"] = 0.3; t["w2"] = 0.8; t["w3"] = -0.5 }
             $1 in t { print ($2 - t[$1]) / $4, ($2 - t[$1]) / $6 }' >> "$tmp/z.txt"
done
close "clustered se: rms of (estimate - truth)/se" 1 \
    "$(awk '{ s += $1 * $1 } END { printf "%.3f", sqrt(s / NR) }' "$tmp/z.txt")" 0.33
close "independent-rows se understates by sqrt(5)" 2.236 \
    "$(awk '{ s += $2 * $2 } END { printf "%.3f", sqrt(s / NR) }' "$tmp/z.txt")" 0.7

# -- a real run: games played, then read back -------------------------------------------------
./boardvm tune "$srcdir/rules/chess.rules" --games 6 --depth 1 --random-plies 4 --max-plies 200 \
    --record "$tmp/t.pgn" --write "$tmp/t.weights" > "$tmp/run.out" 2> "$tmp/run.err"
check "tune plays and fits: exit 0" 0 $?
check "tune: one line per valued type" 5 \
    "$(grep -cE '^(Queen|Rook|Bishop|Knight|Pawn) ' "$tmp/run.out")"
check "tune: the records hold the games" 6 "$(grep -c '^\[Event "boardvm tune"\]' "$tmp/t.pgn")"
./boardvm tune "$srcdir/rules/chess.rules" --records "$tmp/t.pgn" --random-plies 4 > "$tmp/read.out"
check "the same games read back give the same fit" "$(sed -n '3,$p' "$tmp/run.out")" \
    "$(sed -n '3,$p' "$tmp/read.out")"
# --last-ply 20 after 4 random plies: plies 4 to 19 only, at most 16 positions a game, and fewer
# than all (the games are longer)
all=$(sed -n 's/.*, \([0-9]*\) quiet positions from ply 4 on$/\1/p' "$tmp/run.out")
rows=$(./boardvm tune "$srcdir/rules/chess.rules" --records "$tmp/t.pgn" --random-plies 4 \
    --last-ply 20 2>/dev/null |
       sed -n 's/.*, \([0-9]*\) quiet positions from ply 4 to ply 19$/\1/p')
check "--last-ply 20: at most 16 positions a game, fewer than all" yes \
    "$(awk -v r="$rows" -v a="$all" 'BEGIN { print (r != "" && r <= 96 && r < a) ? "yes" : "no" }')"
./boardvm tune "$srcdir/rules/chess.rules" --records "$tmp/t.pgn" --last-ply 3 2> "$tmp/e.err" \
    > /dev/null
check "--last-ply within the random plies: exit 2" 2 $?
# the games depend only on their numbers: two workers play the same ones
./boardvm tune "$srcdir/rules/chess.rules" --games 6 --depth 1 --random-plies 4 --max-plies 200 \
    --jobs 2 \
    --record "$tmp/t2.pgn" > "$tmp/run2.out" 2> /dev/null
check "--jobs 2: the same records" "$(grep -v '^\[Date' "$tmp/t.pgn")" \
    "$(grep -v '^\[Date' "$tmp/t2.pgn")"
check "--jobs 2: the same fit" "$(cat "$tmp/run.out")" "$(cat "$tmp/run2.out")"
# every game twice (as a match of two equal engines plays them): the same games, so the same
# values and the same standard errors (identical games are one cluster; counted apart, the
# errors would shrink by sqrt 2)
cat "$tmp/t.pgn" "$tmp/t.pgn" > "$tmp/twice.pgn"
./boardvm tune "$srcdir/rules/chess.rules" --records "$tmp/twice.pgn" --random-plies 4 \
    > "$tmp/twice.out"
check "every game twice: 12 games, 6 distinct" "yes" \
    "$(grep -q '12 games (6 distinct' "$tmp/twice.out" && echo yes)"
check "every game twice: the same values and errors" \
    "$(sed -n '3,$p' "$tmp/run.out" | awk '{ print $1, $2, $3 }')" \
    "$(sed -n '3,$p' "$tmp/twice.out" | awk '{ print $1, $2, $3 }')"
check "the weights file: the pawn is the unit" "Pawn 100  # se 0" "$(grep '^Pawn' "$tmp/t.weights")"

# -- the engine reads NAME.weights for the types without a declared value ---------------------
# chess without the Knight's and Queen's values: the engine estimates a Knight from its mobility
# (25 x 5.25 + 50 = 181) and a Queen (25 x 22.75 + 50 = 618). Here White's queen can take the
# Knight on c5 or the Queen on g7, neither defended; at depth 1 it takes the more valuable. With a
# weights file making the Knight worth 2000 and the Queen 100 it takes the Knight instead.
sed -e 's/piece Queen  "Q" value 900/piece Queen  "Q"/' -e \
    's/piece Knight "N" value 320/piece Knight "N"/' \
    "$srcdir/rules/chess.rules" > "$tmp/nv.rules"
pos='k7/6q1/8/2n5/3Q4/8/8/4K3 w - - 0 1'
best() { ./boardvm selfplay "$tmp/nv.rules" --fen "$pos" --depth 1 --max-plies 1 |
    awk \
        '$1 == "1." { for (i = 2; i <= NF; i++)
                        if ($i ~ /^[a-h][1-8][a-h][1-8]/) { print $i; exit } }'; }
check "without weights: the queen is taken" "d4g7" "$(best)"
printf '# learned\nKnight 2000  # se 10\n\nQueen 100\n' > "$tmp/nv.weights"
check "with weights: the knight is taken" "d4c5" "$(best)"
printf 'Knight two\n' > "$tmp/nv.weights"
best > /dev/null 2> "$tmp/w.err"
check "a malformed weights file is reported" \
    "boardvm: warning: $tmp/nv.weights:1: expected 'NAME VALUE' "\
"(a piece type and a whole number); the weights file is not used" \
    "$(sort -u "$tmp/w.err")"
printf 'Dragon 300\n' > "$tmp/nv.weights"
best > /dev/null 2> "$tmp/w.err"
check "an unknown type in a weights file is reported" \
    "boardvm: warning: $tmp/nv.weights:1: FIDE Chess has no piece type 'Dragon'"\
"; the weights file is not used" \
    "$(sort -u "$tmp/w.err")"

# -- errors ---------------------------------------------------------------------------------------
./boardvm tune "$srcdir/rules/chess.rules" --records "$tmp/none.pgn" 2> "$tmp/e.err" > /dev/null
check "missing records: exit 2" 2 $?
./boardvm tune "$srcdir/rules/chess.rules" --records "$tmp/t.pgn" --unit Dragon 2> "$tmp/e.err" \
    > /dev/null
check "unknown --unit: exit 1" 1 $?
check "unknown --unit: message" \
    "boardvm: tune: --unit 'Dragon' is not a piece type of FIDE Chess that has a value" \
    "$(cat "$tmp/e.err")"
./boardvm tune "$srcdir/rules/chess.rules" --records "$tmp/t.pgn" --unit King 2> "$tmp/e.err" \
    > /dev/null
check "--unit King (royal): exit 1" 1 $?
printf '0 1 1\n1 x 2\n' > "$tmp/bad.txt"
./boardvm tune --fit-data "$tmp/bad.txt" 2> "$tmp/e.err" > /dev/null
check "malformed --fit-data: exit 1" 1 $?
check "malformed --fit-data: message" \
    "boardvm: tune: $tmp/bad.txt:2: expected 'GAME RESULT X1 X2 ...' "\
"(RESULT 0, 0.5 or 1; the same number of features on every line)" "$(cat "$tmp/e.err")"
./boardvm tune "$srcdir/rules/chess.rules" --games 0 2> /dev/null > /dev/null
check "--games 0: exit 2" 2 $?
./boardvm tune 2> /dev/null > /dev/null
check "no rules file: exit 2" 2 $?
printf 'not a record\n' > "$tmp/junk.pgn"
./boardvm tune "$srcdir/rules/chess.rules" --records "$tmp/junk.pgn" 2> "$tmp/e.err" > /dev/null
check "a file with no record: exit 1" 1 $?
# --write replaces a weights file whole or not at all (outfile.c): a write that fails (here: a
# file size limit of 0 blocks, with SIGXFSZ ignored so that write() fails with EFBIG) keeps the
# old file as it was, where fopen("w") had already emptied it, and says so with status 2
printf 'Queen 900\n' > "$tmp/keep.weights"
(trap '' XFSZ; ulimit -f 0; ./boardvm tune "$srcdir/rules/chess.rules" --records "$tmp/t.pgn" \
    --random-plies 4 --write "$tmp/keep.weights") > /dev/null 2> "$tmp/e.err"
check "--write that fails: exit 2" 2 $?
check "--write that fails: the old file kept" "Queen 900" "$(cat "$tmp/keep.weights")"
check "--write that fails: no temporary file left" "" "$(ls -A "$tmp" | grep '^\.keep')"
exit $status
