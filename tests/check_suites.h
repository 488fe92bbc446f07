/* tests/check_suites.h - each tests/check_<module>.c registers its suites with REGISTER_SUITE,
 * so adding a suite touches no shared file. check_main.c runs them in name order.
 * CK_RUN_SUITE=name runs one suite (Check's own variable); CK_FORK=no runs in-process. */
#ifndef PREDUP_CHECK_SUITES_H
#define PREDUP_CHECK_SUITES_H

#include <check.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

typedef Suite *(*suite_fn)(void);
void register_suite(const char *name, suite_fn fn);

#define REGISTER_SUITE(fn)                                                                     \
    __attribute__((constructor)) static void register_##fn(void)                              \
    {                                                                                          \
        register_suite(#fn, fn);                                                               \
    }

/* Directory of test data (tests/data), overridable by PREDUP_TEST_DATA. */
const char *test_data_dir(void);
/* A fresh empty temporary directory for this test (under $TMPDIR), path in buf. */
void test_tmpdir(char *buf, size_t n);

#endif
