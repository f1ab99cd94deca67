/* match_report.c - the summary of a match's games (match_report.h), printed by `boardvm match`
 * after its games and by `boardvm merge` from the results of its shards. */
#include <stdio.h>
#include <string.h>
#include "elo.h"
#include "match_report.h"
#include "wording.h"

void match_print_stats(int w, int d, int l, const MatchSprt *o)
{
    EloStats st;
    elo_stats(w, d, l, &st);
    if (st.n == 0) { printf("elo: no games\n"); return; }
    if (!(st.stderr_score > 0))   /* every game the same result: an interval of width 0 would lie */
        printf("elo: %+.2f (no interval: every game had the same result)\n", st.elo);
    else
        printf("elo: %+.2f [%+.2f, %+.2f] (95 %%; score %.4f +- %.4f)\n", st.elo, st.elo_lo,
               st.elo_hi,
               st.score, 1.959963984540054 * st.stderr_score);
    if (o->use_sprt) {
        Sprt sp;
        sprt(w, d, l, o->elo0, o->elo1, o->alpha, o->beta, &sp);
        const char *verdict =
            sp.verdict > 0 ? "H1 accepted" : sp.verdict < 0 ? "H0 accepted" : "continue";
        printf("sprt: elo0 %g elo1 %g alpha %g beta %g: LLR %.3f [%.3f, %.3f]: %s\n", o->elo0,
               o->elo1, o->alpha, o->beta, sp.llr, sp.lower, sp.upper, verdict);
    }
}

/* The pentanomial line: the pairs of games that share an opening, by A's points in the pair. */
void match_print_penta(const int pairs[5])
{
    EloStats st;
    elo_stats_penta(pairs, &st);
    printf("pairs: %d %d %d %d %d (A scored 0, 1/2, 1, 3/2, 2 of 2 points)\n", pairs[0], pairs[1],
           pairs[2], pairs[3], pairs[4]);
    if (st.n == 0) printf("elo, pentanomial: no pairs\n");
    else if (!(st.stderr_score > 0))
        printf("elo, pentanomial: %+.2f (no interval: every pair had the same result)\n", st.elo);
    else
        printf("elo, pentanomial: %+.2f [%+.2f, %+.2f] (95 %%; score %.4f +- %.4f)\n", st.elo,
               st.elo_lo, st.elo_hi, st.score, 1.959963984540054 * st.stderr_score);
}

int match_summary(const MatchGame *out, int games, const MatchSprt *o, const char *first_name,
                  const char *la, const char *lb, int interrupted)
{
    int errors = 0, missing = 0, first[3] = {0};   /* the balance: player 0's wins, draws, losses */
    int tally[3] = {0};
    long plies = 0;
    const char *reasons[64]; int rcount[64], nreasons = 0;
    for (int gi = 0; gi < games; gi++) {
        const MatchGame *go = &out[gi];
        if (go->outcome == -3) continue;
        if (go->outcome == -2) { missing++; continue; }
        if (go->outcome == -1) { errors++; continue; }
        tally[go->outcome]++;
        plies += go->plies;
        int a_first = gi % 2 == 0;
        first[go->outcome == 1 ? 1 : (go->outcome == 2) == a_first ? 0 : 2]++;
        int r;
        for (r = 0; r < nreasons && strcmp(reasons[r], go->reason); r++) {}
        if (r == nreasons && nreasons < 64) {
            reasons[nreasons] = go->reason;
            rcount[nreasons++] = 0;
        }
        if (r < 64) rcount[r]++;
    }
    int played = tally[0] + tally[1] + tally[2];
    printf("A (%s) against B (%s): ", la, lb);
    print_wins_draws_losses(stdout, tally[2], tally[1], tally[0]);
    printf(" in %d %s\n", played, plural(played, "game", "games"));
    if (played) {
        double score = tally[2] + 0.5 * tally[1];
        printf("score: %.1f/%d = %.4f; draws %.1f %%; average length %.1f plies\n", score, played,
               score / played, 100.0 * tally[1] / played, (double)plies / played);
        printf("%s, whichever engine played it: ", first_name);
        print_wins_draws_losses(stdout, first[0], first[1], first[2]);
        putchar('\n');
        printf("ends:");
        for (int r = 0; r < nreasons; r++)
            printf("%s %s %d", r ? "," : "", *reasons[r] ? reasons[r] : "(no reason)", rcount[r]);
        printf("\n");
    }
    match_print_stats(tally[2], tally[1], tally[0], o);
    /* games 2k and 2k+1 (from 0) share their opening, A first in the one, second in the other */
    int pairs[5] = {0}, npairs = 0;
    for (int gi = 0; gi + 1 < games; gi += 2)
        if (out[gi].outcome >= 0 && out[gi + 1].outcome >= 0) {
            pairs[out[gi].outcome + out[gi + 1].outcome]++;     /* outcome: A's points x 2 */
            npairs++;
        }
    if (npairs) match_print_penta(pairs);
    if (errors)
        fprintf(stderr, "boardvm: match: %d games stopped by an error (not counted)\n", errors);
    if (missing && !interrupted)
        fprintf(stderr, "boardvm: match: %d games not reported by their worker (not counted)\n",
                missing);
    return errors || (missing && !interrupted);
}
