/* mathfn.c - see mathfn.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "dynlib.h"
#include "mathfn.h"

#ifndef LIBM_SONAME
#define LIBM_SONAME NULL           /* the maths are in the C library itself (dlopen(NULL)) */
#endif

static struct {
    __typeof__(exp) *exp;
    __typeof__(log) *log;
    __typeof__(log10) *log10;
    __typeof__(log1p) *log1p;
    __typeof__(pow) *pow;
    __typeof__(sqrt) *sqrt;
    __typeof__(fmax) *fmax;
    __typeof__(fmin) *fmin;
} lm;

#define LM_SYM(f) { #f, (void **)&lm.f }
static const DynSym lm_syms[] = {
    LM_SYM(exp), LM_SYM(log), LM_SYM(log10), LM_SYM(log1p), LM_SYM(pow), LM_SYM(sqrt),
    LM_SYM(fmax), LM_SYM(fmin),
};

/* Load libm once; without it the statistics cannot be computed at all. */
static void need_libm(void)
{
    const char *why;
    if (dynlib_load(LIBM_SONAME, lm_syms, (int)(sizeof lm_syms / sizeof *lm_syms), &why)) return;
    fprintf(stderr, "boardvm: cannot load the maths library (%s): %s\n",
            LIBM_SONAME ? LIBM_SONAME : "in the C library", why);
    exit(3);
}

/* one load test per call: these run at most once per game or per tuning sample */
#define LM_CALL(f, ...) (lm.f ? 0 : (need_libm(), 0), lm.f(__VA_ARGS__))
double m_exp(double x) { return LM_CALL(exp, x); }
double m_log(double x) { return LM_CALL(log, x); }
double m_log10(double x) { return LM_CALL(log10, x); }
double m_log1p(double x) { return LM_CALL(log1p, x); }
double m_pow(double x, double y) { return LM_CALL(pow, x, y); }
double m_sqrt(double x) { return LM_CALL(sqrt, x); }
double m_fmax(double x, double y) { return LM_CALL(fmax, x, y); }
double m_fmin(double x, double y) { return LM_CALL(fmin, x, y); }
