#!/bin/sh
# Rules code runs under one helper (docs/architecture.md, "Runtime errors of the rules code"):
# src/runtime/protect.c is the only file of src/ that calls setjmp. A command that needs a handler of
# its own uses protected_run() or protected_run_until(), which is what keeps the rest free of
# volatile locals and of handlers left pointing at dead frames. The check is run on a planted
# file first, so that a broken check cannot pass the tree. Run from the top build directory by
# `make check`.
srcdir=${srcdir:-.}
# check DIR: the files of DIR that call setjmp, but protect.c; status 1 if there is one
check() {
    found=$(grep -l 'setjmp *(' "$1"/*.[ch] "$1"/*/*.[ch] 2>/dev/null | grep -v '/protect\.c$')
    [ -z "$found" ] && return 0
    for f in $found; do
        grep -n 'setjmp *(' "$f" | sed "s|^|FAIL: ${f##*/}:|; s|\$| (use protected_run, src/runtime/protect.h)|"
    done
    return 1
}
tmp=protected-runs.tmp
rm -rf "$tmp"; mkdir "$tmp"
printf '#include <setjmp.h>\nstatic jmp_buf jb;\nint f(void) { return setjmp(jb); }\n' > "$tmp/planted.c"
if check "$tmp" > /dev/null; then echo "FAIL: a planted setjmp is not found"; rm -rf "$tmp"; exit 1; fi
rm -rf "$tmp"
echo "ok: a planted setjmp is found"
[ -f "$srcdir/src/runtime/protect.c" ] || { echo "FAIL: no src/runtime/protect.c"; exit 1; }
if check "$srcdir/src"; then echo "ok: src/runtime/protect.c is the only file of src/ that calls setjmp"
else exit 1; fi
