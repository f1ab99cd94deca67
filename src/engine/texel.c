/* texel.c - the logistic fit of texel.h: Newton's method on the log-likelihood, then the
 * cluster-robust covariance. The number of parameters is small (one per piece type), so the
 * n x n matrices are inverted directly (Cholesky). */
#include "texel.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "mathfn.h"
#include "oom.h"

void texel_data_init(TexelData *d, int nfeat)
{
    memset(d, 0, sizeof *d);
    d->nfeat = nfeat;
}

void texel_add(TexelData *d, const double *x, double y, int group)
{
    if (d->nrows == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 1024;
        d->x = xrealloc(d->x, sizeof *d->x * (size_t)d->cap * (size_t)(d->nfeat ? d->nfeat : 1),
                        "the tuning positions");
        d->y = xrealloc(d->y, sizeof *d->y * (size_t)d->cap, "the tuning positions");
        d->group = xrealloc(d->group, sizeof *d->group * (size_t)d->cap, "the tuning positions");
    }
    memcpy(d->x + (size_t)d->nrows * (size_t)d->nfeat, x, sizeof *x * (size_t)d->nfeat);
    d->y[d->nrows] = y;
    d->group[d->nrows] = group;
    if (group + 1 > d->ngroups) d->ngroups = group + 1;
    d->nrows++;
}

void texel_data_free(TexelData *d)
{
    free(d->x);
    free(d->y);
    free(d->group);
    memset(d, 0, sizeof *d);
}

void texel_fit_free(TexelFit *f)
{
    free(f->w);
    free(f->cov);
    free(f->cov_naive);
    free(f->used);
    memset(f, 0, sizeof *f);
}

/* The inverse of the symmetric positive definite m x m matrix a (Cholesky); 0 if it is not. */
static int spd_inverse(const double *a, double *inv, int m)
{
    double *l = xcalloc((size_t)m * (size_t)m, sizeof *l, "the tuning fit");
    for (int i = 0; i < m; i++)
        for (int j = 0; j <= i; j++) {
            double s = a[i * m + j];
            for (int k = 0; k < j; k++) s -= l[i * m + k] * l[j * m + k];
            if (i == j) {
                if (!(s > 1e-12 * (fabs(a[i * m + i]) + 1e-300))) {
                    free(l);
                    return 0;
                }
                l[i * m + i] = m_sqrt(s);
            } else
                l[i * m + j] = s / l[j * m + j];
        }
    /* solve L L^T X = I column by column */
    double *col = xcalloc((size_t)m, sizeof *col, "the tuning fit");
    for (int c = 0; c < m; c++) {
        for (int i = 0; i < m; i++) {
            double s = i == c;
            for (int k = 0; k < i; k++) s -= l[i * m + k] * col[k];
            col[i] = s / l[i * m + i];
        }
        for (int i = m - 1; i >= 0; i--) {
            double s = col[i];
            for (int k = i + 1; k < m; k++) s -= l[k * m + i] * col[k];
            col[i] = s / l[i * m + i];
        }
        for (int i = 0; i < m; i++) inv[i * m + c] = col[i];
    }
    free(col);
    free(l);
    return 1;
}

static double sigmoid(double z) { return z >= 0 ? 1 / (1 + m_exp(-z)) : m_exp(z) / (1 + m_exp(z)); }

/* The fitted parameters' row: the intercept's 1, then the used features (map: parameter k of
 * the reduced problem is feature map[k] - 1, or the intercept for map[k] = 0). */
static void row_vector(const TexelData *d, int r, const int *map, int m, double *v)
{
    const double *x = d->x + (size_t)r * (size_t)d->nfeat;
    for (int k = 0; k < m; k++) v[k] = map[k] ? x[map[k] - 1] : 1.0;
}

/* The log-likelihood at w (reduced parameters), and optionally its gradient and minus Hessian. */
static double loglik(const TexelData *d, const int *map, int m, const double *w, double *grad,
                     double *hess, double *v)
{
    double ll = 0;
    if (grad) memset(grad, 0, sizeof *grad * (size_t)m);
    if (hess) memset(hess, 0, sizeof *hess * (size_t)m * (size_t)m);
    for (int r = 0; r < d->nrows; r++) {
        row_vector(d, r, map, m, v);
        double z = 0;
        for (int k = 0; k < m; k++) z += w[k] * v[k];
        double p = sigmoid(z), y = d->y[r];
        /* y log p + (1 - y) log(1 - p), computed without cancelling */
        double lp = z >= 0 ? -m_log1p(m_exp(-z)) : z - m_log1p(m_exp(z));
        double lq = lp - z;
        ll += y * lp + (1 - y) * lq;
        if (grad)
            for (int k = 0; k < m; k++) grad[k] += (y - p) * v[k];
        if (hess) {
            double c = p * (1 - p);
            for (int i = 0; i < m; i++)
                for (int j = 0; j <= i; j++) hess[i * m + j] += c * v[i] * v[j];
        }
    }
    if (hess)
        for (int i = 0; i < m; i++)
            for (int j = i + 1; j < m; j++) hess[i * m + j] = hess[j * m + i];
    return ll;
}

/* Newton's method from w (m reduced parameters) to the maximum likelihood; leaves the minus
 * Hessian at the end in hess and the log-likelihood in *ll, and sets f's iterations and
 * converged. 0 when the Hessian could not be inverted. */
static int newton(const TexelData *d, const int *map, int m, double *w, double *hess, double *inv,
                  double *v, double *ll, TexelFit *f)
{
    double *grad = xcalloc((size_t)m, sizeof *grad, "the tuning fit");
    double *step = xcalloc((size_t)m, sizeof *step, "the tuning fit");
    double *trial = xcalloc((size_t)m, sizeof *trial, "the tuning fit");
    int ok = 1, it;
    *ll = loglik(d, map, m, w, grad, hess, v);
    for (it = 1; it <= 100; it++) {
        if (!spd_inverse(hess, inv, m)) {
            ok = 0;
            break;
        }
        double big = 0;
        for (int i = 0; i < m; i++) {
            step[i] = 0;
            for (int j = 0; j < m; j++) step[i] += inv[i * m + j] * grad[j];
            if (fabs(step[i]) > big) big = fabs(step[i]);
        }
        /* halve the step until the likelihood does not fall (Newton can overshoot far out) */
        double t = 1, lt = *ll;
        for (int h = 0; h < 40; h++, t /= 2) {
            for (int i = 0; i < m; i++) trial[i] = w[i] + t * step[i];
            lt = loglik(d, map, m, trial, NULL, NULL, v);
            if (lt >= *ll - 1e-12 * fabs(*ll)) break;
        }
        memcpy(w, trial, sizeof *w * (size_t)m);
        *ll = loglik(d, map, m, w, grad, hess, v);
        if (big * t < 1e-10) {
            f->converged = 1;
            break;
        }
        if (big > 1e6) break; /* running off to infinity: the data separate */
    }
    f->iterations = it;
    free(grad);
    free(step);
    free(trial);
    return ok;
}

/* The bread and half the sandwich of the cluster-robust covariance: inv * B, where B sums over
 * the games (groups) the outer product of each game's score vector at w (m x m, malloc'ed). */
static double *inv_times_b(const TexelData *d, const int *map, int m, const double *w,
                           const double *inv, double *v)
{
    int G = d->ngroups;
    double *score = xcalloc((size_t)G * (size_t)m, sizeof *score, "the tuning fit");
    for (int r = 0; r < d->nrows; r++) {
        row_vector(d, r, map, m, v);
        double z = 0;
        for (int k = 0; k < m; k++) z += w[k] * v[k];
        double e = d->y[r] - sigmoid(z);
        for (int k = 0; k < m; k++) score[(size_t)d->group[r] * (size_t)m + k] += e * v[k];
    }
    double *b = xcalloc((size_t)m * (size_t)m, sizeof *b, "the tuning fit");
    for (int gi = 0; gi < G; gi++) {
        const double *s = score + (size_t)gi * (size_t)m;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++) b[i * m + j] += s[i] * s[j];
    }
    double *tmp = xcalloc((size_t)m * (size_t)m, sizeof *tmp, "the tuning fit");
    for (int i = 0; i < m; i++)
        for (int j = 0; j < m; j++) {
            double s = 0;
            for (int k = 0; k < m; k++) s += inv[i * m + k] * b[k * m + j];
            tmp[i * m + j] = s;
        }
    free(score);
    free(b);
    return tmp;
}

int texel_fit(const TexelData *d, TexelFit *f)
{
    memset(f, 0, sizeof *f);
    int n = d->nfeat + 1;
    int *used = xcalloc((size_t)n, sizeof *used, "the tuning fit");
    used[0] = 1;
    for (int r = 0; r < d->nrows; r++)
        for (int i = 0; i < d->nfeat; i++)
            if (d->x[(size_t)r * (size_t)d->nfeat + i] != 0) used[i + 1] = 1;
    int m = 0, *map = xcalloc((size_t)n, sizeof *map, "the tuning fit");
    for (int i = 0; i < n; i++)
        if (used[i]) map[m++] = i;
    double *w = xcalloc((size_t)m, sizeof *w, "the tuning fit");
    double *hess = xcalloc((size_t)m * (size_t)m, sizeof *hess, "the tuning fit");
    double *inv = xcalloc((size_t)m * (size_t)m, sizeof *inv, "the tuning fit");
    double *v = xcalloc((size_t)m, sizeof *v, "the tuning fit");
    double ll;
    int ok = newton(d, map, m, w, hess, inv, v, &ll, f);
    if (ok && !spd_inverse(hess, inv, m)) ok = 0;
    if (!ok) {
        free(used);
        free(map);
        free(w);
        free(hess);
        free(inv);
        free(v);
        return 0;
    }
    /* the sandwich: inv * B * inv, B summed over the games' score vectors */
    int G = d->ngroups;
    double *tmp = inv_times_b(d, map, m, w, inv, v);
    double corr = G > 1 ? (double)G / (G - 1) : 1;
    f->n = n;
    f->w = xcalloc((size_t)n, sizeof *f->w, "the tuning fit");
    f->cov = xcalloc((size_t)n * (size_t)n, sizeof *f->cov, "the tuning fit");
    f->cov_naive = xcalloc((size_t)n * (size_t)n, sizeof *f->cov_naive, "the tuning fit");
    for (int i = 0; i < m; i++) {
        f->w[map[i]] = w[i];
        for (int j = 0; j < m; j++) {
            double s = 0;
            for (int k = 0; k < m; k++) s += tmp[i * m + k] * inv[k * m + j];
            f->cov[map[i] * n + map[j]] = corr * s;
            f->cov_naive[map[i] * n + map[j]] = inv[i * m + j];
        }
    }
    f->used = used;
    f->loglik = ll;
    free(map);
    free(w);
    free(hess);
    free(inv);
    free(v);
    free(tmp);
    return 1;
}

double texel_ratio_se(const TexelFit *f, const double *cov, int i, int u)
{
    int n = f->n;
    double wi = f->w[i], wu = f->w[u];
    if (i == u || wu == 0) return 0;
    double r = wi / wu;
    double var = cov[i * n + i] - 2 * r * cov[i * n + u] + r * r * cov[u * n + u];
    return var > 0 ? 100 * m_sqrt(var) / fabs(wu) : 0;
}
