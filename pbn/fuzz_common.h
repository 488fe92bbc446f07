/* pbn/fuzz_common.h - the body of every pbn/ libFuzzer target, internal to pbn/fuzz_*.c: read
 * the input as FUZZ_FORMAT; when it reads, write it back in the same format and read that again,
 * and require the same deals (a reader and its writer must agree). PBN is only written back:
 * arbitrary section text does not survive a PBN round trip by design. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/pbn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* PBN is written back as it was read: the same bytes, but for a "% EXPORT" line (at a line's
 * start) that the text no longer earns. */
static void fuzz_same_text(const uint8_t *in, size_t n, const char *out, size_t len)
{
    size_t at = 0, cut;

    if (len == n && memcmp(in, out, n) == 0)
        return;
    while (at < n && !(n - at >= 8 && memcmp(in + at, "% EXPORT", 8) == 0 &&
                       (n - at == 8 || in[at + 8] == '\r' || in[at + 8] == '\n'))) {
        const uint8_t *nl = memchr(in + at, '\n', n - at);

        at = nl ? (size_t)(nl - in) + 1 : n;
    }
    if (at < n) {
        const uint8_t *nl = memchr(in + at, '\n', n - at);

        cut = nl ? (size_t)(nl - in) + 1 - at : n - at;
        if (len + cut == n && memcmp(in, out, at) == 0 &&
            memcmp(in + at + cut, out + at, len - at) == 0)
            return;
    }
    fprintf(stderr, "PBN written back differs from the text read\n");
    abort();
}

static void fuzz_round_trip(const struct pbn_set *set, const uint8_t *data, size_t size)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    struct pbn_set *again = NULL;
    struct pd_err e;
    enum pd_status rc;

    if (!f)
        abort();
    rc = pbn_write_format(f, FUZZ_FORMAT, set, &e);
    fclose(f);
    if (rc == PD_OK && strcmp(FUZZ_FORMAT, "pbn") == 0)
        fuzz_same_text(data, size, buf, len);
    if (rc == PD_OK && strcmp(FUZZ_FORMAT, "pbn") != 0) {
        if (pbn_read_format_mem("again", FUZZ_FORMAT, buf, len, &again, &e) != PD_OK) {
            fprintf(stderr, "written %s does not read back: %s\n", FUZZ_FORMAT, e.msg);
            abort();
        }
        if (again->n != set->n)
            abort();
        for (size_t i = 0; i < set->n; i++)
            if (memcmp(&again->games[i].deal, &set->games[i].deal, sizeof(struct deal)) != 0 ||
                again->games[i].board != set->games[i].board)
                abort();
        pbn_set_free(again);
    }
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct pbn_set *set = NULL;
    struct pd_err e;

    if (pbn_read_format_mem("fuzz", FUZZ_FORMAT, data, size, &set, &e) == PD_OK) {
        fuzz_round_trip(set, data, size);
        pbn_set_free(set);
    }
    return 0;
}
