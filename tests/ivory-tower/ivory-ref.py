#!/usr/bin/env python3
"""Independent reference move generator for Storm the Ivory Tower ("Old Rules" and the Korean
variant), written from shared/rulings.md (section "Storm the Ivory Tower") and the arrow map
shared/reference/boards/ivory-tower.txt. It shares no code with boardvm; it only reads the same
position strings (board / turn / pools) and writes the same move strings (e2e4, e7e8=U).

Usage:
  ivory-ref.py perft DEPTH [--fen FEN] [--korean] [--zillions] [--divide]
  ivory-ref.py moves [--fen FEN] [--korean] [--zillions] [--play M ...]

Rules implemented (see the rulings): arrow steps; Yahoo and Ninny against the arrows when
stepping from a square of their own side's tower; Brain line attack on the enemy Brain; Dumbo
(two straight / one quiet step), Korean Dumbo (step, then two straight on in another arrow
direction of the middle square); Clodhopper (quiet slide, capture over exactly one screen),
Korean Clodhopper (must hop, never over or onto a Clodhopper); Ninny promotion in the enemy
tower to a type in its side's pool of captured pieces (Y D U C), optional; no move may leave
one's Brain attacked; perpetual check: a piece (identity kept through promotion) may not end
three of its side's turns in a row attacking the enemy Brain (off with --zillions). Repetition
is not modelled (perft from a fresh position never repeats a position three times in < 8 plies).
"""
import re
import sys

BOARD_FILE = None
DIRS = {'n': (0, 1), 's': (0, -1), 'e': (1, 0), 'w': (-1, 0),
        'ne': (1, 1), 'nw': (-1, 1), 'se': (1, -1), 'sw': (-1, -1)}
OPP = {'n': 's', 's': 'n', 'e': 'w', 'w': 'e', 'ne': 'sw', 'sw': 'ne', 'nw': 'se', 'se': 'nw'}
ARROWS = {}


def load_board(path):
    for line in open(path):
        m = re.match(r'^([a-i])(\d+): (.*)$', line.strip())
        if m:
            ARROWS[(ord(m.group(1)) - 97, int(m.group(2)) - 1)] = m.group(3).lower().split()
    assert len(ARROWS) == 90


def name(s):
    return chr(97 + s[0]) + str(s[1] + 1)


def step(s, d):
    t = (s[0] + DIRS[d][0], s[1] + DIRS[d][1])
    return t if 0 <= t[0] < 9 and 0 <= t[1] < 10 else None


RED, BLUE = 0, 1
TOWER = [{(f, r) for f in range(3, 6) for r in range(0, 3)},
         {(f, r) for f in range(3, 6) for r in range(7, 10)}]
PROMO = 'YDUC'


class Pos:
    def __init__(self, fen, korean, zillions):
        self.korean, self.zillions = korean, zillions
        parts = fen.split()
        rows = parts[0].split('/')
        assert len(rows) == 10
        self.board = {}          # square -> [owner, type, checks, id]
        nid = 0
        for i, row in enumerate(rows):
            r = 9 - i
            f = 0
            j = 0
            while j < len(row):
                c = row[j]
                if c.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    f += int(row[j:k])
                    j = k
                    continue
                self.board[(f, r)] = [RED if c.isupper() else BLUE, c.upper(), 0, nid]
                nid += 1
                f += 1
                j += 1
            assert f == 9, row
        self.turn = RED if parts[1] == 'r' else BLUE
        self.pool = [dict.fromkeys('BTYDUCN', 0), dict.fromkeys('BTYDUCN', 0)]
        if len(parts) > 2 and parts[2] != '-':
            for c in parts[2]:
                self.pool[RED if c.isupper() else BLUE][c.upper()] += 1

    # ---- pseudo-legal moves of the piece on s: list of (to, promotion-type or None) ----
    def piece_moves(self, s):
        owner, typ = self.board[s][0], self.board[s][1]
        B = self.board
        out = []

        def free(t):          # empty or enemy
            return t is not None and (t not in B or B[t][0] != owner)

        def astep(x):
            for d in ARROWS[x]:
                t = step(x, OPP[d] if x in TOWER[owner] else d)
                if t is not None:
                    yield t

        if typ in 'BT':
            for d in ARROWS[s]:
                t = step(s, d)
                if free(t):
                    out.append((t, None))
        elif typ == 'Y':
            for m in astep(s):
                if m in B:
                    continue
                for t in astep(m):
                    if t != s and free(t):
                        out.append((t, None))
        elif typ == 'D' and not self.korean:
            for d in ARROWS[s]:
                m = step(s, d)
                if m is None or m in B:
                    continue
                out.append((m, None))
                t = step(m, d)
                if free(t):
                    out.append((t, None))
        elif typ == 'D':
            for d in ARROWS[s]:
                m = step(s, d)
                if m is None or m in B:
                    continue
                for d2 in ARROWS[m]:
                    if d2 == d:
                        continue
                    x = step(m, d2)
                    if x is None or x in B:     # the Dumbo's own square is occupied
                        continue
                    t = step(x, d2)
                    if free(t):
                        out.append((t, None))
        elif typ == 'U':
            for d in ARROWS[s]:
                t = step(s, d)
                while t is not None:
                    if t in B:
                        if B[t][0] != owner:
                            out.append((t, None))
                        break
                    out.append((t, None))
                    t = step(t, d)
        elif typ == 'C' and not self.korean:
            for d in ARROWS[s]:
                t = step(s, d)
                while t is not None and t not in B:
                    out.append((t, None))
                    t = step(t, d)
                if t is None:
                    continue
                t = step(t, d)                       # beyond the screen
                while t is not None and t not in B:
                    t = step(t, d)
                if t is not None and B[t][0] != owner:
                    out.append((t, None))
        elif typ == 'C':
            for d in ARROWS[s]:
                t = step(s, d)
                while t is not None and t not in B:
                    t = step(t, d)
                if t is None or B[t][1] == 'C':
                    continue
                t = step(t, d)
                while t is not None:
                    if t in B:
                        if B[t][0] != owner and B[t][1] != 'C':
                            out.append((t, None))
                        break
                    out.append((t, None))
                    t = step(t, d)
        elif typ == 'N':
            enemy_tower = TOWER[1 - owner]
            for t in astep(s):
                if not free(t):
                    continue
                out.append((t, None))
                if t in enemy_tower:
                    for p in PROMO:
                        if self.pool[owner][p] > 0:
                            out.append((t, p))
        return out

    def attacks(self, s, target):
        """Does the piece on s attack the square target?"""
        if self.board[s][1] == 'B':
            owner = self.board[s][0]
            for d in ARROWS[s]:
                t = step(s, d)
                while t is not None and t not in self.board:
                    t = step(t, d)
                if t == target and self.board[t][0] != owner and self.board[t][1] == 'B':
                    return True
        return any(t == target for t, _ in self.piece_moves(s))

    def brain(self, side):
        for s, p in self.board.items():
            if p[0] == side and p[1] == 'B':
                return s
        return None

    def in_check(self, side):
        b = self.brain(side)
        return any(p[0] != side and self.attacks(s, b) for s, p in list(self.board.items()))

    # ---- make / unmake by snapshot (simple, not fast) ----
    def snapshot(self):
        return ({k: list(v) for k, v in self.board.items()}, [dict(x) for x in self.pool], self.turn)

    def restore(self, snap):
        self.board, self.pool, self.turn = snap[0], snap[1], snap[2]

    def make(self, s, t, promo):
        me = self.turn
        B = self.board
        if t in B:
            victim = B[t]
            self.pool[victim[0]][victim[1]] += 1
        piece = B.pop(s)
        if promo:
            self.pool[me][promo] -= 1
            piece[1] = promo
        B[t] = piece
        if not self.zillions:
            eb = self.brain(1 - me)
            for sq, p in list(B.items()):
                if p[0] == me:
                    p[2] = p[2] + 1 if self.attacks(sq, eb) else 0
        self.turn = 1 - me

    def legal_moves(self):
        me = self.turn
        moves = []
        seen = set()
        for s in sorted(p for p in self.board if self.board[p][0] == me):
            for t, promo in self.piece_moves(s):
                m = name(s) + name(t) + ('=' + promo if promo else '')
                if m in seen:        # two paths to one square: one move
                    continue
                seen.add(m)
                snap = self.snapshot()
                self.make(s, t, promo)
                ok = not self.in_check(me)
                if ok and not self.zillions:
                    ok = all(p[2] < 3 for p in self.board.values() if p[0] == me)
                self.restore(snap)
                if ok:
                    moves.append((m, s, t, promo))
        return moves

    def play(self, m):
        for mm, s, t, promo in self.legal_moves():
            if mm == m:
                self.make(s, t, promo)
                return
        raise SystemExit('illegal move ' + m)


def perft(pos, depth):
    ms = pos.legal_moves()
    if depth == 1:
        return len(ms)
    n = 0
    for m, s, t, promo in ms:
        snap = pos.snapshot()
        pos.make(s, t, promo)
        n += perft(pos, depth - 1)
        pos.restore(snap)
    return n


def main():
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    board = os.environ.get('IVORY_BOARD',
                           os.path.join(here, '../../../shared/reference/boards/ivory-tower.txt'))
    if not os.path.exists(board):
        board = '/work/shared/reference/boards/ivory-tower.txt'
    load_board(board)
    args = sys.argv[1:]
    korean = '--korean' in args
    zillions = '--zillions' in args
    divide = '--divide' in args
    fen = None
    play = []
    if '--fen' in args:
        fen = args[args.index('--fen') + 1]
    if '--play' in args:
        i = args.index('--play') + 1
        while i < len(args) and not args[i].startswith('--'):
            play.append(args[i])
            i += 1
    if fen is None:
        fen = ('uydt1tdyu/4b4/1c5c1/n1n1n1n1n/9/9/N1N1N1N1N/1C5C1/4B4/UYDT1TDYU r -' if korean else
               'uydtbtdyu/9/1c5c1/n1n1n1n1n/9/9/N1N1N1N1N/1C5C1/9/UYDTBTDYU r -')
    pos = Pos(fen, korean, zillions)
    for m in play:
        pos.play(m)
    if args[0] == 'moves':
        print(' '.join(sorted(m for m, *_ in pos.legal_moves())))
    elif args[0] == 'perft':
        depth = int(args[1])
        if divide:
            for m, s, t, promo in pos.legal_moves():
                snap = pos.snapshot()
                pos.make(s, t, promo)
                print(m, perft(pos, depth - 1) if depth > 1 else 1)
                pos.restore(snap)
        for d in range(1, depth + 1):
            print(d, perft(pos, d))


if __name__ == '__main__':
    main()
