/* pbn/fuzz_dge.c - libFuzzer target for the dge reader (and its writer, by round trip). */
#define FUZZ_FORMAT "dge"
#include "pbn/fuzz_common.h"
