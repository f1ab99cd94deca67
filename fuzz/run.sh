#!/bin/sh
# fuzz/run.sh - build and run boardvm's libFuzzer harnesses (see fuzz/README.md).
#
#   fuzz/run.sh build                  build the harnesses and an ASan+UBSan boardvm
#   fuzz/run.sh sources                check that the lists of C files below match Makefile.am
#   fuzz/run.sh corpus                 (re)make the seed corpora from rules/ and tests/
#   fuzz/run.sh fuzz HARNESS SECONDS   fuzz one harness (its corpus grows in $FUZZ_OUT/corpus)
#   fuzz/run.sh all SECONDS            fuzz every harness for SECONDS each, $FUZZ_JOBS at a time
#   fuzz/run.sh repro HARNESS FILE...  run a harness on given inputs (a crash reproducer)
#   fuzz/run.sh regress                every input of tests/fuzz-regress/ through its harness,
#                                      then the command-line edge cases (fuzz/edge-cases.sh)
#   fuzz/run.sh stats                  executions, wall-clock and CPU seconds of each harness
#   fuzz/run.sh coverage               the corpora replayed through a coverage build: line
#                                      coverage per source file and harness ($FUZZ_OUT/coverage)
#
# Harnesses: compile position moves vm_gen vm_rules record web (web needs jansson and
# libmicrohttpd, as `boardvm serve` does; without them it is left out).
# Environment: FUZZ_OUT (build and run directory, default fuzz/out, not committed),
# CC (default clang), FUZZ_JOBS (harnesses run at once by `all`, default 2),
# FUZZ_FLAGS (extra libFuzzer flags).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
out=${FUZZ_OUT:-$here/out}
CC=${CC:-clang}
HARNESSES="compile position moves vm_gen vm_rules record web zrf"

# Per-harness libFuzzer settings: the longest input, and a dictionary for the text ones.
max_len() {
    case $1 in
        compile|vm_rules) echo 32768 ;;
        position|moves) echo 1024 ;;
        vm_gen) echo 2048 ;;
        record) echo 4096 ;;
        web) echo 8192 ;;
        zrf) echo 16384 ;;
    esac
}
dict_for() {
    case $1 in
        compile|vm_rules) echo "-dict=$here/rules.dict" ;;
        position|moves|record) echo "-dict=$here/position.dict" ;;
        web) echo "-dict=$here/web.dict" ;;
        *) echo "" ;;
    esac
}

# The library sources: everything but main.c and the command files (commands.h users).
LIB="arena game diag ast parse opcodes optext compile builtins codegen setvalues verify jumps superinstr keeps failbacks position vm movegen merge movetext deferred extend effects pins linecount maxima profile posstring notation san uci_moves uci_input engine_notation session gameload perft search mcts smallmath gencheck weights record make capture origins guards guardtest reach tails puretab puresites pretest hookvariants purecall royal skips nearset runsets boardscan squareof sqmemo squarelocal oom protect rulespath move_examples
     zrf_src zrf_lex zrf_expand zrf_tree zrf_variant zrf_board zrf_grid zrf_board_print zrf_lower zrf_moves zrf_goals zrf_astmk zrf_attrs"
# What the web harness adds (the requests of `boardvm serve` without its HTTP side), and how it
# links: every fopen/open/opendir of boardvm's code goes through the harness (fuzz_web.c).
WEBLIB="webapi webgame gamejson movesquares webedit webclock"
WEBLINK="-ljansson -lmicrohttpd -Wl,--wrap=fopen -Wl,--wrap=open -Wl,--wrap=opendir"
# What the command adds (its commands and the command line), for the ASan+UBSan boardvm.
CLI="display disasm testrun testupdate bench play selfplay playcommon xboard lineread movesquares pieceset svg serve dynlib mathfn
     tune tune_write balance selfgames texel outfile interrupt wording
     cli cli_table check show perft_cmd startpos diff diff_side uci_client engine_player variant_names match elo main zrfopen
     variants dump uci list shard match_report merge_cmd
     api_game api_pos api_search"
# Every UBSan check is fatal, except those listed in RECOVER: they report and go on unless
# UBSAN_OPTIONS says halt_on_error=1 (as fuzz and regress do), which lets fuzz/ubsan.supp skip
# known, not yet fixed findings while fuzzing.
RECOVER=signed-integer-overflow
# Findings reported but not fixed yet whose harness-side checks are skipped while fuzzing
# (fuzz_common.h fz_known); empty this when they are fixed. regress never skips them.
KNOWN=""
SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fsanitize-recover=$RECOVER -fno-omit-frame-pointer"

# src/ is one folder per layer (docs/architecture.md): a C file by its name, and every folder on
# the include path, as Makefile.am has them.
srcof() {
    for d in "$src"/src/*/; do
        [ -f "$d$1.c" ] && { echo "$d$1.c"; return; }
    done
    echo "run.sh: no src/*/$1.c" >&2; echo "$src/src/$1.c"
}
srcinc() {
    for d in "$src"/src/*/; do printf -- '-I%s ' "${d%/}"; done
}

# The flex and bison outputs, as Makefile.am makes them (lexer.l writes lex.yy.c).
gen() {
    mkdir -p "$out/gen"
    bison -d -Wno-yacc -o "$out/gen/parser.c" "$src/src/lang/parser.y"
    (cd "$out/gen" && flex "$src/src/lang/lexer.l" && mv lex.yy.c lexer.c)
}

# check_sources: every C file of the program (Makefile.am) is in LIB, WEBLIB or CLI, and every
# name of those lists is a C file of the program. A file added to the program but not here made
# every harness fail to link, twice (jumps, effects, pins and maxima; then builtins and extend),
# with only the linker's "undefined reference" to say why. This check stopped `build` from then
# on, but nothing else ran it, so mcts.c and smallmath.c (3f5c4b7) went in unnoticed until the
# next fuzzing round: `run.sh sources` runs it alone (no clang needed), and `make check` runs that
# (tests/fuzz-sources.sh). FUZZ_MAKEFILE reads another Makefile.am (the test of that test).
check_sources() {
    mk=${FUZZ_MAKEFILE:-$src/Makefile.am}
    [ -r "$mk" ] || { echo "run.sh: cannot read $mk" >&2; exit 2; }
    # any character a file name may hold, so that no C file of src/ slips past the pattern
    files=$(grep -o 'src/[a-z]*/[A-Za-z0-9_.+-]*\.c' "$mk" | sed 's|^src/[a-z]*/||; s|\.c$||' | grep -vx "lexer\|parser" | sort -u)
    [ -n "$files" ] || { echo "run.sh: no src/*.c in $mk" >&2; exit 2; }
    missing=""; extra=""
    for f in $files; do
        case " $(echo $LIB $WEBLIB $CLI) " in *" $f "*) ;; *) missing="$missing $f" ;; esac
    done
    for f in $LIB $WEBLIB $CLI; do
        case " $(echo $files) " in *" $f "*) ;; *) extra="$extra $f" ;; esac
    done
    [ -z "$missing" ] ||
        echo "run.sh: C files of $mk in none of LIB, WEBLIB, CLI (fuzz/run.sh):$missing" >&2
    [ -z "$extra" ] ||
        echo "run.sh: in LIB, WEBLIB or CLI (fuzz/run.sh) but not a C file of $mk:$extra" >&2
    [ -z "$missing$extra" ] || exit 2
}

build() {
    check_sources
    mkdir -p "$out/obj-fuzz" "$out/obj-cli" "$out/bin"
    gen
    inc="$(srcinc) -I$out/gen -DFUZZ_SRCDIR=\"$src\""
    common="-g -O1 -Wall -Wextra -Wno-unused-function $SAN $inc"
    fuzzobjs=""; cliobjs=""
    for f in $LIB; do
        $CC $common -fsanitize=fuzzer-no-link -c "$(srcof "$f")" -o "$out/obj-fuzz/$f.o"
        fuzzobjs="$fuzzobjs $out/obj-fuzz/$f.o"
    done
    for f in parser lexer; do
        $CC $common -Wno-sign-compare -Wno-unused-parameter -fsanitize=fuzzer-no-link -c "$out/gen/$f.c" -o "$out/obj-fuzz/$f.o"
        fuzzobjs="$fuzzobjs $out/obj-fuzz/$f.o"
    done
    for h in $HARNESSES; do
        [ "$h" = web ] && continue
        $CC $common -fsanitize=fuzzer "$here/fuzz_$h.c" $fuzzobjs -o "$out/bin/fuzz_$h"
    done
    if have_web; then
        webobjs=""
        for f in $WEBLIB; do
            $CC $common -fsanitize=fuzzer-no-link -c "$(srcof "$f")" -o "$out/obj-fuzz/$f.o"
            webobjs="$webobjs $out/obj-fuzz/$f.o"
        done
        $CC $common -fsanitize=fuzzer "$here/fuzz_web.c" $fuzzobjs $webobjs $WEBLINK -o "$out/bin/fuzz_web"
    else
        echo "run.sh: no jansson or libmicrohttpd headers: the web harness is not built" >&2
    fi
    # The command itself with the same sanitizers, for the edge cases and `boardvm test`.
    for f in $LIB $CLI; do
        $CC $common -c "$(srcof "$f")" -o "$out/obj-cli/$f.o"
        cliobjs="$cliobjs $out/obj-cli/$f.o"
    done
    for f in parser lexer; do
        $CC $common -Wno-sign-compare -Wno-unused-parameter -c "$out/gen/$f.c" -o "$out/obj-cli/$f.o"
        cliobjs="$cliobjs $out/obj-cli/$f.o"
    done
    $CC $SAN $cliobjs -o "$out/bin/boardvm"
    echo "built: $(cd "$out/bin" && echo *)  (in $out/bin)"
}

# have_web: jansson and libmicrohttpd can be compiled against (the web harness needs both).
have_web() {
    printf '#include <jansson.h>\n#include <microhttpd.h>\nint main(void) { return 0; }\n' |
        $CC -x c - -o /dev/null -ljansson -lmicrohttpd >/dev/null 2>&1
}

corpus() {
    rm -rf "$out/seeds"
    python3 "$here/make-corpus.py" "$src" "$out/seeds"
}

need() {
    [ -x "$out/bin/fuzz_$1" ] || { echo "run.sh: no $out/bin/fuzz_$1; run 'fuzz/run.sh build' first" >&2; exit 2; }
    case " $HARNESSES " in *" $1 "*) ;; *) echo "run.sh: unknown harness '$1' ($HARNESSES)" >&2; exit 2 ;; esac
}

# fuzz HARNESS SECONDS: one libFuzzer run, -jobs=1 -workers=1 (libFuzzer then runs the fuzzing
# in a child process whose output is fuzz-0.log in the current directory: $out/run/HARNESS).
# The corpus directory comes first (new inputs go there), the seeds second (read only).
fuzz() {
    h=$1; secs=$2
    need "$h"
    [ -d "$out/seeds/$h" ] || corpus
    mkdir -p "$out/corpus/$h" "$out/artifacts/$h" "$out/run/$h"
    log="$out/run/$h/fuzz-0.log"
    echo "fuzzing $h for $secs s (log: $log)"
    # ASan: leaks are findings too. Known, not yet fixed findings are skipped through
    # fuzz/ubsan.supp and fuzz/lsan.supp (regress and repro do not use them).
    # libFuzzer stops at the first crash: it is started again (the crash is kept in
    # artifacts/) until the time is used up; each run's log is kept as run-NNN.log.
    end=$(( $(date +%s) + secs ))
    rc=0
    while :; do
        left=$(( end - $(date +%s) ))
        [ "$left" -ge 5 ] || break
        rm -f "$log"
        t0=$(date +%s)
        set +e
        (cd "$out/run/$h" &&
        ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0:handle_abort=1} \
        LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$here/lsan.supp} \
        UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:suppressions=$here/ubsan.supp} \
        FUZZ_KNOWN=${FUZZ_KNOWN-$KNOWN} \
        "$out/bin/fuzz_$h" -jobs=1 -workers=1 -max_total_time="$left" -max_len="$(max_len "$h")" \
            -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 -print_final_stats=1 \
            -artifact_prefix="$out/artifacts/$h/" $(dict_for "$h") ${FUZZ_FLAGS:-} \
            "$out/corpus/$h" "$out/seeds/$h" > "$out/run/$h/driver.log" 2>&1
        r=$?
        # the CPU time of the libFuzzer process and of the child that fuzzes (both waited for)
        times > "$out/run/$h/times.txt"
        exit $r)
        r=$?
        set -e
        n=$(ls "$out/run/$h" | grep -c '^run-.*\.log$' || true)
        if [ -f "$log" ]; then
            cp "$log" "$out/run/$h/run-$(printf %03d $((n + 1))).log"
            echo $(( $(date +%s) - t0 )) > "$out/run/$h/run-$(printf %03d $((n + 1))).secs"
            cpu_of "$out/run/$h/times.txt" > "$out/run/$h/run-$(printf %03d $((n + 1))).cpu"
        fi
        [ $r -eq 0 ] && break
        rc=$r
        echo "$h: libFuzzer stopped (status $r): $(grep -m1 -E 'ERROR:|FZ_CHECK|runtime error' "$log" 2>/dev/null)"
    done
    summary "$h"
    return $rc
}

# cpu_of FILE: the children's user + system seconds in the output of the shell's `times`
# (its second line, "0m12.5s 0m0.25s" in dash and bash).
cpu_of() {
    awk 'NR == 2 { s = 0
        for (i = 1; i <= 2; i++) { split($i, a, "m"); sub("s", "", a[2]); s += a[1] * 60 + a[2] }
        printf "%d\n", s + 0.5 }' "$1"
}

# summary HARNESS: executions and wall-clock seconds of the last run and of all runs (the
# executions are libFuzzer's final count, or its last status line after a crash).
execs_of() {
    e=$(sed -n 's/^stat::number_of_executed_units: *//p' "$1" | tail -n 1)
    [ -n "$e" ] || e=$(sed -n 's/^#\([0-9][0-9]*\).*/\1/p' "$1" | tail -n 1)
    echo "${e:-0}"
}
summary() {
    d="$out/run/$1"
    last=$(ls "$d"/run-*.log 2>/dev/null | tail -n 1)
    [ -n "$last" ] || { echo "$1: no run yet"; return 0; }
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$last" | tail -n 1)
    tex=0; tsec=0; tcpu=0; runs=0
    for f in "$d"/run-*.log; do
        runs=$((runs + 1))
        tex=$((tex + $(execs_of "$f")))
        tsec=$((tsec + $(cat "${f%.log}.secs" 2>/dev/null || echo 0)))
        tcpu=$((tcpu + $(cat "${f%.log}.cpu" 2>/dev/null || echo 0)))
    done
    echo "$1: $tex executions in $tsec s wall, $tcpu s CPU ($(awk "BEGIN { printf \"%.2f\", $tcpu / 3600 }") CPU-h) over $runs libFuzzer run(s);" \
         "last: $(execs_of "$last") executions, ${cov:-cov: ?};" \
         "corpus $(ls "$out/corpus/$1" 2>/dev/null | wc -l) files; artifacts $(ls "$out/artifacts/$1" 2>/dev/null | wc -l)"
}

all() {
    secs=$1; jobs=${FUZZ_JOBS:-2}
    set -- $HARNESSES
    while [ $# -gt 0 ]; do
        pids=""
        i=0
        while [ $# -gt 0 ] && [ $i -lt "$jobs" ]; do
            fuzz "$1" "$secs" & pids="$pids $!"
            shift; i=$((i + 1))
        done
        for p in $pids; do wait "$p" || true; done
    done
    for h in $HARNESSES; do summary "$h"; done
}

repro() {
    h=$1; shift
    need "$h"
    UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
    "$out/bin/fuzz_$h" -runs=1 -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 "$@"
}

# regress: tests/fuzz-regress/HARNESS/* through the harness (each must run clean), then the
# edge cases of the command line.
regress() {
    fail=0
    for h in $HARNESSES; do
        d="$src/tests/fuzz-regress/$h"
        [ -d "$d" ] || continue
        for f in "$d"/*; do
            [ -f "$f" ] || continue
            if UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "$out/bin/fuzz_$h" -runs=1 -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 "$f" > "$out/regress.log" 2>&1; then
                echo "ok   $h ${f#$src/}"
            else
                echo "FAIL $h ${f#$src/}"; tail -30 "$out/regress.log" | sed 's/^/     /'; fail=1
            fi
        done
    done
    BOARDVM="$out/bin/boardvm" sh "$here/edge-cases.sh" || fail=1
    if [ -f "$src/tests/fuzz-regress.test" ]; then
        (cd "$src" && "$out/bin/boardvm" test tests/fuzz-regress.test) || fail=1
    fi
    return $fail
}

# coverage: every harness built again with clang's source-based coverage (no sanitizers, so
# that nothing but the counting changes), the inputs of its corpus and seeds run once each
# (libFuzzer -runs=0 runs every input it loads), and llvm-cov's line coverage per source file,
# per harness and for all of them together: $out/coverage/table.md (fuzz/cov-table.py) and
# llvm-cov's own report, report.txt. Needs llvm-profdata and llvm-cov of the clang in use.
# COVERAGE_NOBUILD=1 replays again with the binaries of the last coverage run (the corpora may
# have grown since).
coverage() {
    c="$out/coverage"
    if [ "${COVERAGE_NOBUILD:-}" = 1 ] && [ -d "$c/bin" ]; then
        rm -rf "$c/prof"; mkdir -p "$c/prof"
        built=$(cd "$c/bin" && ls | sed 's/^fuzz_//' | tr '\n' ' ')
        cov_replay
        return
    fi
    rm -rf "$c"; mkdir -p "$c/obj" "$c/bin" "$c/prof"
    [ -f "$out/gen/parser.c" ] || gen
    flags="-g -O1 -fprofile-instr-generate -fcoverage-mapping -fsanitize=fuzzer-no-link"
    flags="$flags $(srcinc) -I$out/gen -DFUZZ_SRCDIR=\"$src\" -w"
    objs=""
    for f in $LIB; do
        $CC $flags -c "$(srcof "$f")" -o "$c/obj/$f.o"; objs="$objs $c/obj/$f.o"
    done
    for f in parser lexer; do
        $CC $flags -c "$out/gen/$f.c" -o "$c/obj/$f.o"; objs="$objs $c/obj/$f.o"
    done
    webobjs=""
    if have_web; then
        for f in $WEBLIB; do
            $CC $flags -c "$(srcof "$f")" -o "$c/obj/$f.o"; webobjs="$webobjs $c/obj/$f.o"
        done
    fi
    built=""
    for h in $HARNESSES; do
        if [ "$h" = web ]; then
            have_web || continue
            $CC $flags -fsanitize=fuzzer "$here/fuzz_web.c" $objs $webobjs $WEBLINK -o "$c/bin/fuzz_web"
        else
            $CC $flags -fsanitize=fuzzer "$here/fuzz_$h.c" $objs -o "$c/bin/fuzz_$h"
        fi
        built="$built $h"
    done
    cov_replay
}

# cov_replay: the corpora of the harnesses in $built through the coverage binaries, then the
# profiles merged and the table made (see coverage).
cov_replay() {
    # in the order of $HARNESSES: the table's columns come in that order
    set -- ; for h in $HARNESSES; do case " $built " in *" $h "*) set -- "$@" "$h" ;; esac; done
    built="$*"
    for h in $built; do
        dirs=""
        for d in "$out/corpus/$h" "$out/seeds/$h"; do [ -d "$d" ] && dirs="$dirs $d"; done
        # %m: the search children of vm_gen and vm_rules (fuzz_common.h fz_child_exit) merge
        # their counts into the same file as the process that forked them
        LLVM_PROFILE_FILE="$c/prof/$h-%m.profraw" FUZZ_KNOWN="" \
            "$c/bin/fuzz_$h" -runs=0 -timeout=60 -rss_limit_mb=4096 -max_len="$(max_len "$h")" \
            $dirs > "$c/$h.log" 2>&1 || echo "run.sh: the replay of $h ended with an error (see $c/$h.log)" >&2
        llvm-profdata merge movetext deferred -sparse "$c/prof/$h"-*.profraw -o "$c/$h.profdata"
        llvm-cov export -summary-only "$c/bin/fuzz_$h" -instr-profile="$c/$h.profdata" > "$c/$h.json"
        echo "$h: $(sed -n 's/^#\([0-9]*\).*INITED.*/\1/p' "$c/$h.log" | tail -n 1) inputs replayed"
    done
    profs=""
    for h in $built; do profs="$profs $c/$h.profdata"; done
    llvm-profdata merge movetext deferred -sparse $profs -o "$c/all.profdata"
    first=""; more=""
    for h in $built; do
        if [ -z "$first" ]; then first="$c/bin/fuzz_$h"; else more="$more -object $c/bin/fuzz_$h"; fi
    done
    llvm-cov export -summary-only $first $more -instr-profile="$c/all.profdata" > "$c/all.json"
    llvm-cov report $first $more -instr-profile="$c/all.profdata" > "$c/report.txt"
    python3 "$here/cov-table.py" "$src" "$c" $built > "$c/table.md"
    cat "$c/table.md"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
    build) build ;;
    sources) check_sources; echo "run.sh: LIB, WEBLIB and CLI hold every C file of Makefile.am" ;;
    corpus) corpus ;;
    fuzz) [ $# -eq 2 ] || { echo "usage: run.sh fuzz HARNESS SECONDS" >&2; exit 2; }; fuzz "$1" "$2" ;;
    all) [ $# -eq 1 ] || { echo "usage: run.sh all SECONDS" >&2; exit 2; }; all "$1" ;;
    repro) [ $# -ge 2 ] || { echo "usage: run.sh repro HARNESS FILE..." >&2; exit 2; }; repro "$@" ;;
    regress) regress ;;
    stats) for h in $HARNESSES; do summary "$h"; done ;;
    coverage) coverage ;;
    *) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
