/* tests/check_unique.c - the uniqueness property of pbn/fuzz_unique.c in make check: its seeds
 * (a revealed record of the real ceremony with each of its sets) and fixed mutations of them
 * (every record line dropped or doubled, other spellings of the public value, another key,
 * boards and deals swapped, bytes changed all along) go through the fuzz target, which aborts
 * if verify accepts deals that are not the original set's; and the property itself can fail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/check_suites.h"

static const char *unique_check_dir(void);
#define FUZZ_UNIQUE_DIR unique_check_dir()
#include "pbn/fuzz_unique.c"

static const char *unique_check_dir(void)
{
    static char dir[512];

    snprintf(dir, sizeof dir, "%s/unique", test_data_dir());
    return dir;
}

/* The file at path (up to 64 kB), its size in *n (caller frees). */
static uint8_t *read_all(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = malloc(1 << 16);

    ck_assert_msg(f && buf, "cannot read %s", path);
    *n = fread(buf, 1, 1 << 16, f);
    fclose(f);
    return buf;
}

/* tests/fuzz/unique/seed-NAME, its size in *n (caller frees). */
static uint8_t *seed(const char *name, size_t *n)
{
    char path[1024];

    snprintf(path, sizeof path, "%s/../fuzz/unique/seed-%s", test_data_dir(), name);
    return read_all(path, n);
}

static const char *const seeds[] = {"orig", "reserve"};

/* The seed itself is accepted: the property is reached, not skipped. */
START_TEST(test_seed_accepted)
{
    size_t n;
    uint8_t *s = seed(seeds[_i], &n);
    const uint8_t *nul = memchr(s, 0, n);
    char record[1024], file[1024];
    char *files[2] = {record, file};

    ck_assert_ptr_nonnull(nul);
    LLVMFuzzerTestOneInput(s, n);
    snprintf(record, sizeof record, "%s/e.record", unique_dir);
    snprintf(file, sizeof file, "%s/set.pbn", unique_dir);
    ck_assert_int_eq(unique_verify(files), PD_OK);
    free(s);
}
END_TEST

/* replace(s, n, from, to): the first from in s replaced by to, into a new buffer. */
static uint8_t *replace(const uint8_t *s, size_t n, const char *from, const char *to, size_t *out)
{
    const uint8_t *at = memmem(s, n, from, strlen(from));
    uint8_t *buf = malloc(n + strlen(to) + 1);
    size_t head;

    ck_assert_msg(at != NULL, "no %s", from);
    head = (size_t)(at - s);
    memcpy(buf, s, head);
    memcpy(buf + head, to, strlen(to));
    memcpy(buf + head + strlen(to), at + strlen(from), n - head - strlen(from));
    *out = n - strlen(from) + strlen(to);
    return buf;
}

static const char *const edits[][2] = {
    {"public 7 13 21 34 40 45\n", "public 45 40 34 21 13 7\n"},
    {"public 7 13 21 34 40 45\n", "public 07 13 21 34 40 45\n"},
    {"public 7 13 21 34 40 45\n", "public 7,13,21,34,40,45\n"},
    {"public 7 13 21 34 40 45\n", "public 7 13 21 34 40 46\n"},
    {"public-form numbers 6 of 49\n", ""},
    {"delayed-value the numbers drawn in the national lottery on 2026-11-22\n", ""},
    {"dealer E\n", "dealer W\n"},
    {"vul All\n", "vul None\n"},
    {"boards 1-4\n", "boards 1-3\n"},
    {"set orig\n", "set reserve\n"},
    {"[Board \"1\"]", "[Board \"2\"]"},
    {"[Board \"2\"]", "[Board \"1\"]"},
    {"label=orig", "label=reserve"},
    {"label=reserve", "label=orig"},
    {"\n\n[Event", "\n\n{x}\n[Event"},
    {"[Deal \"N:", "[Deal \"E:"},
};

/* Each edit of the record or the file, on each seed: never an accepted foreign deal. */
START_TEST(test_edits)
{
    for (size_t i = 0; i < ARRAY_LEN(seeds); i++) {
        size_t n, m;
        uint8_t *s = seed(seeds[i], &n), *t;

        if (!memmem(s, n, edits[_i][0], strlen(edits[_i][0]))) {
            free(s);
            continue;
        }
        t = replace(s, n, edits[_i][0], edits[_i][1], &m);
        LLVMFuzzerTestOneInput(t, m);
        free(t);
        free(s);
    }
}
END_TEST

/* Every line of each seed dropped, then doubled; a byte changed every 37 bytes. */
START_TEST(test_lines_and_bytes)
{
    size_t n;
    uint8_t *s = seed(seeds[_i], &n), *t = malloc(2 * n);

    for (size_t at = 0, next; at < n; at = next) {
        const uint8_t *nl = memchr(s + at, '\n', n - at);

        next = nl ? (size_t)(nl - s) + 1 : n;
        memcpy(t, s, at);
        memcpy(t + at, s + next, n - next);
        LLVMFuzzerTestOneInput(t, n - (next - at));
        memcpy(t, s, next);
        memcpy(t + next, s + at, n - at);
        LLVMFuzzerTestOneInput(t, n + (next - at));
    }
    for (size_t at = 0; at < n; at += 37) {
        memcpy(t, s, n);
        t[at] ^= (uint8_t)(1u << (at % 7));
        LLVMFuzzerTestOneInput(t, n);
    }
    free(t);
    free(s);
}
END_TEST

/* The fuzzer's first finding (tests/data/unique/finding-record-prefix): a set with forged deals
 * whose first line is "predup-event-record", given after the record, was passed over as another
 * event's record and verify accepted; now it is read as a set, and refused. */
START_TEST(test_finding_record_prefix)
{
    char path[1024], record[1024], file[1024];
    char *files[2] = {record, file};
    uint8_t *s;
    size_t n;

    snprintf(path, sizeof path, "%s/unique/finding-record-prefix", test_data_dir());
    s = read_all(path, &n);
    LLVMFuzzerTestOneInput(s, n); /* aborts when verify accepts a foreign deal */
    snprintf(record, sizeof record, "%s/e.record", unique_dir);
    snprintf(file, sizeof file, "%s/set.pbn", unique_dir);
    ck_assert_int_ne(unique_verify(files), PD_OK);
    free(s);
}
END_TEST

/* The fuzzer's later findings, replayed: a set whose hands overlap made verify write past its
 * deal buffer (DEAL_PBN_LEN), a record without a final line end stepped a null pointer (spent.c).
 * Under ASan+UBSan each would stop the suite. */
static const char *const findings[] = {"finding-deal-overlap-1", "finding-deal-overlap-2",
                                       "finding-digest-last-line"};

START_TEST(test_later_findings)
{
    char path[1024];
    uint8_t *s;
    size_t n;

    snprintf(path, sizeof path, "%s/unique/%s", test_data_dir(), findings[_i]);
    s = read_all(path, &n);
    LLVMFuzzerTestOneInput(s, n);
    free(s);
}
END_TEST

/* The property can fail: one original set is not the other, nor itself with one deal changed. */
START_TEST(test_property_can_fail)
{
    struct pbn_set *copy = NULL;
    struct pd_err e;
    char path[1024];

    if (!unique_orig[0])
        unique_init();
    ck_assert(unique_same(unique_orig[0], unique_orig[0]));
    ck_assert(!unique_same(unique_orig[0], unique_orig[1]));
    snprintf(path, sizeof path, "%s/orig.pbn", unique_check_dir());
    ck_assert_int_eq(pbn_read_any(path, "pbn", &copy, &e), PD_OK);
    copy->games[0].deal = copy->games[1].deal;
    ck_assert(!unique_same(copy, unique_orig[0]));
    copy->games[0].deal = unique_orig[0]->games[0].deal;
    copy->games[1].board = copy->games[0].board;
    ck_assert(!unique_same(copy, unique_orig[0]));
    pbn_set_free(copy);
}
END_TEST

static Suite *unique_suite(void)
{
    Suite *s = suite_create("unique");
    TCase *tc = tcase_create("core");

    tcase_add_loop_test(tc, test_seed_accepted, 0, ARRAY_LEN(seeds));
    tcase_add_loop_test(tc, test_edits, 0, ARRAY_LEN(edits));
    tcase_add_loop_test(tc, test_lines_and_bytes, 0, ARRAY_LEN(seeds));
    tcase_add_test(tc, test_property_can_fail);
    tcase_add_test(tc, test_finding_record_prefix);
    tcase_add_loop_test(tc, test_later_findings, 0, ARRAY_LEN(findings));
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(unique_suite)
