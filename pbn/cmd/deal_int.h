/* pbn/cmd/deal_int.h - internal to pbn/: what `predup deal` (pbn/cmd/cmd_deal.c) and `predup verify`
 * (pbn/cmd/cmd_verify.c) share - the key, label and script a set is dealt from. */
#ifndef PREDUP_PBN_DEAL_INT_H
#define PREDUP_PBN_DEAL_INT_H

#include "pbn/pbn.h"

/* What the boards are dealt from: the set key and the optional script. */
struct dealing {
    struct set_key sk;
    struct lang_prog *prog; /* NULL: every first candidate */
    struct lang_deal *ld;   /* the script prepared for its dealing version */
    int version;            /* DEALING_V1 or DEALING_V2 (dealer/README.md), for a script */
    uint64_t max_tries;
    char commit[65];
    char script_hash[65];
};

/* Loads the key, derives the set key for label, and compiles the script if any, prepared for
 * dealing version (DEALING_V1 .. DEALING_LATEST). */
enum pd_status open_dealing(const char *key_path, const char *label, const char *script,
                            int version, struct dealing *dl, struct pd_err *e);
void close_dealing(struct dealing *dl);

/* Law 2, except where the script's dealer or vulnerable line sets every board's. */
struct board_info dealing_board(const struct dealing *dl, int number);

#endif
