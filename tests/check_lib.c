/* tests/check_lib.c - helpers more than one suite uses (tests/check_lib.h). No suite here. */
#include <math.h>

#include "tests/check_lib.h"

Suite *suite_of(const char *name, double timeout, const struct check_test *tests, size_t n)
{
    Suite *s = suite_create(name);
    TCase *tc = tcase_create(name);

    tcase_set_timeout(tc, timeout);
    for (size_t i = 0; i < n; i++)
        tcase_add_loop_test(tc, tests[i].test, 0, tests[i].loops ? (int)tests[i].loops : 1);
    suite_add_tcase(s, tc);
    return s;
}

double binomial(int n, int k)
{
    double r = 1;

    if (k < 0 || k > n)
        return 0;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

void exact_suit_length(double p[14])
{
    for (int k = 0; k <= 13; k++)
        p[k] = binomial(13, k) * binomial(39, 13 - k) / binomial(52, 13);
}

double chi2_limit(int df)
{
    double a = 2.0 / (9.0 * df);

    return df * pow(1 - a + 4.75 * sqrt(a), 3);
}
