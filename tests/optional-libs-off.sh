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
inc=""
for d in "$srcdir"/src/*/; do inc="$inc -I${d%/}"; done     # every layer's folder, as Makefile.am
for f in serve show play; do
    # shellcheck disable=SC2086 # $inc is a list of flags
    if out=$("$cc" -fsyntax-only -Wall -Wextra -Werror $inc "$srcdir/src/commands/$f.c" 2>&1); then
        echo "ok: src/commands/$f.c compiles without its optional libraries"
    else
        echo "FAIL: src/commands/$f.c does not compile without its optional libraries:"
        echo "$out" | head -n 20
        fails=$((fails + 1))
    fi
done
[ $fails -eq 0 ]
