/* pbn/fuzz_dlm.c - libFuzzer target for the dlm reader (and its writer, by round trip). */
#define FUZZ_FORMAT "dlm"
#include "pbn/fuzz_common.h"
