#!/bin/sh
# boardvm match (src/commands/match.c, src/common/elo.c): the statistics against values computed by hand, a tiny
# real match whose totals and records must add up, and the errors for bad options.
# Run from the top build directory by `make check`.
srcdir=${srcdir:-.}
status=0
check() {   # name, expected, actual
    if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected '$2', got '$3'"; status=1; fi
}
stat_line() {   # the line of `match --stats` starting with $1, for the counts and options after it
    key=$1; shift
    ./boardvm match --stats "$@" | sed -n "s/^$key: //p"
}

# -- the statistics (--stats W,D,L plays no games) --
# Score 3/4 = 0.75: Elo = -400 log10(1/0.75 - 1) = 400 log10(3) = 190.85. With 3 wins and a loss
# the per-game variance is (3 (1-0.75)^2 + 0.75^2)/4 = 0.1875, the standard error sqrt(0.1875/4)
# = 0.2165, so the upper end of the score interval (0.75 + 1.96 x 0.2165 = 1.174) is past 1: +inf;
# the lower, 0.3257, is -400 log10(1/0.3257 - 1) = -126.45.
check "Elo of 3 wins and a loss" "+190.85 [-126.45, +inf] (95 %; score 0.7500 +- 0.4243)" "$(stat_line elo 3,0,1)"
# W 30, D 40, L 20: s = 50/90 = 0.5556; variance (30 (4/9)^2 + 40 (1/18)^2 + 20 (5/9)^2)/90 = 0.13580,
# standard error sqrt(0.13580/90) = 0.038845; s -+ 1.95996 x 0.038845 = 0.47942, 0.63169, whose Elo
# are -14.31 and +93.72; the Elo of 0.5556 is 400 log10(1.25) = 38.76.
check "Elo and interval of 30-40-20" "+38.76 [-14.31, +93.72] (95 %; score 0.5556 +- 0.0761)" "$(stat_line elo 30,40,20)"
# 5 wins, 5 losses: Elo 0 (not -0); variance 0.25, standard error sqrt(0.25/10) = 0.15811,
# 0.5 -+ 0.30990 = 0.19010, 0.80990: -400 log10(1/0.19010 - 1) = -251.78, and +251.78 by symmetry.
# All draws: no interval rather than one of width 0.
check "Elo of an even score" "+0.00 [-251.78, +251.78] (95 %; score 0.5000 +- 0.3099)" "$(stat_line elo 5,0,5)"
check "all draws: no interval" "+0.00 (no interval: every game had the same result)" "$(stat_line elo 0,10,0)"
# SPRT, GSPRT approximation: LLR = N (s1 - s0)(2 s - s0 - s1) / (2 v), s_i = 1/(1 + 10^(-elo_i/400)),
# v the per-game variance; bounds log(beta/(1-alpha)), log((1-beta)/alpha) = -+2.944 at 0.05. By
#   python3 -c "from math import *; S=lambda E:1/(1+10**(-E/400))
#   def llr(W,D,L,e0,e1):
#     N=W+D+L;s=(W+D/2)/N;v=(W*(1-s)**2+D*(.5-s)**2+L*s**2)/N;s0,s1=S(e0),S(e1)
#     return N*(s1-s0)*(2*s-s0-s1)/(2*v)
#   print(llr(30,40,20,0,10), llr(600,200,400,0,10), llr(400,200,600,0,10))"
# 0.46112, 6.52729, -7.76067; and with alpha 0.1, beta 0.2: bounds log(0.2/0.9) = -1.504, log(0.8/0.1) = 2.079.
check "SPRT: continue" "elo0 0 elo1 10 alpha 0.05 beta 0.05: LLR 0.461 [-2.944, 2.944]: continue" "$(stat_line sprt 30,40,20 --sprt 0,10)"
check "SPRT: H1" "elo0 0 elo1 10 alpha 0.05 beta 0.05: LLR 6.527 [-2.944, 2.944]: H1 accepted" "$(stat_line sprt 600,200,400 --sprt 0,10)"
check "SPRT: H0" "elo0 0 elo1 10 alpha 0.05 beta 0.05: LLR -7.761 [-2.944, 2.944]: H0 accepted" "$(stat_line sprt 400,200,600 --sprt 0,10)"
check "SPRT: alpha and beta" "elo0 0 elo1 10 alpha 0.1 beta 0.2: LLR 0.461 [-1.504, 2.079]: continue" "$(stat_line sprt 30,40,20 --sprt 0,10,0.1,0.2)"

# Pentanomial (--stats P0,P1,P2,P3,P4: pairs in which A scored 0, 1/2, 1, 3/2, 2): pairs 1 2 3 4 5,
# a pair's mean score per game i/4: s = (0.5 + 1.5 + 3 + 5)/15 = 0.66667; variance of the pair
# means (0.66667^2 + 2 x 0.41667^2 + 3 x 0.16667^2 + 4 x 0.08333^2 + 5 x 0.33333^2)/15 = 0.097222,
# standard error sqrt(0.097222/15) = 0.080508; s -+ 1.95996 x 0.080508 = 0.50888, 0.82446, whose
# Elo are +6.17 and +268.72; the Elo of 2/3 is 400 log10(2) = 120.41. Every pair 1-1: no interval.
check "pentanomial Elo of pairs 1 2 3 4 5" \
    "+120.41 [+6.17, +268.72] (95 %; score 0.6667 +- 0.1578)" "$(stat_line 'elo, pentanomial' 1,2,3,4,5)"
check "pentanomial: every pair 1-1" "+0.00 (no interval: every pair had the same result)" \
    "$(stat_line 'elo, pentanomial' 0,0,5,0,0)"
./boardvm match --stats 1,2,3,4 > /dev/null 2>&1
check "--stats with 4 counts is refused" 2 $?

# -- a real match: chess, depth 1 against 2, 4 games in 2 workers --
rules=$srcdir/rules/chess.rules
rm -f match.pgn match1.pgn
./boardvm match "$rules" --depth 1,2 --games 4 --jobs 2 --record match.pgn > match.out 2> match.err
check "the match exits 0" 0 $?
check "nothing on stderr" "" "$(cat match.err)"
check "one line per game" 4 "$(grep -c '^game [0-9]/4 ' match.out)"
totals=$(sed -n 's/^A (depth 1) against B (depth 2): \([0-9]*\) wins*, \([0-9]*\) draws*, \([0-9]*\) loss[es]* in \([0-9]*\) games*$/\1 \2 \3 \4/p' match.out)
set -- $totals
check "W + D + L = games = 4" "4 4" "$(($1 + $2 + $3)) $4"
# the 2 pairs, by A's points: their counts add up to 2, and their points to A's (2 W + D halves)
halves=$((2 * $1 + $2))
set -- $(sed -n 's/^pairs: \([0-9]*\) \([0-9]*\) \([0-9]*\) \([0-9]*\) \([0-9]*\) .*/\1 \2 \3 \4 \5/p' match.out)
check "two pairs" 2 "$(($1 + $2 + $3 + $4 + $5))"
check "the pairs' points are A's" "$halves" "$(($2 + 2 * $3 + 3 * $4 + 4 * $5))"
check "the record holds 4 games" 4 "$(grep -c '^\[Result ' match.pgn)"
check "A has White in games 1 and 3" "boardvm depth 1 (A) boardvm depth 2 (B) boardvm depth 1 (A)" \
    "$(sed -n 's/^\[White "\(.*\)"\]$/\1/p' match.pgn | sed -n 1,3p | tr '\n' ' ' | sed 's/ $//')"
# both games of a pair start with the same 4 random plies
first4() { awk '/^1\. /{print $2, $3, $5, $6}' match.pgn | sed -n "$1p"; }
check "games 1 and 2 share their opening" "$(first4 1)" "$(first4 2)"
# the games do not depend on which worker played them
./boardvm match "$rules" --depth 1,2 --games 4 --jobs 1 --record match1.pgn > /dev/null 2>&1
if cmp -s match.pgn match1.pgn; then echo "ok: the same records with 1 and 2 workers"
else echo "FAIL: the records differ between --jobs 1 and --jobs 2"; status=1; fi
# a record reads back (show --game: game 1, the first in the file) and ends in a finished position
check "a recorded game reads back and is over" 1 "$(./boardvm show "$rules" --game match.pgn | grep -c '^result: ')"

# -- an opening file: two positions (a comment and a blank line skipped), each pair from its own;
# the two games of a pair start from it, with no random plies --
printf '%s\n' '# 1. e4 and 1. d4' 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' '' \
    'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1' > match-openings.txt
./boardvm match "$rules" --openings match-openings.txt --random-plies 0 --depth 1 --games 4 --jobs 2 --record match.pgn > match.out 2>&1
check "--openings: the match exits 0" 0 $?
check "--openings: the games start from lines 2, 2, 4, 4" "4P3 4P3 3P4 3P4" \
    "$(sed -n 's/^\[FEN "[^ ]*\/8\/8\/\([^/]*\)\/8\/.*/\1/p' match.pgn | tr '\n' ' ' | sed 's/ $//')"
printf '%s\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 'no position' > match-openings.txt
./boardvm match "$rules" --openings match-openings.txt --games 2 > /dev/null 2> bad.err
check "--openings: a bad line exits 1" 1 $?
check "--openings: a bad line is named" "boardvm: match: match-openings.txt: line 2 is not a position of FIDE Chess" "$(tail -1 bad.err)"
rm -f match-openings.txt

# -- a game stopped by an error in the rules (tests/lang/long-search.rules without its option:
# the first move generation runs past the step bound, tests/step-limit.sh) is reported, not
# counted, and the exit status is 1 --
./boardvm match "$srcdir/tests/lang/long-search.rules" --games 2 --jobs 2 --depth 1 > match.out 2> match.err
check "a rules error: exit 1" 1 $?
check "a rules error: each game says why" 2 "$(grep -c '^boardvm: match: game [12]: .*long-search.rules:16: error: a program ran more than 100000' match.err)"
check "a rules error: the games are not counted" "boardvm: match: 2 games stopped by an error (not counted)" "$(tail -1 match.err)"
check "a rules error: no games in the totals" 1 "$(grep -c ' 0 wins, 0 draws, 0 losses in 0 games$' match.out)"

# -- bad options --
bad() {   # expected message, arguments...
    want=$1; shift
    ./boardvm match "$@" > /dev/null 2> bad.err
    st=$?
    check "match $* exits 2" 2 $st
    check "match $*: message" "$want" "$(head -1 bad.err)"
}
bad "boardvm: match: unknown option '--bogus'" "$rules" --bogus
bad "boardvm: match: --games '0' is not a number of games from 1 to 1000000" "$rules" --games 0
bad "boardvm: match: --jobs '0' is not a number of processes from 1 to 1024" "$rules" --jobs 0
bad "boardvm: match: --depth '1,x' is not A,B (depths from 1 to 60) or one depth" "$rules" --depth 1,x
bad "boardvm: match: --depth '1,2,3' is not A,B (depths from 1 to 60) or one depth" "$rules" --depth 1,2,3
bad "boardvm: match: --depth needs a value" "$rules" --depth
bad "boardvm: match: --time: give one of --depth, --time, --nodes and --tc, once" "$rules" --depth 1 --time 1,2
sprt_rule="with -1000 <= ELO0 < ELO1 <= 1000 and 0 < ALPHA, BETA < 0.5"
bad "boardvm: match: --sprt '5,0' is not ELO0,ELO1[,ALPHA,BETA] $sprt_rule" "$rules" --sprt 5,0
# bounds past +-1000 Elo (a score within 0.32 % of 0 or 1: 1/(1 + 10^2.5) = 0.0031) are refused
bad "boardvm: match: --sprt '0,1e308' is not ELO0,ELO1[,ALPHA,BETA] $sprt_rule" "$rules" --sprt 0,1e308
bad "boardvm: match: --sprt '-1001,0' is not ELO0,ELO1[,ALPHA,BETA] $sprt_rule" "$rules" --sprt -1001,0
bad "boardvm: match: --sprt '0,inf' is not ELO0,ELO1[,ALPHA,BETA] $sprt_rule" "$rules" --sprt 0,inf
bad "boardvm: match: --sprt '0,nan' is not ELO0,ELO1[,ALPHA,BETA] $sprt_rule" "$rules" --sprt 0,nan
check "--sprt -1000,1000: the widest accepted" "elo0 -1000 elo1 1000" \
    "$(stat_line sprt 30,40,20 --sprt -1000,1000 | cut -d' ' -f1-4)"
bad "boardvm: match: --move-work '0' is not A,B (million steps, from 1) or one bound" "$rules" --move-work 0
bad "boardvm: match: --move-work '1,x' is not A,B (million steps, from 1) or one bound" "$rules" --move-work 1,x
bad "boardvm: match: needs a rules file" --games 2
# --move-work goes with a depth, or alone; the header says each engine's limits
check "match --depth 3 --move-work 100,200: the engines" \
    "A = depth 3 100 M steps, B = depth 3 200 M steps" \
    "$(./boardvm match "$rules" --depth 3 --move-work 100,200 --games 1 --jobs 1 | sed -n '1s/.*, \(A = .*\): 1 games.*/\1/p')"
rm -f match.out match.err match.pgn match1.pgn bad.err match-openings.txt
exit $status
