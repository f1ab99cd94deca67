#!/usr/bin/env python3
"""Translate a position of the rulings' §1.6 format into a boardvm position string of
rules/four-towers.rules.

    W: Kg1 Re3 Nd5 / B: kk9 nh7 / W to move [powers W=N B=R,B] [ep i7 (victim i6)]
    [return Q@g4]

becomes `<board> <turn> [name=value ...]`: the board lists the ranks from 11 down to 1, each
rank its existing squares from the left (§1.1), pieces by letter (White upper case), runs of
empty squares as numbers; the turn is w or b; the powers are `last=<White>,<Black>`, each the
letters of its atoms R B N K run together, `-` for none (`last=-,RB`); the en passant right is
`ep-c1=<crossed> ep-v1=<victim>`, the return right `ret-type=<X> ret-tower=<tower>`.

Usage: fen.py 'W: Kg1 ... / B: ... / W to move'   (prints the position string)
This is a plain text translation, independent of boardvm.
"""
import re
import sys

FILES = "abcdefghijk"
ROWS = {11: "ce", 10: "ch", 9: "ck", 8: "bk", 7: "bk", 6: "bj", 5: "aj", 4: "aj", 3: "ai",
        2: "di", 1: "gi"}


def squares_of_rank(r):
    lo, hi = ROWS[r]
    return [f"{f}{r}" for f in FILES[FILES.index(lo):FILES.index(hi) + 1]]


def translate(text):
    m = re.match(r"\s*W:(.*?)/\s*B:(.*?)/\s*([WB]) to move(.*)$", text)
    if not m:
        raise SystemExit("cannot read: " + text)
    white, black, turn, rest = m.groups()
    board = {}
    for side, items in (("W", white), ("B", black)):
        for it in items.split():
            letter, sq = it[0], it[1:]
            if letter.upper() not in "KQRBNMCWDPL":
                raise SystemExit("bad piece " + it)
            if sq in board:
                raise SystemExit("two pieces on " + sq)
            board[sq] = letter.upper() if side == "W" else letter.lower()
    ranks = []
    for r in range(11, 0, -1):
        out, run = "", 0
        for sq in squares_of_rank(r):
            if sq in board:
                if run:
                    out += str(run)
                    run = 0
                out += board.pop(sq)
            else:
                run += 1
        if run:
            out += str(run)
        ranks.append(out)
    if board:
        raise SystemExit("not squares of the board: " + " ".join(board))
    fields = ["/".join(ranks), turn.lower()]
    rest = rest.strip()
    pw = re.search(r"powers\s+(?:W=(\S+))?\s*(?:B=(\S+))?", rest)
    if pw and (pw.group(1) or pw.group(2)):
        def fl(x):
            if not x:
                return "-"
            atoms = [a for a in "RBNK" if a in x.replace("{", "").replace("}", "").split(",") or a in x]
            return "".join(atoms) if atoms else "-"
        fields.append(f"last={fl(pw.group(1))},{fl(pw.group(2))}")
    ep = re.search(r"ep\s+([a-k]\d+)\s*\(victim\s+([a-k]\d+)\)", rest)
    if ep:
        fields.append(f"ep-c1={ep.group(1)} ep-v1={ep.group(2)}")
    rt = re.search(r"return\s+([A-Z])@([a-k]\d+)", rest)
    if rt:
        fields.append(f"ret-type={rt.group(1)} ret-tower={rt.group(2)}")
    return " ".join(fields)


if __name__ == "__main__":
    print(translate(" ".join(sys.argv[1:])))
