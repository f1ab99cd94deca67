#!/bin/sh
# bench/compare.sh OLD NEW [--runs N] [--games g1,g2] [--scale K]: perft speed of two boardvm
# builds on every shipped and example game, interleaved runs, CPU time, medians and ratios
# (bench/compare.py has the details). Example, against the commit before the runtime work:
#   git worktree add /tmp/base 2e59f54 && (cd /tmp/base && autoreconf -i && ./configure && make)
#   bench/compare.sh /tmp/base/boardvm ./boardvm
exec python3 "$(dirname "$0")/compare.py" "$@"
