/* pbn/fuzz_any.c - libFuzzer target for reading with no format given: the contents sniffing of
 * pbn_read_format_mem, then whichever reader it picks. */
#include <stdint.h>
#include <stdlib.h>

#include "pbn/pbn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct pbn_set *set = NULL;
    struct pd_err e;

    if (pbn_read_format_mem("fuzz", NULL, data, size, &set, &e) == PD_OK)
        pbn_set_free(set);
    return 0;
}
