#!/usr/bin/env python3
"""bench/compare.py - two boardvm builds on every shipped and example game, interleaved.

Usage: bench/compare.sh OLD NEW [--runs N] [--games g1,g2,...] [--scale K] [--instructions]

For each game, runs `boardvm perft FILE DEPTH` with OLD and NEW in the order A B B A A B ...
(so a change of machine load hits both alike), measures each run's CPU time (user + system, from
the child's rusage, not wall time), checks that both print the same leaf count, and reports the
median leaves per CPU second of each and their ratio NEW / OLD. --scale K adds K to every depth
(negative K for a quick look). --instructions counts machine instructions instead, once per build
under valgrind's callgrind (which the load of a shared machine cannot move; slow: use --scale -1),
and reports instructions per leaf and their ratio OLD / NEW. Each binary reads the rules files of its own source tree when it
sits in one (an old build may not read today's files). Exit status 1 if the two builds ever disagree on a count.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
# game, rules file, options, depth: about 0.3 to 3 s for a build of 2e59f54 on this machine (at
# shallower depths the compile and start-up, a few ms, hide the speed of the perft itself)
GAMES = [
    ("chess", "rules/chess.rules", [], 5),
    ("smegi", "rules/smegi.rules", [], 5),
    ("spinal-tap", "rules/spinal-tap.rules", [], 4),
    ("ivory-tower", "rules/ivory-tower.rules", [], 3),
    ("four-towers", "rules/four-towers.rules", [], 3),
    ("nemoroth", "rules/nemoroth.rules", [], 3),
    ("xiangqi", "examples/xiangqi.rules", [], 4),
    ("shogi", "examples/shogi.rules", [], 4),
    ("capablanca", "examples/capablanca.rules", [], 4),
    ("smess", "examples/smess.rules", [], 5),
    ("tutorial", "examples/tutorial.rules", [], 5),
    # rules code where native lines would be: ataxx's drops a program (and its jumps too, a
    # top-level `moves` block), connect-four's `end` scanning the board (issue 38)
    ("ataxx", "tests/lang/ataxx.rules", [], 4),
    ("ataxx-toplevel", "tests/uci/ataxx-toplevel.rules", [], 4),
    ("connect-four", "examples/connect-four.rules", [], 7),
]


def rules_for(binary, rules):
    """A build's own copy of the rules file when the binary sits in a source tree (the language
    grows: an old build may not read today's files), else this tree's."""
    own = os.path.join(os.path.dirname(os.path.abspath(binary)), rules)
    return own if os.path.exists(own) else os.path.join(TOP, rules)


def run(binary, rules, opts, depth):
    cmd = [binary, "perft", rules_for(binary, rules), str(depth)]
    for o in opts:
        cmd += ["--option", o]
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        out = os.open("/tmp/compare-%d.out" % os.getpid(), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(out, 1)
        os.dup2(devnull, 2)
        os.execv(binary, cmd)
    _, status, ru = os.wait4(pid, 0)
    path = "/tmp/compare-%d.out" % pid
    text = open(path).read().split()
    os.unlink(path)
    if status != 0 or not text:
        raise SystemExit("%s failed (status %d)" % (" ".join(cmd), status))
    return int(text[-1]), ru.ru_utime + ru.ru_stime


def count_instructions(binary, rules, opts, depth):
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, "perft",
           rules_for(binary, rules), str(depth)]
    for o in opts:
        cmd += ["--option", o]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("%s failed:\n%s" % (" ".join(cmd), r.stderr[-2000:]))
    ins = [l for l in r.stderr.splitlines() if "Collected :" in l]
    return int(r.stdout.split()[-1]), int(ins[-1].split()[-1])


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    old, new = argv[1], argv[2]
    runs, scale, only, instructions = 5, 0, None, False
    i = 3
    while i < len(argv):
        if argv[i] == "--runs":
            runs = int(argv[i + 1]); i += 2
        elif argv[i] == "--scale":
            scale = int(argv[i + 1]); i += 2
        elif argv[i] == "--instructions":
            instructions = True; i += 1
        elif argv[i] == "--games":
            only = argv[i + 1].split(","); i += 2
        else:
            raise SystemExit(__doc__)
    bad = 0
    if instructions:
        print("%-12s %5s %10s %14s %14s %7s" % ("game", "depth", "leaves", "old instr/leaf", "new instr/leaf", "ratio"))
        for name, rules, opts, depth in GAMES:
            if only and name not in only:
                continue
            depth = max(1, depth + scale)
            (no, io), (nn, inew) = (count_instructions(b, rules, opts, depth) for b in (old, new))
            if no != nn:
                print("%-12s DIFFERENT COUNTS: %d %d" % (name, no, nn))
                bad = 1
                continue
            print("%-12s %5d %10d %14.0f %14.0f %6.2fx" % (name, depth, no, io / no, inew / nn, io / inew), flush=True)
        return bad
    print("%-12s %5s %10s %14s %14s %7s" % ("game", "depth", "leaves", "old leaves/s", "new leaves/s", "ratio"))
    for name, rules, opts, depth in GAMES:
        if only and name not in only:
            continue
        depth = max(1, depth + scale)
        times = {old: [], new: []}
        counts = set()
        order = [old, new, new, old]
        for r in range(runs):
            for b in (order[0:2] if r % 2 == 0 else order[2:4]):
                n, t = run(b, rules, opts, depth)
                counts.add(n)
                times[b].append(t)
        if len(counts) != 1:
            print("%-12s DIFFERENT COUNTS: %s" % (name, sorted(counts)))
            bad = 1
            continue
        n = counts.pop()
        ro, rn = n / median(times[old]), n / median(times[new])
        print("%-12s %5d %10d %14.0f %14.0f %6.2fx" % (name, depth, n, ro, rn, rn / ro), flush=True)
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
