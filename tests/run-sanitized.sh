#!/bin/sh
# tests/run-sanitized.sh - run `make check` in a separate build with ASan + UBSan.
#
#   tests/run-sanitized.sh [BUILDDIR]        (default: build-sanitize/ in the source tree)
#   make check-sanitize                      (the same, from a configured tree)
#
# The build is out of tree, configured with --enable-sanitizers, so it never disturbs the
# normal build. Automake refuses an out-of-tree build from a source tree that is configured
# in place (`./configure` was run there); in that case the sources are first copied with
# `make distdir` into BUILDDIR/src and built from that copy.
# Extra configure arguments can be passed in CONFIGURE_FLAGS (e.g. CONFIGURE_FLAGS=CC=clang).
# Exit status: that of `make check` (0 = every test passed under the sanitizers).

set -eu

here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/.." && pwd)
builddir=${1:-$srcdir/build-sanitize}
jobs=$(nproc 2>/dev/null || echo 2)

mkdir -p "$builddir"
builddir=$(cd "$builddir" && pwd)

if [ ! -x "$srcdir/configure" ]; then
    echo "run-sanitized: no configure script yet; running autoreconf -i in $srcdir"
    (cd "$srcdir" && autoreconf -i)
fi

if [ -f "$srcdir/config.status" ]; then
    echo "run-sanitized: $srcdir is configured in place; building from a copy (make distdir)"
    rm -rf "$builddir/src"
    make -C "$srcdir" distdir distdir="$builddir/src" >/dev/null
    src=$builddir/src
else
    src=$srcdir
fi

obj=$builddir/obj
mkdir -p "$obj"
cd "$obj"
# Once configured, the Makefile re-runs configure by itself when configure changes. To change
# CONFIGURE_FLAGS, remove BUILDDIR first.
if [ ! -f config.status ]; then
    # shellcheck disable=SC2086  # CONFIGURE_FLAGS is a list of words on purpose
    "$src/configure" --enable-sanitizers ${CONFIGURE_FLAGS:-}
fi

# Leaks are errors; UBSan prints a stack and stops (the build also uses
# -fno-sanitize-recover=undefined). Users' own settings win.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS UBSAN_OPTIONS

make -j"$jobs"
status=0
make -j"$jobs" check || status=$?
if [ "$status" -ne 0 ] && [ -f test-suite.log ]; then
    echo "run-sanitized: make check failed; $obj/test-suite.log follows" >&2
    cat test-suite.log >&2
fi
exit "$status"
