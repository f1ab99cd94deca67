#!/bin/sh
# The files with a part for an optional library (serve.c and show.c: libmicrohttpd and jansson,
# HAVE_SERVE; play.c: libedit, HAVE_LIBEDIT) must compile without it, as a ./configure that did
# not find it builds them and as fuzz/run.sh builds the command (no config defines at all).
# CI installs every library, so only this sees that side: a merge once left the server's new
# functions in serve.c's stand-in for a build without the web board, which broke both (issue
# 32). Each file is compiled alone with the C compiler, -fsyntax-only, nothing defined; the test
# is skipped without a compiler. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || { echo "SKIP: no C compiler ($cc)"; exit 77; }
fails=0
for f in serve show play; do
    if out=$("$cc" -fsyntax-only -Wall -Wextra -Werror -I"$srcdir/src" "$srcdir/src/$f.c" 2>&1); then
        echo "ok: src/$f.c compiles without its optional libraries"
    else
        echo "FAIL: src/$f.c does not compile without its optional libraries:"
        echo "$out" | head -n 20
        fails=$((fails + 1))
    fi
done
[ $fails -eq 0 ]
