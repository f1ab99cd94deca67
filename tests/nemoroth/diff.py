#!/usr/bin/env python3
"""Differential test: random games played by nemoroth-ref.py (an independent implementation of
the rulings' formal model), and at every position the legal moves of boardvm compared with the
reference's.

  diff.py BOARDVM GAMES [SEED] [--plies N] [--scrambled] [--ichor-plies 5] [--clockwise]

--scrambled starts each game from a random position (stacks, statues, digesting Leaf Piles,
Mummies, ichor, promoted Zombies) instead of the start position. Prints each difference with
the position string and the moves that led to it; exit status 1 if there was one.
"""
import importlib.util
import os
import random
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('ref', os.path.join(here, 'nemoroth-ref.py'))
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)
RULES = os.path.join(here, '..', '..', 'rules', 'nemoroth.rules')


def scrambled(rng):
    """A random position: each piece of the start somewhere, some petrified, some stacked."""
    st = ref.State()
    squares = [(f, r) for f in range(8) for r in range(8)]
    kinds = 'BGLLAAWWHHHHHHHH'
    for side in 'ao':
        for k in kinds:
            if rng.random() < 0.35:
                continue
            t = k
            if k == 'H' and rng.random() < 0.15:
                t = 'Z'
            sq = rng.choice(squares)
            p = ref.Piece(t, side)
            if t != 'Z' and rng.random() < 0.15:
                p.statue = True
            if t == 'L' and not p.statue and rng.random() < 0.4:
                p.dig = True
            there = st.board.setdefault(sq, [])
            # a Leaf Pile is always alone (R38): put it on an empty square
            if t == 'L' or any(q.t == 'L' for q in there):
                sq = rng.choice([s for s in squares if not st.board.get(s)])
                there = st.board.setdefault(sq, [])
            elif there and rng.random() < 0.6:
                sq = rng.choice([s for s in squares if not st.board.get(s)])
                there = st.board.setdefault(sq, [])
            there.append(p)
    for i in range(rng.randint(0, 4)):
        sq = rng.choice(squares)
        if not any(q.t == 'L' for q in st.board.get(sq, [])):
            st.board.setdefault(sq, []).append(ref.Piece('M', None))
    for i in range(rng.randint(0, 6)):
        sq = rng.choice(squares)
        st.ichor[sq] = rng.randint(1, 10)
    st.board = {k: v for k, v in st.board.items() if v}
    st.side = rng.choice('ao')
    # respect the invariant that no mobile piece stands where a Basilisk looks
    game = ref.Game()
    game.petrify(st)
    # a Zombie on ichor would have destroyed it
    for sq in list(st.ichor):
        if any(q.t == 'Z' for q in st.board.get(sq, [])):
            del st.ichor[sq]
    st.history = [st.key()]
    return st


def known_gap(theirs):
    """boardvm's list with the duplicates made by two identical pieces on one square merged.
    Such pieces each run their program and generate the same moves (a program cannot tell which
    layer of the stack it runs for); `qualify before` then writes the piece letter on both."""
    out = []
    for m in theirs:
        if theirs.count(m) > 1:
            if m in out or (m[0].isalpha() and m[0].isupper() and m[1:] in out):
                continue
            if m[0].isupper() and m[1:2].islower() and m[2:3].isdigit():
                m = m[1:]
        out.append(m)
    return sorted(out)


def boardvm_moves(bvm, fen, hist, opts):
    cmd = [bvm, 'moves', RULES, '--fen', fen] + opts
    if hist:
        cmd += ['--moves'] + hist
    r = subprocess.run(cmd, capture_output=True, text=True)
    out = r.stdout.split()
    if r.returncode != 0 and 'game is over' not in r.stderr:
        return None, r.stderr.strip()
    return sorted(out), r.stderr.strip()


def main(argv):
    bvm = argv[1]
    games = int(argv[2])
    seed = int(argv[3]) if len(argv) > 3 and not argv[3].startswith('--') else 1
    plies, scr, opts = 60, False, []
    plies_ichor, clockwise = 10, False
    i = 3
    while i < len(argv):
        if argv[i] == '--plies':
            plies = int(argv[i + 1]); i += 1
        elif argv[i] == '--scrambled':
            scr = True
        elif argv[i] == '--ichor-plies':
            plies_ichor = int(argv[i + 1]); opts += ['-o', 'ichor-plies=' + argv[i + 1]]; i += 1
        elif argv[i] == '--clockwise':
            clockwise = True; opts += ['-o', 'scream-moves=clockwise']
        i += 1
    game = ref.Game(plies_ichor, clockwise)
    rng = random.Random(seed)
    bad = 0
    known = 0
    positions = 0
    for g in range(games):
        st = scrambled(rng) if scr else ref.parse(ref.START)
        fen = ref.unparse(st)
        hist = []
        for ply in range(plies):
            ms = game.legal_moves(st)
            mine = sorted(s for s, ns in ms)
            theirs, err = boardvm_moves(bvm, fen, hist, opts)
            positions += 1
            if theirs is not None and theirs != mine and known_gap(theirs) == mine:
                known += 1                    # identical pieces on one square (see below)
                break                         # its move strings cannot be replayed
            elif theirs != mine:
                bad += 1
                print('DIFFERENCE game %d ply %d' % (g, ply))
                print('  fen:', fen)
                print('  moves:', ' '.join(hist))
                print('  position:', ref.unparse(st))
                if theirs is None:
                    print('  boardvm error:', err)
                else:
                    print('  only boardvm:', ' '.join(sorted(set(theirs) - set(mine))), [m for m in theirs if theirs.count(m) > 1][:4])
                    print('  only ref:    ', ' '.join(sorted(set(mine) - set(theirs))))
                break
            if not ms:
                break
            s, st = rng.choice(ms)
            hist.append(s)
    print('%d positions compared, %d differences, %d with identical pieces stacked (known gap)'
          % (positions, bad, known))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
