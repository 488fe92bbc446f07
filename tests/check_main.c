/* tests/check_main.c - runs every registered Check suite, each in its own process, CK_JOBS
 * (default 2) at a time; exits non-zero if any test failed. The tests' scratch directories
 * (test_tmpdir) go under one directory of the run, removed when every suite passed and kept,
 * named, when one failed. */
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
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

/* Suite i in this process: the number of its tests that failed. Check prints nothing (its
 * "Running suite(s):" went out unflushed into each forked test's copy of stdout, and two
 * suites at once garbled each other's lines): this process writes one line for the suite, and
 * every failure in full, each with one write so that lines of parallel suites never mix.
 * CK_VERBOSITY set (normal, verbose ...) gives Check's own report back. */
/* A suite that ran no test because CK_EXCLUDE_TAGS left it out (every suite has tests; a run
 * chosen by name, case or included tags leaves suites out for another reason). */
static bool left_out_by_tags(SRunner *sr)
{
    return srunner_ntests_run(sr) == 0 && getenv("CK_EXCLUDE_TAGS") && !getenv("CK_RUN_SUITE") &&
           !getenv("CK_RUN_CASE") && !getenv("CK_INCLUDE_TAGS");
}

static int run_suite(int i)
{
    SRunner *sr = srunner_create(suites[i].fn());
    const char *verbosity = getenv("CK_VERBOSITY");
    char line[1024];
    int failed, n;

    fflush(NULL);
    srunner_run_all(sr, verbosity && *verbosity ? CK_ENV : CK_SILENT);
    failed = srunner_ntests_failed(sr);
    TestResult **fails = srunner_failures(sr);

    for (int k = 0; k < failed; k++) {
        n = snprintf(line, sizeof line, "%s:%d: FAIL %s: %s\n", tr_lfile(fails[k]),
                     tr_lno(fails[k]), tr_tcname(fails[k]), tr_msg(fails[k]));
        (void)!write(STDOUT_FILENO, line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1));
    }
    free(fails);
    if (left_out_by_tags(sr)) /* named, never silent */
        n = snprintf(line, sizeof line, "check_predup: suite %s: left out (CK_EXCLUDE_TAGS=%s)\n",
                     suites[i].name, getenv("CK_EXCLUDE_TAGS"));
    else
        n = snprintf(line, sizeof line, "check_predup: suite %s: %d checks, %d failed\n",
                     suites[i].name, srunner_ntests_run(sr), failed);
    (void)!write(STDOUT_FILENO, line, (size_t)n);
    srunner_free(sr);
    return failed;
}

/* Waits for one suite's process; 1 when it failed (named on stderr), else 0. */
static int reap(const pid_t *pids)
{
    int st = 0;
    pid_t done = wait(&st);

    if (done > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    for (int i = 0; i < nsuites; i++)
        if (pids[i] == done)
            fprintf(stderr, "check_predup: suite %s failed\n", suites[i].name);
    return 1;
}

/* The run's own directory under TMPDIR (or /tmp), made TMPDIR for every suite: a test that
 * leaves its files behind (a failed one stops before its clean-up) leaves them there. */
static void make_run_dir(char *dir, size_t n)
{
    test_tmpdir(dir, n);
    if (setenv("TMPDIR", dir, 1) != 0) {
        perror("check_predup: setenv");
        exit(2);
    }
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *f)
{
    (void)st;
    (void)type;
    (void)f;
    return remove(path);
}

/* Each suite runs in a child of this small process. Check forks every test: under ASan a
 * fork costs in proportion to the process's memory, so one process that ran every suite in
 * turn took 97 s for the machine suite, which takes 28 s on its own. */
int main(void)
{
    const char *j = getenv("CK_JOBS");
    int jobs = j && atoi(j) > 0 ? atoi(j) : 2, running = 0, failed = 0;
    pid_t pids[MAX_SUITES] = {0};
    char dir[4096];

    make_run_dir(dir, sizeof dir);
    qsort(suites, (size_t)nsuites, sizeof suites[0], by_name);
    fflush(NULL);
    for (int i = 0; i < nsuites; i++) {
        if (running == jobs) {
            failed += reap(pids);
            running--;
        }
        if ((pids[i] = fork()) < 0) {
            perror("check_predup: fork");
            return 2;
        }
        if (pids[i] == 0)
            exit(run_suite(i) == 0 ? EXIT_SUCCESS : EXIT_FAILURE);
        running++;
    }
    for (; running > 0; running--)
        failed += reap(pids);
    printf("check_predup: %d suites, %d failed\n", nsuites, failed);
    if (failed)
        printf("check_predup: the tests' files are kept in %s\n", dir);
    else if (nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0)
        perror(dir);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
