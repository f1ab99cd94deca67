#!/usr/bin/env python3
"""Run the cases of tests/nemoroth.test through nemoroth-ref.py (the independent Python
implementation) and compare its move lists with the expected ones. Cases with options the
reference does not implement (only ichor-plies and scream-moves are) are skipped.
Usage: check-test-with-ref.py [tests/nemoroth.test]"""
import importlib.util, os, sys
here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('ref', os.path.join(here, 'nemoroth-ref.py'))
ref = importlib.util.module_from_spec(spec); spec.loader.exec_module(ref)
path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', 'nemoroth.test')
cases, cur, key = [], None, None
for line in open(path):
    if line.startswith('#') or not line.strip():
        continue
    if line[0] in ' \t' and cur is not None and key:
        cur[key] += ' ' + line.strip(); continue
    k, _, v = line.partition(':')
    k, v = k.strip(), v.strip()
    if k == 'case':
        cur = {'case': v, 'option': []}; cases.append(cur); key = None; continue
    if cur is None:
        continue
    if k == 'option':
        cur['option'].append(v)
    else:
        cur[k] = v
    key = k
bad = skipped = 0
for c in cases:
    plies, clockwise, ok = 10, False, True
    for o in c['option']:
        if o == 'ichor-plies=5': plies = 5
        elif o == 'scream-moves=clockwise': clockwise = True
        else: ok = False
    if not ok or 'moves' not in c:
        skipped += 1; continue
    g = ref.Game(plies, clockwise)
    st = ref.parse(c.get('fen', ref.START))
    for m in c.get('play', '').split():
        st = ref.play(g, st, m)
    got = sorted(s for s, ns in g.legal_moves(st))
    want = sorted(c['moves'].split())
    if got != want:
        bad += 1
        print('DIFFER', c['case'], '\n  ref only:', sorted(set(got) - set(want)), '\n  test only:', sorted(set(want) - set(got)))
print('%d cases, %d differ, %d skipped' % (len(cases), bad, skipped))
sys.exit(1 if bad else 0)
