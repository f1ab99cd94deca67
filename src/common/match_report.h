/* match_report.h - the summary of a match (`boardvm match`, and `boardvm merge` of its shards):
 * the totals, the first player's share, the ways the games ended, Elo with its interval, the
 * SPRT and the pentanomial count of the pairs. A function of the games' outcomes alone, so that
 * the shards of a match merged print exactly what the match played in one run prints. */
#ifndef BOARDVM_MATCH_REPORT_H
#define BOARDVM_MATCH_REPORT_H

/* outcome: 2 A won, 1 draw, 0 A lost, -1 stopped by an error, -2 never reported, -3 another
 * shard's (not counted, not missing). A plays the first player in even games (from 0). */
typedef struct {
    int outcome, plies;
    const char *reason;
} MatchGame;

typedef struct {
    int use_sprt;
    double elo0, elo1, alpha, beta;
} MatchSprt;

void match_print_stats(int w, int d, int l, const MatchSprt *s);
void match_print_penta(const int pairs[5]);
/* Everything after the games: "A (la) against B (lb): ..." to the pairs line; first is the
 * first player's name. Returns 1 if some games were not counted (an error, or never reported
 * when interrupted is 0). */
int match_summary(const MatchGame *games, int n, const MatchSprt *s, const char *first,
                  const char *la, const char *lb, int interrupted);
#endif
