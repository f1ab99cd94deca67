#!/bin/sh
# Every command's operands are counted by the one parser (src/cli/cli.c) from its row in
# src/cli/cli_table.c: too few and too many are refused before the command runs, with status 2 and
# a message of one shape, "boardvm: COMMAND: ..." then "Try 'boardvm COMMAND --help'.". An
# option that stands alone (--version, disasm --list-opcodes, match --stats, tune --fit-data)
# needs no operand. The usage errors found in values (diff's sides, match's "A,B", balance's
# -o, --off and --search) have the same shape. Every command of `boardvm --help` must be
# listed below, so a new command comes with its operand counts. Run from the top build
# directory by `make check`.
srcdir=${srcdir:-.}
chess="$srcdir/rules/chess.rules"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/boardvm-operands.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }

# usage NAME COMMAND FIRST-LINE-PATTERN ARGS...: boardvm COMMAND ARGS exits 2 with the message
# FIRST-LINE (grep -E, after "boardvm: COMMAND: ") and the pointer to the command's help
usage() {
    name=$1 cmd=$2 pattern=$3; shift 3
    timeout 20 ./boardvm "$cmd" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; st=$?
    if [ $st -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 2 ] &&
        head -n 1 "$tmp/err" | grep -Eq -- "^boardvm: $cmd: $pattern" &&
        [ "$(sed -n 2p "$tmp/err")" = "Try 'boardvm $cmd --help'." ] && [ ! -s "$tmp/out" ]
    then ok "$name"
    else bad "$name: exit $st, stdout $(wc -c < "$tmp/out") bytes, stderr: $(cat "$tmp/err")"; fi
}
# runs NAME ARGS...: boardvm ARGS exits 0
runs() {
    name=$1; shift
    timeout 60 ./boardvm "$@" >"$tmp/out" 2>"$tmp/err" </dev/null && ok "$name" ||
        bad "$name: exit $?, stderr: $(cat "$tmp/err")"
}

# too_few COMMAND NEEDS ARGS...: ARGS are fewer operands than COMMAND needs
too_few() { cmd=$1 needs=$2; shift 2; usage "$cmd${*:+ $*}: too few operands" "$cmd" "needs $needs\$" "$@"; }
# too_many COMMAND EXTRA ARGS...: the operand EXTRA, the last of ARGS, is one too many
too_many() {
    cmd=$1 extra=$2; shift 2
    usage "$cmd $*: too many operands" "$cmd" "unexpected argument '$extra'.* \(usage: boardvm $cmd " "$@"
}

commands=$(./boardvm --help | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z]*\) .*/\1/p')
[ -n "$commands" ] || bad "no commands in boardvm --help"
for c in $commands; do
    case $c in
    check) too_few check "a rules file"; too_few check "a rules file" --option x=1 ;;
    disasm) too_few disasm "a rules file"; too_many disasm x "$chess" x
            runs "disasm --list-opcodes: no operand" disasm --list-opcodes ;;
    show|moves|selfplay|play|xboard|uci|serve|svg)
        too_few "$c" "a rules file"; too_many "$c" x.rules "$chess" x.rules ;;
    perft) too_few perft "a rules file and a depth"
           too_few perft "a rules file and a depth" "$chess"
           too_many perft x "$chess" 1 x ;;
    test) too_few test ".test files"; too_few test ".test files" --update ;;
    diff) too_many diff x "$chess" "$chess" x
          usage "diff: one side" diff "needs two sides" "$chess"
          usage "diff: -o before its rules file" diff "-o belongs after the rules file" \
              -o x=1 "$chess" "$chess" ;;
    bench) ;;                                   # none (chess, xiangqi, shogi) or any number
    match) too_few match "a rules file" --games 2; too_many match x "$chess" x
           runs "match --stats: no operand" match --stats 10,5,3
           usage "match: a value match checks" match "--threads 'x' is not A,B" \
               "$chess" --threads x ;;
    tune) too_few tune "a rules file"; too_many tune x "$chess" x
          printf '0 1 1\n1 1 1\n2 1 1\n3 0 1\n4 1 -1\n5 0 -1\n6 0 -1\n7 0 -1\n' > "$tmp/fit"
          runs "tune --fit-data: no operand" tune --fit-data "$tmp/fit" ;;
    balance) too_few balance "a rules file"
             too_many balance h "$chess" a b c d e f g h     # 8 variants at most
             usage "balance: -o before its rules file" balance "-o x=1: give the rules file" \
                 -o x=1 "$chess" ;;
    merge) too_few merge "results files \\(of --jsonl\\)" ;;
    variants|dump)
        too_few "$c" "a .zrf file"; too_many "$c" x.zrf "$srcdir/tests/zrf/grid3.zrf" x.zrf ;;
    help) too_many help x perft x ;;
    list) usage "list x: too many operands" list "unexpected argument 'x' \\(it takes none\\)" x ;;
    completion) too_many completion x bash x ;;
    *) bad "$c: not in tests/operands.sh (how many operands does it take?)" ;;
    esac
done
# the values main.c checks (--off, --search) name their command too
usage "selfplay --off: its command" selfplay "--off 'x' is not null" "$chess" --off x
usage "xboard --search: its command" xboard "--search 'x' is not ab" "$chess" --search x

# --version stands alone in every command
for c in $commands; do
    ./boardvm "$c" --version 2>"$tmp/err" | grep -q '^boardvm ' && ok "$c --version" ||
        bad "$c --version: $(cat "$tmp/err")"
done

[ $fails -eq 0 ] && echo "$(echo "$commands" | wc -w) commands: operands counted alike" ||
    echo "$fails failed"
[ $fails -eq 0 ]
