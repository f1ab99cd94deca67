#!/usr/bin/env python3
"""An independent implementation of the Game of Nemoroth in Python, written from the formal model
of shared/rulings/nemoroth.md (section 2.12, F1-F6, default options except the two options
below), to cross-check rules/nemoroth.rules. It shares no code with boardvm.

  nemoroth-ref.py perft DEPTH [--fen POS] [--moves M...] [--ichor-plies 10|5] [--clockwise]
  nemoroth-ref.py moves [--fen POS] [--moves M...] [...]       the sorted legal moves
  nemoroth-ref.py random N SEED [...]      N random games; prints, for each position reached, the
                                           move history and the sorted legal moves (for diff.sh)

Positions are boardvm position strings of rules/nemoroth.rules (board, side a/o, ichor=sq:R);
the compulsion marks (mo, ic, fl, d0, ncomp) are accepted and ignored. Repetition compares the
full state of A38 with each square's pieces as a multiset.
"""
import itertools
import random
import sys

FILES = 'abcdefgh'
TYPES = 'BGLAWHZM'           # Basilisk Ghast LeafPile GoAway Fiend(W) Human Zombie Mummy
COMPASS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]  # N..NW


def name(sq):
    return FILES[sq[0]] + str(sq[1] + 1)


def parse_sq(s):
    return (FILES.index(s[0]), int(s[1:]) - 1)


def onboard(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def fwd(side):
    return 1 if side == 'a' else -1


def cheb(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def dd(a, b):
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


_UID = itertools.count()


class Piece:
    __slots__ = ('t', 'side', 'statue', 'dig', 'uid')

    def __init__(self, t, side, statue=False, dig=False, uid=None):
        self.t, self.side, self.statue, self.dig = t, side, statue, dig
        self.uid = next(_UID) if uid is None else uid

    def copy(self):
        return Piece(self.t, self.side, self.statue, self.dig, self.uid)

    def mobile(self):
        return self.t != 'M' and not self.statue

    def key(self):
        return (self.t, self.side or '-', self.statue, self.dig and self.mobile())


class State:
    def __init__(self):
        self.board = {}          # (f, r) -> list of Piece
        self.ichor = {}          # (f, r) -> R
        self.side = 'a'
        self.history = []        # keys of earlier positions, this one last

    def copy(self):
        s = State()
        s.board = {k: [p.copy() for p in v] for k, v in self.board.items() if v}
        s.ichor = dict(self.ichor)
        s.side = self.side
        s.history = list(self.history)
        return s

    def pieces(self, sq):
        return self.board.get(sq, [])

    def key(self):
        sqs = tuple(sorted((k, tuple(sorted(p.key() for p in v))) for k, v in self.board.items() if v))
        return (self.side, sqs, tuple(sorted((k, v) for k, v in self.ichor.items() if v > 0)))

    def find(self, t):
        """[(square, piece)] of every piece of type t."""
        return [(sq, p) for sq, v in self.board.items() for p in v if p.t == t]


def parse(pos):
    st = State()
    fields = pos.split()
    rows = fields[0].split('/')
    assert len(rows) == 8
    for i, row in enumerate(rows):
        r = 7 - i
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
            if c == '[':
                k = row.index(']', j)
                body = row[j + 1:k]
                j = k + 1
            else:
                k = j + 1
                if k < len(row) and row[k] == '{':
                    k = row.index('}', k) + 1
                body = row[j:k]
                j = k
            lst = []
            b = 0
            while b < len(body):
                ch = body[b]
                b += 1
                var = {}
                if b < len(body) and body[b] == '{':
                    e = body.index('}', b)
                    for kv in body[b + 1:e].split(','):
                        n, v = kv.split('=')
                        var[n] = int(v)
                    b = e + 1
                side = None if ch == 'M' else ('a' if ch.isupper() else 'o')
                lst.append(Piece(ch.upper(), side, bool(var.get('statue')), bool(var.get('digesting'))))
            st.board[(f, r)] = lst
            f += 1
        assert f == 8, row
    st.side = fields[1] if len(fields) > 1 else 'a'
    for fld in fields[2:]:
        n, v = fld.split('=', 1)
        if n == 'ichor':
            for item in v.split(','):
                s, x = item.split(':')
                st.ichor[parse_sq(s)] = int(x)
    Game().petrify(st)         # a position given breaking P is read as if P had run
    st.history = [st.key()]
    return st


def unparse(st):
    rows = []
    for r in range(7, -1, -1):
        row, empty = '', 0
        for f in range(8):
            v = st.pieces((f, r))
            if not v:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            txt = ''
            for p in v:
                c = p.t if p.side != 'o' else p.t.lower()
                vs = []
                if p.statue:
                    vs.append('statue=1')
                if p.dig:
                    vs.append('digesting=1')
                txt += c + ('{' + ','.join(vs) + '}' if vs else '')
            row += txt if len(v) == 1 else '[' + txt + ']'
        if empty:
            row += str(empty)
        rows.append(row)
    s = '/'.join(rows) + ' ' + st.side
    ich = sorted((k, v) for k, v in st.ichor.items() if v > 0)
    if ich:
        s += ' ichor=' + ','.join('%s:%d' % (name(k), v) for k, v in ich)
    return s


START = 'walgblaw/hhhhhhhh/8/8/8/8/HHHHHHHH/WALGBLAW a'


class Game:
    def __init__(self, plies=10, clockwise=False):
        self.plies = plies
        self.clockwise = clockwise

    # ---- sight and petrification ----
    def seen_squares(self, st):
        out = set()
        for sq, p in st.find('B'):
            f = fwd(p.side)
            for dx, dy in ((-1, 2 * f), (1, 2 * f), (-1, -f), (1, -f)):
                if onboard(sq[0] + dx, sq[1] + dy):
                    out.add((sq[0] + dx, sq[1] + dy))
        return out

    def petrify(self, st):
        for sq in self.seen_squares(st):
            for p in st.pieces(sq):
                if p.mobile() and p.t != 'Z':
                    p.statue = True
                    p.dig = False

    # ---- ichor ----
    def deposit(self, st, sq, fresh):
        fresh.add(sq)
        st.ichor[sq] = 99                      # present; its R is set at the end of the ply
        v = st.pieces(sq)
        if any(p.t == 'Z' for p in v):
            st.board[sq] = [p for p in v if p.t != 'Z']
            del st.ichor[sq]
            fresh.discard(sq)

    def end_ply(self, st, fresh, before):
        new = {}
        for sq, r in st.ichor.items():
            if sq in fresh:
                new[sq] = self.plies
            elif sq in before:
                if r - 1 > 0:
                    new[sq] = r - 1
        st.ichor = new

    # ---- test G ----
    def ghasts(self, st):
        return st.find('G')

    def g_ok(self, st, s, t, skip=()):
        for g, gp in self.ghasts(st):
            if id(gp) in skip:
                continue
            if cheb(s, g) <= 2:
                if not dd(t, g) > dd(s, g):
                    return False
            elif cheb(t, g) <= 2:
                return False
        return True

    def empty(self, st, sq):
        return not st.pieces(sq)

    def piece_moves(self, st, sq, p):
        side = st.side
        f = fwd(side)
        res = []

        def simple(dests, skip_g=False, ghast_self=False):
            for t in dests:
                if not onboard(*t) or not self.empty(st, t) or st.ichor.get(t, 0) > 0:
                    continue
                skip = (id(p),) if ghast_self else ()
                if not skip_g and not self.g_ok(st, sq, t, skip):
                    continue
                ns = st.copy()
                self.lift(ns, sq, p)
                q = p.copy()
                ns.board.setdefault(t, []).append(q)
                self.petrify(ns)
                res.append((name(sq) + name(t), ns, set()))

        x, y = sq
        if p.t == 'B':
            simple([(x + 1, y + 2 * f), (x - 1, y + 2 * f), (x + 1, y - f), (x - 1, y - f)])
        elif p.t == 'G':
            simple([(x + a, y + b) for a in (2, -2) for b in (2, -2)], ghast_self=True)
        elif p.t == 'A':
            simple([(x + a, y + b) for a in (1, -1) for b in (1, -1)] + [(x + 2, y), (x - 2, y), (x, y + 2), (x, y - 2)])
            res.extend(self.screams(st, sq, p))
        elif p.t == 'H':
            for t in [(x - 1, y), (x + 1, y), (x, y + f), (x + 1, y + f), (x - 1, y + f)]:
                if not onboard(*t) or not self.empty(st, t) or st.ichor.get(t, 0) > 0:
                    continue
                eighth = t[1] == (7 if side == 'a' else 0)
                if not eighth and not self.g_ok(st, sq, t):
                    continue
                ns = st.copy()
                self.lift(ns, sq, p)
                q = p.copy()
                if eighth:
                    q.t = 'Z'
                ns.board.setdefault(t, []).append(q)
                self.petrify(ns)
                res.append((name(sq) + name(t), ns, set()))
        elif p.t == 'Z':
            for a, b in COMPASS:
                t = (x + a, y + b)
                if not onboard(*t):
                    continue
                ns = st.copy()
                self.lift(ns, sq, p)
                if ns.ichor.get(t, 0) > 0:
                    ns.board[t] = []
                    del ns.ichor[t]
                else:
                    ns.board[t] = [p.copy()]
                res.append((name(sq) + name(t), ns, set()))
        elif p.t == 'L':
            for a, b in COMPASS:
                t = (x + a, y + b)
                if not onboard(*t) or st.ichor.get(t, 0) > 0:
                    continue
                there = st.pieces(t)
                if any(not q.mobile() for q in there):
                    continue
                skip = tuple(id(q) for q in there if q.t == 'G')
                if not self.g_ok(st, sq, t, skip):
                    continue
                ns = st.copy()
                self.lift(ns, sq, p)
                q = p.copy()
                if q.dig:
                    ns.board.setdefault(sq, []).append(Piece('M', None))
                    q.dig = False
                if there:
                    q.dig = True
                ns.board[t] = [q]
                self.petrify(ns)
                res.append((name(sq) + name(t), ns, set()))
        elif p.t == 'W':
            seen = self.seen_squares(st)
            for a, b in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                prev = sq
                path = []
                while True:
                    t = (prev[0] + a, prev[1] + b)
                    if not onboard(*t) or not self.empty(st, t) or st.ichor.get(t, 0) > 0:
                        break
                    if not self.g_ok(st, prev, t):
                        break
                    ns = st.copy()
                    self.lift(ns, sq, p)
                    fresh = set()
                    for u in [sq] + path:
                        self.deposit(ns, u, fresh)
                    ns.board.setdefault(t, []).append(p.copy())
                    self.petrify(ns)
                    res.append((name(sq) + name(t), ns, fresh))
                    if t in seen:
                        break
                    path.append(t)
                    prev = t
        return res

    def lift(self, st, sq, p):
        v = st.board[sq]
        for i, q in enumerate(v):
            if q.uid == p.uid:
                del v[i]
                if not v:
                    del st.board[sq]
                return
        raise AssertionError('piece not found')

    # ---- screams ----
    def screams(self, st, sq, p):
        nbrs = []
        for i, (a, b) in enumerate(COMPASS):
            t = (sq[0] + a, sq[1] + b)
            if onboard(*t) and st.pieces(t):
                nbrs.append(i)
        if not nbrs:
            return []
        orders = [nbrs] if self.clockwise else itertools.permutations(nbrs)
        outcomes = {}
        for order in orders:
            ns = st.copy()
            fresh = set()
            for i in order:
                a, b = COMPASS[i]
                self.push(ns, (sq[0] + a, sq[1] + b), (a, b), fresh)
            k = (ns.key(), tuple(sorted(fresh)))
            if k not in outcomes:
                outcomes[k] = (order, ns, fresh)
        res = []
        for order, ns, fresh in outcomes.values():
            s = name(sq) + '!'
            q = '(' + ','.join(name((sq[0] + COMPASS[i][0], sq[1] + COMPASS[i][1])) for i in order) + ')'
            res.append((s + '|' + q, ns, fresh))       # the order is written only if needed
        return res

    def push(self, st, src, d, fresh):
        unit = st.board.pop(src)
        has_fiend = any(q.t == 'W' for q in unit)
        if has_fiend:
            self.deposit(st, src, fresh)
        dst = (src[0] + d[0], src[1] + d[1])
        if not onboard(*dst):
            return
        for q in unit:
            if q.t == 'H' and q.mobile() and dst[1] == (7 if q.side == 'a' else 0):
                q.t = 'Z'
        if st.ichor.get(dst, 0) > 0 and any(q.t == 'Z' for q in unit):
            unit = [q for q in unit if q.t != 'Z']
            del st.ichor[dst]
            fresh.discard(dst)
        there = st.pieces(dst)
        if any(q.t == 'L' for q in unit):
            if there:
                for q in unit:
                    if q.t == 'L' and q.mobile():
                        q.dig = True
            st.board[dst] = unit
        elif any(q.t == 'L' for q in there):
            if unit:
                for q in there:
                    if q.t == 'L' and q.mobile():
                        q.dig = True
        else:
            st.board[dst] = there + unit
        self.petrify(st)

    # ---- compulsion and legality (F5, F6) ----
    def compelled(self, st):
        """{uid: (conditions, d0)} for the mobile pieces of the side to move."""
        side = st.side
        eg = [g for g, gp in self.ghasts(st) if gp.side != side]
        out = {}
        for sq, v in st.board.items():
            for p in v:
                if p.side != side or not p.mobile():
                    continue
                conds = set()
                d0 = None
                if len(v) > 1:
                    conds.add('MO')
                if p.t != 'Z':
                    if st.ichor.get(sq, 0) >= 2:
                        conds.add('IC')
                    if eg and cheb(sq, eg[0]) <= 2:
                        conds.add('FL')
                        d0 = dd(sq, eg[0])
                if conds:
                    out[p.uid] = (conds, d0)
        return out

    def saves(self, ns, comp, side):
        eg = [g for g, gp in self.ghasts(ns) if gp.side != side]
        where = {}
        for sq, v in ns.board.items():
            for q in v:
                where[q.uid] = (sq, q, len(v))
        for uid, (conds, d0) in comp.items():
            if uid not in where:
                return True                   # gone
            sq, q, h = where[uid]
            if not q.mobile():
                return True                   # petrified
            ok = True
            if 'MO' in conds and h > 1:
                ok = False
            if q.t != 'Z':                    # promotion satisfies IC and FL
                if 'IC' in conds and ns.ichor.get(sq, 0) > 0:
                    ok = False
                if 'FL' in conds and eg and dd(sq, eg[0]) <= d0:
                    ok = False
            if ok:
                return True
        return False

    def legal_moves(self, st):
        side = st.side
        comp = self.compelled(st)
        before = {k for k, v in st.ichor.items() if v > 0}
        out = []
        for sq in sorted(st.board.keys()):
            for p in list(st.pieces(sq)):
                if p.side != side or not p.mobile():
                    continue
                for s, ns, fresh in self.piece_moves(st, sq, p):
                    self.end_ply(ns, fresh, before)
                    if comp and not self.saves(ns, comp, side):
                        continue
                    ns.side = 'o' if side == 'a' else 'a'
                    k = ns.key()
                    if k in st.history:
                        continue
                    ns.history = st.history + [k]
                    out.append((s, ns, p.t))
        # Two pieces on one square with the same from-to move: the piece letter in front (section
        # 4); a scream with several outcomes: the push order after it. Only where two legal moves
        # would share a string. Two identical pieces making one move reach one position: one move.
        res, seen = [], set()
        for s, ns, t in out:
            base = s.split('|')[0]
            if (base, ns.key()) in seen:
                continue
            seen.add((base, ns.key()))
            res.append((s, ns, t))
        final = []
        for s, ns, t in res:
            base = s.split('|')[0]
            if sum(1 for s2, n2, t2 in res if s2.split('|')[0] == base) > 1:
                s = base + s.split('|')[1] if '|' in s else t + base
            else:
                s = base
            final.append((s, ns))
        return final
        return res


def legal_moves(game, st):
    return game.legal_moves(st)


def play(game, st, mv):
    for s, ns in legal_moves(game, st):
        if s == mv:
            return ns
    raise SystemExit('illegal move %s in %s' % (mv, unparse(st)))


def perft(game, st, depth):
    if depth == 0:
        return 1
    ms = legal_moves(game, st)
    if depth == 1:
        return len(ms)
    return sum(perft(game, ns, depth - 1) for s, ns in ms)


def main(argv):
    cmd = argv[1]
    fen, moves, plies, clockwise = START, [], 10, False
    rest = []
    i = 2
    while i < len(argv):
        a = argv[i]
        if a == '--fen':
            fen = argv[i + 1]; i += 2
        elif a == '--moves':
            i += 1
            while i < len(argv) and not argv[i].startswith('--'):
                moves.append(argv[i]); i += 1
        elif a == '--ichor-plies':
            plies = int(argv[i + 1]); i += 2
        elif a == '--clockwise':
            clockwise = True; i += 1
        else:
            rest.append(a); i += 1
    game = Game(plies, clockwise)
    st = parse(fen)
    for m in moves:
        st = play(game, st, m)
    if cmd == 'perft':
        for d in range(1, int(rest[0]) + 1):
            print(perft(game, st, d))
    elif cmd == 'moves':
        for s in sorted(s for s, ns in legal_moves(game, st)):
            print(s)
    elif cmd == 'show':
        print(unparse(st))
    elif cmd == 'random':
        n, seed = int(rest[0]), int(rest[1])
        maxply = int(rest[2]) if len(rest) > 2 else 80
        rng = random.Random(seed)
        for g in range(n):
            s0 = parse(fen)
            hist = []
            st = s0
            for ply in range(maxply):
                ms = legal_moves(game, st)
                print('POS', fen, '|', ' '.join(hist))
                print('MOVES', ' '.join(sorted(s for s, ns in ms)))
                if not ms:
                    break
                s, st = rng.choice(ms)
                hist.append(s)
    else:
        raise SystemExit('unknown command ' + cmd)


if __name__ == '__main__':
    main(sys.argv)
