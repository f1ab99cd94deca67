#!/bin/sh
# The out-of-memory policy (src/base/oom.c): an allocation that fails ends boardvm with a message
# naming what it was allocating and exit status 3, not an abort. The engine's 32 MB hash table
# cannot be had under a virtual memory limit at which the compiler still runs: selfplay must
# then say so. Skipped where no such limit exists (an AddressSanitizer build reserves terabytes
# of address space). Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess="$srcdir/rules/chess.rules"
limit=
for kb in 16000 20000 24000 28000 32000 36000; do
    if (ulimit -v $kb 2>/dev/null && ./boardvm check "$chess") >/dev/null 2>&1; then limit=$kb; break; fi
done
if [ -z "$limit" ]; then echo "ok: # SKIP no memory limit under which boardvm starts (a sanitizer build?)"; exit 0; fi
(ulimit -v $limit && ./boardvm selfplay "$chess" --depth 1 --max-plies 2) >oom.out 2>oom.err; st=$?
status=0
if [ $st -eq 3 ] && grep -q '^boardvm: out of memory (allocating .*engine_new' oom.err; then
    echo "ok: under ulimit -v $limit, selfplay: exit status 3, $(cat oom.err)"
else
    echo "FAIL: under ulimit -v $limit, selfplay: exit status $st, $(head -c 300 oom.err)"; status=1
fi
rm -f oom.out oom.err
exit $status
