/* pbn/fuzz_csv.c - libFuzzer target for the csv reader (and its writer, by round trip). */
#define FUZZ_FORMAT "csv"
#include "pbn/fuzz_common.h"
