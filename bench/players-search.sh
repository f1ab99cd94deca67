#!/bin/sh
# bench/players-search.sh - which search plays a game of three players better at equal work:
# the paranoid alpha-beta (the default) or MCTS (docs/engine.md §6.12). `boardvm match` on a
# three-player game written here (Three Kings on 6 x 6: a King steps orthogonally, a Man to any
# neighbour, a player whose King is taken is out), engine A in one seat, B in the two others,
# first A = ab and B = mcts, then the other way round:
#   BOARDVM=./boardvm [GAMES=30] [WORK=5] bench/players-search.sh
# Prints each match's last lines. A's fair share with three seats is 1/3 of the wins.
set -u
BOARDVM=${BOARDVM:-./boardvm}
GAMES=${GAMES:-30}
WORK=${WORK:-5}
dir=$(mktemp -d "${TMPDIR:-/tmp}/players-search.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT INT TERM
cat > "$dir/three-kings-6.zrf" <<'ZRF'
(define step ($1 (verify not-friend?) add))
(game
   (title "Three Kings 6")
   (players Red Green Blue)
   (turn-order Red Green Blue)
   (board (grid (start-rectangle 0 0 10 10)
                (dimensions ("a/b/c/d/e/f" (10 0)) ("6/5/4/3/2/1" (0 10)))
                (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0)
                            (ne 1 -1) (nw -1 -1) (se 1 1) (sw -1 1))))
   (board-setup (Red (King a1) (Man a2 b1 b2)) (Green (King f1) (Man e1 f2 e2))
                (Blue (King c6) (Man b6 d6 c5)))
   (piece (name King) (moves (step n) (step e) (step s) (step w)))
   (piece (name Man) (moves (step n) (step e) (step s) (step w)
                            (step ne) (step nw) (step se) (step sw)))
   (loss-condition (Red Green Blue) (pieces-remaining 0 King))
)
ZRF
for s in ab,mcts mcts,ab; do
    echo "== --search $s"
    nice -n 10 "$BOARDVM" match "$dir/three-kings-6.zrf" --games "$GAMES" --jobs 1 --search "$s" \
        --move-work "$WORK,$WORK" --max-plies 150 --random-plies 2 | grep -E '^A |^score'
done
