/* elo.c - match statistics (elo.h). The model is the logistic one every engine tester uses:
 * a score s per game corresponds to an Elo difference of -400 log10(1/s - 1). The interval is
 * the normal one on the mean of the per-game scores (1, 1/2, 0), mapped through that curve, so
 * it is not symmetric around the Elo. */
#include "elo.h"
#include <math.h>
#include "mathfn.h"

#define Z95 1.959963984540054      /* the two-sided 95 % quantile of the normal distribution */

double elo_from_score(double s)
{
    if (s <= 0) return -INFINITY;
    if (s >= 1) return INFINITY;
    return -400.0 * m_log10(1.0 / s - 1.0) + 0.0;       /* + 0.0: 0, not -0, at s = 1/2 */
}

double score_from_elo(double elo) { return 1.0 / (1.0 + m_pow(10.0, -elo / 400.0)); }

/* Mean and variance of one game's score. */
static void moments(int w, int d, int l, double *mean, double *var)
{
    int n = w + d + l;
    if (n <= 0) { *mean = NAN; *var = 0; return; }
    double s = (w + 0.5 * d) / n;
    *mean = s;
    *var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
}

void elo_stats(int w, int d, int l, EloStats *st)
{
    double var;
    st->n = w + d + l;
    moments(w, d, l, &st->score, &var);
    st->stderr_score = st->n > 0 ? m_sqrt(var / st->n) : NAN;
    if (st->n <= 0) { st->elo = st->elo_lo = st->elo_hi = NAN; return; }
    st->elo = elo_from_score(st->score);
    st->elo_lo = elo_from_score(st->score - Z95 * st->stderr_score);
    st->elo_hi = elo_from_score(st->score + Z95 * st->stderr_score);
}

void elo_stats_penta(const int pairs[5], EloStats *st)
{
    int np = 0;
    double sum = 0;
    for (int i = 0; i < 5; i++) { np += pairs[i]; sum += pairs[i] * (i / 4.0); }
    st->n = 2 * np;
    if (np <= 0) { st->score = st->elo = st->elo_lo = st->elo_hi = st->stderr_score = NAN; return; }
    double s = sum / np, var = 0;             /* a pair's mean score per game: i/4 */
    for (int i = 0; i < 5; i++) var += pairs[i] * (i / 4.0 - s) * (i / 4.0 - s);
    var /= np;
    st->score = s;
    st->stderr_score = m_sqrt(var / np);
    st->elo = elo_from_score(s);
    st->elo_lo = elo_from_score(s - Z95 * st->stderr_score);
    st->elo_hi = elo_from_score(s + Z95 * st->stderr_score);
}

/* Van den Bergh's GSPRT approximation: with the observed per-game variance v held fixed, the
 * log-likelihood ratio of mean s1 against mean s0 after N games of mean s is
 *   N ((s - s0)^2 - (s - s1)^2) / (2 v)  =  N (s1 - s0)(2 s - s0 - s1) / (2 v). */
void sprt(int w, int d, int l, double elo0, double elo1, double alpha, double beta, Sprt *o)
{
    double s, var;
    int n = w + d + l;
    moments(w, d, l, &s, &var);
    o->lower = m_log(beta / (1 - alpha));
    o->upper = m_log((1 - beta) / alpha);
    double s0 = score_from_elo(elo0), s1 = score_from_elo(elo1);
    o->llr = n > 0 && var > 0 ? n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var) : 0;
    o->verdict = o->llr >= o->upper ? 1 : o->llr <= o->lower ? -1 : 0;
}
