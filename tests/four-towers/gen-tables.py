#!/usr/bin/env python3
"""Generate the board tables of rules/four-towers.rules from the rulings' §1 (board model).

The output is pasted between the `# BEGIN generated` / `# END generated` lines of the rules
file. Everything here follows shared/rulings/four-towers.md §1.3 (arenas, local coordinates),
§1.4 (towers and their blocks) and §2 R41 (the realignment table). Run: python3 gen-tables.py
"""

FILES = "abcdefghijk"


def name(x, y):  # x = 0..10 (file a..k), y = 1..11 (rank)
    return f"{FILES[x]}{y}"


# Arena (c, r): files 3c+r .. 3c+r+2 (a = 0), ranks 3+3r-c .. 5+3r-c (rulings §1.3)
def arena_squares(c, r):
    return [(3 * c + r + lx, 3 + 3 * r - c + ly) for ly in range(3) for lx in range(3)]


ARENA = {}        # square -> (c, r)
for c in range(3):
    for r in range(3):
        for sq in arena_squares(c, r):
            ARENA[sq] = (c, r)
TOWERS = {(3, 5): (0, 0), (6, 4): (1, 0), (4, 8): (0, 1), (7, 7): (1, 1)}   # d5 g4 e8 h7: corner
SQUARES = set(ARENA) | set(TOWERS)
assert len(SQUARES) == 85


def num(c, r):
    return 3 * r + c + 1


def local(sq):
    c, r = ARENA[sq]
    return sq[0] - (3 * c + r), sq[1] - (3 + 3 * r - c)


def block(t):
    tc, tr = TOWERS[t]
    return {(tc, tr), (tc + 1, tr), (tc, tr + 1), (tc + 1, tr + 1)}


def towers_of_pair(a, b):
    """Towers whose 2x2 block holds both arenas."""
    out = []
    for t, (tc, tr) in TOWERS.items():
        blk = {(tc, tr), (tc + 1, tr), (tc, tr + 1), (tc + 1, tr + 1)}
        if a in blk and b in blk:
            out.append(t)
    return out


DIRS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
# arena grid direction of each board direction: right = c+1, up = r+1
AGRID = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}

realign = {d: {} for d in DIRS}     # square -> (target, [towers])
for sq in ARENA:
    c, r = ARENA[sq]
    x, y = local(sq)
    for d, (dx, dy) in DIRS.items():
        # does the step leave the arena?
        nx, ny = x + dx, y + dy
        if 0 <= nx <= 2 and 0 <= ny <= 2:
            continue
        gc, gr = AGRID[d]
        b = (c + gc, r + gr)
        if not (0 <= b[0] <= 2 and 0 <= b[1] <= 2):
            continue
        ts = towers_of_pair((c, r), b)
        if not ts:
            continue
        lx2, ly2 = (x + dx) % 3, (y + dy) % 3
        bsq = arena_squares(*b)[3 * ly2 + lx2]
        realign[d][sq] = (bsq, ts)


def sqname(s):
    return name(*s)


def rank_order(sqs):
    return sorted(sqs, key=lambda s: (s[1], s[0]))


def emit():
    out = []
    # squares, by rank
    rows = {}
    for (x, y) in SQUARES:
        rows.setdefault(y, []).append(x)
    parts = []
    for y in sorted(rows):
        xs = sorted(rows[y])
        assert xs == list(range(xs[0], xs[-1] + 1))
        parts.append(f"{name(xs[0], y)}..{name(xs[-1], y)}")
    out.append("squares " + " ".join(parts) + ";")
    roman = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
    for k in range(1, 10):
        c, r = (k - 1) % 3, (k - 1) // 3
        sqs = arena_squares(c, r)
        lo, hi = sqs[0], sqs[-1]
        out.append(f"zone arena-{roman[k-1]} = {sqname(lo)}..{sqname(hi)};")
    for t, (tc, tr) in TOWERS.items():
        blk = [(tc, tr), (tc + 1, tr), (tc, tr + 1), (tc + 1, tr + 1)]
        items = []
        for (c, r) in blk:
            sqs = arena_squares(c, r)
            items.append(f"{sqname(sqs[0])}..{sqname(sqs[-1])}")
        out.append(f"zone block-{sqname(t)} = " + " ".join(items) + ";")
    # arena number, arena flag
    ent = []
    for k in range(1, 10):
        c, r = (k - 1) % 3, (k - 1) // 3
        sqs = arena_squares(c, r)
        ent.append(f"{sqname(sqs[0])}..{sqname(sqs[-1])}: {k};")
    out.append("attribute arena: int { " + " ".join(ent) + " }")
    ent = []
    for k in range(1, 10):
        c, r = (k - 1) % 3, (k - 1) // 3
        sqs = arena_squares(c, r)
        ent.append(f"{sqname(sqs[0])}..{sqname(sqs[-1])}: A{k};")
    out.append("attribute arena-flag: arena-set { " + " ".join(ent) + " }")
    # the towers whose block holds each arena square
    tname = {(3, 5): "TD5", (6, 4): "TG4", (4, 8): "TE8", (7, 7): "TH7"}
    ent = []
    for k in range(1, 10):
        c, r = (k - 1) % 3, (k - 1) // 3
        sqs = arena_squares(c, r)
        ts = [tname[t] for t in TOWERS if (c, r) in block(t)]
        ent.append(f"{sqname(sqs[0])}..{sqname(sqs[-1])}: {' '.join(ts)};")
    out.append("attribute blk-towers: tower-set { " + " ".join(ent) + " }")
    # realignment tables
    for d in "nesw":
        tgt = []
        k1 = []
        k2 = []
        for sq in rank_order(realign[d]):
            b, ts = realign[d][sq]
            tgt.append(f"{sqname(sq)}: {sqname(b)};")
            k1.append(f"{sqname(sq)}: {sqname(ts[0])};")
            if len(ts) > 1:
                k2.append(f"{sqname(sq)}: {sqname(ts[1])};")
        out.append(f"attribute ra-{d}: square {{ " + " ".join(tgt) + " }")
        out.append(f"attribute rk1-{d}: square {{ " + " ".join(k1) + " }")
        out.append(f"attribute rk2-{d}: square {{ " + " ".join(k2) + " }")
    return out


if __name__ == "__main__":
    for line in emit():
        # wrap long lines at entries
        if len(line) <= 100:
            print(line)
            continue
        head, _, body = line.partition("{ ")
        if not body:
            print(line)
            continue
        body = body.rstrip(" }")
        ents = [e.strip() + ";" for e in body.split(";") if e.strip()]
        print(head + "{")
        cur = "  "
        for e in ents:
            if len(cur) + len(e) + 1 > 100:
                print(cur.rstrip())
                cur = "  "
            cur += e + " "
        if cur.strip():
            print(cur.rstrip())
        print("}")
