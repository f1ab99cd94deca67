# tests/zrf/tap.sh - what the tests/zrf-*.sh scripts share, sourced after `srcdir` and `bvm` are
# set: the C locale, the working directory tests/zrf (the scripts name their files from there),
# and TAP's counters: `ok TEXT` and `bad TEXT` print a numbered line; `fails` counts the bad ones.
export LC_ALL=C
cd "$srcdir/tests/zrf" || exit 1
n=0 fails=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "not ok $n - $1"; }
