/* smallmath.h - the few functions of real analysis the search needs, without libm: the search,
 * self-play and bench do not load it (mathfn.h, tests/lazy-libs.sh). Each is accurate to a few
 * units in the last place of a double over the range the search uses; none sets errno. */
#ifndef BOARDVM_SMALLMATH_H
#define BOARDVM_SMALLMATH_H

double sm_ln(double x);        /* the natural logarithm, x > 0 */
double sm_exp(double x);       /* e^x; 0 below -700, a large finite number above 700 */
double sm_sqrt(double x);      /* the square root, x >= 0 */
#endif
