/* elo.h - the statistics of a match between two engines: score, Elo difference with a 95 %
 * interval, and the SPRT log-likelihood ratio (GSPRT approximation, as fishtest and
 * cutechess-cli compute it). Pure functions of the win/draw/loss counts, tested through
 * `boardvm match --stats W,D,L` (tests/match.sh). */
#ifndef BOARDVM_ELO_H
#define BOARDVM_ELO_H

typedef struct {
    int n;                  /* games */
    double score;           /* mean score per game, 0..1 */
    double elo;             /* Elo difference from the score; +-INFINITY at 0 or 1, NAN without
                               games */
    double elo_lo, elo_hi;  /* its 95 % interval */
    double stderr_score;    /* standard error of the mean score */
} EloStats;

void elo_stats(int wins, int draws, int losses, EloStats *s);
/* The same from pairs of games that share an opening (colours swapped), as fishtest counts
 * them: pairs[i] = the pairs in which A scored i/2 of the pair's 2 points (i = 0..4). The
 * variance is that of the pairs' mean scores, so an opening that decides both games of its pair
 * counts once: the interval is right for paired games (narrower when openings are lopsided). */
void elo_stats_penta(const int pairs[5], EloStats *s);
double elo_from_score(double score);     /* -400 log10(1/s - 1) */
double score_from_elo(double elo);       /* 1 / (1 + 10^(-elo/400)) */

typedef struct {
    double llr, lower, upper;    /* LLR and the bounds log(beta/(1-alpha)), log((1-beta)/alpha) */
    int verdict;                 /* -1 H0 accepted (elo <= elo0), 1 H1 accepted, 0 continue */
} Sprt;

/* The GSPRT log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0) for these
 * results. Without variance (no games, or every game the same result) the LLR is 0. */
void sprt(int wins, int draws, int losses, double elo0, double elo1, double alpha, double beta,
          Sprt *out);
#endif
