#!/usr/bin/env python3
"""An independent reference implementation of Four Towers, written from
shared/rulings/four-towers.md (R1..R52, A1..A39, §4 notation), for checking
rules/four-towers.rules. It shares no code with boardvm and no logic with the rules file: it
works on Python sets and dicts, enumerates every way a move can be made, and picks each
state's canonical string as the minimum of (kind, sub-moves, string) over all of them (§4,
A38), computed here by enumeration and in the rules file by `key` and `moves distinct smallest`.

Usage:
  ft-ref.py moves 'POSITION'          legal moves, sorted, one per line
  ft-ref.py perft 'POSITION' DEPTH    leaf count
  ft-ref.py play 'POSITION' MOVE...   the position string reached after the moves
POSITION is a boardvm position string of rules/four-towers.rules (board, turn, then optional
name=value fields: last=W,B  ep-c1=.. ep-v1=.. (up to 4)  ret-type=X ret-tower=sq  halfmove=N),
or `start`. Options: --option lancer-sideways-capture, --option fifty-move.
"""
import sys

FILES = "abcdefghijk"
ROWS = {11: "ce", 10: "ch", 9: "ck", 8: "bk", 7: "bk", 6: "bj", 5: "aj", 4: "aj", 3: "ai",
        2: "di", 1: "gi"}
SQUARES = []
for _r in range(1, 12):
    lo, hi = ROWS[_r]
    for _f in range(FILES.index(lo), FILES.index(hi) + 1):
        SQUARES.append((_f, _r))
ONBOARD = set(SQUARES)
assert len(SQUARES) == 85


def name(q):
    return FILES[q[0]] + str(q[1])


def parse_sq(s):
    return (FILES.index(s[0]), int(s[1:]))


# ---- arenas (§1.3): arena (c, r) covers files 3c+r .. +2, ranks 3+3r-c .. +2
ARENA = {}
for c in range(3):
    for r in range(3):
        for lx in range(3):
            for ly in range(3):
                ARENA[(3 * c + r + lx, 3 + 3 * r - c + ly)] = (c, r)
TOWERS = {(3, 5): (0, 0), (6, 4): (1, 0), (4, 8): (0, 1), (7, 7): (1, 1)}  # corner of its block
assert set(ARENA) | set(TOWERS) == ONBOARD


def block(t):
    tc, tr = TOWERS[t]
    return {(tc, tr), (tc + 1, tr), (tc, tr + 1), (tc + 1, tr + 1)}


def local(q):
    c, r = ARENA[q]
    return (q[0] - (3 * c + r), q[1] - (3 + 3 * r - c))


def arena_sq(a, lx, ly):
    c, r = a
    return (3 * c + r + lx, 3 + 3 * r - c + ly)


ROMAN = {(0, 0): "I", (1, 0): "II", (2, 0): "III", (0, 1): "IV", (1, 1): "V", (2, 1): "VI",
         (0, 2): "VII", (1, 2): "VIII", (2, 2): "IX"}

ORTH = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]

PARTS = {"K": "K", "Q": "RB", "R": "R", "B": "B", "N": "N", "M": "RN", "C": "BN", "W": "RBN",
         "D": "D", "P": "P", "L": "PP"}
BYPARTS = {"".join(sorted(v)): k for k, v in PARTS.items()}


def combine(a, b):
    return BYPARTS.get("".join(sorted(PARTS[a] + PARTS[b])))


def minus(a, b):
    rest = list(PARTS[a])
    for p in PARTS[b]:
        if p not in rest:
            return None
        rest.remove(p)
    if not rest:
        return None
    return BYPARTS.get("".join(sorted(rest)))


PROMO = {"w": {parse_sq(s) for s in "c11 d11 e11 f10 g10 h10 i9 j9 k9".split()},
         "b": {parse_sq(s) for s in "a3 b3 c3 d2 e2 f2 g1 h1 i1".split()}}
TWO = {"w": {parse_sq(s) for s in "a4 b4 c4 d4 d3 e3 f3 g3 h3 i3 a3 b3 c3 d2 e2 f2 g2 g1 h2 h1 i2 i1".split()},
       "b": {parse_sq(s) for s in "c9 d9 e9 f9 g9 h9 h8 i8 j8 k8 c10 c11 d10 d11 e10 e11 f10 g10 h10 i9 j9 k9".split()}}
PROMOTE_TO = "QMCWRBND"
OPTIONS = set()


def other(c):
    return "b" if c == "w" else "w"


class Pos:
    __slots__ = ("board", "turn", "last", "ep", "ret", "half")

    def __init__(self, board, turn, last, ep, ret, half):
        self.board, self.turn, self.last, self.ep, self.ret, self.half = board, turn, last, ep, ret, half

    def key(self):
        return (frozenset(self.board.items()), self.turn, self.last["w"], self.last["b"],
                self.ep, self.ret, self.half if "fifty-move" in OPTIONS else 0)

    def copy(self):
        return Pos(dict(self.board), self.turn, dict(self.last), self.ep, self.ret, self.half)


# ---- tower effects
def tower_types(p, t):
    x = p.board.get(t)
    return x


def under(p, q, ty, owner=None):
    """q lies in an arena touched by a tower holding a piece of type ty (of owner)."""
    if q not in ARENA:
        return False
    for t in TOWERS:
        x = p.board.get(t)
        if x and x[0] == ty and (owner is None or x[1] == owner) and ARENA[q] in block(t):
            return True
    return False


def realign_target(p, q, d):
    """R41: the realigned landing square of an orthogonal step from q along d, or None."""
    if q not in ARENA:
        return None
    lx, ly = local(q)
    nx, ny = lx + d[0], ly + d[1]
    if 0 <= nx <= 2 and 0 <= ny <= 2:
        return None
    a = ARENA[q]
    b = (a[0] + d[0], a[1] + d[1])
    if not (0 <= b[0] <= 2 and 0 <= b[1] <= 2):
        return None
    for t in TOWERS:
        x = p.board.get(t)
        if x and x[0] == "N" and a in block(t) and b in block(t):
            return arena_sq(b, nx % 3, ny % 3)
    return None


def step(p, q, d):
    if d in ORTH:
        r = realign_target(p, q, d)
        if r is not None:
            return r
    n = (q[0] + d[0], q[1] + d[1])
    return n if n in ONBOARD else None


def is_u(ty):
    return ty in ("R", "N", "M")


def in_am(p, q):
    return under(p, q, "M")


def cap_ok(p, ty, a, b):
    tt = p.board[b][0]
    if is_u(ty) and (in_am(p, a) or in_am(p, b)) and not is_u(tt):
        return False
    if is_u(tt) and in_am(p, b) and not is_u(ty):
        return False
    return True


def att_ok(p, ty, tt, a, b):
    if ty in "PL":
        return True
    if (in_am(p, a) or in_am(p, b)) and (is_u(ty) or is_u(tt)) and combine(ty, tt) != "M":
        return False
    return True


def switched(p, ty, q):
    return ty in ("N", "B") and under(p, q, "C")


def atoms(p, ty, sw):
    if ty == "D":
        return p.last["w"] | p.last["b"]
    a = set()
    for part in PARTS[ty]:
        if part in "RBNK":
            a.add(part)
    if sw:
        a = {"B"} if ty == "N" else {"N"}
    return frozenset(a)


def geometry(p, s, atomset):
    """Destinations of the normal move with these atoms: every empty square on the way and the
    first occupied one (riders); leaps need only the destination."""
    out = set()
    if "R" in atomset:
        for d in ORTH:
            q = s
            while True:
                q = step(p, q, d)
                if q is None:
                    break
                out.add(q)
                if q in p.board:
                    break
    if "B" in atomset:
        for d in DIAG:
            q = s
            while True:
                q = step(p, q, d)
                if q is None:
                    break
                out.add(q)
                if q in p.board:
                    break
    if "N" in atomset:
        for d in KNIGHT:
            q = (s[0] + d[0], s[1] + d[1])
            if q in ONBOARD:
                out.add(q)
    if "K" in atomset:
        for d in ORTH + DIAG:
            q = step(p, s, d)
            if q is not None:
                out.add(q)
    return out


def fwd(color):
    return (0, 1) if color == "w" else (0, -1)


def pawn_dirs(p, s, ty, color):
    """(direction, max length, capture mode) for a pawn (ty P) or lancer (L) on s.
    mode: 'q' quiet only, 'c' capture only, 'qc' either."""
    f = fwd(color)
    out = []
    if ty == "P":
        two = s in TWO[color] or under(p, s, "P")
        out.append((f, 2 if two else 1, "q"))
        out.append(((1, 0), 1, "q"))
        out.append(((-1, 0), 1, "q"))
        out.append(((1, f[1]), 1, "c"))
        out.append(((-1, f[1]), 1, "c"))
    else:
        out.append((f, 2, "qc"))
        out.append(((1, f[1]), 2, "qc"))
        out.append(((-1, f[1]), 2, "qc"))
        side = "qc" if "lancer-sideways-capture" in OPTIONS else "q"
        out.append(((1, 0), 2, side))
        out.append(((-1, 0), 2, side))
    if under(p, s, "L"):
        out.append(((0, -f[1]), 1, "q"))
    return out


# ---- attacks (R48)
def attacks_square(p, s, target):
    """Does the piece on s have a capturing move onto target (which holds an enemy)?"""
    ty, col = p.board[s]
    if ty in "PL":
        for d, ln, mode in pawn_dirs(p, s, ty, col):
            if "c" not in mode:
                continue
            q = s
            for k in range(ln):
                q = step(p, q, d)
                if q is None:
                    break
                if q == target:
                    return cap_ok(p, ty, s, target)
                if q in p.board:
                    break
        return False
    sw = switched(p, ty, s)
    dests = geometry(p, s, atoms(p, ty, sw))
    if ty == "K" and s in TOWERS:
        dests |= geometry(p, s, {"R", "B"})
    return target in dests and cap_ok(p, ty, s, target)


def king_sq(p, color):
    for q, (ty, c) in p.board.items():
        if ty == "K" and c == color:
            return q
    return None


def in_check(p, color):
    k = king_sq(p, color)
    if k is None:
        return False
    for q, (ty, c) in list(p.board.items()):
        if c != color and attacks_square(p, q, k):
            return True
    return False


def queen_safe(p, color):
    k = king_sq(p, color)
    return k is not None and under(p, k, "Q", color)


# ---- move generation
class Gen:
    def __init__(self, p):
        self.p = p
        self.me = p.turn
        self.out = []  # (kindrank, nsub, string, newpos)

    def new(self):
        n = self.p.copy()
        n.ep = frozenset()
        n.ret = None
        n.turn = other(self.me)
        return n

    def add(self, rank, nsub, s, n, clockreset):
        if "fifty-move" in OPTIONS:
            n.half = 0 if clockreset else self.p.half + 1
        self.out.append((rank, nsub, s, n))

    def promos(self, n, q, ty):
        """A pawn or lancer of mine landing on q: [(suffix, pos)]."""
        if ty in "PL" and q in PROMO[self.me]:
            res = []
            for x in PROMOTE_TO:
                m = n.copy()
                m.board[q] = (x, self.me)
                res.append(("=" + x, m))
            return res
        return [("", n)]


def gen_moves(p):
    g = Gen(p)
    me = p.turn
    bd = p.board
    mine = [q for q, (t, c) in bd.items() if c == me]

    def set_last(n, ty, sw):
        if ty in "PLD":
            return
        n.last = dict(n.last)
        n.last[me] = atoms(p, ty, sw)

    # 1. ordinary, attachment, detachment
    for s in mine:
        ty = bd[s][0]
        splits = [(ty, None)]
        for m in "RBNQMCP":
            r = minus(ty, m)
            if r is None:
                continue
            if in_am(p, s) and ty != "M" and m in "RNM":
                continue
            splits.append((m, r))
        for m, rest in splits:
            prefix = (m + ":") if rest else ""
            if m in "PL":
                gen_pawn(g, s, m, rest, prefix)
                continue
            sw = rest is None and switched(p, m, s)
            dests = geometry(p, s, atoms(p, m, sw))
            qlines = set()
            if m == "K" and s in TOWERS:
                qlines = geometry(p, s, {"R", "B"})
            for d in dests | qlines:
                if d not in dests and not (d in bd and bd[d][1] != me):
                    continue
                n = g.new()
                if rest:
                    n.board[s] = (rest, me)
                else:
                    del n.board[s]
                reset = False
                if d not in bd:
                    n.board[d] = (m, me)
                elif bd[d][1] != me:
                    if bd[d][0] == "K" or not cap_ok(p, m, s, d):
                        continue
                    if d in TOWERS:
                        n.ret = (bd[d][0], d)
                    n.board[d] = (m, me)
                    reset = True
                else:
                    if d in qlines and d not in dests:
                        continue
                    c = combine(m, bd[d][0])
                    if c is None or not att_ok(p, m, bd[d][0], s, d):
                        continue
                    n.board[d] = (c, me)
                set_last(n, m, sw)
                g.add(0, 1, prefix + name(s) + name(d), n, reset)
    # 2. direct moves
    rb = {t: bd[t][0] for t in TOWERS if t in bd and bd[t][0] in "RB"}
    for s in mine:
        if s not in ARENA:
            continue
        ty = bd[s][0]
        lx, ly = local(s)
        finals = set()

        def chain(a, used, seen):
            for t, kind in rb.items():
                if t in used or a not in block(t):
                    continue
                for b in block(t):
                    if b in seen:
                        continue
                    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
                    if kind == "R" and dc + dr != 1:
                        continue
                    if kind == "B" and not (dc == 1 and dr == 1):
                        continue
                    q = arena_sq(b, lx, ly)
                    if q in bd and bd[q][1] != me:
                        continue
                    finals.add(q)
                    if q not in bd:
                        chain(b, used | {t}, seen | {b})
        chain(ARENA[s], frozenset(), frozenset([ARENA[s]]))
        splits = [(ty, None)]
        for m in "RBNQMCP":
            r = minus(ty, m)
            if r is None or (in_am(p, s) and ty != "M" and m in "RNM"):
                continue
            splits.append((m, r))
        for m, rest in splits:
            prefix = (m + ":") if rest else ""
            for q in finals:
                n = g.new()
                if rest:
                    n.board[s] = (rest, me)
                else:
                    del n.board[s]
                if q in bd:
                    c = combine(m, bd[q][0])
                    if c is None or not att_ok(p, m, bd[q][0], s, q):
                        continue
                    n.board[q] = (c, me)
                    for suf, n2 in [("", n)]:
                        g.add(1, 1, prefix + name(s) + ">" + name(q) + suf, n2, m in "PL")
                else:
                    n.board[q] = (m, me)
                    for suf, n2 in g.promos(n, q, m):
                        g.add(1, 1, prefix + name(s) + ">" + name(q) + suf, n2, m in "PL")
    # 3. swaps
    for s in mine:
        ty = bd[s][0]
        if ty in "PL":
            continue
        sw = switched(p, ty, s)
        for d in geometry(p, s, atoms(p, ty, sw)):
            if d not in bd or bd[d][1] != me or not (s in TOWERS or d in TOWERS):
                continue
            u = bd[d][0]
            if u == ty:
                continue
            n = g.new()
            n.board[s] = (u, me)
            n.board[d] = (ty, me)
            set_last(n, ty, sw)
            for suf, n2 in g.promos(n, s, u):
                g.add(2, 1, name(s) + "~" + name(d) + suf, n2, u in "PL")
    # 4. returns
    if p.ret:
        rt, tw = p.ret
        for q in SQUARES:
            if q in ARENA and ARENA[q] in block(tw) and q not in bd:
                n = g.new()
                n.board[q] = (rt, me)
                set_last(n, rt, False)
                for suf, n2 in g.promos(n, q, rt):
                    g.add(3, 1, rt + "@" + name(q) + suf, n2, rt in "PL")
    # 5. multi-piece moves
    for t in TOWERS:
        if bd.get(t) == ("D", me):
            gen_multi(g, t)
    # 6. rearrangements
    for t in TOWERS:
        if bd.get(t) == ("W", me):
            for a in block(t):
                gen_rearr(g, a)
    return g.out


def gen_pawn(g, s, ty, rest, prefix):
    p, me, bd = g.p, g.me, g.p.board
    for d, ln, mode in pawn_dirs(p, s, ty, me):
        q = s
        crossed = None
        for k in range(1, ln + 1):
            q = step(p, q, d)
            if q is None:
                break
            n = g.new()
            if rest:
                n.board[s] = (rest, me)
            else:
                del n.board[s]
            ok = False
            if q not in bd:
                if "q" in mode:
                    n.board[q] = (ty, me)
                    if k == 2 and q not in PROMO[me]:
                        n.ep = frozenset([(crossed, q)])
                    ok = True
            elif bd[q][1] != me:
                if "c" in mode and bd[q][0] != "K" and cap_ok(p, ty, s, q):
                    if q in TOWERS:
                        n.ret = (bd[q][0], q)
                    n.board[q] = (ty, me)
                    ok = True
            elif ty == "P" and bd[q][0] == "P":
                n.board[q] = ("L", me)
                ok = True
            if ok:
                for suf, n2 in g.promos(n, q, n.board[q][0]):
                    g.add(0, 1, prefix + name(s) + name(q) + suf, n2, True)
            if q in bd:
                break
            crossed = q
        # en passant (A8 iii)
        if "c" not in mode:
            continue
        for (c, v) in p.ep:
            if c in bd or v not in bd or bd[v][1] == me or bd[v][0] not in "PL":
                continue
            q = s
            for k in range(1, ln + 1):
                q = step(p, q, d)
                if q is None:
                    break
                if q == c:
                    n = g.new()
                    if rest:
                        n.board[s] = (rest, me)
                    else:
                        del n.board[s]
                    del n.board[v]
                    n.board[c] = (ty, me)
                    for suf, n2 in g.promos(n, c, ty):
                        g.add(0, 1, prefix + name(s) + name(c) + "ep" + suf, n2, True)
                    break
                if q in bd and q != v:
                    break


def quiet_moves(p, s):
    """The quiet sub-moves of the piece on s: [(to, crossed-or-None)]."""
    ty, me = p.board[s]
    out = []
    if ty in "PL":
        for d, ln, mode in pawn_dirs(p, s, ty, me):
            if "q" not in mode:
                continue
            q = s
            crossed = None
            for k in range(1, ln + 1):
                q = step(p, q, d)
                if q is None or q in p.board:
                    break
                out.append((q, crossed if k == 2 else None))
                crossed = q
        return out
    sw = switched(p, ty, s)
    for q in geometry(p, s, atoms(p, ty, sw)):
        if q not in p.board:
            out.append((q, None))
    return out


def gen_multi(g, t):
    p, me = g.p, g.me
    start = p.board
    best = {}

    def finish(cur, seq, atomsets, eps):
        if len(seq) < 2 or cur.board == start:
            return
        n = cur.copy()
        n.turn = other(me)
        n.ret = None
        n.ep = frozenset(eps)
        n.last = dict(p.last)
        if atomsets:
            n.last[me] = frozenset().union(*atomsets)
        pawn = any(x[3] for x in seq)
        if "fifty-move" in OPTIONS:
            n.half = 0 if pawn else p.half + 1
        s = "+".join(x[0] for x in seq)
        g.out.append((4, len(seq), s, n))

    def rec(cur, seq, used, atomsets, eps):
        finish(cur, seq, atomsets, eps)
        if len(seq) == 4:
            return
        for s in list(cur.board):
            ty, c = cur.board[s]
            if c != me or ty == "D" or s not in ARENA or ARENA[s] not in block(t) or ARENA[s] in used:
                continue
            sw = switched(cur, ty, s)
            for q, crossed in quiet_moves(cur, s):
                n = cur.copy()
                del n.board[s]
                n.board[q] = (ty, me)
                e2 = {(cc, v) for (cc, v) in eps if v != s}
                if crossed is not None and q not in PROMO[me]:
                    e2.add((crossed, q))
                a2 = atomsets if ty in "PL" else atomsets + [atoms(cur, ty, sw)]
                outs = [("", n)]
                if ty in "PL" and q in PROMO[me]:
                    outs = []
                    for x in PROMOTE_TO:
                        m = n.copy()
                        m.board[q] = (x, me)
                        outs.append(("=" + x, m))
                for suf, n2 in outs:
                    rec(n2, seq + [(name(s) + name(q) + suf, s, q, ty in "PL")], used | {ARENA[s]}, a2, e2)
    cur = p.copy()
    rec(cur, [], frozenset(), [], set())


def gen_rearr(g, a):
    p, me, bd = g.p, g.me, g.p.board
    sqs = [arena_sq(a, lx, ly) for ly in range(3) for lx in range(3)]
    mine = [q for q in sqs if q in bd and bd[q][1] == me]
    if not mine:
        return
    free = [q for q in sqs if not (q in bd and bd[q][1] != me)]
    types = sorted(bd[q][0] for q in mine)
    placements = set()

    def rec(i, used, acc):
        if i == len(types):
            placements.add(frozenset(acc))
            return
        for q in free:
            if q in used:
                continue
            rec(i + 1, used | {q}, acc + [(q, types[i])])
    rec(0, frozenset(), [])
    for pl in placements:
        pl = dict(pl)
        if pl == {q: bd[q][0] for q in mine}:
            continue
        # promotions
        options = [({}, "")]
        promo_sqs = [q for q, ty in pl.items() if ty in "PL" and q in PROMO[me]]
        variants = [dict()]
        for q in promo_sqs:
            variants = [{**v, q: x} for v in variants for x in PROMOTE_TO]
        for v in variants:
            n = g.new()
            for q in mine:
                del n.board[q]
            for q, ty in pl.items():
                n.board[q] = (v.get(q, ty), me)
            # notation: per type, vacated and newly occupied squares, paired in order
            pairs = []
            for ty in set(pl.values()) | {bd[q][0] for q in mine}:
                vac = sorted([q for q in mine if bd[q][0] == ty and pl.get(q) != ty], key=lambda q: (q[1], q[0]))
                new = sorted([q for q, t2 in pl.items() if t2 == ty and not (q in mine and bd[q][0] == ty)],
                             key=lambda q: (q[1], q[0]))
                assert len(vac) == len(new)
                for x, y in zip(vac, new):
                    pairs.append((x, y))
            pairs.sort(key=lambda xy: (xy[0][1], xy[0][0]))
            s = "&" + ROMAN[a] + ":" + ",".join(
                name(x) + name(y) + ("=" + v[y] if y in v else "") for x, y in pairs)
            pawn = any(bd[x][0] in "PL" for x, y in pairs)
            g.add(5, 1, s, n, pawn)


def legal_moves(p):
    """{string: newpos}, one per distinct legal successor state, with its canonical string."""
    best = {}
    for rank, nsub, s, n in gen_moves(p):
        if in_check(n, p.turn) and not queen_safe(n, p.turn):
            continue
        k = n.key()
        cand = (rank, nsub, s)
        if k not in best or cand < best[k][0]:
            best[k] = (cand, n)
    return {v[0][2]: v[1] for v in best.values()}


# ---- position strings
def parse(text):
    if text == "start":
        text = "dmk/rnbdcq/ppppppbnr/6pppp/10/9/10/PPPP6/RNBPPPPPP/QCDBNR/KMD w"
    parts = text.split()
    board = {}
    ranks = parts[0].split("/")
    assert len(ranks) == 11
    for i, row in enumerate(ranks):
        r = 11 - i
        lo, hi = ROWS[r]
        f = FILES.index(lo)
        j = 0
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
                continue
            board[(f, r)] = (ch.upper(), "w" if ch.isupper() else "b")
            f += 1
            j += 1
        assert f == FILES.index(hi) + 1, row
    turn = parts[1]
    last = {"w": frozenset(), "b": frozenset()}
    eps = {}
    ret = [None, None]
    half = 0
    for fld in parts[2:]:
        k, v = fld.split("=")
        if k == "last":
            w, b = v.split(",")
            last["w"] = frozenset(x for x in w if x in "RBNK")
            last["b"] = frozenset(x for x in b if x in "RBNK")
        elif k.startswith("ep-"):
            eps.setdefault(k[-1], [None, None])["cv".index(k[3])] = parse_sq(v)
        elif k == "ret-type":
            ret[0] = v
        elif k == "ret-tower":
            ret[1] = parse_sq(v)
        elif k == "halfmove":
            half = int(v)
    ep = frozenset(tuple(x) for x in eps.values())
    return Pos(board, turn, last, ep, tuple(ret) if ret[0] else None, half)


def to_string(p):
    ranks = []
    for r in range(11, 0, -1):
        lo, hi = ROWS[r]
        out, run = "", 0
        for f in range(FILES.index(lo), FILES.index(hi) + 1):
            x = p.board.get((f, r))
            if x:
                if run:
                    out += str(run)
                    run = 0
                out += x[0] if x[1] == "w" else x[0].lower()
            else:
                run += 1
        if run:
            out += str(run)
        ranks.append(out)
    fields = ["/".join(ranks), p.turn]
    if p.last["w"] or p.last["b"]:
        fl = lambda s: "".join(a for a in "RBNK" if a in s) or "-"
        fields.append("last=%s,%s" % (fl(p.last["w"]), fl(p.last["b"])))
    ek = lambda q: q[1] * 16 + q[0] + 1
    for i, (c, v) in enumerate(sorted(p.ep, key=lambda cv: -(ek(cv[0]) * 256 + ek(cv[1])))):
        fields.append("ep-c%d=%s ep-v%d=%s" % (i + 1, name(c), i + 1, name(v)))
    if p.ret:
        fields.append("ret-type=%s ret-tower=%s" % (p.ret[0], name(p.ret[1])))
    if p.half and "fifty-move" in OPTIONS:
        fields.append("halfmove=%d" % p.half)
    return " ".join(fields)


def perft(p, depth):
    if depth == 0:
        return 1
    ms = legal_moves(p)
    if depth == 1:
        return len(ms)
    return sum(perft(n, depth - 1) for n in ms.values())


def main(argv):
    while "--option" in argv:
        i = argv.index("--option")
        OPTIONS.add(argv[i + 1])
        del argv[i:i + 2]
    cmd = argv[1]
    p = parse(argv[2])
    if cmd == "moves":
        for s in sorted(legal_moves(p)):
            print(s)
    elif cmd == "perft":
        print(perft(p, int(argv[3])))
    elif cmd == "play":
        for m in argv[3:]:
            ms = legal_moves(p)
            if m not in ms:
                raise SystemExit("illegal move " + m)
            p = ms[m]
        print(to_string(p))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
