/* dealer/lang_keyed.c - script boards of a keyed (verifiable) set, dealing version 2: a smart
 * draw from the board's own stream (purpose 4) that is exact (every deal the script accepts is
 * equally likely) and frozen: this file is the construction dealer/README.md specifies ("Boards
 * with a script"), independent of `predup dealer`'s generator (lang_gen.c), which may change
 * for speed. Any change here that alters a deal breaks tests/check_keyed.c's vectors.
 *
 * Per board: read bounds off the condition (top-level conjuncts on one seat's HCP, suit lengths
 * and shape, plus predeal), pick the seat whose bounded set H of hands is least likely, draw its
 * hand uniformly from H by exact counts, shuffle the other cards into the other hands (the next
 * least likely bounded seat first, and the attempt stops as soon as its hand is out of bounds),
 * and keep the first attempt the whole script accepts. Version 1 (the first accepted candidate of the
 * plain board stream) stays here as a version number; gen.c runs it. */
#include <stdlib.h>
#include <string.h>

#include "dealer/lang_int.h"

enum { MAXH = 11, MAXSHAPECONJ = 16 }; /* HCP within one suit: 0..10 */

/* What the condition says about one seat (dealing v2, step 1). */
struct kbounds {
    int hlo, hhi;
    int llo[4], lhi[4];
    int shape_node[MAXSHAPECONJ]; /* shape(...) or not shape(...) conjuncts: their nodes */
    int nshape;
    bool any;
};

/* A class of hands of the drawn seat: a shape and a total HCP. */
struct kclass {
    int8_t len[4];
    int8_t hcp;
    int shape; /* index into lang_deal.rest */
};
/* For one shape: HCP distribution of suits su+1..3 (ways), for su = 0, 1, 2. */
struct krest {
    uint64_t dist[3][41];
};

struct lang_deal {
    const struct lang_prog *prog;
    int version;
    int seat;                 /* the drawn seat, -1: no bounds, every attempt a plain shuffle */
    int second;               /* the seat dealt first of the rest and tested at once, or -1 */
    struct kbounds second_b;  /* its bounds */
    int order[4];             /* the seats in the order they take the rest */
    int need[4];              /* cards each seat takes from the rest */
    struct deal fixed;        /* predealt cards */
    int flen[4], fhcp[4];     /* the seat's predealt cards per suit: count, HCP */
    unsigned hon[4];          /* free honours per suit: bit 3 A, 2 K, 1 Q, 0 J */
    unsigned spot[4];         /* free spot cards (2..10) as holding bits */
    int nspot[4];
    uint64_t ways[4][14][MAXH]; /* [suit][length][HCP]: holdings of the seat */
    uint64_t binom[14][14];
    struct kclass *cls;
    uint64_t *cum;            /* cumulative class weights: cum[ncls-1] = |H| */
    int ncls, capcls;
    struct krest *rest;
    int nrest;
};

/* ---------------------------------------------------------------- step 1: bounds */

/* Honour subsets numbered J=1, Q=2, K=4, A=8: their sizes and HCP. */
static const int8_t SUB_CARDS[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
static const int8_t SUB_HCP[16] = {0, 1, 2, 3, 3, 4, 5, 6, 4, 5, 6, 7, 7, 8, 9, 10};

static int honour_hcp(unsigned sub)
{
    return SUB_HCP[sub];
}

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

/* The comparison written the other way round: 20 <= hcp(north) is hcp(north) >= 20. */
static int mirror(int op)
{
    return op == LOP_GE ? LOP_LE : op == LOP_LE ? LOP_GE : op == LOP_GT ? LOP_LT
         : op == LOP_LT ? LOP_GT : op;
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
    if (x->op != LOP_EQ && x->op != LOP_LT && x->op != LOP_LE && x->op != LOP_GT &&
        x->op != LOP_GE)
        return;
    const struct lnode *l = &p->nodes[x->a], *r = &p->nodes[x->b];
    int op = x->op;

    if (l->op == LOP_NUM && r->op != LOP_NUM) {
        const struct lnode *t = l;

        l = r;
        r = t;
        op = mirror(op);
    }
    if (r->op != LOP_NUM)
        return;
    if (l->op == LOP_LEN)
        tighten(&b[l->seat], l->suit, op, r->val);
    else if (l->op == LOP_PTS && l->table == LPT_HCP && l->suit < 0 && standard_hcp(p))
        tighten(&b[l->seat], -1, op, r->val);
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

static uint64_t choose(int n, int k)
{
    uint64_t r = 1;

    if (k < 0 || k > n)
        return 0;
    for (int i = 0; i < k; i++)
        r = r * (uint64_t)(n - i) / (uint64_t)(i + 1);
    return r;
}

static void count_suits(struct lang_deal *ld, int seat)
{
    uint64_t taken = 0;

    for (int h = 0; h < 4; h++)
        taken |= ld->fixed.hand[h];
    for (int s = 0; s < 4; s++) {
        unsigned mine = hand_suit(ld->fixed.hand[seat], (enum suit)s);
        unsigned free_cards = 0x1FFFu & ~hand_suit(taken, (enum suit)s);

        ld->flen[s] = __builtin_popcount(mine);
        ld->fhcp[s] = hand_hcp((uint64_t)mine << (16 * s));
        ld->hon[s] = free_cards >> 9; /* J Q K A are bits 9..12 */
        ld->spot[s] = free_cards & 0x1FFu;
        ld->nspot[s] = __builtin_popcount(ld->spot[s]);
        memset(ld->ways[s], 0, sizeof ld->ways[s]);
        for (unsigned sub = 0; sub < 16; sub++) {
            if ((sub & ld->hon[s]) != sub)
                continue;
            int j = __builtin_popcount(sub), h = honour_hcp(sub) + ld->fhcp[s];

            for (int k = 0; k <= ld->nspot[s] && ld->flen[s] + j + k <= 13; k++)
                ld->ways[s][ld->flen[s] + j + k][h] += ld->binom[ld->nspot[s]][k];
        }
    }
}

/* A shape passes the seat's length bounds and each shape conjunct (asked of the evaluator on
 * a hand of that shape, so shape lists mean here exactly what they mean in the condition). */
static bool shape_allowed(const struct lang_prog *p, const struct kbounds *b, int seat,
                          const int L[4])
{
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

/* HCP distribution of suits from..3 for lengths L: out[h] = ways to hold h HCP there. */
static void convolve(const struct lang_deal *ld, const int L[4], int from, uint64_t out[41])
{
    memset(out, 0, 41 * sizeof *out);
    out[0] = 1;
    for (int s = from; s < 4; s++) {
        uint64_t t[41] = {0};

        for (int a = 0; a <= 40; a++)
            for (int h = 0; out[a] && h < MAXH && a + h <= 40; h++)
                t[a + h] += out[a] * ld->ways[s][L[s]][h];
        memcpy(out, t, sizeof t);
    }
}

static bool add_class(struct lang_deal *ld, const int L[4], int h, uint64_t w)
{
    if (ld->ncls == ld->capcls) {
        int cap = ld->capcls ? 2 * ld->capcls : 256;
        struct kclass *c = realloc(ld->cls, (size_t)cap * sizeof *c);

        if (!c)
            return false;
        ld->cls = c;
        uint64_t *cum = realloc(ld->cum, (size_t)cap * sizeof *cum);

        if (!cum)
            return false;
        ld->cum = cum;
        ld->capcls = cap;
    }
    struct kclass *c = &ld->cls[ld->ncls];

    for (int s = 0; s < 4; s++)
        c->len[s] = (int8_t)L[s];
    c->hcp = (int8_t)h;
    c->shape = ld->nrest - 1;
    ld->cum[ld->ncls] = (ld->ncls ? ld->cum[ld->ncls - 1] : 0) + w;
    ld->ncls++;
    return true;
}

/* One allowed shape: its rest distributions and its classes (HCP ascending). */
static bool add_shape(struct lang_deal *ld, const struct kbounds *b, const int L[4])
{
    struct krest *rs = realloc(ld->rest, (size_t)(ld->nrest + 1) * sizeof *rs);
    uint64_t dist[41];

    if (!rs)
        return false;
    ld->rest = rs;
    for (int su = 0; su < 3; su++)
        convolve(ld, L, su + 1, ld->rest[ld->nrest].dist[su]);
    ld->nrest++;
    convolve(ld, L, 0, dist);
    for (int h = b->hlo < 0 ? 0 : b->hlo; h <= 40 && h <= b->hhi; h++)
        if (dist[h] && !add_class(ld, L, h, dist[h]))
            return false;
    return true;
}

/* Every class of seat's hands under b, shapes in order of spades, hearts, diamonds. */
static enum pd_status build_classes(struct lang_deal *ld, const struct kbounds *b, int seat,
                                    struct pd_err *e)
{
    int L[4];

    ld->seat = seat;
    ld->ncls = ld->nrest = 0;
    count_suits(ld, seat);
    for (L[0] = 0; L[0] <= 13; L[0]++)
        for (L[1] = 0; L[0] + L[1] <= 13; L[1]++)
            for (L[2] = 0; L[0] + L[1] + L[2] <= 13; L[2]++) {
                L[3] = 13 - L[0] - L[1] - L[2];
                if (shape_allowed(ld->prog, b, seat, L) && !add_shape(ld, b, L))
                    return pd_fail(e, PD_ERR_NOMEM, "out of memory");
            }
    return PD_OK;
}

static uint64_t class_total(const struct lang_deal *ld)
{
    return ld->ncls ? ld->cum[ld->ncls - 1] : 0;
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
        all[s] = choose(navail, vac); /* every hand it could get */
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
            ld->binom[n][k] = choose(n, k);
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
    free(ld->cls);
    free(ld->cum);
    free(ld->rest);
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

/* Uniform in [0, n), n >= 1: 8 bytes big-endian, rejected when in the last, short block. */
static uint64_t draw64(struct deal_stream *s, uint64_t n)
{
    uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n; /* 2^64 - (2^64 mod n) - 1 */

    for (;;) {
        uint8_t b[8];
        uint64_t r = 0;

        deal_stream_bytes(s, b, 8);
        for (int i = 0; i < 8; i++)
            r = r << 8 | b[i];
        if (r <= limit)
            return r % n;
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

/* Uniform in [0, n), n <= 52, from 2 bytes at a time, as the practice shuffle draws. */
static unsigned draw16(struct deal_stream *s, unsigned n)
{
    uint8_t b[2];
    uint32_t m;

    do {
        deal_stream_bytes(s, b, 2);
        m = (uint32_t)(b[0] << 8 | b[1]) * n;
    } while ((uint16_t)m < 65536u % n);
    return m >> 16;
}

/* k of the spot cards in avail (holding bits), by a partial Fisher-Yates on them in ascending
 * order with 16-bit draws, as the practice shuffle draws. */
static unsigned draw_spots(struct deal_stream *s, unsigned avail, int k)
{
    int list[13], n = 0;
    unsigned got = 0;

    for (unsigned a = avail; a; a &= a - 1)
        list[n++] = __builtin_ctz(a);
    for (int i = 0; i < k; i++) {
        int j = i + (int)draw16(s, (unsigned)(n - i)), t = list[i];

        list[i] = list[j];
        list[j] = t;
        got |= 1u << list[i];
    }
    return got;
}

/* The free cards of suit su for a length len and h HCP: honours by weight, then spots. */
static unsigned draw_suit(const struct lang_deal *ld, struct deal_stream *s, int su, int len,
                          int h)
{
    int k = len - ld->flen[su], hh = h - ld->fhcp[su];
    uint64_t w[16];

    for (unsigned sub = 0; sub < 16; sub++) {
        int j = SUB_CARDS[sub];

        w[sub] = (sub & ld->hon[su]) == sub && SUB_HCP[sub] == hh && j <= k
                     ? ld->binom[ld->nspot[su]][k - j]
                     : 0;
    }
    unsigned sub = (unsigned)draw_weighted(s, w, 16);

    return sub << 9 | draw_spots(s, ld->spot[su], k - SUB_CARDS[sub]);
}

/* The drawn seat's hand: a class by weight, each suit's HCP, then each suit's cards. */
static uint64_t draw_hand(const struct lang_deal *ld, struct deal_stream *s)
{
    int c = 0, left, hs[4];
    uint64_t r = draw64(s, class_total(ld)), hand = ld->fixed.hand[ld->seat];
    int lo = 0, hi = ld->ncls - 1;

    while (lo < hi) { /* the first class whose cumulative weight exceeds r */
        int mid = (lo + hi) / 2;

        if (ld->cum[mid] > r)
            hi = mid;
        else
            lo = mid + 1;
    }
    c = lo;
    left = ld->cls[c].hcp;
    for (int su = 0; su < 3; su++) {
        const uint64_t *rest = ld->rest[ld->cls[c].shape].dist[su];
        uint64_t w[MAXH];

        for (int h = 0; h < MAXH; h++)
            w[h] = h <= left ? ld->ways[su][ld->cls[c].len[su]][h] * rest[left - h] : 0;
        hs[su] = draw_weighted(s, w, MAXH);
        left -= hs[su];
    }
    hs[3] = left;
    for (int su = 0; su < 4; su++)
        hand |= (uint64_t)draw_suit(ld, s, su, ld->cls[c].len[su], hs[su]) << (16 * su);
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

    for (uint64_t rest = 0x1FFF1FFF1FFF1FFFULL & ~taken; rest; rest &= rest - 1)
        fb[n++] = (uint8_t)__builtin_ctzll(rest);
    for (int oi = 0; oi < 4; oi++) {
        int h = ld->order[oi];

        for (int c = 0; c < ld->need[h]; c++, i++) {
            if (i < n - 1) {
                int j = i + (int)draw16(s, (unsigned)(n - i));
                uint8_t t = fb[i];

                fb[i] = fb[j];
                fb[j] = t;
            }
            d->hand[h] |= 1ULL << fb[i];
        }
        if (oi == 0 && h == ld->second && !second_in_bounds(ld, d->hand[h]))
            return false;
    }
    return true;
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
