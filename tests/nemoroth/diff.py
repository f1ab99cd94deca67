#!/usr/bin/env python3
"""Differential test: random games played by nemoroth-ref.py (an independent implementation of
the rulings' formal model), and at every position the legal moves of boardvm compared with the
reference's.

  diff.py BOARDVM GAMES [SEED] [--plies N] [--scrambled | --crowded] [--ichor-plies 5]
          [--clockwise]

--scrambled starts each game from a random position (stacks, statues, digesting Leaf Piles,
Mummies, ichor, promoted Zombies) instead of the start position. --crowded starts from such a
position in which a Go Away of the side to move has 4 to 8 occupied neighbours, most often with
a Basilisk among them or a Leaf Pile about to be pushed onto one: the screams whose push orders
give several outcomes (boardvm skips the orders that cannot be the smallest of their outcome;
the reference tries them all). Prints each difference with
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


def crowded(rng):
    """A scrambled position, then a Go Away of the side to move with 4 to 8 units around it."""
    st = scrambled(rng)
    side = st.side
    squares = [(f, r) for f in range(8) for r in range(8)]
    # the pieces of the start not on the board, per side (Ghast and Basilisk at most one each)
    left = {}
    for sd in 'ao':
        pool = list('BGLLAAWWHHHHHHHH')
        for sq, unit in st.board.items():
            for q in unit:
                if q.side == sd:
                    t = 'H' if q.t == 'Z' else q.t
                    if t in pool:
                        pool.remove(t)
        left[sd] = pool
    if 'A' not in left[side]:                      # take one of the side's Go Aways off
        for sq, unit in list(st.board.items()):
            if any(q.t == 'A' and q.side == side for q in unit):
                del st.board[sq]
                break
        left[side] = list('BGLLAAWWHHHHHHHH')
        for sq, unit in st.board.items():
            for q in unit:
                if q.side == side:
                    t = 'H' if q.t == 'Z' else q.t
                    if t in left[side]:
                        left[side].remove(t)
    g = (rng.randint(0, 7), rng.randint(0, 7))
    st.board[g] = [ref.Piece('A', side)]
    around = [(g[0] + a, g[1] + b) for a, b in ref.COMPASS if ref.onboard(g[0] + a, g[1] + b)]
    rng.shuffle(around)
    want = rng.randint(min(4, len(around)), min(8, len(around)))
    for sq in around[:want]:
        if st.board.get(sq):
            continue
        sd = rng.choice('ao')
        pool = left[sd]
        if not pool:
            continue
        # a Basilisk first when there is one to place, then anything left
        t = 'B' if 'B' in pool and rng.random() < 0.6 else rng.choice(pool)
        pool.remove(t)
        p = ref.Piece(t, sd)
        if t == 'L' and rng.random() < 0.5:         # aim the Leaf Pile at a Basilisk two away
            d = (sq[0] - g[0], sq[1] - g[1])
            dst = (sq[0] + d[0], sq[1] + d[1])
            if ref.onboard(*dst) and not st.board.get(dst):
                for sd2 in 'ao':
                    if 'B' in left[sd2]:
                        left[sd2].remove('B')
                        st.board[dst] = [ref.Piece('B', sd2)]
                        break
        if t != 'L' and rng.random() < 0.2:
            p.statue = True
        st.board[sq] = [p]
    game = ref.Game()
    game.petrify(st)
    for sq in list(st.ichor):
        if any(q.t == 'Z' for q in st.board.get(sq, [])) or sq == g:
            del st.ichor[sq]
    st.board = {k: v for k, v in st.board.items() if v}
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
    plies, scr, opts = 60, None, []
    plies_ichor, clockwise = 10, False
    i = 3
    while i < len(argv):
        if argv[i] == '--plies':
            plies = int(argv[i + 1]); i += 1
        elif argv[i] == '--scrambled':
            scr = scrambled
        elif argv[i] == '--crowded':
            scr = crowded
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
        st = scr(rng) if scr else ref.parse(ref.START)
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
