/* pbn/fuzz_ber.c - libFuzzer target for the ber reader (and its writer, by round trip). */
#define FUZZ_FORMAT "ber"
#include "pbn/fuzz_common.h"
