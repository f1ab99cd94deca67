#!/bin/sh
# boardvm's SAN against chess.js's over 100000 positions of random chess games, both ways, with
# the rest of tests/uci-client.sh (the issue 36 figure). Run from the top build directory.
srcdir=${srcdir:-$(dirname "$0")/..}
POSITIONS=${POSITIONS:-100000} srcdir=$srcdir exec sh "$srcdir/tests/uci-client.sh"
