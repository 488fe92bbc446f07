/* tests/check_lib.h - helpers more than one suite uses (tests/check_lib.c): a suite of one test
 * case made from a list, and the statistics of the uniformity tests (the exact law of a suit's
 * length in a hand, and the chi-square limit a correct generator stays under). */
#ifndef PREDUP_CHECK_LIB_H
#define PREDUP_CHECK_LIB_H

#include <check.h>
#include <stddef.h>

/* A row of a suite's list: loops 0 runs the test once, N runs it N times with _i from 0. */
struct check_test {
    const TTest *test;
    size_t loops;
};
/* The suite NAME of one test case of the same name, each test given TIMEOUT seconds, running
 * tests[0..n) in their order. */
Suite *suite_of(const char *name, double timeout, const struct check_test *tests, size_t n);

/* C(n, k) as a double; 0 when k is not in 0..n. */
double binomial(int n, int k);
/* p[k], k = 0..13: the probability that a hand holds k cards of a given suit,
 * C(13,k) C(39,13-k) / C(52,13). */
void exact_suit_length(double p[14]);
/* The chi-square limit for df degrees of freedom (Wilson-Hilferty, z = 4.75 standard
 * deviations): a correct generator's statistic exceeds it with probability about 1e-6. */
double chi2_limit(int df);

#endif
