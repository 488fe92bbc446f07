/* pbn/deal_int.h - internal to pbn/: what `predup deal` (pbn/cmd_deal.c) and `predup verify`
 * (pbn/cmd_verify.c) share - the key, label and script a set is dealt from. */
#ifndef PREDUP_PBN_DEAL_INT_H
#define PREDUP_PBN_DEAL_INT_H

#include "pbn/pbn.h"

/* What the boards are dealt from: the set key and the optional script. */
struct dealing {
    struct set_key sk;
    struct lang_prog *prog; /* NULL: every first candidate */
    uint64_t max_tries;
    char commit[65];
    char script_hash[65];
};

/* Loads the key, derives the set key for label, and compiles the script if any. */
enum pd_status open_dealing(const char *key_path, const char *label, const char *script,
                            struct dealing *dl, struct pd_err *e);
void close_dealing(struct dealing *dl);

#endif
