/* dealer/hot.h - internal to dealer/: PD_HOT marks the few functions that count cards in the
 * innermost loops (the practice shuffle in rng.c, the dealer language's evaluation and
 * generation through LANG_HOT in lang_int.h). */
#ifndef PREDUP_DEALER_HOT_H
#define PREDUP_DEALER_HOT_H

/* Hot functions are built twice, with and without the POPCNT instruction, and the loader
 * picks the one the CPU runs (GCC/clang function multi-versioning): card counting is all
 * popcounts, and without it they are library calls. */
#if defined(__x86_64__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(LANG_NO_CLONES)
#define PD_HOT __attribute__((target_clones("popcnt", "default")))
#else
#define PD_HOT
#endif

#endif
