#!/bin/sh
# The command line from its one table (src/cli/cli_table.c): every command has its own --help (the
# same as `boardvm help COMMAND`), an option of another command or an unknown one is refused
# with status 2 and names the command, short forms and `--` work, extra operands are refused,
# --version states the licence, and the bash completion script made from the table completes
# commands and each command's own options. Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
chess="$srcdir/rules/chess.rules"
fails=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
# refused NAME PATTERN ARGS...: boardvm ARGS exits 2 with PATTERN (grep -E) on stderr
refused() {
    name=$1 pattern=$2; shift 2
    timeout 20 ./boardvm "$@" >cli.out 2>cli.err </dev/null; st=$?     # a command that ran (serve) must not hang
    if [ $st -eq 2 ] && grep -Eq -- "$pattern" cli.err; then ok "$name"
    else bad "$name: exit $st, stderr: $(cat cli.err)"; fi
}

# ---- per-command help --------------------------------------------------------------------------
commands=$(./boardvm --help | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z]*\) .*/\1/p')
[ "$(echo "$commands" | wc -w)" -ge 15 ] && ok "the global help lists $(echo "$commands" | wc -w) commands" ||
    bad "the global help lists only: $commands"
for c in $commands; do
    if ./boardvm "$c" --help >cli.out 2>cli.err && head -n 1 cli.out | grep -q "^usage: boardvm $c "; then
        ./boardvm help "$c" >cli.help && cmp -s cli.out cli.help && ok "$c --help" || bad "$c: help $c differs from $c --help"
    else bad "$c --help: $(head -n 1 cli.out) $(cat cli.err)"; fi
done
./boardvm perft --help >cli.out
grep -q -- '--divide' cli.out && ! grep -q -- '--port' cli.out && ok "perft --help: its options only" ||
    bad "perft --help: $(cat cli.out)"
./boardvm selfplay --help | grep -q -- '-d, --depth N  *search depth' && ok "selfplay --help: --depth as selfplay means it" ||
    bad "selfplay --help has no search depth"
./boardvm -h | grep -q '^usage: boardvm COMMAND' && ok "-h: the list of commands" || bad "-h"

# ---- options checked against their command ---------------------------------------------------
refused "show --depth 3: not an option of show" "^boardvm: show: --depth is not an option of show \(but of .*selfplay" show "$chess" --depth 3
refused "moves --divide" "^boardvm: moves: --divide is not an option of moves \(but of perft\)" moves "$chess" --divide
refused "perft --port 80" "--port is not an option of perft" perft "$chess" 1 --port 80
refused "serve --json" "--json is not an option of serve" serve "$chess" --json
refused "an unknown long option" "unknown option '--bogus'" perft "$chess" 1 --bogus
refused "an unknown short option" "unknown option '-Z'" show "$chess" -Z
refused "a flag given a value" "--divide takes no value" perft "$chess" 1 --divide=3
refused "a value missing" "--fen needs a position string" show "$chess" --fen
refused "a second rules file" "unexpected argument 'x.rules' \(usage: boardvm show FILE\)" show "$chess" x.rules
refused "a bad number" "'x' is not a positive number" selfplay "$chess" --games x
refused "a port out of range" "--port must be 0 to 65535, not '70000'" serve "$chess" --port 70000
refused "an option before the command" "the command comes first" --fen x show "$chess"
refused "no command" "usage: boardvm COMMAND"
# a game option given twice is refused, whether the values conflict or not (not "last one wins")
ivory="$srcdir/rules/ivory-tower.rules"
refused "a game option given twice with conflicting values" \
    "^boardvm: option 'repetition' is given twice \('repetition=author', then 'repetition=zillions'\)" \
    show "$ivory" --option repetition=author --option repetition=zillions
refused "a flag game option given twice" "^boardvm: option 'korean' is given twice \('korean', then 'korean=on'\)" \
    perft "$ivory" 1 -o korean -o korean=on

# ---- short forms, --, abbreviations ------------------------------------------------------------
fen='4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'
long=$(./boardvm moves "$chess" --fen "$fen" --moves e2e4 e8d7 2>&1)
short=$(./boardvm moves "$chess" -f "$fen" -m e2e4 e8d7 2>&1)
[ -n "$long" ] && [ "$long" = "$short" ] && ok "-f and -m are --fen and --moves" || bad "short forms: '$short' vs '$long'"
[ "$(./boardvm moves -- "$chess" 2>&1 | wc -l)" -eq 20 ] && ok "-- ends the options" || bad "--"
[ "$(./boardvm perft "$chess" 2 --div 2>/dev/null | wc -l)" -eq 21 ] && ok "--div abbreviates --divide" || bad "--div"
./boardvm perft "$chess" 3 -o nosuch=1 >/dev/null 2>cli.err; grep -q "no option 'nosuch'" cli.err &&
    ok "-o reaches the rules file" || bad "-o: $(cat cli.err)"

# ---- version and licence -----------------------------------------------------------------------
./boardvm --version | grep -q 'License: MIT' && ok "--version states the licence" || bad "--version: $(./boardvm --version)"
[ -f "$srcdir/LICENSE" ] && grep -q 'MIT License' "$srcdir/LICENSE" && grep -q 'MIT' "$srcdir/README.md" &&
    ok "LICENSE and README agree" || bad "no LICENSE, or the README does not name it"

# ---- bash completion ---------------------------------------------------------------------------
if command -v bash >/dev/null; then
    ./boardvm completion bash >cli.bash
    # complete WORDS...: the completions of the last word, as bash would offer them
    complete_words() {
        bash -c '. ./cli.bash; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _boardvm; [ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}"' \
            boardvm "$@" | sort | tr '\n' ' '
    }
    [ "$(complete_words boardvm pe)" = "perft " ] && ok "completion: a command" || bad "completion: pe -> $(complete_words boardvm pe)"
    [ "$(complete_words boardvm perft x --di)" = "--divide " ] && ok "completion: perft's --divide" ||
        bad "completion: perft --di -> $(complete_words boardvm perft x --di)"
    [ "$(complete_words boardvm show x --d)" = "" ] && ok "completion: show offers no --depth nor --divide" ||
        bad "completion: show --d -> $(complete_words boardvm show x --d)"
    [ "$(complete_words boardvm selfplay x --de)" = "--depth " ] && ok "completion: selfplay's --depth" ||
        bad "completion: selfplay --de -> $(complete_words boardvm selfplay x --de)"
    # the games and option values (issue 41, point 4): the games are those `boardvm list` finds,
    # asked of the boardvm being completed (./boardvm: the build tree's rules/ and examples/)
    mkdir -p cli.games && : >cli.games/mygame.rules
    [ "$(BOARDVM_PATH=$PWD/cli.games complete_words ./boardvm show myg)" = "mygame " ] &&
        ok "completion: a game in \$BOARDVM_PATH by name" || bad "completion: myg -> $(BOARDVM_PATH=$PWD/cli.games complete_words ./boardvm show myg)"
    [ "$(complete_words ./boardvm show xi)" = "xiangqi " ] && ok "completion: an example by name" ||
        bad "completion: show xi -> $(complete_words ./boardvm show xi)"
    offered=" $(complete_words ./boardvm show "")" missing=
    for g in $(./boardvm list --names); do
        case $offered in *" $g "*) ;; *) missing="$missing $g" ;; esac
    done
    [ -n "$(./boardvm list --names)" ] && [ -z "$missing" ] && ok "completion: every game list names" ||
        bad "completion: show does not offer$missing"
    [ "$(complete_words ./boardvm selfplay chess --search m)" = "mcts mcts:end " ] &&
        [ "$(complete_words ./boardvm selfplay chess --search mcts : e)" = "end " ] &&
        ok "completion: --search's values, mcts:end across bash's split at the colon" ||
        bad "completion: --search m -> $(complete_words ./boardvm selfplay chess --search m)"
    [ "$(complete_words ./boardvm selfplay chess --opponent r)" = "random " ] &&
        ok "completion: --opponent random" || bad "completion: --opponent r -> $(complete_words ./boardvm selfplay chess --opponent r)"
    [ "$(complete_words ./boardvm play chess --as "")" = "black white " ] &&
        [ "$(complete_words ./boardvm play --depth 2 "$srcdir/rules/nemoroth.rules" --as "")" = "alabaster obsidian " ] &&
        ok "completion: --as, the sides of the game on the line" ||
        bad "completion: --as -> $(complete_words ./boardvm play chess --as "")"
    [ "$(complete_words ./boardvm show chess --fen "")" = "" ] && ok "completion: no words for --fen" ||
        bad "completion: --fen -> $(complete_words ./boardvm show chess --fen "")"
    rm -rf cli.games
else ok "# SKIP bash completion: no bash"; fi

rm -f cli.out cli.err cli.help cli.bash
[ $fails -eq 0 ]
