#!/usr/bin/env python3
"""bench/diff-builds.py - two boardvm builds must list the same moves in every position.

Usage: bench/diff-builds.py OLD NEW [--games N] [--plies N] [--seed N] [--only g1,g2]

Plays random games (NEW picks the moves) of every shipped and example game, from its start
position, and at every ply compares the complete move lists of the two builds, and the result
when the game ends. Each build reads the rules files of its own source tree when it sits in one
(as bench/compare.py does). A speed change to the runtime must leave every list as it was: this
is the quick check of that, beside the test suite and bench/perft-deep.sh. Exit status 1 on a
difference (printed with the moves that lead to it).
"""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import GAMES as COMPARE_GAMES, rules_for   # one list of games, one rule for their files

GAMES = [rules for _, rules, _, _ in COMPARE_GAMES]


def moves(binary, rules, played):
    r = subprocess.run([binary, "moves", rules_for(binary, rules), "--moves"] + played,
                       capture_output=True, text=True)
    return r.returncode, sorted(r.stdout.split()), r.stderr.strip()


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    old, new = argv[1], argv[2]
    games, plies, seed, only = 5, 30, 1, None
    i = 3
    while i < len(argv):
        if argv[i] == "--games":
            games = int(argv[i + 1]); i += 2
        elif argv[i] == "--plies":
            plies = int(argv[i + 1]); i += 2
        elif argv[i] == "--seed":
            seed = int(argv[i + 1]); i += 2
        elif argv[i] == "--only":
            only = argv[i + 1].split(","); i += 2
        else:
            raise SystemExit(__doc__)
    rng = random.Random(seed)
    bad = 0
    for rules in GAMES:
        name = os.path.basename(rules)[:-6]
        if only and name not in only:
            continue
        positions = 0
        for g in range(games):
            played = []
            for ply in range(plies):
                so, lo, eo = moves(old, rules, played)
                sn, ln, en = moves(new, rules, played)
                positions += 1
                if (so, lo, eo.split(":")[-1]) != (sn, ln, en.split(":")[-1]):
                    bad = 1
                    print("DIFF %s game %d ply %d after: %s" % (name, g, ply, " ".join(played)))
                    print("  old only:", " ".join(sorted(set(lo) - set(ln))[:20]), eo[:200])
                    print("  new only:", " ".join(sorted(set(ln) - set(lo))[:20]), en[:200])
                    break
                if not ln:
                    break
                played.append(rng.choice(ln))
        print("%-12s %d games, %d positions compared" % (name, games, positions), flush=True)
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
