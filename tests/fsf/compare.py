#!/usr/bin/env python3
"""compare.py - check a .test file of examples/ against Fairy-Stockfish.

  NODE_PATH=.../node_modules tests/fsf/compare.py VARIANT FILE.test [MAXDEPTH]

For every case: its `moves:` list against Fairy-Stockfish's legal moves (after the `play:`
moves), and its `perft:` counts up to MAXDEPTH (default 3) against Fairy-Stockfish's. VARIANT is
Fairy-Stockfish's name (xiangqi, capablanca). Move strings are translated: c7c8a -> c7c8=A.
Position strings without the castling, en passant and counter fields (xiangqi.rules) get
"- - 0 1". Needs node and `npm install fairy-stockfish-nnue.wasm` (1.1.12 was used).
Prints OK or DIFF per check; exit status 1 when one differs.
"""
import os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def cases(path):
    out, cur, key = [], None, None
    for line in open(path):
        if line.startswith("#"):
            continue
        if line.startswith("case:"):
            cur, key = {"name": line[5:].strip()}, None
            out.append(cur)
            continue
        if cur is None:
            continue
        m = re.match(r"(\w+):\s*(.*)", line)
        if m and not line[0].isspace():
            key = m.group(1)
            cur[key] = cur.get(key, "") + m.group(2).strip() if key != "option" else m.group(2)
        elif line[:1].isspace() and key:
            cur[key] += " " + line.strip()
    return out


def fsf(variant, pos, depth):
    r = subprocess.run(["node", os.path.join(HERE, "fsf.js"), variant, pos, str(depth)],
                       capture_output=True, text=True)
    moves = []
    for line in r.stdout.splitlines():
        m = re.match(r"^([a-z]\d+[a-z]\d+)([a-z]?): \d+$", line)
        if m:
            moves.append(m.group(1) + ("=" + m.group(2).upper() if m.group(2) else ""))
    n = re.search(r"Nodes searched: (\d+)", r.stdout)
    if not n:
        sys.exit("compare: no answer from Fairy-Stockfish:\n" + r.stdout + r.stderr)
    return moves, int(n.group(1))


def main():
    variant, path = sys.argv[1], sys.argv[2]
    maxdepth = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    bad = 0
    for c in cases(path):
        pos = c.get("fen", "startpos")
        if pos != "startpos" and len(pos.split()) < 4:
            pos += " - - 0 1"
        if c.get("play"):
            pos += " moves " + c["play"]
        if "moves" in c:
            got = sorted(fsf(variant, pos, 1)[0])
            want = sorted(c["moves"].split())
            ok = got == want
            bad += not ok
            print("OK  " if ok else "DIFF", c["name"], "moves", len(want),
                  "" if ok else "fsf-only %s test-only %s" % (sorted(set(got) - set(want)),
                                                              sorted(set(want) - set(got))))
        if "perft" in c:
            want = [int(x) for x in c["perft"].split()][:maxdepth]
            got = [fsf(variant, pos, d)[1] for d in range(1, len(want) + 1)]
            ok = got == want
            bad += not ok
            print("OK  " if ok else "DIFF", c["name"], "perft", got)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
