/* pbn/fuzz_rzd.c - libFuzzer target for the rzd reader (and its writer, by round trip). */
#define FUZZ_FORMAT "rzd"
#include "pbn/fuzz_common.h"
