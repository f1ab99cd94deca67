#!/usr/bin/env python3
"""Run the cases of tests/spinal-tap.test through spinal-tap-ref.py (the independent Python
implementation) and compare its move lists and perft counts with the expected ones (which were
derived by hand or counted independently, not taken from boardvm).
Usage: check-test-with-ref.py [tests/spinal-tap.test]"""
import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("ref", os.path.join(here, "spinal-tap-ref.py"))
ref = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ref)
path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "spinal-tap.test")
cases, cur, key = [], None, None
for line in open(path):
    if line.startswith("#") or not line.strip():
        continue
    if line[0] in " \t" and cur is not None and key:
        cur[key] += " " + line.strip()
        continue
    k, _, v = line.partition(":")
    k, v = k.strip(), v.strip()
    if k == "case":
        cur = {"case": v, "option": []}
        cases.append(cur)
        key = None
        continue
    if cur is None:
        continue
    if k == "option":
        cur["option"].append(v)
    else:
        cur[k] = v
    key = k
bad = 0
for c in cases:
    knights, battle = "normal", False
    for o in c["option"]:
        if o.startswith("knights="):
            knights = o.split("=")[1]
        elif o == "battle-move":
            battle = True
    game = ref.Game(knights, battle)
    play = ref.Play(game, ref.parse(c.get("fen")))
    for m in c.get("play", "").split():
        play.play(m)
    if "perft" in c:
        want = [int(x) for x in c["perft"].split()]
        if len(want) > 3:          # deeper counts are for bench/perft-deep.sh
            want = want[:3]
        got = [ref.perft(game, play, d) for d in range(1, len(want) + 1)]
        if got != want:
            bad += 1
            print("DIFFER", c["case"], "perft", got, "expected", want)
    if "moves" in c:
        got = sorted(play.moves())
        want = sorted(c["moves"].split())
        if got != want:
            bad += 1
            print("DIFFER", c["case"], "\n  ref only:", sorted(set(got) - set(want)),
                  "\n  test only:", sorted(set(want) - set(got)))
print("%d cases, %d differ" % (len(cases), bad))
sys.exit(1 if bad else 0)
