/* pbn/fuzz_unique.c - libFuzzer target: uniqueness of what verify accepts (issue 29). The input
 * is an event record, a NUL, then a set file; the seeds (tests/fuzz/unique/) are a record
 * (tests/data/unique/e.record) made by the real ceremony and revealed, with each of its sets.
 * Whatever the mutations do to the record (its lines, its public value, its key) and to the
 * file, whenever verify_with_record accepts a revealed record with the file, the file's boards
 * must be exactly the boards of one of the original sets (tests/data/unique/orig.pbn,
 * reserve.pbn): nobody can make verify accept other deals for this commitment. Built and run
 * by tests/fuzz_unique.sh; tests/check_unique.c replays the seeds and fixed mutations of them
 * in make check. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pbn/sets/sets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#ifndef FUZZ_UNIQUE_DIR
#define FUZZ_UNIQUE_DIR "tests/data/unique"
#endif

static struct pbn_set *unique_orig[2];
static char unique_dir[512];
static int unique_null = -1; /* /dev/null: where verify's report goes */

/* Once: the original sets and a scratch folder under $TMPDIR. */
static void unique_init(void)
{
    static const char *const names[2] = {"orig.pbn", "reserve.pbn"};
    const char *tmp = getenv("TMPDIR");
    char path[1024];
    struct pd_err e;

    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", FUZZ_UNIQUE_DIR, names[i]);
        if (pbn_read_any(path, "pbn", &unique_orig[i], &e) != PD_OK) {
            fprintf(stderr, "fuzz_unique: %s\n", e.msg);
            abort();
        }
    }
    snprintf(unique_dir, sizeof unique_dir, "%s/fuzz-unique-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    unique_null = open("/dev/null", O_WRONLY);
    if (!mkdtemp(unique_dir) || unique_null < 0)
        abort();
}

/* verify_with_record with its report on stdout sent to /dev/null. */
static enum pd_status unique_verify(char **files)
{
    struct verify_opts o = {.dealer = -1, .vul = -1};
    struct pd_err e = {0};
    enum pd_status rc;
    int saved;

    fflush(stdout);
    saved = dup(1);
    if (saved < 0 || dup2(unique_null, 1) < 0)
        abort();
    rc = verify_with_record(&o, 2, files, &e);
    fflush(stdout);
    if (dup2(saved, 1) < 0)
        abort();
    close(saved);
    return rc;
}

static void unique_write(const char *path, const uint8_t *data, size_t n)
{
    FILE *f = fopen(path, "wb");

    if (!f || (n && fwrite(data, 1, n, f) != n) || fclose(f) != 0)
        abort();
}

/* True when set holds exactly the boards of orig: the same number, each board once with the
 * original's deal. */
static bool unique_same(const struct pbn_set *set, const struct pbn_set *orig)
{
    if (set->n != orig->n)
        return false;
    for (size_t i = 0; i < set->n; i++) {
        size_t j = 0;

        while (j < orig->n && orig->games[j].board != set->games[i].board)
            j++;
        if (j == orig->n || memcmp(&set->games[i].deal, &orig->games[j].deal,
                                   sizeof(struct deal)) != 0)
            return false;
        for (size_t k = 0; k < i; k++)
            if (set->games[k].board == set->games[i].board)
                return false;
    }
    return true;
}

/* verify accepted the file: it must hold one of the original sets. */
static void unique_check_accepted(const char *path)
{
    struct pbn_set *set = NULL;
    struct pd_err e;

    if (pbn_read_any(path, NULL, &set, &e) != PD_OK) {
        fprintf(stderr, "fuzz_unique: verify accepted a file that does not read: %s\n", e.msg);
        abort();
    }
    if (!unique_same(set, unique_orig[0]) && !unique_same(set, unique_orig[1])) {
        fprintf(stderr, "fuzz_unique: verify accepted deals that are not the original set's\n");
        abort();
    }
    pbn_set_free(set);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char record[1024], file[1024];
    char *files[2] = {record, file};
    const uint8_t *nul = memchr(data, 0, size);
    size_t rlen;

    if (!unique_orig[0])
        unique_init();
    if (!nul)
        return 0;
    rlen = (size_t)(nul - data);
    snprintf(record, sizeof record, "%s/e.record", unique_dir);
    snprintf(file, sizeof file, "%s/set.pbn", unique_dir);
    unique_write(record, data, rlen);
    unique_write(file, nul + 1, size - rlen - 1);
    /* A record without a key line is checked alone: its files are "not checked yet". */
    if (unique_verify(files) == PD_OK && memmem(data, rlen, "\nkey ", 5))
        unique_check_accepted(file);
    return 0;
}
