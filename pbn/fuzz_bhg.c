/* pbn/fuzz_bhg.c - libFuzzer target for the bhg reader (and its writer, by round trip). */
#define FUZZ_FORMAT "bhg"
#include "pbn/fuzz_common.h"
