#!/usr/bin/env python3
"""Translate a position of the rulings (shared/rulings/nemoroth.md, section 4) into a boardvm
position string of rules/nemoroth.rules.

  rulings:  side | Alabaster pieces | Obsidian pieces | Mummies | ichor
            A | Wa4 | gd6 bb8 | - | a1:6        (p = statue, d = digesting Leaf Pile)
  boardvm:  board side [ichor=sq:R,...]
            8/8/8/8/W7/... a ichor=a1:6          (H{statue=1}, L{digesting=1}, M, [..] stacks)

Pieces sharing a square are stacked in the order the rulings list them (Alabaster's, then
Obsidian's, then Mummies), bottom first; the order of a stack carries no meaning in the game.
Usage: translate.py 'A | Wa4 | gd6 bb8 | - | a1:6'   (or several lines on stdin)
"""
import sys

def translate(s):
    side, white, black, mummies, ichor = [f.strip() for f in s.split('|')]
    squares = {}
    def add(sq, code):
        squares.setdefault(sq, []).append(code)
    for field, upper in ((white, True), (black, False)):
        if field == '-':
            continue
        for tok in field.split():
            flags = []
            while tok[0] in 'pd' and len(tok) > 3:
                flags.append('statue=1' if tok[0] == 'p' else 'digesting=1')
                tok = tok[1:]
            letter, sq = tok[0], tok[1:]
            assert letter.isupper() == upper, tok
            assert letter.upper() in 'BGLAWHZ', tok
            add(sq, letter + ('{' + ','.join(flags) + '}' if flags else ''))
    if mummies != '-':
        for sq in mummies.split():
            add(sq, 'M')
    ranks = []
    for r in range(8, 0, -1):
        row, empty = '', 0
        for f in 'abcdefgh':
            pcs = squares.get(f + str(r))
            if not pcs:
                empty += 1
                continue
            if empty:
                row += str(empty); empty = 0
            row += pcs[0] if len(pcs) == 1 else '[' + ''.join(pcs) + ']'
        if empty:
            row += str(empty)
        ranks.append(row)
    out = '/'.join(ranks) + ' ' + {'A': 'a', 'O': 'o'}[side]
    if ichor != '-':
        out += ' ichor=' + ','.join(ichor.split())
    return out

if __name__ == '__main__':
    lines = sys.argv[1:] or [l for l in sys.stdin.read().split('\n') if l.strip()]
    for l in lines:
        print(translate(l))
