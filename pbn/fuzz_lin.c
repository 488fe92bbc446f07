/* pbn/fuzz_lin.c - libFuzzer target for the lin reader (and its writer, by round trip). */
#define FUZZ_FORMAT "lin"
#include "pbn/fuzz_common.h"
