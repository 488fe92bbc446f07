/* dealer/lang/hands.c - one seat's hands counted exactly by class (dealer/lang/hands.h): the holdings
 * of each suit by length and HCP (honour subsets times spot-card choices), convolved into the
 * number of hands of each shape and total HCP; and the comparisons both read bounds from. */
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/hands.h"

/* Honour subsets numbered J=1, Q=2, K=4, A=8: their HCP. */
static int subset_hcp(unsigned sub)
{
    return 4 * (int)(sub >> 3 & 1) + 3 * (int)(sub >> 2 & 1) + 2 * (int)(sub >> 1 & 1) +
           (int)(sub & 1);
}

const uint8_t LH_SUBS_OF_HCP[LH_MAXH][2] = {
    {0, LH_NOSUB}, {1, LH_NOSUB}, {2, LH_NOSUB}, {3, 4}, {5, 8}, {6, 9},
    {7, 10}, {11, 12}, {13, LH_NOSUB}, {14, LH_NOSUB}, {15, LH_NOSUB},
};

bool lh_bound_of(const struct lang_prog *p, const struct lnode *x, bool hcp_ok,
                 struct lh_bound *out)
{
    if (x->op != LOP_EQ && x->op != LOP_LT && x->op != LOP_LE && x->op != LOP_GT &&
        x->op != LOP_GE)
        return false;
    const struct lnode *l = &p->nodes[x->a], *r = &p->nodes[x->b];

    int op = x->op;

    if (l->op == LOP_NUM && r->op != LOP_NUM) { /* the other way round */
        const struct lnode *t = l;

        l = r;
        r = t;
        op = op == LOP_GE ? LOP_LE : op == LOP_LE ? LOP_GE : op == LOP_GT ? LOP_LT
           : op == LOP_LT ? LOP_GT : op;
    }
    if (r->op != LOP_NUM)
        return false;
    *out = (struct lh_bound){l->seat, l->op == LOP_LEN ? l->suit : -1, op, r->val};
    return l->op == LOP_LEN || (l->op == LOP_PTS && l->table == LPT_HCP && l->suit < 0 && hcp_ok);
}

uint64_t lh_choose(int n, int k)
{
    uint64_t r = 1;

    if (k < 0 || k > n)
        return 0;
    for (int i = 0; i < k; i++)
        r = r * (uint64_t)(n - i) / (uint64_t)(i + 1);
    return r;
}

static void count_suits(struct lh_hands *h, const struct deal *fixed, int seat)
{
    uint64_t taken = fixed->hand[0] | fixed->hand[1] | fixed->hand[2] | fixed->hand[3];

    for (int s = 0; s < 4; s++) {
        unsigned mine = hand_suit(fixed->hand[seat], (enum suit)s);
        unsigned free_cards = 0x1FFFu & ~(unsigned)hand_suit(taken, (enum suit)s);

        h->flen[s] = __builtin_popcount(mine);
        h->fhcp[s] = hand_hcp((uint64_t)mine << (16 * s));
        h->hon[s] = free_cards >> 9; /* J Q K A are bits 9..12 */
        h->spot[s] = free_cards & 0x1FFu;
        h->nspot[s] = __builtin_popcount(h->spot[s]);
        memset(h->ways[s], 0, sizeof h->ways[s]);
        for (unsigned sub = 0; sub < 16; sub++) {
            if ((sub & h->hon[s]) != sub)
                continue;
            int j = __builtin_popcount(sub), hcp = subset_hcp(sub) + h->fhcp[s];

            for (int k = 0; k <= h->nspot[s] && h->flen[s] + j + k <= 13; k++)
                h->ways[s][h->flen[s] + j + k][hcp] += lh_choose(h->nspot[s], k);
        }
    }
}

/* HCP distribution of suits from..3 for lengths L: out[x] = ways to hold x HCP there. */
static void convolve(const struct lh_hands *h, const int L[4], int from, uint64_t out[41])
{
    memset(out, 0, 41 * sizeof *out);
    out[0] = 1;
    for (int s = from; s < 4; s++) {
        uint64_t t[41] = {0};

        for (int a = 0; a <= 40; a++)
            for (int x = 0; out[a] && x < LH_MAXH && a + x <= 40; x++)
                t[a + x] += out[a] * h->ways[s][L[s]][x];
        memcpy(out, t, sizeof t);
    }
}

static bool add_class(struct lh_hands *h, const int L[4], int hcp, uint64_t w)
{
    if (h->ncls == h->capcls) {
        int cap = h->capcls ? 2 * h->capcls : 256;
        struct lh_class *c = realloc(h->cls, (size_t)cap * sizeof *c);
        uint64_t *cum = c ? realloc(h->cum, (size_t)cap * sizeof *cum) : NULL;

        if (c)
            h->cls = c;
        if (!cum)
            return false;
        h->cum = cum;
        h->capcls = cap;
    }
    struct lh_class *c = &h->cls[h->ncls];

    for (int s = 0; s < 4; s++)
        c->len[s] = (int8_t)L[s];
    c->hcp = (int8_t)hcp;
    c->shape = (int16_t)(h->nrest - 1);
    h->cum[h->ncls] = (h->ncls ? h->cum[h->ncls - 1] : 0) + w;
    h->ncls++;
    return true;
}

/* One allowed shape: its rest distributions and its classes (HCP ascending). */
static bool add_shape(struct lh_hands *h, const int L[4], int hlo, int hhi)
{
    uint64_t dist[41];

    if (h->nrest == h->caprest) {
        int cap = h->caprest ? 2 * h->caprest : 64;
        struct lh_rest *rs = realloc(h->rest, (size_t)cap * sizeof *rs);

        if (!rs)
            return false;
        h->rest = rs;
        h->caprest = cap;
    }
    for (int su = 0; su < 3; su++)
        convolve(h, L, su + 1, h->rest[h->nrest].dist[su]);
    h->nrest++;
    convolve(h, L, 0, dist);
    for (int x = hlo < 0 ? 0 : hlo; x <= 40 && x <= hhi; x++)
        if (dist[x] && !add_class(h, L, x, dist[x]))
            return false;
    return true;
}

bool lh_build(struct lh_hands *h, const struct deal *fixed, int seat, int hlo, int hhi,
              lh_shape_fn allowed, const struct lang_prog *p, const void *bounds)
{
    int L[4];

    h->seat = seat;
    h->ncls = h->nrest = 0;
    count_suits(h, fixed, seat);
    for (L[0] = 0; L[0] <= 13; L[0]++)
        for (L[1] = 0; L[0] + L[1] <= 13; L[1]++)
            for (L[2] = 0; L[0] + L[1] + L[2] <= 13; L[2]++) {
                L[3] = 13 - L[0] - L[1] - L[2];
                if (allowed(p, bounds, seat, L) && !add_shape(h, L, hlo, hhi))
                    return false;
            }
    return true;
}

uint64_t lh_total(const struct lh_hands *h)
{
    return h->ncls ? h->cum[h->ncls - 1] : 0;
}

int lh_class_at(const struct lh_hands *h, uint64_t r)
{
    int lo = 0, hi = h->ncls - 1;

    while (lo < hi) {
        int mid = (lo + hi) / 2;

        if (h->cum[mid] > r)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

void lh_free(struct lh_hands *h)
{
    free(h->cls);
    free(h->cum);
    free(h->rest);
    memset(h, 0, sizeof *h); /* empty, and ready to be built again */
}
