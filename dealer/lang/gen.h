/* dealer/lang/gen.h - conditional generation (dealer/lang/gen.c), internal to the files of dealer/lang/:
 * deals drawn directly from the distribution of uniform deals conditioned on the parts of
 * the script's condition that it can read off (per-hand HCP and suit-length bounds). */
#ifndef PREDUP_LANG_GEN_H
#define PREDUP_LANG_GEN_H

#include "dealer/lang/lang_int.h"

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
/* The practice shuffle is deal_stream_shuffle (dealer/deal/deal.h); dealer/run/run.c still calls it by this
 * older name. */
static inline void lshuffle(struct deal_stream *s, const struct deal *fixed, struct deal *out)
{
    deal_stream_shuffle(s, fixed, out);
}

/* Lazy dealing (dealer/lang/lazy.c), for runs without predeal: the deals of deal_stream_shuffle, hand
 * by hand.
 * A deal's state lives until the next draw from its stream; its draws (when z.draws is not
 * NULL) can be copied and dealt later, anywhere, by llazy_deal_from. */
enum { LLAZY_DRAW_BYTES = LANG_DRAW_BYTES };
struct llazy {
    uint8_t cards[DEAL_NCARDS];
    uint8_t off[64];      /* per draw i: the card it brings to position i is at i + off[i] */
    const uint8_t *draws; /* the deal's 102 stream bytes (in the stream's buffer), or NULL
                           * when deal_stream_shuffle dealt it in full */
    int hands;            /* hands dealt so far (west counts once the other three are) */
    /* practice dealing 2 (dealer/deal/practice.c): its source, the deal, the cards still
     * free; pr is NULL for version 1 */
    struct practice *pr;
    uint64_t ordinal, free;
};
/* The hands a script reads: *cond_hands for its condition, *all_hands with its actions, each
 * as a count of leading hands (1 = north, 2 = north and east, ...; 0 = none). False when out
 * of memory. */
bool llazy_plan(const struct lang_prog *p, int *cond_hands, int *all_hands);
/* The next deal of s, with at least the first `hands` hands in out (the others empty).
 * Returns the number of hands dealt (4 when it dealt the whole deal). */
int llazy_start(struct llazy *z, struct deal_stream *s, int hands, struct deal *out);
/* Deals hands up to `hands` of the deal started last (version 1: before any other draw from
 * s). */
void llazy_finish(struct llazy *z, int hands, struct deal *out);
/* Hands 0..hands-1 of the deal whose draw bytes are draws (copied from a started deal: hand h
 * reads bytes 26h..26h+25, west none). */
void llazy_deal_from(const uint8_t *draws, int hands, struct deal *out);
/* The same for practice dealing 2: deal `ordinal` from pr, hand by hand (at least `hands`:
 * what the block holds of it). */
static inline int llazy2_start(struct llazy *z, struct practice *pr, uint64_t ordinal,
                               int hands, struct deal *out)
{
    z->pr = pr;
    z->ordinal = ordinal;
    z->hands = practice_held(pr, ordinal, out, &z->free);
    if (z->hands < hands)
        llazy_finish(z, hands, out);
    return z->hands;
}
/* For the Check test: the rejection test and offsets of the 51 draws at b (128 readable bytes)
 * by one implementation (0 one draw at a time, 1 SSE2, 2 AVX2); false when this build or CPU
 * has not got it. */
bool llazy_offsets_by(int impl, const uint8_t *b, uint8_t off[64], bool *rejected);

#endif
