/* mathfn.h - the functions of the C maths library (libm) that the statistics of match, tune
 * and balance use, loaded by the first call (dynlib.h) rather than linked: a linked libm costs
 * every command 0.3 MB of resident memory (its load runs 21 function resolvers spread over its
 * code), and perft, search and the rest never call it. Each m_NAME is libm's NAME, the same
 * function with the same results; the program ends with a message if libm cannot be loaded. */
#ifndef BOARDVM_MATHFN_H
#define BOARDVM_MATHFN_H

double m_exp(double x);
double m_log(double x);
double m_log10(double x);
double m_log1p(double x);
double m_pow(double x, double y);
double m_sqrt(double x);
double m_fmax(double x, double y);
double m_fmin(double x, double y);
#endif
