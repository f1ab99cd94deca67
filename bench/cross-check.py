#!/usr/bin/env python3
"""Cross-check boardvm against the independent reference move generators of the seed games.

For each game and each option setting its reference supports, play random games (from the
opening, and from random set-ups where the game's test tools have a generator) with the
reference, and at every ply compare the COMPLETE sorted legal move list of boardvm
(`boardvm moves RULES --fen START -o OPT --every-ply --moves M...`, one run per game) with the
reference's. Prints a table (games, plies played, positions compared, differences, seconds spent
in boardvm and in the reference per position, the longest move list) and, for each difference, the position, the move sequence and both
lists' differences. Exit status 1 if any difference was found.

Usage:
  cross-check.py [--games N] [--plies N] [--seed N] [--boardvm PATH] [--only GAME[:SETTING]]...
                 [--time-limit SECONDS]
GAME is four-towers, nemoroth, smegi, ivory-tower or spinal-tap; SETTING a label of the table
(`--only spinal-tap:zebra`, `--only four-towers:random`). --time-limit stops starting new games
of a setting after that many seconds (the table then shows how many were played).

boardvm is always given the game's first position and the whole move sequence, so its own
repetition rules see the game's history. The references of Four Towers and Storm the Ivory Tower
do not model repetition: their games stop before a position would occur for the third time (the
positions compared are unaffected). The reference generators are reused, not copied: ft-ref.py
and fuzz.py (random set-ups), nemoroth-ref.py and diff.py (scrambled set-ups, the known gap of
identical stacked pieces), smegi-ref.py, ivory-ref.py, spinal-tap-ref.py.
"""
import importlib.util
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")


def load(name, path):
    """Import a test tool by path (their names have dashes and they live in tests/)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(TESTS, path))
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(spec.origin))
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.path.pop(0)
    return mod


# ------------------------------------------------------------------------------ games ----
# Each game is a class with: RULES, SETTINGS (label -> (boardvm options, reference config,
# set-up kind)), and the methods new(config, setup, rng) -> (first position string, state),
# moves(state) -> sorted list of legal move strings (empty once the game is over),
# play(state, move) -> state, key(state) -> a repetition key when the reference does not model
# repetition (None otherwise), and choose(rng, moves) -> the move to play.

class FourTowers:
    RULES = "four-towers.rules"
    SETTINGS = {}
    for opt in ("", "lancer-sideways-capture", "fifty-move"):
        for setup in ("opening", "random"):
            label = (opt or "default") + ("" if setup == "opening" else "/random")
            SETTINGS[label] = ([opt] if opt else [], opt, setup)

    def __init__(self):
        self.fuzz = load("ft_fuzz", "four-towers/fuzz.py")
        self.ref = self.fuzz.ref

    def new(self, cfg, setup, rng):
        self.ref.OPTIONS.clear()
        if cfg:
            self.ref.OPTIONS.add(cfg)
        p = self.fuzz.random_setup(rng) if setup == "random" else self.ref.parse("start")
        return self.ref.to_string(p), p

    def moves(self, p):
        self.legal = self.ref.legal_moves(p)
        return sorted(self.legal)

    def play(self, p, m):
        return self.legal[m]

    def key(self, p):
        return p.key()

    def choose(self, rng, ms):
        # as fuzz.py: prefer the rarer kinds of move (rearrangements, returns, ...) now and then
        special = [k for k in ms if any(c in k for c in ":>~@+&")]
        return rng.choice(special) if special and rng.random() < 0.4 else rng.choice(ms)


class Nemoroth:
    RULES = "nemoroth.rules"
    SETTINGS = {}
    for label, opt, cfg in (("default", [], (10, False)),
                            ("ichor-plies=5", ["ichor-plies=5"], (5, False)),
                            ("scream-moves=clockwise", ["scream-moves=clockwise"], (10, True))):
        SETTINGS[label] = (opt, cfg, "opening")
        SETTINGS[label + "/scrambled"] = (opt, cfg, "scrambled")

    def __init__(self):
        self.diff = load("nem_diff", "nemoroth/diff.py")
        self.ref = self.diff.ref

    def new(self, cfg, setup, rng):
        self.game = self.ref.Game(*cfg)
        st = self.diff.scrambled(rng) if setup == "scrambled" else self.ref.parse(self.ref.START)
        return self.ref.unparse(st), st

    def moves(self, st):
        self.legal = dict(self.game.legal_moves(st))
        return sorted(self.legal)

    def play(self, st, m):
        return self.legal[m]

    def key(self, st):
        return None                   # the reference keeps the history (no repetition allowed)

    def choose(self, rng, ms):
        return rng.choice(ms)

    def known_gap(self, theirs, mine):
        """diff.py's known gap: two identical pieces stacked on one square each generate the
        same moves in boardvm (listed twice); such a game stops there."""
        return theirs != mine and self.diff.known_gap(theirs) == mine


class Smegi:
    RULES = "smegi.rules"
    SETTINGS = {"default": ([], False, "opening"),
                "smess-promotion": (["smess-promotion"], True, "opening")}
    START = "1ubu1/nnnnn/5/5/5/5/NNNNN/1UBU1 b -"

    def __init__(self):
        self.ref = load("smegi_ref", "smegi/smegi-ref.py")

    def new(self, cfg, setup, rng):
        self.promo = cfg
        board, side, hand = self.ref.parse(self.START)
        return self.START, (board, side, hand, [self.ref.key(board, side, hand)])

    def moves(self, st):
        board, side, hand, hist = st
        res, legal = self.ref.result(board, side, hand, self.promo, hist)
        self.legal = {self.ref.mstr(board, m): (b, h) for m, b, h in legal}
        return sorted(self.legal) if res == "none" else []

    def play(self, st, m):
        board, side, hand, hist = st
        b, h = self.legal[m]
        other = "R" if side == "B" else "B"
        return (b, other, h, hist + [self.ref.key(b, other, h)])

    def key(self, st):
        return None                   # the reference counts repetitions itself

    def choose(self, rng, ms):
        return rng.choice(ms)


class IvoryTower:
    RULES = "ivory-tower.rules"
    SETTINGS = {"default": ([], (False, False), "opening"),
                "korean": (["korean"], (True, False), "opening"),
                "repetition=zillions": (["repetition=zillions"], (False, True), "opening"),
                "korean,zillions": (["korean", "repetition=zillions"], (True, True), "opening")}
    STARTS = {False: "uydtbtdyu/9/1c5c1/n1n1n1n1n/9/9/N1N1N1N1N/1C5C1/9/UYDTBTDYU r -",
              True: "uydt1tdyu/4b4/1c5c1/n1n1n1n1n/9/9/N1N1N1N1N/1C5C1/4B4/UYDT1TDYU r -"}

    def __init__(self):
        self.ref = load("ivory_ref", "ivory-tower/ivory-ref.py")
        board = os.path.join(ROOT, "..", "shared", "reference", "boards", "ivory-tower.txt")
        if not os.path.exists(board):
            board = "/work/shared/reference/boards/ivory-tower.txt"
        self.ref.load_board(board)

    def new(self, cfg, setup, rng):
        korean, zillions = cfg
        fen = self.STARTS[korean]
        return fen, self.ref.Pos(fen, korean, zillions)

    def moves(self, pos):
        return sorted(m for m, *_ in pos.legal_moves())

    def play(self, pos, m):
        pos.play(m)
        return pos

    def key(self, pos):
        # everything but the pieces' identities: owner, type and check counter per square
        return (tuple(sorted((s, p[0], p[1], p[2]) for s, p in pos.board.items())),
                pos.turn, tuple(tuple(sorted(x.items())) for x in pos.pool))

    def choose(self, rng, ms):
        return rng.choice(ms)


class SpinalTap:
    RULES = "spinal-tap.rules"
    SETTINGS = {"default": ([], ("normal", False), "opening"),
                "knights=zebra": (["knights=zebra"], ("zebra", False), "opening"),
                "knights=centaur": (["knights=centaur"], ("centaur", False), "opening"),
                "battle-move": (["battle-move"], ("normal", True), "opening"),
                "default/random": ([], ("normal", False), "random"),
                "knights=zebra/random": (["knights=zebra"], ("zebra", False), "random"),
                "knights=centaur/random": (["knights=centaur"], ("centaur", False), "random"),
                "battle-move/random": (["battle-move"], ("normal", True), "random")}

    def __init__(self):
        self.ref = load("st_ref", "spinal-tap/spinal-tap-ref.py")

    def new(self, cfg, setup, rng):
        game = self.ref.Game(*cfg)
        self.setup = setup
        pos = self.random_setup(game, rng) if setup == "random" else self.ref.parse(None)
        return self.ref.to_string(pos), self.ref.Play(game, pos)

    def random_setup(self, game, rng):
        """A random position that games from the opening rarely reach: Pawns and Crabs next to
        promotion and on their starting ranks, castling rights where King and partner stand,
        an en passant right, a fifty-move count near 100, a used battle move."""
        ref = self.ref
        while True:
            board = [None] * (ref.N * ref.N)
            empty = lambda f, r: board[ref.sq(f, r)] is None

            def put(side, typ, f, r):
                if empty(f, r):
                    board[ref.sq(f, r)] = (side, typ)
                    return True
                return False
            if rng.random() < 0.4:    # Kings at home, partners maybe too
                put("w", "K", 5, 0); put("b", "K", 5, 10)
                for side, typ, f, r in (("w", "R", 0, 0), ("w", "R", 10, 0), ("b", "R", 0, 10),
                                        ("b", "R", 10, 10), ("b", "S", 1, 10), ("b", "S", 9, 10)):
                    if rng.random() < 0.6:
                        put(side, typ, f, r)
            for side in "wb":
                while not any(p == (side, "K") for p in board):
                    put(side, "K", rng.randrange(11), rng.randrange(11))
            kinds = {"w": "QAMrCRBNPPPP", "b": "QRSVWMPPPCrCr"}
            for i in range(rng.randint(3, 14)):
                side = rng.choice("wb")
                typ = rng.choice(["Mr", "Cr"] + list(kinds[side].replace("Mr", "").replace("Cr", "")))
                if typ == "Mr" and side == "b" or typ == "Cr" and side == "w":
                    typ = "P"
                if typ in ("P", "Cr"):
                    # near promotion, on the starting rank, or anywhere between
                    r = rng.choice([ref.LAST_RANK[side] - ref.FWD[side], ref.START_RANK[side],
                                    rng.randint(1, 9)])
                else:
                    r = rng.randrange(11)
                if typ == "Q" and side == "b" and ("b", "Q") in board:
                    continue
                put(side, typ, rng.randrange(11), r)
            turn = rng.choice("wb")
            rights = ""
            for right, (c, kf, kt, pf, pt, e, ps, t) in ref.CASTLES.items():
                if board[kf] == (c, "K") and board[pf] == (c, t) and rng.random() < 0.8:
                    rights += right
            pos = ref.Pos(board, turn, rights, None, 0, 30, {"w": 0, "b": 0})
            # an en passant right: a Pawn/Crab of the side not to move that could just have
            # advanced 2 or 3 squares (its start square and the passed squares empty)
            mover = ref.OTHER[turn]
            if rng.random() < 0.5:    # a Pawn/Crab that may just have advanced 2 or 3 squares
                f, k = rng.randrange(ref.N), rng.choice((2, 3))
                r0 = ref.START_RANK[mover]
                if all(empty(f, r0 + j * ref.FWD[mover]) for j in range(k)):
                    put(mover, rng.choice(["P", "Cr"] if mover == "b" else ["P"]),
                        f, r0 + k * ref.FWD[mover])
            cands = []
            for s, p in enumerate(board):
                if p and p[0] == mover and p[1] in ref.PAWNS:
                    f, r = s % ref.N, s // ref.N
                    for k in (2, 3):
                        r0 = r - k * ref.FWD[mover]
                        if r0 == ref.START_RANK[mover] and all(
                                empty(f, r0 + j * ref.FWD[mover]) for j in range(k)):
                            cands.append((tuple(ref.sq(f, r0 + j * ref.FWD[mover])
                                                for j in range(1, k)), s))
            if cands and rng.random() < 0.7:
                pos.ep = rng.choice(cands)
                # and mostly a Pawn/Crab of the side to move that can take it en passant
                x = rng.choice(pos.ep[0])
                f, r = x % ref.N + rng.choice((-1, 1)), x // ref.N - ref.FWD[turn]
                if rng.random() < 0.8 and 0 <= f < ref.N and 0 <= r < ref.N:
                    put(turn, rng.choice(["P", "Cr"] if turn == "b" else ["P"]), f, r)
            if rng.random() < 0.2:
                pos.half = rng.randint(95, 99)
            if game.battle and rng.random() < 0.2:
                pos.battle_used[rng.choice("wb")] = 1
            if game.in_check(board, mover):
                continue              # the side that just moved may not stand in check
            return pos

    def moves(self, play):
        return sorted(play.moves())

    def play(self, play, m):
        play.play(m)
        return play

    def key(self, play):
        return None

    def choose(self, rng, ms):
        if self.setup == "random":
            # from a random set-up, play the rarer moves (promotions, en passant, castling,
            # 2- and 3-square advances) often, so that positions after them are compared too
            rare = [m for m in ms if "=" in m or m.endswith("ep") or self.long_step(m)]
            if rare and rng.random() < 0.5:
                return rng.choice(rare)
        # battle moves can outnumber the others a hundred to one: play one now and then only
        plain = [m for m in ms if "+" not in m]
        if plain and (len(plain) == len(ms) or rng.random() < 0.9):
            return rng.choice(plain)
        return rng.choice(ms)


    @staticmethod
    def long_step(m):
        """A move of 2 or more squares along a file or rank (Pawn advances, castling, and
        some slides)."""
        if "+" in m or "=" in m:
            return False
        a = m[:2] if m[2].isalpha() else m[:3]
        rest = m[len(a):]
        try:
            fa, ra, fb, rb = a[0], int(a[1:]), rest[0], int(rest[1:].rstrip("ep") or 0)
        except (ValueError, IndexError):
            return False
        return (fa == fb and abs(ra - rb) >= 2) or (ra == rb and abs(ord(fa) - ord(fb)) >= 3)


GAMES = {"four-towers": FourTowers, "nemoroth": Nemoroth, "smegi": Smegi,
         "ivory-tower": IvoryTower, "spinal-tap": SpinalTap}


# --------------------------------------------------------------------------- boardvm ----

def boardvm_every_ply(bvm, rules, fen, opts, hist):
    """The legal move lists of boardvm at every position of the game, in one run
    (`moves --every-ply`): a list of sorted lists, and boardvm's error message if it stopped."""
    cmd = [bvm, "moves", rules, "--fen", fen, "--every-ply"]
    for o in opts:
        cmd += ["-o", o]
    if hist:
        cmd += ["--moves"] + hist
    r = subprocess.run(cmd, capture_output=True, text=True)
    lines = [sorted(l.split()) for l in r.stdout.split("\n")[:r.stdout.count("\n")]]
    return lines, (r.stderr.strip() if r.returncode != 0 else None)


# ---------------------------------------------------------------------------- driver ----

def report(out, gname, label, gno, ply, fen, opts, hist, theirs, mine, err):
    print("DIFFERENCE %s [%s] game %d ply %d" % (gname, label, gno, ply), file=out)
    print("  first position: %s" % fen, file=out)
    print("  options: %s" % (" ".join(opts) or "-"), file=out)
    print("  moves: %s" % " ".join(hist[:ply]), file=out)
    if theirs is None:
        print("  boardvm error: %s" % err, file=out)
    else:
        a, b = set(theirs), set(mine)
        print("  boardvm only (%d): %s" % (len(a - b), " ".join(sorted(a - b)[:40])), file=out)
        print("  reference only (%d): %s" % (len(b - a), " ".join(sorted(b - a)[:40])), file=out)
        if len(theirs) != len(a):
            print("  boardvm lists a move twice: %s" % " ".join(sorted(
                {m for m in theirs if theirs.count(m) > 1})[:10]), file=out)
    out.flush()


def run_setting(bvm, gname, g, label, args, out):
    opts, cfg, setup = g.SETTINGS[label]
    rules = os.path.join(ROOT, "rules", g.RULES)
    rng = random.Random("%s:%s:%d" % (gname, label, args.seed))
    row = dict(games=0, plies=0, positions=0, diffs=0, gap=0, tb=0.0, tr=0.0, maxmoves=0)
    t0 = time.time()
    for gno in range(args.games):
        if args.time_limit and time.time() - t0 > args.time_limit:
            break
        row["games"] += 1
        # the reference plays the game and lists the moves of every position ...
        t = time.time()
        fen, st = g.new(cfg, setup, rng)
        hist, seen, lists = [], {}, []
        for ply in range(args.plies + 1):
            k = g.key(st)
            if k is not None:
                seen[k] = seen.get(k, 0) + 1
                if seen[k] >= 3:      # the reference does not know this draw: stop before it
                    break
            mine = g.moves(st)
            lists.append(mine)
            if not mine or ply == args.plies:
                break
            m = g.choose(rng, mine)
            st = g.play(st, m)
            hist.append(m)
        hist = hist[:len(lists) - 1]
        row["tr"] += time.time() - t
        # ... and boardvm lists them all in one run
        t = time.time()
        theirs_all, err = boardvm_every_ply(bvm, rules, fen, opts, hist)
        row["tb"] += time.time() - t
        for ply, mine in enumerate(lists):
            theirs = theirs_all[ply] if ply < len(theirs_all) else None
            row["positions"] += 1
            row["maxmoves"] = max(row["maxmoves"], len(mine))
            if theirs is not None and hasattr(g, "known_gap") and g.known_gap(theirs, mine):
                row["gap"] += 1       # diff.py's known gap: boardvm cannot go on past it
                break
            if theirs != mine:
                row["diffs"] += 1
                report(out, gname, label, gno, ply, fen, opts, hist, theirs, mine, err)
                break
            if ply > 0:
                row["plies"] += 1
    row["secs"] = time.time() - t0
    return row


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--boardvm", default=os.path.join(ROOT, "boardvm"))
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--time-limit", type=float, default=0)
    args = ap.parse_args(argv[1:])
    todo = []
    for gname, cls in GAMES.items():
        for label in cls.SETTINGS:
            if not args.only or any(o == gname or o == gname + ":" + label for o in args.only):
                todo.append((gname, label))
    if not todo:
        raise SystemExit("nothing matches --only " + " ".join(args.only))
    print("%-12s %-32s %6s %6s %9s %5s %5s %8s %8s %6s" % (
        "game", "setting", "games", "plies", "positions", "diffs", "gap", "bvm s/p",
        "ref s/p", "max"))
    sys.stdout.flush()
    total = 0
    objs = {}
    for gname, label in todo:
        g = objs.setdefault(gname, GAMES[gname]())
        r = run_setting(args.boardvm, gname, g, label, args, sys.stdout)
        total += r["diffs"]
        n = max(r["positions"], 1)
        print("%-12s %-32s %6d %6d %9d %5d %5d %8.4f %8.4f %6d" % (
            gname, label, r["games"], r["plies"], r["positions"], r["diffs"], r["gap"],
            r["tb"] / n, r["tr"] / n, r["maxmoves"]))
        sys.stdout.flush()
    print("%d difference%s" % (total, "" if total == 1 else "s"))
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
