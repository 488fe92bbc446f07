/* dealer/lang/hands.h - internal to the files of dealer/lang/: one seat's hands counted exactly by class
 * (shape and total HCP), the part of conditional generation that `predup dealer`'s generator
 * (dealer/lang/gen.c) and keyed sets' dealing version 2 (dealer/lang/keyed.c) share. Keyed deals depend on
 * every count and on the order of the classes: a change here that alters either breaks the
 * frozen vectors of tests/check_keyed.c (and every set dealt before it). */
#ifndef PREDUP_LANG_HANDS_H
#define PREDUP_LANG_HANDS_H

#include "dealer/lang/lang_int.h"

enum { LH_MAXH = 11 }; /* HCP within one suit: 0..10 */

/* A class of the seat's hands: a shape and a total HCP. */
struct lh_class {
    int8_t len[4];
    int8_t hcp;
    int16_t shape; /* index into lh_hands.rest */
};
/* For one shape: the HCP distribution (ways) of suits su+1..3, for su = 0, 1, 2. */
struct lh_rest {
    uint64_t dist[3][41];
};

struct lh_hands {
    int seat;
    int flen[4], fhcp[4];          /* the seat's predealt cards per suit: count, HCP */
    unsigned hon[4];               /* free honours per suit: bit 3 A, 2 K, 1 Q, 0 J */
    unsigned spot[4];              /* free spot cards (2..10) as holding bits */
    int nspot[4];
    uint64_t ways[4][14][LH_MAXH]; /* [suit][length][HCP]: holdings of the seat */
    struct lh_class *cls;
    uint64_t *cum;                 /* cumulative class weights: cum[ncls-1] = |H| */
    int ncls, capcls;
    struct lh_rest *rest;          /* one per allowed shape */
    int nrest, caprest;
};

/* Whether seat may have the shape L (lengths of spades, hearts, diamonds, clubs) under the
 * caller's bounds of it, read off p's condition. */
typedef bool (*lh_shape_fn)(const struct lang_prog *p, const void *bounds, int seat,
                            const int L[4]);

/* Counts seat's holdings around the predealt cards fixed, then lists every class of its hands
 * with HCP in hlo..hhi and an allowed shape: shapes by spades, hearts, diamonds ascending,
 * then HCP ascending (the order keyed draws depend on). h (zeroed once) may be built again
 * for another seat: its tables are reused. False when out of memory. */
bool lh_build(struct lh_hands *h, const struct deal *fixed, int seat, int hlo, int hhi,
              lh_shape_fn allowed, const struct lang_prog *p, const void *bounds);
/* |H|: the number of hands in every class; 0 when there is none. */
uint64_t lh_total(const struct lh_hands *h);
/* The class holding draw r < lh_total(h): the first whose cumulative weight exceeds r. */
int lh_class_at(const struct lh_hands *h, uint64_t r);
void lh_free(struct lh_hands *h); /* its tables, not h itself */
/* The honour subsets (J=1, Q=2, K=4, A=8) of each HCP 0..10, ascending, LH_NOSUB after the
 * last: a suit's holdings of h HCP take one of these (draw_suit in gen.c and keyed.c weighs
 * them alone, in this order, which is the order of all 16 with the others weighing 0). */
enum { LH_NOSUB = 0xFF };
extern const uint8_t LH_SUBS_OF_HCP[LH_MAXH][2];
/* A bound a conjunct sets on one seat: what is a suit (its length) or -1 (its HCP), op a
 * comparison (LOP_EQ, LOP_LT ...) with num. */
struct lh_bound {
    int seat, what, op, num;
};
/* The bound conjunct x sets, the way both generators read a condition: a suit length or
 * (when hcp_ok: the HCP table is the standard one) hcp() of a seat compared with a number,
 * either way round (20 <= hcp(north) is hcp(north) >= 20); false when x is none (!= bounds
 * nothing). */
bool lh_bound_of(const struct lang_prog *p, const struct lnode *x, bool hcp_ok,
                 struct lh_bound *out);
/* n choose k, 0 outside 0 <= k <= n (n <= 52). */
uint64_t lh_choose(int n, int k);

/* k of the cards avail (holding bits): a partial Fisher-Yates on them in ascending order, the
 * card at position i swapped with the one at i + below(s, n - i). */
static inline unsigned lh_pick(struct deal_stream *s, unsigned avail, int k,
                               unsigned (*below)(struct deal_stream *, unsigned))
{
    int list[13], n = 0;
    unsigned got = 0;

    for (unsigned a = avail; a; a &= a - 1)
        list[n++] = __builtin_ctz(a);
    for (int i = 0; i < k; i++) {
        int j = i + (int)below(s, (unsigned)(n - i)), t = list[i];

        list[i] = list[j];
        list[j] = t;
        got |= 1u << list[i];
    }
    return got;
}

#endif
