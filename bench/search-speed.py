#!/usr/bin/env python3
"""bench/search-speed.py - search nodes per CPU second of boardvm builds, and of Fairy-Stockfish.

Usage: bench/search-speed.sh [--old BOARDVM | --no-old] [--fsf FSF] [--fsf-chess FSF]
                             [--runs N] [--games a,b] [NEW]

Each engine is driven through UCI (`boardvm uci FILE`; Fairy-Stockfish with `UCI_Variant`):
`position startpos`, `go depth D`, and the last `info` line's node count once `bestmove`
comes. A run's CPU time is the child's rusage; the fixed cost of a run (boardvm compiles the
rules file, Fairy-Stockfish sets up its variants) is the median CPU time of a `go depth 1`
run and is taken off, so a rate is that of the search itself. The builds run in the order
A B ... B A ... (interleaved), medians of N runs.

Lines:
  - every shipped game (rules/*.rules) and chess, xiangqi and shogi of examples/: NEW against
    OLD (default /work/wt-base/boardvm), same position and depth. The node counts are printed
    for both: where the two searches are the same they are equal, and the ratio of nodes per
    second is the ratio of time to depth.
  - chess, xiangqi, shogi against Fairy-Stockfish's own search (--fsf: a largeboards build,
    which xiangqi and shogi need; --fsf-chess: the standard build for chess, as issue 38
    asks, else --fsf). The same position; each engine searches to a depth of about a second
    (a nominal depth means different trees: Fairy-Stockfish prunes and reduces far more, and
    reaches depth 8 of chess in 0.06 s), so this compares the rate of the searches, nodes per
    CPU second, not their strength. Its depth, nodes and seconds are printed beside boardvm's.

Not part of `make check`. bench/vs-fsf.py says how to build Fairy-Stockfish.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
# game, rules file, depth (about a second of boardvm's search), Fairy-Stockfish's variant and
# depth (about a second of its search: it prunes far more, so its depth 8 in chess is 0.06 s)
GAMES = [
    ("chess", "rules/chess.rules", 8, "chess", 14),
    ("smegi", "rules/smegi.rules", 12, None, 0),
    ("spinal-tap", "rules/spinal-tap.rules", 5, None, 0),
    ("ivory-tower", "rules/ivory-tower.rules", 5, None, 0),
    ("four-towers", "rules/four-towers.rules", 4, None, 0),
    ("nemoroth", "rules/nemoroth.rules", 4, None, 0),
    ("xiangqi", "examples/xiangqi.rules", 7, "xiangqi", 13),
    ("shogi", "examples/shogi.rules", 9, "shogi", 14),
]


def uci_search(cmd, depth, setup=""):
    """Run a UCI engine to `go depth`; return (nodes of the last info line, CPU seconds)."""
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)
    proc.stdin.write("uci\n" + setup + "isready\nposition startpos\ngo depth %d\n" % depth)
    proc.stdin.flush()
    nodes = None
    for line in proc.stdout:
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words:
            nodes = int(words[words.index("nodes") + 1])
        if words[:1] == ["bestmove"]:
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.stdout.read()
    _, status, ru = os.wait4(proc.pid, 0)
    if status != 0 or nodes is None:
        raise SystemExit("%s: no search result (status %d)" % (" ".join(cmd), status))
    return nodes, ru.ru_utime + ru.ru_stime


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def rates(engines, runs):
    """engines: [(cmd, setup, depth)]; interleaved runs; return [(nodes, median CPU s, nodes/s)]"""
    fixed = [median([uci_search(cmd, 1, setup)[1] for _ in range(runs)]) for cmd, setup, _ in engines]
    times = [[] for _ in engines]
    nodes = [set() for _ in engines]
    for r in range(runs):
        order = range(len(engines)) if r % 2 == 0 else reversed(range(len(engines)))
        for k in order:
            n, t = uci_search(engines[k][0], engines[k][2], engines[k][1])
            times[k].append(max(t - fixed[k], 1e-6))
            nodes[k].add(n)
    out = []
    for k in range(len(engines)):
        if len(nodes[k]) != 1:                   # a search at a fixed depth is deterministic
            raise SystemExit("%s: node counts differ between runs: %s"
                             % (" ".join(engines[k][0]), sorted(nodes[k])))
        n, t = nodes[k].pop(), median(times[k])
        out.append((n, t, n / t))
    return out


def main(argv):
    new = os.path.join(TOP, "boardvm")
    old = "/work/wt-base/boardvm"
    fsf = os.environ.get("FSF")
    fsf_chess = os.environ.get("FSF_CHESS")
    runs, only = 3, None
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in ("--old", "--fsf", "--fsf-chess", "--runs", "--games") and i + 1 < len(argv):
            v = argv[i + 1]
            if a == "--old": old = v
            elif a == "--fsf": fsf = v
            elif a == "--fsf-chess": fsf_chess = v
            elif a == "--runs": runs = int(v)
            else: only = v.split(",")
            i += 2
        elif a == "--no-old":
            old = None; i += 1
        elif a.startswith("-"):
            raise SystemExit(__doc__)
        else:
            new = a; i += 1
    fsf_chess = fsf_chess or fsf
    print("Search nodes per CPU second, start position, fixed depth, medians of %d interleaved "
          "runs, the start-up taken off" % runs)
    if old:
        print("%-12s %5s %10s %10s %12s %12s %6s" % ("game", "depth", "old nodes", "new nodes",
                                                     "old nodes/s", "new nodes/s", "ratio"))
    for name, rules, depth, _, _ in GAMES:
        if not old or (only and name not in only):
            continue
        path = os.path.join(TOP, rules)
        (no, _, ro), (nn, _, rn) = rates([([old, "uci", path], "", depth),
                                          ([new, "uci", path], "", depth)], runs)
        print("%-12s %5d %10d %10d %12.0f %12.0f %5.2fx" % (name, depth, no, nn, ro, rn, rn / ro),
              flush=True)
    if not fsf:
        print("(no Fairy-Stockfish: --fsf or FSF=path for the lines against it)")
        return 0
    print()
    print("%-12s %5s %5s %10s %10s %8s %8s %12s %12s %6s" % (
        "game", "bvm d", "FSF d", "bvm nodes", "FSF nodes", "bvm s", "FSF s", "bvm nodes/s",
        "FSF nodes/s", "ratio"))
    for name, rules, depth, variant, fdepth in GAMES:
        if not variant or (only and name not in only):
            continue
        engine = fsf_chess if variant == "chess" else fsf
        setup = "setoption name UCI_Variant value %s\n" % variant
        (nb, tb, rb), (nf, tf, rf) = rates([([new, "uci", os.path.join(TOP, rules)], "", depth),
                                            ([engine], setup, fdepth)], runs)
        print("%-12s %5d %5d %10d %10d %8.3f %8.3f %12.0f %12.0f %5.2fx" % (
            name, depth, fdepth, nb, nf, tb, tf, rb, rf, rb / rf), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
