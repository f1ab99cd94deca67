/* texel.h - a logistic fit of game results on position features (Texel's tuning method), with
 * standard errors that account for the positions of one game being alike.
 *
 * Each row is one position: its features x (for piece values, the first player's count of a
 * piece type minus the second player's) and the result of the game it comes from, y (1, 1/2 or
 * 0 for the first player). The model is P(first player wins) = 1 / (1 + exp(-(w0 + w.x))), fitted
 * by maximum likelihood (Newton's method; a draw counts as half a win and half a loss).
 *
 * The positions of one game share its result, so they are not independent: the inverse Hessian
 * (what a fit of independent rows would report) understates the error, by far when games are
 * long. The standard errors are therefore the cluster-robust ("sandwich") ones, with the game as
 * the cluster: H^-1 (sum over games of s_g s_g^T) H^-1, s_g the game's summed score vector,
 * times G / (G - 1). tests/tune.sh checks both on data whose true weights are known. */
#ifndef BOARDVM_TEXEL_H
#define BOARDVM_TEXEL_H

typedef struct {
    int nfeat;                /* features per row, not counting the intercept */
    int nrows, cap;
    double *x;                /* nrows x nfeat */
    double *y;                /* the first player's result: 1, 0.5 or 0 */
    int *group;               /* the game each row comes from, 0 .. ngroups-1 */
    int ngroups;
} TexelData;

typedef struct {
    int n;                    /* parameters: the intercept, then the nfeat features */
    double *w;                /* the fitted weights; 0 for a feature that is never non-zero */
    double *cov;              /* n x n: the cluster-robust covariance */
    double *cov_naive;        /* n x n: the inverse Hessian (rows taken as independent) */
    int *used;                /* used[i]: feature i (from 1) varies and was fitted; used[0] = 1 */
    int iterations, converged;
    double loglik;
} TexelFit;

void texel_data_init(TexelData *d, int nfeat);
/* Append a row (x has nfeat values); group numbers must be below the count given at fit time. */
void texel_add(TexelData *d, const double *x, double y, int group);
void texel_data_free(TexelData *d);

/* Fit; 0 when the Hessian could not be inverted (then f holds nothing to free). A fit that did
 * not converge (the results separate perfectly: too few games) has f->converged = 0. */
int texel_fit(const TexelData *d, TexelFit *f);
void texel_fit_free(TexelFit *f);

/* The standard error of 100 w_i / w_u (a value relative to the unit feature u), by the delta
 * method from the covariance cov (n x n). */
double texel_ratio_se(const TexelFit *f, const double *cov, int i, int u);
#endif
