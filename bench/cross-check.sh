#!/bin/sh
# The deep cross-checks of issue 14: random games of every seed game (and its options) compared,
# at every ply, with the independent reference move generators (tests/*/...-ref.py). Not part of
# `make check`: the full run takes about an hour (docs/cross-check.md). Arguments are passed on:
#   bench/cross-check.sh [--games N] [--plies N] [--seed N] [--only GAME[:SETTING]]...
#                        [--time-limit SECONDS] [--boardvm PATH]
# BOARDVM (environment) names the binary when --boardvm is not given. Exit 1 on a difference.
here=$(dirname "$0")
bvm=${BOARDVM:-$here/../boardvm}
exec nice -n 10 python3 "$here/cross-check.py" --boardvm "$bvm" "$@"
