#!/usr/bin/env python3
"""Compare boardvm (rules/four-towers.rules) with the independent reference ft-ref.py on random
games: at every position both must list the same legal moves (the same canonical strings).

Usage: fuzz.py BOARDVM RULES [--games N] [--plies N] [--seed N] [--random-setup | --fen POS]
       [--option NAME]... [--log]
--random-setup starts each game from a random position with pieces on the towers (kings not in
check for the side not to move) instead of the opening; --fen starts every game from POS (a
position string of the rules file, e.g. one reached in play); --log prints every ply compared
and the move played.
"""
import importlib.util
import os
import random
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("ftref", os.path.join(here, "ft-ref.py"))
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)


def boardvm_moves(bvm, rules, fen, opts):
    cmd = [bvm, "moves", rules, "--fen", fen]
    for o in opts:
        cmd += ["--option", o]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip()
    return sorted(r.stdout.split()), None


def random_setup(rng):
    while True:
        board = {}
        sqs = list(ref.SQUARES)
        rng.shuffle(sqs)
        kw, kb = sqs.pop(), sqs.pop()
        board[kw] = ("K", "w")
        board[kb] = ("K", "b")
        towers = list(ref.TOWERS)
        for t in towers:
            if t in board or rng.random() < 0.3:
                continue
            board[t] = (rng.choice("QRBNMCWDPLK" if False else "QRBNMCWDPL"), rng.choice("wb"))
        n = rng.randint(2, 9)
        for q in sqs:
            if n == 0:
                break
            if q in board or q in ref.TOWERS:
                continue
            ty = rng.choice("QRBNMCWDPPLL")
            col = rng.choice("wb")
            if ty in "PL" and q in ref.PROMO[col]:
                continue
            board[q] = (ty, col)
            n -= 1
        turn = rng.choice("wb")
        last = {"w": frozenset(rng.sample("RBNK", rng.randint(0, 2))),
                "b": frozenset(rng.sample("RBNK", rng.randint(0, 2)))}
        p = ref.Pos(board, turn, last, frozenset(), None, 0)
        if ref.in_check(p, ref.other(turn)) and not ref.queen_safe(p, ref.other(turn)):
            continue
        return p


def main(argv):
    bvm, rules = argv[1], argv[2]
    games, plies, seed, rsetup, opts, start, log = 20, 40, 1, False, [], "start", False
    i = 3
    while i < len(argv):
        a = argv[i]
        if a == "--games":
            games = int(argv[i + 1]); i += 2
        elif a == "--plies":
            plies = int(argv[i + 1]); i += 2
        elif a == "--seed":
            seed = int(argv[i + 1]); i += 2
        elif a == "--log":
            log = True; i += 1
        elif a == "--fen":
            start = argv[i + 1]; i += 2
        elif a == "--random-setup":
            rsetup = True; i += 1
        elif a == "--option":
            opts.append(argv[i + 1]); i += 2
        else:
            raise SystemExit(__doc__)
    for o in opts:
        ref.OPTIONS.add(o)
    rng = random.Random(seed)
    positions = diffs = 0
    for gno in range(games):
        p = random_setup(rng) if rsetup else ref.parse(start)
        for ply in range(plies):
            fen = ref.to_string(p)
            ms = ref.legal_moves(p)
            mine = sorted(ms)
            theirs, err = boardvm_moves(bvm, rules, fen, opts)
            positions += 1
            if theirs != mine:
                diffs += 1
                print("DIFF game %d ply %d: %s" % (gno, ply, fen))
                if err:
                    print("  boardvm error:", err)
                else:
                    a, b = set(theirs), set(mine)
                    print("  boardvm only:", " ".join(sorted(a - b)[:30]))
                    print("  reference only:", " ".join(sorted(b - a)[:30]))
                break
            if not ms:
                break
            # prefer the rarer kinds of move now and then
            keys = sorted(ms)
            special = [k for k in keys if any(c in k for c in ":>~@+&")]
            m = rng.choice(special) if special and rng.random() < 0.4 else rng.choice(keys)
            if log:
                print("game %d ply %d: %d moves agree; played %s" % (gno, ply, len(ms), m), flush=True)
            p = ms[m]
    print("%d positions, %d differences" % (positions, diffs))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
