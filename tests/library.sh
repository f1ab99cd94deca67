#!/bin/sh
# tests/library.sh - libboardvm, the C library (src/api/boardvm.h, docs/library.md):
#   1. the API's test program (tests/api_test.c) through the build tree's shared library;
#   2. the shared library exports the bvm_* functions and nothing else, under its soname;
#   3. installed (`make install` of the library, its header and boardvm.pc into a temporary
#      DESTDIR), examples/perft.c builds with `pkg-config --cflags --libs boardvm` alone and
#      counts chess perft 3 = 8902 (the Chess Programming Wiki's figure).
# Run from the top build directory by `make check` (srcdir, MAKE, CC, libdir, includedir from
# Makefile.am). Without pkg-config or nm the parts that need them are skipped, except in CI.
srcdir=${srcdir:-.}
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
missing() {
    if [ "${CI:-}" = true ]; then bad "$1 is missing (CI must run this part)"; else echo "SKIP: no $1"; fi
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-library.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# 1. the API's own checks (libtool's wrapper finds .libs/libboardvm.so)
if ./tests/api_test "$srcdir/rules/chess.rules" > "$tmp/api.out" 2>&1; then
    ok "tests/api_test: $(grep -c '^ok' "$tmp/api.out") checks"
else
    bad "tests/api_test:"; sed 's/^/    /' "$tmp/api.out"
fi

# 2. what the shared library shows the world
so=.libs/libboardvm.so
if ! command -v nm > /dev/null 2>&1; then missing nm
else
    others=$(nm -D --defined-only "$so" | awk 'NF == 3 && $3 !~ /^bvm_/ { print $3 }' | tr '\n' ' ')
    exported=$(nm -D --defined-only "$so" | awk 'NF == 3 && $3 ~ /^bvm_/' | wc -l)
    if [ -z "$others" ] && [ "$exported" -ge 30 ]; then ok "$exported bvm_* functions exported, nothing else"
    else bad "exported besides bvm_*: $others ($exported bvm_*)"; fi
fi
if command -v objdump > /dev/null 2>&1; then
    soname=$(objdump -p "$so" | awk '$1 == "SONAME" { print $2 }')
    case $soname in libboardvm.so.[0-9]*) ok "soname $soname" ;; *) bad "soname '$soname'" ;; esac
fi

# 3. installed into a DESTDIR, used through pkg-config as a program outside the tree would
dest=$tmp/dest
if env MAKEFLAGS= MFLAGS= ${MAKE:-make} -s install-libLTLIBRARIES install-includeHEADERS \
        install-pkgconfigDATA DESTDIR="$dest" > "$tmp/install.log" 2>&1; then
    ok "make install DESTDIR=... (library, header, boardvm.pc)"
else
    bad "make install of the library:"; sed 's/^/    /' "$tmp/install.log"
fi
if ! command -v pkg-config > /dev/null 2>&1; then missing pkg-config
else
    # the .pc file names the configured prefix; the sysroot puts DESTDIR before its paths
    export PKG_CONFIG_PATH="$dest$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
    flags="$(pkg-config --cflags --libs boardvm)"
    version=$(pkg-config --modversion boardvm)
    [ "$version" = "$PACKAGE_VERSION" ] && ok "pkg-config --modversion boardvm: $version" \
        || bad "pkg-config --modversion: '$version', not '$PACKAGE_VERSION'"
    # shellcheck disable=SC2086  # the flags are words
    if ${CC:-cc} $SANITIZER_FLAGS -o "$tmp/perft" "$srcdir/examples/perft.c" $flags \
            > "$tmp/cc.log" 2>&1; then
        got=$(LD_LIBRARY_PATH="$dest$libdir" BOARDVM_PATH="$srcdir/rules" "$tmp/perft" chess 3 2>&1)
        [ "$got" = 8902 ] && ok "examples/perft.c, installed: chess perft 3 = 8902" \
            || bad "examples/perft.c: chess perft 3 = '$got', not 8902"
        got=$(LD_LIBRARY_PATH="$dest$libdir" BOARDVM_PATH="$srcdir/rules" "$tmp/perft" nosuch 1 2>&1)
        case $got in "perft: cannot open nosuch: "*) ok "examples/perft.c: an error as a value" ;;
            *) bad "examples/perft.c on a missing game: '$got'" ;; esac
    else
        bad "examples/perft.c does not build with '$flags':"; sed 's/^/    /' "$tmp/cc.log"
    fi
fi
[ $fails -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
[ $fails -eq 0 ]
