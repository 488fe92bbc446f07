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

static void fuzz_round_trip(const struct pbn_set *set)
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
        fuzz_round_trip(set);
        pbn_set_free(set);
    }
    return 0;
}
