/* pbn/fuzz_pbn.c - libFuzzer target for the pbn reader (and its writer, by round trip). */
#define FUZZ_FORMAT "pbn"
#include "pbn/fuzz_common.h"
