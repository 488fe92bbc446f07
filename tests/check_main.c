/* tests/check_main.c - runs every registered Check suite; exits non-zero if any test failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/check_suites.h"

enum { MAX_SUITES = 64 };
static struct {
    const char *name;
    suite_fn fn;
} suites[MAX_SUITES];
static int nsuites;

void register_suite(const char *name, suite_fn fn)
{
    if (nsuites == MAX_SUITES) {
        fprintf(stderr, "check_main: too many suites\n");
        exit(2);
    }
    suites[nsuites].name = name;
    suites[nsuites].fn = fn;
    nsuites++;
}

const char *test_data_dir(void)
{
    const char *d = getenv("PREDUP_TEST_DATA");

    return d && *d ? d : "tests/data";
}

void test_tmpdir(char *buf, size_t n)
{
    const char *base = getenv("TMPDIR");

    snprintf(buf, n, "%s/predup-test-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(buf)) {
        perror("mkdtemp");
        exit(2);
    }
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(void)
{
    SRunner *sr;
    int failed;

    qsort(suites, (size_t)nsuites, sizeof suites[0], by_name);
    sr = srunner_create(NULL);
    for (int i = 0; i < nsuites; i++)
        srunner_add_suite(sr, suites[i].fn());
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
