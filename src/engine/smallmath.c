/* smallmath.c - ln, exp and sqrt without libm (smallmath.h says why). */
#include "smallmath.h"

#define LN2 0.69314718055994530942

/* x = m 2^k with m in [1, 2), ln m = 2 atanh((m - 1) / (m + 1)) by its series. */
double sm_ln(double x)
{
    int k = 0;
    while (x >= 2) { x /= 2; k++; }
    while (x < 1) { x *= 2; k--; }
    double z = (x - 1) / (x + 1), z2 = z * z, t = z, sum = 0;
    for (int i = 1; i < 60; i += 2) { sum += t / i; t *= z2; }
    return 2 * sum + k * LN2;
}

/* x = k ln 2 + r with |r| <= ln 2 / 2: e^r by its series, times 2^k. */
double sm_exp(double x)
{
    if (x < -700) return 0;
    if (x > 700) x = 700;
    int k = (int)(x / LN2 + (x < 0 ? -0.5 : 0.5));
    double r = x - k * LN2, term = 1, sum = 1;
    for (int i = 1; i < 20; i++) { term *= r / i; sum += term; }
    for (; k > 0; k--) sum *= 2;
    for (; k < 0; k++) sum /= 2;
    return sum;
}

/* Newton's iteration from a power of two near the root: each step doubles the correct digits. */
double sm_sqrt(double x)
{
    if (x <= 0) return 0;
    double y = 1;
    for (double m = x; m >= 4; m /= 4) y *= 2;
    for (double m = x; m < 0.25; m *= 4) y /= 2;
    for (int i = 0; i < 6; i++) y = (y + x / y) / 2;
    return y;
}
