/* dealer/lang_gen.h - conditional generation (lang_gen.c), internal to dealer/lang_*.c:
 * deals drawn directly from the distribution of uniform deals conditioned on the parts of
 * the script's condition that it can read off (per-hand HCP and suit-length bounds). */
#ifndef PREDUP_LANG_GEN_H
#define PREDUP_LANG_GEN_H

#include "dealer/lang_int.h"

struct lgen;
/* A plan for p, or NULL when the condition gives no bounds worth using (plain shuffling). */
struct lgen *lgen_plan(const struct lang_prog *p);
/* One draw from the plan's distribution: uniform among the deals with the predealt cards
 * that meet the plan's bounds. The condition must still be tested on it. False when the draw
 * was dropped early (a second seat out of its bounds): it counts as drawn, but no deal. */
bool lgen_deal(const struct lgen *g, struct deal_stream *s, struct deal *out);
/* The probability that a uniform deal (with the predealt cards) falls in the plan's set:
 * a run scales its generate limit and its Generated count by it, so that they keep dealer's
 * meaning (deals a plain shuffle would have made). */
double lgen_probability(const struct lgen *g);
void lgen_free(struct lgen *g);
/* deal_stream_shuffle, faster: the same deals from the same stream. */
void lshuffle(struct deal_stream *s, const struct deal *fixed, struct deal *out);

#endif
