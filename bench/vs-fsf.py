#!/usr/bin/env python3
"""bench/vs-fsf.py - perft speed of boardvm against Fairy-Stockfish, the same games, one run.

Usage: FSF=path/to/fairy-stockfish bench/vs-fsf.sh [BOARDVM] [--runs N] [--games a,b]
       [--scale K]

For each game (chess, capablanca, xiangqi, shogi; ataxx and connect-four, whose moves or end are
rules code), runs boardvm's `perft FILE DEPTH` and Fairy-Stockfish's `go perft DEPTH` (UCI,
`UCI_Variant`) in the order A B B A ..., measures each
run's CPU time (the child's rusage), checks that both count the same leaves, and prints the
median leaves per CPU second of each and the ratio boardvm / Fairy-Stockfish. Both count the
last ply in bulk (neither makes the leaves). The fixed cost of a run (Fairy-Stockfish sets up
every variant it knows when it starts; boardvm compiles the rules file) is measured as the
median CPU time of `perft 1` and taken off every run, so the rates are those of the perft
itself. --scale K adds K to every depth. Exit status 1 if a count differs.

Connect-four is Fairy-Stockfish's `cfour`, a variant of its variants.ini: the file is taken from
FSF_VARIANTS, or else from next to the binary (src/variants.ini of a source tree); without it
that game is left out.

Building Fairy-Stockfish (its source is not part of boardvm; fetch it from
https://github.com/fairy-stockfish/Fairy-Stockfish):
    cd Fairy-Stockfish/src && make -j2 build ARCH=x86-64-modern largeboards=yes all=yes
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
# game, rules file, Fairy-Stockfish variant, depth (a few seconds for boardvm)
GAMES = [
    ("chess", "rules/chess.rules", "chess", 6),
    ("capablanca", "examples/capablanca.rules", "capablanca", 5),
    ("xiangqi", "examples/xiangqi.rules", "xiangqi", 5),
    ("shogi", "examples/shogi.rules", "shogi", 5),
    # rules code (issue 38): ataxx's clones a `drops free` program and its flips `after-move`;
    # the same with the jumps a top-level `moves` block too; connect-four's `end` scans the board
    ("ataxx", "tests/lang/ataxx.rules", "ataxx", 6),
    ("ataxx-toplevel", "tests/uci/ataxx-toplevel.rules", "ataxx", 6),
    ("connect-four", "examples/connect-four.rules", "cfour", 9),
]
# variants Fairy-Stockfish reads from its variants.ini, not built in
FROM_INI = {"cfour"}


def cpu_run(cmd, stdin_text=None):
    """Run cmd; return (stdout, CPU seconds of the child)."""
    r_out, w_out = os.pipe()
    r_in, w_in = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.dup2(r_in, 0)
        os.dup2(w_out, 1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        for fd in (r_out, w_in, r_in, w_out):
            os.close(fd)
        os.execvp(cmd[0], cmd)
    os.close(r_in)
    os.close(w_out)
    if stdin_text:
        os.write(w_in, stdin_text.encode())
    os.close(w_in)
    chunks = []
    while True:
        b = os.read(r_out, 65536)
        if not b:
            break
        chunks.append(b)
    os.close(r_out)
    _, status, ru = os.wait4(pid, 0)
    if status != 0:
        raise SystemExit("%s failed (status %d)" % (" ".join(cmd), status))
    return b"".join(chunks).decode(), ru.ru_utime + ru.ru_stime


def boardvm_perft(bvm, rules, depth):
    out, t = cpu_run([bvm, "perft", os.path.join(TOP, rules), str(depth)])
    return int(out.split()[-1]), t


def variants_ini(fsf):
    path = os.environ.get("FSF_VARIANTS") or os.path.join(os.path.dirname(os.path.abspath(fsf)),
                                                           "variants.ini")
    return path if os.path.exists(path) else None


def fsf_perft(fsf, variant, depth):
    script = "uci\n"
    if variant in FROM_INI:
        script += "setoption name VariantPath value %s\n" % variants_ini(fsf)
    script += "setoption name UCI_Variant value %s\nposition startpos\ngo perft %d\nquit\n" % (variant, depth)
    out, t = cpu_run([fsf], script)
    for line in out.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1]), t
    raise SystemExit("Fairy-Stockfish printed no 'Nodes searched' for %s:\n%s" % (variant, out[-2000:]))


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def main(argv):
    fsf = os.environ.get("FSF")
    if not fsf:
        raise SystemExit("set FSF to a Fairy-Stockfish binary\n" + __doc__)
    bvm, runs, only, scale = os.path.join(TOP, "boardvm"), 5, None, 0
    i = 1
    while i < len(argv):
        if argv[i] == "--runs":
            runs = int(argv[i + 1]); i += 2
        elif argv[i] == "--scale":
            scale = int(argv[i + 1]); i += 2
        elif argv[i] == "--games":
            only = argv[i + 1].split(","); i += 2
        elif argv[i].startswith("-"):
            raise SystemExit(__doc__)
        else:
            bvm = argv[i]; i += 1
    bad = 0
    print("%-14s %5s %10s %16s %16s %7s" % ("game", "depth", "leaves", "boardvm leaves/s", "FSF leaves/s", "ratio"))
    for name, rules, variant, depth in GAMES:
        if only and name not in only:
            continue
        if variant in FROM_INI and not variants_ini(fsf):
            print("%-14s left out: no variants.ini for %s (FSF_VARIANTS)" % (name, variant))
            continue
        depth = max(2, depth + scale)
        fixed_b = median([boardvm_perft(bvm, rules, 1)[1] for _ in range(runs)])
        fixed_f = median([fsf_perft(fsf, variant, 1)[1] for _ in range(runs)])
        tb, tf, counts = [], [], set()
        for r in range(runs):
            order = ("b", "f") if r % 2 == 0 else ("f", "b")
            for who in order:
                if who == "b":
                    n, t = boardvm_perft(bvm, rules, depth); tb.append(max(t - fixed_b, 1e-6))
                else:
                    n, t = fsf_perft(fsf, variant, depth); tf.append(max(t - fixed_f, 1e-6))
                counts.add(n)
        if len(counts) != 1:
            print("%-14s DIFFERENT COUNTS: %s" % (name, sorted(counts)))
            bad = 1
            continue
        n = counts.pop()
        rb, rf = n / median(tb), n / median(tf)
        print("%-14s %5d %10d %16.0f %16.0f %6.2f" % (name, depth, n, rb, rf, rb / rf), flush=True)
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
