/* pbn/fuzz_cds.c - libFuzzer target for the cds reader (and its writer, by round trip). */
#define FUZZ_FORMAT "cds"
#include "pbn/fuzz_common.h"
