#!/bin/sh
# `boardvm show` draws each position of tests/show/*.txt as that file says (its first line:
# the rules file and the position string, tab-separated; the rest: the drawing, without the
# list of legal moves). Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
status=0
for want in "$srcdir"/tests/show/*.txt; do
    head=$(head -n 1 "$want")
    rules=${head%%	*}
    fen=${head#*	}
    NO_COLOR=1 ./boardvm show "$srcdir/$rules" --fen "$fen" 2>&1 | grep -v '^legal moves' > show.out
    if tail -n +2 "$want" | diff -u - show.out; then echo "ok: $(basename "$want")"
    else echo "FAIL: $(basename "$want") (boardvm show $rules --fen '$fen')"; status=1; fi
done
rm -f show.out
exit $status
