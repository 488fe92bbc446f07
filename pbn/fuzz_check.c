/* pbn/fuzz_check.c - libFuzzer target for predup check's PBN export-format linter. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "pbn/pbn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *null = fopen("/dev/null", "w");
    size_t n = 0;
    struct pd_err e;

    if (!null)
        abort();
    pbn_check_mem("fuzz", (const char *)data, size, null, &n, &e);
    fclose(null);
    return 0;
}
