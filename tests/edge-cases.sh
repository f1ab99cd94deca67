#!/bin/sh
# The hostile command-line inputs of the robustness promise (fuzz/edge-cases.sh: empty, binary
# and huge rules files, a million nested brackets, mangled copies of every shipped rules file,
# bad positions and moves, unknown options, negative depths, and the command-line side of each
# fuzzing finding) against the boardvm just built: each must end with status 1 or 2 and a
# message, within 60 s. Under tests/run-sanitized.sh the same cases also fail on any sanitizer
# report. Needs only POSIX tools and coreutils' timeout; about 10 s (a minute or two with the
# sanitizers). Run from the top build directory by `make check` (srcdir is given by automake).
srcdir=${srcdir:-.}
BOARDVM=$(pwd)/boardvm
export BOARDVM
exec sh "$srcdir/fuzz/edge-cases.sh"
