/* tests/check_suites.h - each tests/check_<module>.c registers its suites with REGISTER_SUITE,
 * so adding a suite touches no shared file. check_main.c runs them in name order.
 * CK_RUN_SUITE=name runs one suite (Check's own variable); CK_FORK=no runs in-process. */
#ifndef PREDUP_CHECK_SUITES_H
#define PREDUP_CHECK_SUITES_H

#include <check.h>

/* A passing assertion records nothing. Check's own ck_assert_msg records the place of every
 * passing one (_mark_point, a message to the parent process, for a crash report's "last
 * checkpoint"), and the parent reads those messages back moving the rest of its buffer after
 * each one: quadratic in the assertions a test passes. Assertions in loops over thousands of
 * deals made that 8 s of CPU of the suites' 39 under ASan (perf: punpack's memmove). A failure
 * still names its file, line and expression; a crash names its test, and a sanitizer's report
 * the line. Every ck_assert_* expands to this one (check.h builds them on ck_assert_msg). */
#undef ck_assert_msg
#define ck_assert_msg(expr, ...)                                                               \
    ((expr) ? (void)0                                                                          \
            : _ck_assert_failed(__FILE__, __LINE__, "Assertion '" #expr "' failed", ##__VA_ARGS__))

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
