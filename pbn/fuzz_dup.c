/* pbn/fuzz_dup.c - libFuzzer target for the dup reader (and its writer, by round trip). */
#define FUZZ_FORMAT "dup"
#include "pbn/fuzz_common.h"
