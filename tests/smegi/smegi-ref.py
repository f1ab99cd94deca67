#!/usr/bin/env python3
# An independent Smegi move generator, written from shared/rulings.md (section Smegi) and the
# arrow map, sharing no code with boardvm. It was used to check the perft counts of
# tests/smegi.test that were not worked out by hand. Slow (about 60000 leaves a second).
#   python3 smegi-ref.py perft DEPTH [POSITION] [--promo]      (--promo = smess-promotion)
#   python3 smegi-ref.py moves POSITION [MOVE...] [--promo]     (result, then the sorted moves)
# POSITION is a position string of rules/smegi.rules (board turn hands).
import sys
ARROWS_TXT = """
a1: N
b1: N E W
c1: N E W
d1: N E W
e1: N W
a2: N S
b2: N E S W
c2: N E W
d2: N E S W
e2: N S
a3: N E S
b3: NE SE SW NW
c3: E W
d3: NE SE SW NW
e3: N S W
a4: N S
b4: N S W
c4: N NE E SE S SW W NW
d4: N S W
e4: SW W NW
a5: NE E SE
b5: N E S
c5: N NE E SE S SW W NW
d5: N E S
e5: N S
a6: N E S
b6: NE SE SW NW
c6: E W
d6: NE SE SW NW
e6: N S W
a7: N S
b7: N E S W
c7: E S W
d7: N E S W
e7: N S
a8: E S
b8: E S W
c8: E S W
d8: E S W
e8: S
"""  # shared/reference/boards/smegi.txt
D = {'N':(0,1),'NE':(1,1),'E':(1,0),'SE':(1,-1),'S':(0,-1),'SW':(-1,-1),'W':(-1,0),'NW':(-1,1)}
ARROWS = {}
for line in ARROWS_TXT.splitlines():
    if len(line) > 3 and line[0] in 'abcde' and line[1] in '12345678' and line[2] == ':':
        f = ord(line[0]) - 97; r = int(line[1]) - 1
        ARROWS[(f, r)] = [D[x] for x in line[3:].split()]
assert len(ARROWS) == 40
def on(f, r): return 0 <= f < 5 and 0 <= r < 8
def name(sq): return chr(97+sq[0]) + str(sq[1]+1)
PROMO = {'B': [(1,7),(3,7)], 'R': [(1,0),(3,0)]}
# board: dict sq -> (side, type) side in 'B','R'; type in 'B','N','U'
def parse(fen):
    b, turn, hands = fen.split()
    board = {}
    rows = b.split('/')
    for i, row in enumerate(rows):
        r = 7 - i; f = 0
        for ch in row:
            if ch.isdigit(): f += int(ch)
            else:
                board[(f, r)] = ('B' if ch.isupper() else 'R', ch.upper()); f += 1
    hand = {'B': {}, 'R': {}}
    if hands != '-':
        for ch in hands:
            s = 'B' if ch.isupper() else 'R'
            hand[s][ch.upper()] = hand[s].get(ch.upper(), 0) + 1
    return board, ('B' if turn == 'b' else 'R'), hand
def targets(board, sq):
    side, t = board[sq]
    out = []
    for (df, dr) in ARROWS[sq]:
        f, r = sq
        while True:
            f += df; r += dr
            if not on(f, r): break
            p = board.get((f, r))
            if p and p[0] == side: break
            out.append((f, r))
            if p or t != 'U': break
    return out
def attacked(board, sq, by):
    return any(p[0] == by and sq in targets(board, s) for s, p in board.items())
def in_check(board, side):
    k = [s for s, p in board.items() if p == (side, 'B')]
    other = 'R' if side == 'B' else 'B'
    return any(attacked(board, s, other) for s in k)
def pseudo(board, side, hand, promo):
    mv = []
    for s, p in list(board.items()):
        if p[0] != side: continue
        for t in targets(board, s):
            nt = p[1]
            if promo and p[1] == 'N' and t in PROMO[side]: nt = 'U'
            mv.append(('m', s, t, nt))
    reach = set()
    for s, p in board.items():
        if p[0] == side: reach.update(targets(board, s))
    for typ, c in hand[side].items():
        if c > 0:
            for f in range(5):
                for r in range(8):
                    if (f, r) not in board and (f, r) in reach:
                        mv.append(('d', None, (f, r), typ))
    return mv
def make(board, side, hand, m):
    b = dict(board); h = {'B': dict(hand['B']), 'R': dict(hand['R'])}
    kind, s, t, nt = m
    if kind == 'm':
        if t in b:
            h[side][b[t][1]] = h[side].get(b[t][1], 0) + 1
        del b[s]; b[t] = (side, nt)
    else:
        h[side][nt] -= 1; b[t] = (side, nt)
    return b, h
def key(board, side, hand):
    return (tuple(sorted(board.items())), side, tuple(sorted((k, v) for k, v in hand['B'].items() if v)), tuple(sorted((k, v) for k, v in hand['R'].items() if v)))
def mstr(board, m):
    kind, s, t, nt = m
    if kind == 'd': return nt + '@' + name(t)
    return name(s) + name(t) + ('=' + nt if nt != board[s][1] else '')
def legal(board, side, hand, promo):
    out = []
    for m in pseudo(board, side, hand, promo):
        b, h = make(board, side, hand, m)
        if not in_check(b, side): out.append((m, b, h))
    return out
def result(board, side, hand, promo, hist):
    L = legal(board, side, hand, promo)
    if not L: return ('loss checkmate' if in_check(board, side) else 'draw stalemate'), []
    if hist.count(key(board, side, hand)) >= 3: return 'draw repetition', []
    return 'none', L
def perft(board, side, hand, promo, depth, hist):
    res, L = result(board, side, hand, promo, hist)
    if depth == 0: return 1
    if res != 'none': return 0
    other = 'R' if side == 'B' else 'B'
    n = 0
    for m, b, h in L:
        k = key(b, other, h)
        hist.append(k)
        n += perft(b, other, h, promo, depth - 1, hist) if depth > 1 else 1
        hist.pop()
    return n
if __name__ == '__main__':
    fen = '1ubu1/nnnnn/5/5/5/5/NNNNN/1UBU1 b -'
    args = sys.argv[1:]
    promo = '--promo' in args; args = [a for a in args if a != '--promo']
    if args[0] == 'perft':
        if len(args) > 2: fen = args[2]
        board, side, hand = parse(fen)
        print(perft(board, side, hand, promo, int(args[1]), [key(board, side, hand)]))
    elif args[0] == 'moves':
        fen = args[1]; board, side, hand = parse(fen)
        hist = [key(board, side, hand)]
        for ms in args[2:]:
            L = legal(board, side, hand, promo)
            m = [x for x in L if mstr(board, x[0]) == ms]
            assert len(m) >= 1, ms
            _, board, hand = m[0]; side = 'R' if side == 'B' else 'B'
            hist.append(key(board, side, hand))
        res, L = result(board, side, hand, promo, hist)
        print(res); print(' '.join(sorted(set(mstr(board, m) for m, _, _ in L)))); 
