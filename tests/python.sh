#!/bin/sh
# tests/python.sh - the Python package (python/, docs/library.md) as a user installs it:
# `pip install --no-build-isolation` of a copy of python/ into a temporary folder, built against
# the build tree's libboardvm (BOARDVM_INCLUDE_DIR, BOARDVM_LIBRARY_DIR: no `make install`, no
# system change), then its pytest tests (python/tests/) with that folder on PYTHONPATH: perft
# against the Chess Programming Wiki, the shipped games' perft against this build's `boardvm
# perft`, the environment through a random game of every shipped game.
# Needs python3 with its headers, pip, setuptools and pytest (Debian: python3-dev python3-pip
# python3-setuptools python3-pytest); without them it is skipped, except in CI (CI=true).
# In the sanitized build the library needs the sanitizers' runtime first: it is preloaded.
srcdir=${srcdir:-.}
top=$(pwd)
abs_srcdir=$(cd "$srcdir" && pwd)
# the first Python that has all it needs ($PYTHON, python3, Debian's own)
py=
for p in "${PYTHON:-}" python3 /usr/bin/python3; do
    [ -n "$p" ] && command -v "$p" > /dev/null 2>&1 || continue
    if "$p" -c 'import sysconfig, os, setuptools, pytest, pip
assert os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))' 2> /dev/null
    then py=$p; break; fi
done
if [ -z "$py" ]; then
    msg="no python3 with its headers, pip, setuptools and pytest (python3-dev python3-pip python3-setuptools python3-pytest)"
    if [ "${CI:-}" = true ]; then echo "FAIL: $msg"; echo "0 passed, 1 failed"; exit 1; fi
    echo "SKIP: $msg"; exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-python.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp -R "$srcdir/python" "$tmp/src"                # pip builds in the source folder: a copy
chmod -R u+w "$tmp/src"                          # (distcheck's source tree is read-only)
rm -rf "$tmp/src/build" "$tmp/src"/*.egg-info
export PYTHONDONTWRITEBYTECODE=1
if ! (cd "$tmp/src" && BOARDVM_INCLUDE_DIR="$abs_srcdir/src/api" \
        BOARDVM_LIBRARY_DIR="$top/.libs" CFLAGS="$SANITIZER_FLAGS" \
        "$py" -m pip install -q --root-user-action=ignore --disable-pip-version-check \
        --no-build-isolation --no-deps --no-index --target "$tmp/site" .) > "$tmp/pip.log" 2>&1
then
    echo "FAIL: pip install of python/:"; sed 's/^/    /' "$tmp/pip.log"
    echo "0 passed, 1 failed"; exit 1
fi
echo "ok: pip install --no-build-isolation --target ... (python/, against .libs/libboardvm.so)"
if [ -n "${SANITIZER_FLAGS:-}" ]; then
    LD_PRELOAD=$(${CC:-cc} -print-file-name=libasan.so)
    ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0   # (Python's own are many)
    export LD_PRELOAD ASAN_OPTIONS
fi
cp -R "$tmp/src/tests" "$tmp/tests"              # run from a folder without the sources
cd "$tmp" || exit 1
if PYTHONPATH="$tmp/site" BOARDVM="$top/boardvm" BOARDVM_PATH="$abs_srcdir/rules" \
        BOARDVM_SOURCE_DIR="$abs_srcdir" "$py" -m pytest -q -p no:cacheprovider tests \
        > "$tmp/pytest.log" 2>&1; then
    sed 's/^/# /' "$tmp/pytest.log" | tail -n 3
    echo "1 passed, 0 failed"
else
    cat "$tmp/pytest.log"
    echo "0 passed, 1 failed"; exit 1
fi
