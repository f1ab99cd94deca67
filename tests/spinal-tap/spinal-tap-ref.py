#!/usr/bin/env python3
"""An independent move generator for Spinal Tap vs Terror Chess, for cross-checking boardvm.

Written from shared/rulings.md (section "Spinal Tap vs Terror Chess") and the seed text
(shared/seeds/003_ac6fe48fbe296d52.txt) only. It shares no code with boardvm and no logic with
rules/spinal-tap.rules: from that file only the *notation* was taken, because the lists must be
compared string for string:
  - the position string: board (rank 11 first, files a-k; White upper case, Black lower case;
    two-letter codes in parentheses, `(Mr)`, `(cr)`; runs of empty squares as numbers), side to
    move (w/b), castling rights (letters of `KAkajb`: K/A White with the Rook on k1/a1, k/a Black
    with the Rook on k11/a11, j/b Black with the Squire on j11/b11; `-` for none), the en passant
    fields ep1 ep2 ep-pawn (first and second passed square and the square of the advanced Pawn;
    `-` for none), halfmove, fullmove, and an optional `battle-used=W,B`;
  - the move strings: `e2e4`, promotion `e10e11=Mr`, en passant `d4e3ep`, castling as the King's
    move (`f1j1`), a battle move as its single steps joined by `+` ordered by from-square (file,
    then rank) (tests/spinal-tap.test states the same).

Usage:
  spinal-tap-ref.py moves [POSITION] [MOVE...] [options]   the sorted legal moves after MOVEs
  spinal-tap-ref.py perft DEPTH [POSITION] [options]        counts for depths 1..DEPTH
options: --knights normal|zebra|centaur, --battle-move (also accepted: -o knights=X,
-o battle-move). POSITION `start` or omitted: the opening.

Readings taken where the rulings leave a choice (each one FIDE's):
  - a finished game (checkmate, stalemate, threefold repetition, 100 half-moves without a capture
    or Pawn/Crab move) has no legal moves;
  - for repetition two positions are the same if the board, the side to move, the castling rights
    and (battle-move) the battle rights agree, and either neither has a legal en passant capture
    or both have the same ones (FIDE 9.2.3: an en passant right counts only if it can be used).
"""
import sys

N = 11
FILES = "abcdefghijk"
START = ("rswvqkmwvsr/pppp(cr)(cr)(cr)pppp/11/11/11/11/11/11/11/PPPPPPPPPPP/"
         "RBNCAKQ(Mr)BNR w KAkajb - - - 0 1")


def sq(f, r):
    return r * N + f


def name(s):
    return FILES[s % N] + str(s // N + 1)


def parse_sq(t):
    return sq(FILES.index(t[0]), int(t[1:]) - 1)


def vectors(*vs):
    """Each (a,b) with all sign changes and the swap (the 8 directions of a leaper)."""
    out = set()
    for a, b in vs:
        for x, y in ((a, b), (b, a)):
            for sx in (1, -1):
                for sy in (1, -1):
                    out.add((x * sx, y * sy))
    return sorted(out)


ORTH = vectors((1, 0))
DIAG = vectors((1, 1))
KNIGHT = vectors((1, 2))
CAMEL = vectors((1, 3))
ZEBRA = vectors((2, 3))
KING = ORTH + DIAG


def table(vs):
    """For every square, the squares one leap away (on the board)."""
    t = []
    for s in range(N * N):
        f, r = s % N, s // N
        t.append(tuple(sq(f + x, r + y) for x, y in vs if 0 <= f + x < N and 0 <= r + y < N))
    return t


def rays(vs):
    """For every square, the list of rays (squares in order) along each vector."""
    t = []
    for s in range(N * N):
        f, r = s % N, s // N
        out = []
        for x, y in vs:
            ray, ff, rr = [], f + x, r + y
            while 0 <= ff < N and 0 <= rr < N:
                ray.append(sq(ff, rr))
                ff += x
                rr += y
            if ray:
                out.append(tuple(ray))
        t.append(tuple(out))
    return t


LEAP = {"knight": table(KNIGHT), "camel": table(CAMEL), "zebra": table(ZEBRA),
        "king": table(KING), "ferz": table(DIAG), "wazir": table(ORTH)}
RAY = {"orth": rays(ORTH), "diag": rays(DIAG)}

# The seed's "The Pieces" section; the Knight's extras depend on the option (see leaps()).
PIECES = {  # type: (ray kinds, leap kinds)
    "K": ((), ("king",)),
    "Q": (("orth", "diag"), ()),
    "A": (("orth", "diag"), ("knight",)),
    "Mr": (("orth",), ("knight",)),
    "C": (("diag",), ("knight",)),
    "R": (("orth",), ()),
    "B": (("diag",), ()),
    "N": ((), ("knight",)),
    "S": (("orth",), ("ferz",)),
    "V": (("diag",), ("wazir",)),
    "W": ((), ("camel", "ferz")),
    "M": (("orth",), ("camel", "ferz")),
}
PAWNS = ("P", "Cr")
PROMO = {"w": ("N", "B", "R", "C", "Mr", "Q", "A"), "b": ("R", "S", "W", "V", "M")}
FWD = {"w": 1, "b": -1}
START_RANK = {"w": 1, "b": 9}
LAST_RANK = {"w": 10, "b": 0}
OTHER = {"w": "b", "b": "w"}
# Castling (rulings): right letter -> side, King from, King to, partner from, partner to, the
# squares that must be empty, the squares the King passes (not attacked; its landing square is
# covered by the legality test after the move).
CASTLES = {
    "K": ("w", "f1", "j1", "k1", "i1", "g1 h1 i1 j1", "g1 h1 i1", "R"),
    "A": ("w", "f1", "b1", "a1", "c1", "b1 c1 d1 e1", "e1 d1 c1", "R"),
    "k": ("b", "f11", "j11", "k11", "i11", "g11 h11 i11 j11", "g11 h11 i11", "R"),
    "a": ("b", "f11", "b11", "a11", "c11", "b11 c11 d11 e11", "e11 d11 c11", "R"),
    "j": ("b", "f11", "i11", "j11", "h11", "g11 h11 i11", "g11 h11", "S"),
    "b": ("b", "f11", "c11", "b11", "d11", "c11 d11 e11", "e11 d11", "S"),
}
CASTLES = {k: (c, parse_sq(a), parse_sq(b), parse_sq(p), parse_sq(q),
               [parse_sq(x) for x in e.split()], [parse_sq(x) for x in ps.split()], t)
           for k, (c, a, b, p, q, e, ps, t) in CASTLES.items()}
# A move from or to one of these squares loses these rights (the King or the partner moved, or
# the partner was captured).
LOSES = {}
for k, (c, kf, kt, pf, pt, e, ps, t) in CASTLES.items():
    LOSES.setdefault(kf, set()).add(k)
    LOSES.setdefault(pf, set()).add(k)


class Game:
    def __init__(self, knights="normal", battle=False):
        self.battle = battle
        extra = {"normal": (), "zebra": ("zebra",), "centaur": ("king",)}[knights]
        self.pieces = dict(PIECES)
        self.pieces["N"] = ((), ("knight",) + extra)
        # Reverse lookup for attacks: which types attack along each leap table / ray kind.
        self.leapers = {}
        self.riders = {"orth": set(), "diag": set()}
        for t, (rs, ls) in self.pieces.items():
            for l in ls:
                self.leapers.setdefault(l, set()).add(t)
            for r in rs:
                self.riders[r].add(t)

    # ---------------------------------------------------------------- attacks and check ----
    def attacked(self, board, s, by):
        """Is square s attacked by a piece of side `by`? (Pawns and Crabs capture diagonally
        forward; every other piece captures as it moves.)"""
        for l, types in self.leapers.items():
            for t in LEAP[l][s]:
                p = board[t]
                if p and p[0] == by and p[1] in types:
                    return True
        for kind in ("orth", "diag"):
            types = self.riders[kind]
            for ray in RAY[kind][s]:
                for t in ray:
                    p = board[t]
                    if p:
                        if p[0] == by and p[1] in types:
                            return True
                        break
        f, r = s % N, s // N
        r0 = r - FWD[by]                     # a Pawn of `by` on rank r0 attacks rank r
        if 0 <= r0 < N:
            for df in (-1, 1):
                if 0 <= f + df < N:
                    p = board[sq(f + df, r0)]
                    if p and p[0] == by and p[1] in PAWNS:
                        return True
        return False

    def in_check(self, board, side):
        for s in range(N * N):
            if board[s] == (side, "K"):
                if self.attacked(board, s, OTHER[side]):
                    return True
        return False

    # -------------------------------------------------------------------- pseudo moves ----
    def promotions(self, board, side):
        if side == "b" and ("b", "Q") not in board:
            return PROMO["b"] + ("Q",)
        return PROMO[side]

    def pawn_steps(self, board, side, s, typ):
        """Non-capturing single steps of a Pawn/Crab: straight, and a Crab's diagonals."""
        f, r = s % N, s // N
        r1 = r + FWD[side]
        if not 0 <= r1 < N:
            return []
        out = []
        for df in ((0, -1, 1) if typ == "Cr" else (0,)):
            if 0 <= f + df < N and board[sq(f + df, r1)] is None:
                out.append(sq(f + df, r1))
        return out

    def pseudo(self, pos):
        """Yield (move string, new position) for every move, before the check test."""
        board, side = pos.board, pos.side
        enemy = OTHER[side]
        for s in range(N * N):
            p = board[s]
            if not p or p[0] != side:
                continue
            typ = p[1]
            if typ in PAWNS:
                yield from self.pawn_moves(pos, s, typ)
                continue
            rs, ls = self.pieces[typ]
            for l in ls:
                for t in LEAP[l][s]:
                    q = board[t]
                    if q is None or q[0] == enemy:
                        yield name(s) + name(t), pos.after([(s, t, typ)], q is not None)
            for kind in rs:
                for ray in RAY[kind][s]:
                    for t in ray:
                        q = board[t]
                        if q is None:
                            yield name(s) + name(t), pos.after([(s, t, typ)], False)
                        else:
                            if q[0] == enemy:
                                yield name(s) + name(t), pos.after([(s, t, typ)], True)
                            break
            if typ == "K":
                yield from self.castlings(pos, s)

    def pawn_moves(self, pos, s, typ):
        board, side = pos.board, pos.side
        f, r = s % N, s // N
        fw = FWD[side]
        last = LAST_RANK[side]

        def emit(t, capture, ep_info=None, suffix=""):
            if t // N == last:
                for x in self.promotions(board, side):
                    yield name(s) + name(t) + "=" + x, pos.after([(s, t, x)], True)
            else:
                yield name(s) + name(t) + suffix, pos.after([(s, t, typ)], True, ep_info)

        # straight: 1, or 2 or 3 from the starting rank, over empty squares
        path = []
        for k in range(1, 4 if r == START_RANK[side] else 2):
            t = sq(f, r + k * fw) if 0 <= r + k * fw < N else None
            if t is None or board[t] is not None:
                break
            yield from emit(t, False, (tuple(path), t) if path else None)
            path.append(t)
        if not 0 <= r + fw < N:
            return
        for df in (-1, 1):
            if not 0 <= f + df < N:
                continue
            t = sq(f + df, r + fw)
            q = board[t]
            if q is None:
                if typ == "Cr":                       # the Crab's quiet diagonal step
                    yield from emit(t, False)
                if pos.ep and t in pos.ep[0]:         # en passant onto a passed square
                    victim = pos.ep[1]
                    yield (name(s) + name(t) + "ep",
                           pos.after([(s, t, typ)], True, None, remove=victim))
            elif q[0] != side:
                yield from emit(t, True)

    def castlings(self, pos, s):
        board, side = pos.board, pos.side
        for right in pos.castling:
            c, kf, kt, pf, pt, empty, passes, ptype = CASTLES[right]
            if c != side or s != kf or board[pf] != (side, ptype):
                continue
            if any(board[e] is not None for e in empty):
                continue
            if self.attacked(board, kf, OTHER[side]):
                continue
            if any(self.attacked(board, x, OTHER[side]) for x in passes):
                continue
            yield name(kf) + name(kt), pos.after([(kf, kt, "K"), (pf, pt, ptype)], False)

    def battle_moves(self, pos):
        """Once per game: two or more Pawns/Crabs one step each (straight, a Crab also
        diagonally), none capturing, onto squares empty before the move, distinct
        destinations, at most one promoting."""
        board, side = pos.board, pos.side
        units = []
        for s in sorted(range(N * N), key=lambda x: (x % N, x // N)):   # file, then rank
            p = board[s]
            if p and p[0] == side and p[1] in PAWNS:
                steps = self.pawn_steps(board, side, s, p[1])
                if steps:
                    units.append((s, p[1], steps))
        promos = self.promotions(board, side)
        last = LAST_RANK[side]
        out = []

        def rec(i, used, parts, promoted):
            if i == len(units):
                if len(parts) >= 2:
                    out.append(list(parts))
                return
            rec(i + 1, used, parts, promoted)
            s, typ, steps = units[i]
            for t in steps:
                if t in used:
                    continue
                used.add(t)
                if t // N == last:
                    if not promoted:
                        for x in promos:
                            parts.append((s, t, x, "=" + x))
                            rec(i + 1, used, parts, True)
                            parts.pop()
                else:
                    parts.append((s, t, typ, ""))
                    rec(i + 1, used, parts, promoted)
                    parts.pop()
                used.discard(t)

        rec(0, set(), [], False)
        for parts in out:
            text = "+".join(name(s) + name(t) + sfx for s, t, x, sfx in parts)
            yield text, pos.after([(s, t, x) for s, t, x, sfx in parts], True, battle=True)

    # -------------------------------------------------------------------- legal moves ----
    def legal(self, pos):
        """{move string: new position}; the game's end is decided by the caller (over())."""
        out = {}
        gen = list(self.pseudo(pos))
        if self.battle and not pos.battle_used[pos.side]:
            gen += list(self.battle_moves(pos))
        for m, np in gen:
            if not self.in_check(np.board, pos.side):
                out[m] = np
        return out

    def key(self, pos, legal):
        eps = tuple(sorted(m for m in legal if m.endswith("ep")))
        bu = tuple(sorted(pos.battle_used.items())) if self.battle else ()
        return (tuple(pos.board), pos.side, pos.castling, eps, bu)


class Pos:
    def __init__(self, board, side, castling, ep, half, full, battle_used):
        self.board, self.side, self.castling = board, side, castling
        self.ep = ep                # None or (passed squares, square of the advanced Pawn)
        self.half, self.full, self.battle_used = half, full, battle_used

    def after(self, parts, resets, ep_info=None, remove=None, battle=False):
        """The position after moving each (from, to, type) of parts; `resets` = a capture or a
        Pawn/Crab move (the fifty-move count starts again)."""
        b = list(self.board)
        side = self.side
        for s, t, x in parts:
            b[s] = None
        for s, t, x in parts:
            if b[t] is not None or self.board[t] is not None:
                resets = True
            b[t] = (side, x)
        if remove is not None:
            b[remove] = None
        lost = set()
        for s, t, x in parts:
            lost |= LOSES.get(s, set()) | LOSES.get(t, set())
        castling = "".join(c for c in self.castling if c not in lost)
        bu = dict(self.battle_used)
        if battle:
            bu[side] = 1
        return Pos(b, OTHER[side], castling, ep_info,
                   0 if resets else self.half + 1,
                   self.full + (1 if side == "b" else 0), bu)


def parse(text):
    if text in (None, "start"):
        text = START
    f = text.split()
    board = [None] * (N * N)
    rows = f[0].split("/")
    assert len(rows) == N, "11 ranks expected"
    for i, row in enumerate(rows):
        r = N - 1 - i
        c, j = 0, 0
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                c += int(row[j:k])
                j = k
                continue
            if ch == "(":
                k = row.index(")", j)
                code = row[j + 1:k]
                j = k + 1
            else:
                code = ch
                j += 1
            side = "w" if code[0].isupper() else "b"
            board[sq(c, r)] = (side, code[0].upper() + code[1:].lower())
            c += 1
        assert c == N, "rank of %d squares" % c
    side = f[1]
    castling = "" if f[2] == "-" else "".join(x for x in "KAkajb" if x in f[2])
    ep = None
    if f[5] != "-":
        passed = tuple(parse_sq(x) for x in (f[3], f[4]) if x != "-")
        ep = (passed, parse_sq(f[5]))
    bu = {"w": 0, "b": 0}
    for extra in f[8:]:
        if extra.startswith("battle-used="):
            w, b = extra.split("=")[1].split(",")
            bu = {"w": int(w), "b": int(b)}
    return Pos(board, side, castling, ep, int(f[6]), int(f[7]), bu)


def to_string(pos):
    """The position string (the format of the file header)."""
    rows = []
    for r in range(N - 1, -1, -1):
        row, run = "", 0
        for f in range(N):
            p = pos.board[sq(f, r)]
            if p is None:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            code = p[1] if p[0] == "w" else p[1].lower()
            row += code if len(code) == 1 else "(" + code + ")"
        rows.append(row + (str(run) if run else ""))
    ep = ["-", "-", "-"]
    if pos.ep:
        passed, pawn = pos.ep
        for i, x in enumerate(passed):
            ep[i] = name(x)
        ep[2] = name(pawn)
    out = "%s %s %s %s %d %d" % ("/".join(rows), pos.side, pos.castling or "-", " ".join(ep),
                                 pos.half, pos.full)
    if pos.battle_used["w"] or pos.battle_used["b"]:
        out += " battle-used=%d,%d" % (pos.battle_used["w"], pos.battle_used["b"])
    return out


class Play:
    """A game in progress: the position, the legal moves, the repetition history."""

    def __init__(self, game, pos):
        self.game, self.pos = game, pos
        self.seen = {}
        self._enter(pos)

    def _enter(self, pos):
        self.pos = pos
        self.legal = self.game.legal(pos)
        self.k = self.game.key(pos, self.legal)
        self.seen[self.k] = self.seen.get(self.k, 0) + 1
        self.count = self.seen[self.k]

    def moves(self):
        """The legal moves; none once the game is over."""
        if not self.legal or self.count >= 3 or self.pos.half >= 100:
            return {}
        return self.legal

    def play(self, m):
        ms = self.moves()
        if m not in ms:
            raise SystemExit("not a legal move: " + m)
        undo = (self.pos, self.legal, self.k, self.count)
        self._enter(ms[m])
        return undo

    def unplay(self, undo):
        self.seen[self.k] -= 1
        self.pos, self.legal, self.k, self.count = undo


def perft(game, play, depth):
    ms = play.moves()
    if depth == 1:
        return len(ms)
    n = 0
    for m in list(ms):
        undo = play.play(m)
        n += perft(game, play, depth - 1)
        play.unplay(undo)
    return n


def main(argv):
    knights, battle, rest = "normal", False, []
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--knights":
            knights = argv[i + 1]; i += 2
        elif a == "--battle-move":
            battle = True; i += 1
        elif a in ("-o", "--option"):
            o = argv[i + 1]; i += 2
            if o.startswith("knights="):
                knights = o.split("=")[1]
            elif o == "battle-move":
                battle = True
            else:
                raise SystemExit("unknown option " + o)
        else:
            rest.append(a); i += 1
    if not rest:
        raise SystemExit(__doc__)
    game = Game(knights, battle)
    if rest[0] == "moves":
        fen = rest[1] if len(rest) > 1 and "/" in rest[1] else None
        moves = rest[2:] if fen else rest[1:]
        if moves and moves[0] == "start":
            moves = moves[1:]
        play = Play(game, parse(fen))
        for m in moves:
            play.play(m)
        print("\n".join(sorted(play.moves())))
    elif rest[0] == "perft":
        depth = int(rest[1])
        fen = rest[2] if len(rest) > 2 else None
        for d in range(1, depth + 1):
            print(perft(game, Play(game, parse(fen)), d))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
