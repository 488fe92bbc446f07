/* dealer/lang/keyed.c - script boards of a keyed (verifiable) set, dealing version 2: a smart
 * draw from the board's own stream (purpose 4) that is exact (every deal the script accepts is
 * equally likely) and frozen: this file is the construction dealer/README.md specifies ("Boards
 * with a script"), independent of `predup dealer`'s generator (dealer/lang/gen.c), which may change
 * for speed; the counting of hands by class is shared with it (dealer/lang/hands.c, as frozen). Any
 * change here that alters a deal breaks tests/check_keyed.c's vectors.
 *
 * Per board: read bounds off the condition (top-level conjuncts on one seat's HCP, suit lengths
 * and shape, plus predeal), pick the seat whose bounded set H of hands is least likely, draw its
 * hand uniformly from H by exact counts, shuffle the other cards into the other hands (the next
 * least likely bounded seat first, and the attempt stops as soon as its hand is out of bounds),
 * and keep the first attempt the whole script accepts. Version 1 (the first accepted candidate of the
 * plain board stream) stays here as a version number; gen.c runs it. */
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/hands.h"

enum { MAXSHAPECONJ = 16 };

/* What the condition says about one seat (dealing v2, step 1). */
struct kbounds {
    int hlo, hhi;
    int llo[4], lhi[4];
    int shape_node[MAXSHAPECONJ]; /* shape(...) or not shape(...) conjuncts: their nodes */
    int nshape;
    bool any;
};

struct lang_deal {
    const struct lang_prog *prog;
    int version;
    int seat;                 /* the drawn seat, -1: no bounds, every attempt a plain shuffle */
    struct lh_hands h;        /* its hands by class (those of each bounded seat in turn while
                               * choose_seats compares them) */
    int second;               /* the seat dealt first of the rest and tested at once, or -1 */
    struct kbounds second_b;  /* its bounds */
    int order[4];             /* the seats in the order they take the rest */
    int need[4];              /* cards each seat takes from the rest */
    struct deal fixed;        /* predealt cards */
    uint64_t binom[14][14];
};

/* ---------------------------------------------------------------- step 1: bounds */

/* Honour subsets numbered J=1, Q=2, K=4, A=8: their sizes. */
static const int8_t SUB_CARDS[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

static void tighten(struct kbounds *b, int suit, int op, int c)
{
    int *lo = suit < 0 ? &b->hlo : &b->llo[suit], *hi = suit < 0 ? &b->hhi : &b->lhi[suit];

    if ((op == LOP_EQ || op == LOP_GE) && c > *lo)
        *lo = c;
    if (op == LOP_GT && c + 1 > *lo)
        *lo = c + 1;
    if ((op == LOP_EQ || op == LOP_LE) && c < *hi)
        *hi = c;
    if (op == LOP_LT && c - 1 < *hi)
        *hi = c - 1;
    b->any = true;
}

static bool standard_hcp(const struct lang_prog *p)
{
    for (int r = RANK_2; r <= RANK_A; r++)
        if (p->ptval[LPT_HCP][r] != (r >= 11 ? r - 10 : 0))
            return false;
    return true;
}

/* One conjunct: a bound, a shape test, or nothing to read. */
static void read_conjunct(const struct lang_prog *p, int n, struct kbounds b[4])
{
    const struct lnode *x = &p->nodes[n];

    if (x->op == LOP_SHAPE || (x->op == LOP_NOT && p->nodes[x->a].op == LOP_SHAPE)) {
        struct kbounds *bs = &b[x->op == LOP_SHAPE ? x->seat : p->nodes[x->a].seat];

        if (bs->nshape < MAXSHAPECONJ)
            bs->shape_node[bs->nshape++] = n;
        bs->any = true;
        return;
    }
    struct lh_bound k;

    if (lh_bound_of(p, x, standard_hcp(p), &k))
        tighten(&b[k.seat], k.what, k.op, k.num);
}

/* The conjuncts of the condition, left to right (the order decides which 16 shape tests of a
 * seat are kept), with a stack of our own: a chain of && is as deep as it is long. */
static enum pd_status collect(const struct lang_prog *p, struct kbounds b[4], struct pd_err *e)
{
    int *stack = malloc((size_t)(p->nnodes + 1) * sizeof *stack), top = 0;

    if (!stack)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    stack[top++] = p->cond;
    while (top > 0) {
        int n = stack[--top];
        const struct lnode *x = &p->nodes[n];

        if (x->op == LOP_AND && top + 2 <= p->nnodes + 1) {
            stack[top++] = x->b; /* popped after the whole left side */
            stack[top++] = x->a;
        } else {
            read_conjunct(p, n, b);
        }
    }
    free(stack);
    return PD_OK;
}

static enum pd_status read_bounds(const struct lang_prog *p, struct kbounds b[4],
                                  struct pd_err *e)
{
    for (int s = 0; s < 4; s++) {
        b[s] = (struct kbounds){.hlo = 0, .hhi = 40};
        for (int k = 0; k < 4; k++) {
            b[s].lhi[k] = 13;
            if (p->predeal_len[s][k] >= 0)
                tighten(&b[s], k, LOP_EQ, p->predeal_len[s][k]);
        }
    }
    return p->cond >= 0 ? collect(p, b, e) : PD_OK;
}

/* ---------------------------------------------------------------- step 2: counting */

/* A shape passes the seat's length bounds and each shape conjunct (asked of the evaluator on
 * a hand of that shape, so shape lists mean here exactly what they mean in the condition). */
static bool shape_allowed(const struct lang_prog *p, const void *bounds, int seat, const int L[4])
{
    const struct kbounds *b = bounds;
    struct deal d = {{0}};
    struct leval ev = {.p = p, .d = &d, .dd_thread = -1};

    for (int s = 0; s < 4; s++) {
        if (L[s] < b->llo[s] || L[s] > b->lhi[s])
            return false;
        d.hand[seat] |= (uint64_t)((1u << L[s]) - 1) << (16 * s);
    }
    for (int i = 0; i < b->nshape; i++)
        if (!leval_node(&ev, b->shape_node[i]))
            return false;
    return true;
}

/* Every class of seat's hands under b (dealer/lang/hands.c), into ld->h. */
static enum pd_status build_classes(struct lang_deal *ld, const struct kbounds *b, int seat,
                                    struct pd_err *e)
{
    ld->seat = seat;
    if (!lh_build(&ld->h, &ld->fixed, seat, b->hlo, b->hhi, shape_allowed, ld->prog, b))
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    return PD_OK;
}

static uint64_t class_total(const struct lang_deal *ld)
{
    return lh_total(&ld->h);
}

/* True when |H| / all of a is below that of b (exact: cross-multiplied). */
static bool rarer(uint64_t ha, uint64_t alla, uint64_t hb, uint64_t allb)
{
    return (unsigned __int128)ha * allb < (unsigned __int128)hb * alla;
}

/* The order in which the seats take the rest: the second seat first, then N, E, S, W. */
static void set_order(struct lang_deal *ld)
{
    int n = 0;

    if (ld->second >= 0)
        ld->order[n++] = ld->second;
    for (int h = 0; h < 4; h++)
        if (h != ld->second)
            ld->order[n++] = h;
    for (int h = 0; h < 4; h++)
        ld->need[h] = h == ld->seat ? 0 : HAND_NCARDS - hand_ncards(ld->fixed.hand[h]);
}

/* Step 3: the drawn seat, whose hands in H are least likely (ties: N, E, S, W), and the second
 * seat, the next least likely bounded one. */
static enum pd_status choose_seats(struct lang_deal *ld, const struct kbounds b[4],
                                   struct pd_err *e)
{
    int rank[4], nb = 0, navail = DEAL_NCARDS;
    uint64_t h[4], all[4];

    for (int s = 0; s < 4; s++)
        navail -= hand_ncards(ld->fixed.hand[s]);
    for (int s = 0; s < 4; s++) {
        int vac = HAND_NCARDS - hand_ncards(ld->fixed.hand[s]);

        if (!b[s].any || vac == 0)
            continue;
        LTRY(build_classes(ld, &b[s], s, e));
        h[s] = class_total(ld);
        all[s] = lh_choose(navail, vac); /* every hand it could get */
        int at = nb++;

        while (at > 0 && rarer(h[s], all[s], h[rank[at - 1]], all[rank[at - 1]])) {
            rank[at] = rank[at - 1];
            at--;
        }
        rank[at] = s;
    }
    ld->seat = nb > 0 ? rank[0] : -1;
    ld->second = nb > 1 ? rank[1] : -1;
    if (ld->second >= 0)
        ld->second_b = b[ld->second];
    set_order(ld);
    if (ld->seat < 0)
        return PD_OK;
    LTRY(build_classes(ld, &b[ld->seat], ld->seat, e));
    if (class_total(ld) == 0)
        return pd_fail(e, PD_ERR_RANGE, "%s: no deal can satisfy the condition: no hand of %s "
                       "meets its bounds", ld->prog->name, SEAT_NAME[ld->seat]);
    return PD_OK;
}

/* ---------------------------------------------------------------- public */

enum pd_status lang_deal_new(const struct lang_prog *p, int version, struct lang_deal **out,
                             struct pd_err *e)
{
    struct kbounds b[4];
    struct lang_deal *ld;
    enum pd_status rc = PD_OK;

    *out = NULL;
    if (version < DEALING_V1 || version > DEALING_LATEST)
        return pd_fail(e, PD_ERR_RANGE, "dealing version %d is unknown: this predup deals "
                       "versions %d to %d", version, DEALING_V1, DEALING_LATEST);
    ld = calloc(1, sizeof *ld);
    if (!ld)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    ld->prog = p;
    ld->version = version;
    ld->fixed = p->predeal;
    ld->seat = ld->second = -1;
    set_order(ld);
    for (int n = 0; n < 14; n++)
        for (int k = 0; k < 14; k++)
            ld->binom[n][k] = lh_choose(n, k);
    if (version >= DEALING_V2) {
        rc = read_bounds(p, b, e);
        if (rc == PD_OK)
            rc = choose_seats(ld, b, e);
    }
    if (rc != PD_OK) {
        lang_deal_free(ld);
        return rc;
    }
    *out = ld;
    return PD_OK;
}

void lang_deal_free(struct lang_deal *ld)
{
    if (!ld)
        return;
    lh_free(&ld->h);
    free(ld);
}

int lang_deal_version(const struct lang_deal *ld)
{
    return ld->version;
}

const struct lang_prog *lang_deal_prog(const struct lang_deal *ld)
{
    return ld->prog;
}

int lang_deal_seat(const struct lang_deal *ld)
{
    return ld->seat;
}

uint64_t lang_deal_hands(const struct lang_deal *ld)
{
    return class_total(ld);
}

int lang_script_dealer(const struct lang_prog *p)
{
    return p->dealer;
}

int lang_script_vul(const struct lang_prog *p)
{
    return p->vul;
}

/* ---------------------------------------------------------------- step 3: drawing */

/* Uniform in [0, n), n >= 1: 8 bytes big-endian, rejected when in the last, short block
 * (r >= 2^64 - (2^64 mod n)). r's block of n numbers starts at r - r mod n; the block is whole
 * when it ends by 2^64, that is when r - r mod n <= 2^64 - n: one division, not two. */
static uint64_t draw64(struct deal_stream *s, uint64_t n)
{
    for (;;) {
        uint8_t b[8];
        uint64_t r = 0, m;

        if (s->len - s->pos >= 8) { /* the usual case: no call */
            memcpy(b, s->buf + s->pos, 8);
            s->pos += 8;
        } else {
            deal_stream_bytes(s, b, 8);
        }
        for (int i = 0; i < 8; i++)
            r = r << 8 | b[i];
        m = r % n;
        if (r - m <= 0 - n)
            return m;
    }
}

/* Index of the first weight whose running sum exceeds a uniform draw below their total. */
static int draw_weighted(struct deal_stream *s, const uint64_t *w, int n)
{
    uint64_t total = 0, r;
    int i = 0;

    for (int k = 0; k < n; k++)
        total += w[k];
    r = draw64(s, total);
    while (r >= w[i])
        r -= w[i++];
    return i;
}

/* Uniform in [0, n), n <= 52, from 2 bytes at a time, as the practice shuffle draws
 * (stream_draw16, dealer/deal/hot.h). */
static unsigned draw16(struct deal_stream *s, unsigned n)
{
    size_t pos = s->pos, len = s->len;
    unsigned r = stream_draw16(s, &pos, &len, n);

    s->pos = pos;
    return r;
}

/* The free cards of suit su for a length len and h HCP: honours by weight (the subsets of
 * that HCP alone: the others weigh 0), then spots. */
static unsigned draw_suit(const struct lang_deal *ld, struct deal_stream *s, int su, int len,
                          int h)
{
    static const uint8_t none[2] = {LH_NOSUB, LH_NOSUB};
    const struct lh_hands *hs = &ld->h;
    int k = len - hs->flen[su], hh = h - hs->fhcp[su];
    const uint8_t *subs = hh >= 0 && hh < LH_MAXH ? LH_SUBS_OF_HCP[hh] : none;
    uint64_t w[2];

    for (int i = 0; i < 2; i++) {
        unsigned sub = subs[i];

        w[i] = sub != LH_NOSUB && (sub & hs->hon[su]) == sub && SUB_CARDS[sub] <= k
                   ? ld->binom[hs->nspot[su]][k - SUB_CARDS[sub]]
                   : 0;
    }
    unsigned sub = subs[draw_weighted(s, w, 2)];

    /* k of the spot cards, by a partial Fisher-Yates on them in ascending order */
    return sub << 9 | lh_pick(s, hs->spot[su], k - SUB_CARDS[sub], draw16);
}

/* Suit su's HCP x (x <= left) with weight ways[su][len][x] times the ways of the later suits
 * to hold left - x, from a draw below their total: these weights are made only up to the one
 * drawn (their total, the later suits' own count, is known: the caller's). */
static int draw_suit_hcp(const struct lh_hands *h, struct deal_stream *s, int su, int len,
                         const uint64_t *rest, int left, uint64_t total)
{
    uint64_t r = draw64(s, total);
    int x = 0;

    for (; x < LH_MAXH - 1; x++) { /* r < total: the last is taken when none before is */
        uint64_t w = x <= left ? h->ways[su][len][x] * rest[left - x] : 0;

        if (r < w)
            break;
        r -= w;
    }
    return x;
}

/* The drawn seat's hand: a class by weight, each suit's HCP, then each suit's cards. The
 * weights of suit su's HCP add up to the hands of the class (su 0), or to the ways of suits
 * su..3 to hold what is left (rest.dist[su - 1]): the totals draw_weighted would sum. */
static uint64_t draw_hand(const struct lang_deal *ld, struct deal_stream *s)
{
    const struct lh_hands *h = &ld->h;
    int i = lh_class_at(h, draw64(s, class_total(ld)));
    const struct lh_class *c = &h->cls[i];
    uint64_t hand = ld->fixed.hand[ld->seat], total = h->cum[i] - (i ? h->cum[i - 1] : 0);
    int left = c->hcp, hs[4];

    for (int su = 0; su < 3; su++) {
        const uint64_t *rest = h->rest[c->shape].dist[su];

        if (su > 0)
            total = h->rest[c->shape].dist[su - 1][left];
        hs[su] = draw_suit_hcp(h, s, su, c->len[su], rest, left, total);
        left -= hs[su];
    }
    hs[3] = left;
    for (int su = 0; su < 4; su++)
        hand |= (uint64_t)draw_suit(ld, s, su, c->len[su], hs[su]) << (16 * su);
    return hand;
}

/* The second seat's hand against its bounds, as H's membership test. */
static bool second_in_bounds(const struct lang_deal *ld, uint64_t hand)
{
    const struct kbounds *b = &ld->second_b;
    int L[4], h = hand_hcp(hand);

    for (int su = 0; su < 4; su++)
        L[su] = hand_length(hand, (enum suit)su);
    return h >= b->hlo && h <= b->hhi && shape_allowed(ld->prog, b, ld->second, L);
}

/* The free cards left, ascending (S2 .. SA, H2 .. CA), shuffled by Fisher-Yates with the seats
 * taking them from the front in ld->order: false (the attempt ends there) as soon as the
 * second seat's hand is out of its bounds. */
static bool deal_rest(const struct lang_deal *ld, struct deal_stream *s, struct deal *d)
{
    uint8_t fb[DEAL_NCARDS];
    uint64_t taken = d->hand[0] | d->hand[1] | d->hand[2] | d->hand[3];
    int n = 0, i = 0;
    size_t pos = s->pos, len = s->len; /* stream_draw16's position, in registers */
    bool ok = true;

    for (uint64_t rest = 0x1FFF1FFF1FFF1FFFULL & ~taken; rest; rest &= rest - 1)
        fb[n++] = (uint8_t)__builtin_ctzll(rest);
    for (int oi = 0; oi < 4; oi++) {
        int h = ld->order[oi];

        for (int c = 0; c < ld->need[h]; c++, i++) {
            if (i < n - 1) {
                int j = i + (int)stream_draw16(s, &pos, &len, (unsigned)(n - i));
                uint8_t t = fb[i];

                fb[i] = fb[j];
                fb[j] = t;
            }
            d->hand[h] |= 1ULL << fb[i];
        }
        if (oi == 0 && h == ld->second && !second_in_bounds(ld, d->hand[h])) {
            ok = false;
            break;
        }
    }
    s->pos = pos;
    return ok;
}

LANG_HOT int lang_deal_try(const struct lang_deal *ld, struct deal_stream *s, int board,
                           struct deal *out, struct pd_err *e)
{
    struct deal d = ld->fixed;

    if (ld->seat >= 0)
        d.hand[ld->seat] = draw_hand(ld, s);
    if (!deal_rest(ld, s, &d))
        return 0;
    *out = d;
    return lang_accept((void *)ld->prog, out, board, e);
}
