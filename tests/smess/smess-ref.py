#!/usr/bin/env python3
"""smess-ref.py - an independent Smess move generator, to check examples/smess.rules.

It shares no code and no data file with boardvm: the arrows are read from the link lists of
the Zillions rules file (shared/reference/sources/smess.zrf, `(links DIR (from to) ...)`), not
from shared/reference/boards/smess.txt that the rules file was written from; when that board
file is found too, the two are compared square by square first.

Rules (the ZRF's, see examples/smess.rules): Red on ranks 1-2 moves first. Brain and Ninny step
along an arrow of their square onto an empty or enemy square; a Ninny ending on b8 c8 e8 f8
(Red) / b1 c1 e1 f1 (Blue) becomes a Numskull. A Numskull takes an arrow of its square and
slides straight on through empty squares, capturing the first enemy. No check. The side to move
with no Brain has lost, and so has a side with no move: a finished game has no moves. The draw
rules of the rules file's default `draws=jocly` are not implemented (compare with draws=off).

Usage:
  smess-ref.py [--zrf PATH] [--board PATH] moves  POSITION    the legal moves, sorted
  smess-ref.py [--zrf PATH] [--board PATH] perft  POSITION D  perft counts for depths 1..D
  smess-ref.py [--zrf PATH] [--board PATH] reach              how many squares each square's
                                     arrows lead to, step by step (56 for all: no side with a
                                     Brain can be without a move)
POSITION is a boardvm position string of examples/smess.rules ("1uubuu1/nnnnnnn/.../1UUBUU1 r")
or "start". Moves are written from+to, "=U" when a Ninny becomes a Numskull.
"""
import os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REF = os.path.join(HERE, "..", "..", "..", "shared", "reference")
FILES = "abcdefg"
VEC = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0),
       "ne": (1, 1), "nw": (-1, 1), "se": (1, -1), "sw": (-1, -1)}
START = "1uubuu1/nnnnnnn/7/7/7/7/NNNNNNN/1UUBUU1 r"
PROMO = {"r": {"b8", "c8", "e8", "f8"}, "b": {"b1", "c1", "e1", "f1"}}


def sq(f, r):
    return FILES[f] + str(r + 1)


def coords(s):
    return FILES.index(s[0]), int(s[1:]) - 1


def read_zrf(path):
    """arrows[square] = set of direction names, from the ZRF's (links DIR (a b) ...) lists."""
    text = open(path).read()
    arrows = {sq(f, r): set() for f in range(7) for r in range(8)}
    for m in re.finditer(r"\(links\s+(\w+)((?:\s*\(\s*\w+\s+\w+\s*\))+)\s*\)", text):
        d = m.group(1)
        for a, b in re.findall(r"\(\s*(\w+)\s+(\w+)\s*\)", m.group(2)):
            (fa, ra), (fb, rb) = coords(a), coords(b)
            if (fb - fa, rb - ra) != VEC[d]:
                sys.exit("smess-ref: link %s %s-%s is not one step %s" % (d, a, b, d))
            arrows[a].add(d)
    return arrows


def read_board(path):
    arrows = {}
    for line in open(path):
        m = re.match(r"^([a-g][1-8]):\s*(.*)$", line.strip())
        if m:
            arrows[m.group(1)] = {x.lower() for x in m.group(2).split()}
    return arrows


def parse(pos):
    if pos == "start":
        pos = START
    board_s, turn = pos.split()[:2]        # a `quiet=N` field (draw rule) is not used here
    board = {}
    for i, row in enumerate(board_s.split("/")):
        r, f = 7 - i, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[sq(f, r)] = ("r" if ch.isupper() else "b", ch.upper())
                f += 1
        if f != 7:
            sys.exit("smess-ref: rank %d has %d squares" % (r + 1, f))
    return board, turn


def step(s, d):
    f, r = coords(s)
    df, dr = VEC[d]
    f, r = f + df, r + dr
    return sq(f, r) if 0 <= f < 7 and 0 <= r < 8 else None


def moves(arrows, board, turn):
    """(move string, new board) for every legal move of `turn`."""
    if not any(p == (turn, "B") for p in board.values()):
        return []                                    # the Brain is gone: the game is over
    out = []
    for s, (owner, kind) in sorted(board.items()):
        if owner != turn:
            continue
        for d in sorted(arrows[s]):
            t = step(s, d)
            while t is not None:
                there = board.get(t)
                if there and there[0] == turn:
                    break
                nb = dict(board)
                del nb[s]
                new = kind
                if kind == "N" and t in PROMO[turn]:
                    new = "U"
                nb[t] = (turn, new)
                out.append((s + t + ("=U" if new != kind else ""), nb))
                if kind != "U" or there:
                    break
                t = step(t, d)
    return out


def perft(arrows, board, turn, depth):
    ms = moves(arrows, board, turn)
    if depth == 1:
        return len(ms)
    other = "b" if turn == "r" else "r"
    return sum(perft(arrows, nb, other, depth - 1) for _, nb in ms)


def main(argv):
    zrf = os.path.join(REF, "sources", "smess.zrf")
    board_file = os.path.join(REF, "boards", "smess.txt")
    while argv and argv[0].startswith("--"):
        if argv[0] == "--zrf":
            zrf = argv[1]
        elif argv[0] == "--board":
            board_file = argv[1]
        else:
            sys.exit(__doc__)
        argv = argv[2:]
    if len(argv) < 2 and argv[:1] != ["reach"]:
        sys.exit(__doc__)
    arrows = read_zrf(zrf)
    if os.path.exists(board_file):
        other = read_board(board_file)
        diff = [s for s in arrows if arrows[s] != other.get(s)]
        if diff:
            sys.exit("smess-ref: the ZRF and %s differ on %s" % (board_file, " ".join(diff)))
    if argv[0] == "reach":
        for s in sorted(arrows):
            seen, todo = {s}, [s]
            while todo:
                x = todo.pop()
                for d in arrows[x]:
                    t = step(x, d)
                    if t not in seen:
                        seen.add(t)
                        todo.append(t)
            print(s, len(seen))
        return
    board, turn = parse(argv[1])
    if argv[0] == "moves":
        print(" ".join(sorted(m for m, _ in moves(arrows, board, turn))))
    elif argv[0] == "perft":
        for dd in range(1, int(argv[2]) + 1):
            print(dd, perft(arrows, board, turn, dd))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
