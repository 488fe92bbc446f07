/* pbn/fuzz_bri.c - libFuzzer target for the bri reader (and its writer, by round trip). */
#define FUZZ_FORMAT "bri"
#include "pbn/fuzz_common.h"
