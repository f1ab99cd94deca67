#!/usr/bin/env python3
"""make-corpus.py SRCDIR OUTDIR - the seed corpora of the harnesses, made from the project's
own files at run time (they are not committed):

  compile, vm_rules  every rules/*.rules, examples/*.rules, tests/lang/*.rules and
                     tests/errors/*.rules, plus a few of them with the options their tests use
                     ("#!name=value" first line)
  position           for each game of fuzz_games.h: its start position and every `fen:` of the
                     .test files that use it, each behind the byte that picks the game
  moves              the same positions, followed by the `play:` moves of their test case
                     (and by the first moves of `moves:` lists)
  vm_gen             a few byte strings (the generator makes a program of any bytes)
  record             the positions and moves of `moves` as game records, and one with quoted moves
  web                per game of fuzz_web.c: request sequences built from its test cases
                     (a new game from a test position, its moves, undo, redo, the engine, a
                     record), plus odd paths, methods and bodies
"""
import json
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
    for sub in ("rules", "examples", "tests/lang", "tests/errors", "tests/four-towers",
                "tests/nemoroth"):
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
    web_seeds(src, out, tests)
    # the Zillions reader: the small .zrf files of its tests (the public corpora have no licence)
    d = os.path.join(src, "tests", "zrf")
    for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if f.endswith(".zrf"):
            write(os.path.join(out, "zrf"), f, open(os.path.join(d, f), "rb").read())
    for h in ("compile", "vm_rules", "position", "moves", "vm_gen", "record", "web", "zrf"):
        d = os.path.join(out, h)
        print("seeds: %-9s %4d files" % (h, len(os.listdir(d)) if os.path.isdir(d) else 0))


# must match web_games in fuzz_web.c
WEB_GAMES = ["rules/chess.rules", "rules/smegi.rules", "rules/ivory-tower.rules", "tests/lang/stacks.rules",
             "tests/lang/drops.rules", "tests/fuzz-regress/cli/record-odd-notes.rules"]


def web_input(gi, requests):
    """A web harness input: the game's byte, then "METHOD TARGET\nBODY" requests split by %%."""
    text = "\n%%\n".join(m + " " + t + ("\n" + b if b else "") for m, t, b in requests)
    return bytes([gi]) + text.encode()


def web_seeds(src, out, tests):
    """web: for each game, its state, moves of its tests played and taken back, a new game from
    a test position, the engine, a record loaded; then odd paths, methods and bodies."""
    d = os.path.join(out, "web")
    for gi, g in enumerate(WEB_GAMES):
        if not os.path.isfile(os.path.join(src, g)):
            continue
        base = os.path.basename(g).replace(".rules", "")
        cases = []
        for t in tests:
            for c in parse_test(t):
                if "rules" not in c:
                    continue
                path = os.path.normpath(os.path.join(os.path.dirname(t), c["rules"]))
                if os.path.abspath(path) == os.path.abspath(os.path.join(src, g)):
                    cases.append(c)
        seen = set()
        for k, c in enumerate(cases[:12]):
            fen = c.get("fen", "")
            moves = c.get("play", "").split() or c.get("moves", "").split()[:2]
            opts = c.get("options", [])
            key = (fen, tuple(moves), tuple(opts))
            if key in seen:
                continue
            seen.add(key)
            reqs = [("POST", "/api/new", json.dumps({"fen": fen, "options": opts}))]
            reqs += [("POST", "/api/move", json.dumps({"move": m})) for m in moves]
            reqs += [("GET", "/api/state", ""), ("POST", "/api/undo", ""),
                     ("POST", "/api/redo", ""), ("GET", "/api/record", ""),
                     ("POST", "/api/engine", '{"depth":1,"wait":true}')]
            write(d, "%s_%03d" % (base, k), web_input(gi, reqs))
            # the same moves inside /api/new and in a record for /api/load (the first campaign's
            # seeds sent them only one by one: no new game or record ever played a move)
            # (a `moves:` list is the legal moves of one position: only its first is played)
            if not c.get("play"):
                moves = moves[:1]
            if moves:
                def quoted(t):
                    return '"%s"' % t.replace("\\", "\\\\").replace('"', '\\"')
                rec = ('[Position %s]\n\n' % quoted(fen)) if fen else ""
                rec += " ".join(quoted(m) for m in moves) + " *\n"
                write(d, "%s_%03d_new" % (base, k), web_input(gi, [
                    ("POST", "/api/new", json.dumps({"fen": fen, "options": opts, "moves": moves})),
                    ("POST", "/api/undo", ""), ("GET", "/api/record", ""),
                    ("POST", "/api/load", json.dumps({"record": rec})), ("GET", "/api/state", "")]))
        with open(os.path.join(src, g), encoding="utf-8", errors="replace") as f:
            rec = '[Position "%s"]\n\n*\n' % start_of(f.read())
        write(d, "%s_api" % base, web_input(gi, [
            ("GET", "/api/game", ""), ("POST", "/api/engine", '{"time":0.01}'),
            ("GET", "/api/state", ""),
            ("POST", "/api/move", '{"move":"a1"}'), ("POST", "/api/stop", '{"wait":true}'),
            ("POST", "/api/load", json.dumps({"record": rec})), ("GET", "/api/record", "")]))
    write(d, "paths", web_input(0, [
        ("GET", "/", ""), ("HEAD", "/index.html", ""), ("GET", "/board.js?v=1", ""),
        ("GET", "/board.css", ""),
        ("GET", "/../rules/chess.rules", ""), ("GET", "/%2e%2e/%2e%2e/etc/passwd", ""), ("GET", "//etc/passwd", ""),
        ("GET", "/board.js%00.png", ""), ("GET", "/api/../board.js", ""), ("GET", "/" + "a/" * 300, ""),
        ("POST", "/board.js", "{}"), ("PUT", "/api/state", "{}"), ("DELETE", "/api/move", ""),
        ("GET", "/api/nothing", ""), ("POST", "/api/nothing", "{}"), ("GET", "/API/state", ""),
        ("get", "/api/state", ""), ("GET", "/api/state/", ""), ("GET", "/api/state%3f", "")]))
    write(d, "bodies", web_input(0, [
        ("POST", "/api/move", '{"move":'), ("POST", "/api/move", "[1,2]"), ("POST", "/api/move", '{"move":7}'),
        ("POST", "/api/move", '{"move":"e2e4","move":"d2d4"}'), ("POST", "/api/move", '"e2e4"'),
        ("POST", "/api/move too-big", '{"move":"e2e4"}'), ("POST", "/api/new", '{"options":"x"}'),
        ("POST", "/api/new", '{"options":[1]}'), ("POST", "/api/new", '{"fen":7}'),
        ("POST", "/api/new", '{"moves":["e2e4", null]}'), ("POST", "/api/engine", '{"depth":0}'),
        ("POST", "/api/engine", '{"depth":1e3}'), ("POST", "/api/engine", '{"time":-1}'),
        ("POST", "/api/engine", '{"wait":1}'), ("POST", "/api/load", '{"record":1}'),
        ("POST", "/api/load", '{"record":"1. e4 e5 {"}'), ("POST", "/api/move", '{"move":"\\u00e9"}'),
        ("POST", "/api/move", '{"move":"\\u0000"}'), ("POST", "/api/move", "\xef\xbb\xbf{}")]))


if __name__ == "__main__":
    main()
