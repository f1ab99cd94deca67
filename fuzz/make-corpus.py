#!/usr/bin/env python3
"""make-corpus.py SRCDIR OUTDIR - the seed corpora of the harnesses, made from the project's
own files at run time (they are not committed):

  compile, vm_rules  every rules/*.rules, tests/lang/*.rules and tests/errors/*.rules, plus a few
                     of them with the options their tests use ("#!name=value" first line)
  position           for each game of fuzz_games.h: its start position and every `fen:` of the
                     .test files that use it, each behind the byte that picks the game
  moves              the same positions, followed by the `play:` moves of their test case
                     (and by the first moves of `moves:` lists)
  vm_gen             a few byte strings (the generator makes a program of any bytes)
  record             the positions and moves of `moves` as game records, and one with quoted moves
"""
import os
import re
import sys

# must match fz_game_files in fuzz_games.h
GAMES = ["rules/chess.rules", "rules/smegi.rules", "rules/spinal-tap.rules", "rules/ivory-tower.rules",
         "rules/nemoroth.rules",
         "tests/lang/stacks.rules", "tests/lang/drops.rules", "tests/lang/piecevar.rules",
         "tests/lang/flags.rules", "tests/lang/vars.rules",
         "rules/four-towers.rules", "tests/fuzz-regress/cli/record-odd-notes.rules"]


def parse_test(path):
    """The cases of a .test file as dicts (file-level keys copied), per docs/test-format.md."""
    cases, filekv, cur, last = [], {}, None, None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                continue
            if line[:1] in (" ", "\t"):
                if last is not None and line.strip():
                    d, k = last
                    d[k] = d[k] + "\n" + line.strip()
                continue
            if not line.strip():
                last = None
                continue
            if ":" not in line:
                continue
            k, v = line.split(":", 1)
            k, v = k.strip(), v.strip()
            if k == "case":
                cur = dict(filekv)
                cases.append(cur)
                last = None
                continue
            d = cur if cur is not None else filekv
            if k == "option":
                d.setdefault("options", []).append(v)
            d[k] = v
            last = (d, k)
    return cases


def start_of(text):
    m = re.search(r'^\s*start\s+"((?:[^"\\]|\\.)*)"', text, re.M)
    return m.group(1) if m else ""


def write(d, name, data):
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    src, out = sys.argv[1], sys.argv[2]
    rules = []
    for sub in ("rules", "tests/lang", "tests/errors", "tests/four-towers", "tests/nemoroth"):
        d = os.path.join(src, sub)
        if os.path.isdir(d):
            rules += [os.path.join(sub, f) for f in sorted(os.listdir(d)) if f.endswith(".rules")]
    tests = []
    for root, _, files in os.walk(os.path.join(src, "tests")):
        tests += [os.path.join(root, f) for f in files if f.endswith(".test")]
    tests.sort()

    # rules files, and rules files with the options their tests set
    for r in rules:
        data = open(os.path.join(src, r), "rb").read()
        name = r.replace("/", "_")
        write(os.path.join(out, "compile"), name, data)
        write(os.path.join(out, "vm_rules"), name, data)
    n = 0
    for t in tests:
        for c in parse_test(t):
            if "options" not in c or "rules" not in c:
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(t), c["rules"]))
            if not os.path.isfile(path):
                continue
            data = ("#!" + " ".join(c["options"]) + "\n").encode() + open(path, "rb").read()
            n += 1
            write(os.path.join(out, "compile"), "opts%03d_%s" % (n, os.path.basename(path)), data)
            write(os.path.join(out, "vm_rules"), "opts%03d_%s" % (n, os.path.basename(path)), data)

    # positions and moves, per game
    present = [g for g in GAMES if os.path.isfile(os.path.join(src, g))]
    for gi, g in enumerate(present):
        sel = bytes([gi])
        text = open(os.path.join(src, g), encoding="utf-8", errors="replace").read()
        seeds = [(start_of(text), "")]
        for t in tests:
            for c in parse_test(t):
                if "rules" not in c:
                    continue
                path = os.path.normpath(os.path.join(os.path.dirname(t), c["rules"]))
                if os.path.abspath(path) != os.path.abspath(os.path.join(src, g)) or "options" in c:
                    continue
                fen = c.get("fen", "")
                play = c.get("play", "")
                if not play and c.get("moves"):
                    play = " ".join(c["moves"].split()[:3])
                seeds.append((fen, play))
        seen = set()
        base = os.path.basename(g).replace(".rules", "")
        for k, (fen, play) in enumerate(seeds):
            if (fen, play) in seen:
                continue
            seen.add((fen, play))
            if fen:
                write(os.path.join(out, "position"), "%s_%03d" % (base, k), sel + fen.encode())
            write(os.path.join(out, "moves"), "%s_%03d" % (base, k), sel + (fen + "\n" + play).encode())
            # a game record of the same: its position tag, its moves numbered, a result
            words = play.split()
            text = ('[Position "%s"]\n\n' % fen.replace("\\", "\\\\").replace('"', '\\"')) if fen else ""
            text += " ".join(("%d. " % (i // 2 + 1) if i % 2 == 0 else "") + w for i, w in enumerate(words)) + " *\n"
            write(os.path.join(out, "record"), "%s_%03d" % (base, k), sel + text.encode())

    # the generator: any bytes make a program; a few shapes to start from
    for k, data in enumerate([b"", b"\x00" * 64, b"\xff" * 64, bytes(range(256)), bytes(range(255, -1, -1)),
                              b"\x07\x05\x01\x03" * 40, b"\x2a\x11\x63\x50\x09" * 60]):
        write(os.path.join(out, "vm_gen"), "seed%02d" % k, data)
    # records with what only quoting can say (issue 18): brackets in the position, odd notes
    odd = bytes([GAMES.index("tests/fuzz-regress/cli/record-odd-notes.rules")])
    write(os.path.join(out, "record"), "odd_notes", odd + b'[Position "[KK]1/1k w 0"]\n\n1. "a b" "{x}" 2. "1." "q\\"[z]\\\\" 3. "" "a b" *\n')
    for h in ("compile", "vm_rules", "position", "moves", "vm_gen", "record"):
        d = os.path.join(out, h)
        print("seeds: %-9s %4d files" % (h, len(os.listdir(d)) if os.path.isdir(d) else 0))


if __name__ == "__main__":
    main()
