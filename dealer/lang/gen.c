/* dealer/lang/gen.c - conditional generation: deals drawn exactly from the uniform
 * distribution restricted to a set S that contains every deal the condition accepts, so that
 * testing the full condition on them (as every run does) keeps exactly the deals plain
 * rejection would keep, with the same distribution, only sooner.
 *
 * S is read off the condition: the conjuncts (&& at the top, through variables) that bound
 * one seat's HCP (Milton count), suit lengths or shape(), plus predeal's cards and suit
 * lengths. Of the seats so bounded, the one whose set H of hands is least likely is drawn
 * first, uniformly from H: a class (shape, HCP) with probability proportional to its number of
 * hands, then the HCP of each suit, then the honours and the spot cards of each suit, each
 * step weighted by exact counts. The other cards are then shuffled uniformly (Fisher-Yates)
 * into the other hands. Every hand in H has the same number of completions, so the deal is
 * uniform over S = {deals with that hand in H}. A second bounded seat is dealt first and a
 * draw whose hand there is out of bounds is dropped at once: rejection, only earlier. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/gen.h"
#include "dealer/lang/hands.h"

struct bounds {
    int hlo, hhi;
    int llo[4], lhi[4];
    int shapes[16];   /* shape tables that must hold; negative: ~(index+1) must not hold */
    int nshapes;
    bool any;
};

struct lgen {
    struct lh_hands h;      /* the drawn seat's hands by class (dealer/lang/hands.c) */
    struct deal fixed;      /* predealt cards of every seat */
    double p;               /* probability of H among the seat's possible hands */
    /* A second bounded seat, tested as soon as its cards are dealt (-1: none): a deal that
     * fails is dropped before the other hands are dealt, which is rejection, done early. */
    const struct lang_prog *prog;
    int second;
    struct bounds b2;
};

/* Binomial coefficients up to 52 choose 13 (table built once, read-only after). */
static uint64_t binom_tab[53][14];
static pthread_once_t binom_once = PTHREAD_ONCE_INIT;

static void binom_init(void)
{
    for (int n = 0; n <= 52; n++)
        for (int k = 0; k <= 13; k++)
            binom_tab[n][k] = k == 0 ? 1 : n == 0 ? 0 : binom_tab[n - 1][k - 1] + binom_tab[n - 1][k];
}

static uint64_t binom(int n, int k)
{
    if (k < 0 || k > n || n > 52 || k > 13)
        return k >= 0 && k <= n && n - k <= 13 && n <= 52 ? binom(n, n - k) : 0;
    return binom_tab[n][k];
}

/* ---------------------------------------------------------------- bounds from the condition */


static bool shape_bit(const struct lang_prog *p, int idx, int cell)
{
    const uint8_t *bits = p->shapes + (size_t)idx * (SHAPE_CELLS / 8 + 1);

    return bits[cell >> 3] >> (cell & 7) & 1;
}

static void bound(struct bounds *b, int what, int op, int c)
{
    int *lo = what < 0 ? &b->hlo : &b->llo[what], *hi = what < 0 ? &b->hhi : &b->lhi[what];

    switch (op) {
    case LOP_EQ: if (c > *lo) *lo = c; if (c < *hi) *hi = c; break;
    case LOP_GE: if (c > *lo) *lo = c; break;
    case LOP_GT: if (c + 1 > *lo) *lo = c + 1; break;
    case LOP_LE: if (c < *hi) *hi = c; break;
    case LOP_LT: if (c - 1 < *hi) *hi = c - 1; break;
    default: return;
    }
    b->any = true;
}

static void collect(const struct lang_prog *p, int n, struct bounds b[4], bool milton, int depth)
{
    const struct lnode *x = &p->nodes[n];

    if (depth > 100)
        return;
    while (x->op == LOP_AND) { /* chains lean right (dealer/lang/parse.c): loop, not recursion */
        collect(p, x->a, b, milton, depth + 1);
        x = &p->nodes[x->b];
    }
    if (x->op == LOP_SHAPE || (x->op == LOP_NOT && p->nodes[x->a].op == LOP_SHAPE)) {
        const struct lnode *s = x->op == LOP_SHAPE ? x : &p->nodes[x->a];
        struct bounds *bs = &b[s->seat];

        if (bs->nshapes < 16) {
            bs->shapes[bs->nshapes++] = x->op == LOP_SHAPE ? s->val : ~s->val;
            bs->any = true;
        }
        return;
    }
    struct lh_bound k;

    if (lh_bound_of(p, x, milton, &k))
        bound(&b[k.seat], k.what, k.op, k.num);
}

/* ---------------------------------------------------------------- counting */

static bool shape_allowed(const struct lang_prog *p, const void *bounds, int seat, const int L[4])
{
    const struct bounds *b = bounds;
    int cell = shape_cell(L[0], L[1], L[2], L[3]);

    for (int s = 0; s < 4; s++) {
        if (L[s] < b->llo[s] || L[s] > b->lhi[s])
            return false;
        if (p->predeal_len[seat][s] >= 0 && L[s] != p->predeal_len[seat][s])
            return false;
    }
    for (int i = 0; i < b->nshapes; i++) {
        int idx = b->shapes[i];

        if (idx >= 0 ? !shape_bit(p, idx, cell) : shape_bit(p, ~idx, cell))
            return false;
    }
    return true;
}

/* Builds the classes of seat under b; false when out of memory or nothing fits. */
static bool build(struct lgen *g, const struct lang_prog *p, const struct bounds *b, int seat)
{
    int nfree = 13, navail = 52;

    if (!lh_build(&g->h, &p->predeal, seat, b->hlo, b->hhi, shape_allowed, p, b) ||
        g->h.ncls == 0)
        return false;
    for (int h = 0; h < 4; h++) {
        navail -= hand_ncards(p->predeal.hand[h]);
        if (h == seat)
            nfree -= hand_ncards(p->predeal.hand[h]);
    }
    g->p = (double)lh_total(&g->h) / (double)binom(navail, nfree);
    return true;
}

struct lgen *lgen_plan(const struct lang_prog *p)
{
    struct bounds b[4];
    struct lgen *best = NULL;
    bool milton = true;

    pthread_once(&binom_once, binom_init);
    for (int r = RANK_2; r <= RANK_A; r++)
        milton &= p->ptval[LPT_HCP][r] == (r >= 11 ? r - 10 : 0);
    for (int s = 0; s < 4; s++) {
        memset(&b[s], 0, sizeof b[s]);
        b[s].hlo = 0;
        b[s].hhi = 40;
        for (int k = 0; k < 4; k++) {
            b[s].llo[k] = 0;
            b[s].lhi[k] = 13;
            if (p->predeal_len[s][k] >= 0)
                b[s].any = true;
        }
    }
    if (p->cond >= 0)
        collect(p, p->cond, b, milton, 0);
    double ps[4] = {2, 2, 2, 2};

    for (int s = 0; s < 4; s++) {
        struct lgen *g;

        if (!b[s].any || hand_ncards(p->predeal.hand[s]) == 13 || !(g = calloc(1, sizeof *g)))
            continue;
        g->fixed = p->predeal;
        if (!build(g, p, &b[s], s)) {
            lgen_free(g);
            continue;
        }
        ps[s] = g->p;
        if (best && g->p >= best->p) {
            lgen_free(g);
            continue;
        }
        lgen_free(best);
        best = g;
    }
    if (best && best->p > 0.25) { /* not worth it: plain shuffling is as fast */
        lgen_free(best);
        best = NULL;
    }
    if (best) {
        best->prog = p;
        best->second = -1;
        for (int s = 0; s < 4; s++)
            if (s != best->h.seat && ps[s] < 0.5 &&
                (best->second < 0 || ps[s] < ps[best->second]))
                best->second = s;
        if (best->second >= 0)
            best->b2 = b[best->second];
    }
    return best;
}

double lgen_probability(const struct lgen *g)
{
    return g->p;
}

void lgen_free(struct lgen *g)
{
    if (!g)
        return;
    lh_free(&g->h);
    free(g);
}

/* ---------------------------------------------------------------- drawing */

/* Uniform in [0, n), n >= 1, from the stream, for 64-bit n. */
static uint64_t below64(struct deal_stream *s, uint64_t n)
{
    if (n <= 0xFFFFFFFFULL)
        return deal_stream_below(s, (uint32_t)n);
    uint64_t lim = (UINT64_MAX / n) * n, r;

    do
        r = (uint64_t)deal_stream_u32(s) << 32 | deal_stream_u32(s);
    while (r >= lim);
    return r % n;
}

static unsigned below32(struct deal_stream *s, unsigned n)
{
    return deal_stream_below(s, n);
}

/* The free cards of suit su for a total length len and h HCP: honours by weight (the subsets
 * of that HCP alone: the others weigh 0), then spots. */
LANG_HOT static unsigned draw_suit(const struct lgen *g, struct deal_stream *s, int su, int len, int h)
{
    static const uint8_t none[2] = {LH_NOSUB, LH_NOSUB};
    int k = len - g->h.flen[su], hh = h - g->h.fhcp[su];
    const uint8_t *subs = hh >= 0 && hh < LH_MAXH ? LH_SUBS_OF_HCP[hh] : none;
    uint64_t w[2];

    for (int i = 0; i < 2; i++) {
        unsigned sub = subs[i];
        int j = __builtin_popcount(sub);

        w[i] = sub != LH_NOSUB && (sub & g->h.hon[su]) == sub && j <= k
                   ? binom(g->h.nspot[su], k - j)
                   : 0;
    }
    uint64_t r = below64(s, w[0] + w[1]);
    unsigned sub = subs[r >= w[0]];

    /* k uniform spot cards (Fisher-Yates on the list of them) */
    return sub << 9 | lh_pick(s, g->h.spot[su], k - __builtin_popcount(sub), below32);
}

static bool second_ok(const struct lgen *g, uint64_t hand)
{
    int L[4], h = hand_hcp(hand);

    for (int su = 0; su < 4; su++)
        L[su] = hand_length(hand, (enum suit)su);
    return h >= g->b2.hlo && h <= g->b2.hhi && shape_allowed(g->prog, &g->b2, g->second, L);
}

/* The free cards to the other hands by Fisher-Yates, the second bounded seat first: false
 * (the deal is dropped) as soon as that hand is out of its bounds. */
LANG_HOT static bool deal_rest(const struct lgen *g, struct deal_stream *s,
                               const struct deal *fixed, struct deal *out)
{
    uint8_t fb[DEAL_NCARDS];
    int vac[4], order[4], no = 0, nfree = 0, i = 0;
    uint64_t taken = 0;
    size_t pos = s->pos, len = s->len;

    for (int h = 0; h < 4; h++) {
        taken |= fixed->hand[h];
        vac[h] = HAND_NCARDS - hand_ncards(fixed->hand[h]);
    }
    for (uint64_t rest = 0x1FFF1FFF1FFF1FFFULL & ~taken; rest; rest &= rest - 1)
        fb[nfree++] = (uint8_t)__builtin_ctzll(rest);
    if (g->second >= 0)
        order[no++] = g->second;
    for (int h = 0; h < 4; h++)
        if (h != g->second)
            order[no++] = h;
    for (int oi = 0; oi < 4; oi++) {
        int h = order[oi];
        uint64_t hand = fixed->hand[h];

        for (int c = 0; c < vac[h]; c++, i++) {
            if (i < nfree - 1) {
                int j = i + (int)stream_draw16(s, &pos, &len, (unsigned)(nfree - i));
                uint8_t t = fb[i];

                fb[i] = fb[j];
                fb[j] = t;
            }
            hand |= 1ULL << fb[i];
        }
        out->hand[h] = hand;
        if (oi == 0 && g->second >= 0 && !second_ok(g, hand)) {
            s->pos = pos;
            return false;
        }
    }
    s->pos = pos;
    return true;
}

LANG_HOT bool lgen_deal(const struct lgen *g, struct deal_stream *s, struct deal *out)
{
    const struct lh_class *c = &g->h.cls[lh_class_at(&g->h, below64(s, lh_total(&g->h)))];
    int L[4], left, hs[4];
    struct deal fixed = g->fixed;

    for (int su = 0; su < 4; su++)
        L[su] = c->len[su];
    left = c->hcp;
    /* HCP per suit: suit su takes h with weight N[su][L][h] * (ways for the rest). */
    for (int su = 0; su < 3; su++) {
        uint64_t w[LH_MAXH], total = 0;

        const uint64_t *dist = g->h.rest[c->shape].dist[su];

        for (int h = 0; h < LH_MAXH; h++) {
            w[h] = h <= left ? g->h.ways[su][L[su]][h] * dist[left - h] : 0;
            total += w[h];
        }
        uint64_t x = below64(s, total);
        int h = 0;

        while (x >= w[h])
            x -= w[h++];
        hs[su] = h;
        left -= h;
    }
    hs[3] = left;
    for (int su = 0; su < 4; su++)
        fixed.hand[g->h.seat] |= (uint64_t)draw_suit(g, s, su, L[su], hs[su]) << (16 * su);
    return deal_rest(g, s, &fixed, out);
}
