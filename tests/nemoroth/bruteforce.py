#!/usr/bin/env python3
"""Brute-force AND-OR search over tests/nemoroth/nemoroth-ref.py (independent of boardvm).

  bruteforce.py lost N MOVE...        does the side to move after MOVE... lose within N of its own
                                      moves whatever it plays? (mated N: after its N-th move and any
                                      reply... no: some reply after each of its moves, and after the
                                      N-th such pair it has no legal move)
  bruteforce.py moves N [--only X,Y] MOVE...       for every legal move X of the side to move: the least n <= N
                                      such that X loses within n of its later moves (some reply r
                                      to X with lost(after r, n)), or '-' if none <= N.
Definitions: lost(st, 0) = the side to move has no legal move; lost(st, n) = it has none, or every
move m of it has a reply r (the opponent has a legal move) with lost(after m r, n-1). A move m
after which the opponent has no legal move wins. Repetition (no position may recur) is handled by
the reference through the move history, which the search carries along.
"""
import importlib.util, sys, time
import os
spec = importlib.util.spec_from_file_location('ref', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'nemoroth-ref.py'))
ref = importlib.util.module_from_spec(spec); spec.loader.exec_module(ref)
G = ref.Game()
NODES = [0]
_cache = {}
def legal(st):
    k = tuple(st.history)
    r = _cache.get(k)
    if r is None:
        NODES[0] += 1
        r = ref.legal_moves(G, st)
        if len(_cache) > 30000: _cache.clear()
        _cache[k] = r
    return r
_lc = {}
def lost(st, n):
    ck = (tuple(st.history), n)
    if ck in _lc: return _lc[ck]
    ms = legal(st)
    if not ms: res = True
    elif n == 0: res = False
    else:
        res = True
        for m, ns in ms:
            if not move_loses(ns, n - 1):
                res = False; break
    if len(_lc) > 2000000: _lc.clear()
    _lc[ck] = res
    return res
def move_loses(ns, n):
    """ns: the opponent to move after our move; does some reply leave us lost(., n)?"""
    rs = legal(ns)
    if not rs: return False               # the opponent has no legal move: we win
    # try first the replies that leave us fewest moves
    if n > 0:
        rs = sorted(rs, key=lambda x: len(legal(x[1])))
    for r, nr in rs:
        if lost(nr, n): return True
    return False
def losing_reply(ns, n):
    for r, nr in legal(ns):
        if lost(nr, n): return r
    return None
def position(moves):
    st = ref.parse(ref.START)
    for m in moves: st = ref.play(G, st, m)
    return st
if __name__ == '__main__':
    args = sys.argv[1:]
    only = None
    if '--only' in args:
        i = args.index('--only'); only = args[i + 1].split(','); del args[i:i + 2]
    cmd, N, moves = args[0], int(args[1]), args[2:]
    if len(moves) == 1: moves = moves[0].split()
    st = position(moves)
    print('position', ref.unparse(st))
    t0 = time.time()
    if cmd == 'lost':
        for n in range(N + 1):
            r = lost(st, n)
            print('lost within', n, ':', r, '(%d move generations, %.0fs)' % (NODES[0], time.time() - t0)); sys.stdout.flush()
            if r: break
    elif cmd == 'moves':
        for m, ns in sorted(legal(st), key=lambda x: x[0]):
            if only and m not in only: continue
            res = '-'
            for n in range(N):
                if move_loses(ns, n):
                    res = '%d (reply %s)' % (n + 1, losing_reply(ns, n)); break
            print(m, 'mobility', len(legal(st)), 'opp replies', len(legal(ns)), 'loses in', res,
                  '(%d gens, %.0fs)' % (NODES[0], time.time() - t0)); sys.stdout.flush()
