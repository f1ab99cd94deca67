#!/usr/bin/env python3
"""cov-table.py SRCDIR COVDIR HARNESS... - the line coverage table of fuzz/README.md, from the
`llvm-cov export -summary-only` files that `fuzz/run.sh coverage` writes (COVDIR/H.json per
harness, COVDIR/all.json for all of them together): one row per source file of src/ with code
(and the parser and lexer bison and flex make), one column per harness, then all of them; each
cell is the percentage of the file's lines run, "-" where the harness does not link the file.
The last row adds up the files each harness links."""
import json
import os
import sys


def summaries(path, src):
    """{file name: (lines, covered)} for the files of path, named from SRCDIR or as gen/."""
    with open(path) as f:
        data = json.load(f)["data"][0]["files"]
    out = {}
    for fl in data:
        name = fl["filename"]
        if name.startswith(os.path.join(src, "src") + "/"):
            name = os.path.relpath(name, src)
        elif os.path.basename(name) == "parser.c" and "/gen/" in name:
            name = "src/lang/parser.y (bison's parser.c)"
        elif os.path.basename(name) == "lexer.c" and "/gen/" in name:
            name = "src/lang/lexer.l (flex's lexer.c)"
        else:
            continue
        lines = fl["summary"]["lines"]
        if lines["count"]:                  # a header with no code of its own is no row
            out[name] = (lines["count"], lines["covered"])
    return out


def cell(s, name):
    if name not in s:
        return "-"
    n, c = s[name]
    return "%.0f" % (100.0 * c / n) if n else "-"


def main():
    src, cov, harnesses = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    per = {h: summaries(os.path.join(cov, h + ".json"), src) for h in harnesses}
    every = summaries(os.path.join(cov, "all.json"), src)
    print("| file | lines | " + " | ".join(harnesses) + " | all |")
    print("|---|---:|" + "---:|" * (len(harnesses) + 1))
    tot_n = tot_c = 0
    for name in sorted(every):
        n, c = every[name]
        tot_n += n
        tot_c += c
        print("| `%s` | %d | %s | %s |" % (name, n, " | ".join(cell(per[h], name) for h in harnesses),
                                          cell(every, name)))
    totals = []
    for h in harnesses:
        n = sum(v[0] for v in per[h].values())
        c = sum(v[1] for v in per[h].values())
        totals.append("%.0f" % (100.0 * c / n) if n else "-")
    print("| all files | %d | %s | %.0f |" % (tot_n, " | ".join(totals), 100.0 * tot_c / tot_n if tot_n else 0))


if __name__ == "__main__":
    main()
