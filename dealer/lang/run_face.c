/* dealer/lang/run_face.c - the language's side of a `predup dealer` run (dealer/run/): the plan of
 * how its deals are made (conditional generation, lazy dealing or plain shuffling, dealer's
 * -2/-3 swaps), the dealing and testing of one block of deals, and the actions' statistics.
 * The runner holds the plan and the statistics as handles (lang.h) and calls here per block
 * or per kept deal: the loops over a block's deals are here, next to the program they read,
 * so that the condition's leaves stay inline. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/lang_int.h"
#include "dealer/lang/gen.h"

struct lang_scan {
    const struct lang_prog *p;
    const struct deal *fixed;  /* the predealt cards, or NULL when there are none */
    int per;                   /* deals per shuffle: 1, or 2 and 6 for -2 and -3 */
    struct lgen *gen;          /* conditional generation, or NULL */
    double log_q;              /* its log(1 - p): gaps between its deals in a plain run */
    bool lazy;                 /* lazy dealing (lazy.c): no predeal, no swapping */
    int cond_hands, all_hands; /* hands the condition reads, and with the actions */
    int draw_bytes;            /* the draws all_hands need (west needs none: the rest) */
    /* With one worker, the hands only the actions read are dealt by the main thread (which
     * runs the actions): the two threads share the work. With more, the workers deal them. */
    bool defer;
    /* Scripts whose actions are only statistics: the worker evaluates them and the block
     * holds these values per kept deal (lact_tally_width), not the deals. 0: keeps deals. */
    int tally;
    int cond;                  /* tallying runs: p->cond, -1 when it holds for every deal */
    const struct lnode *leaf;  /* the one statistic when it is hcp(seat) or the like, or NULL */
    const struct lnode *pre;   /* a leaf comparison the condition needs true, or NULL */
    bool pre_whole;            /* pre is the whole condition */
    bool dd_actions;           /* the script solves double dummy: workers solve the actions' */
    int dealing;               /* practice dealing version (PRACTICE_V1, PRACTICE_V2) */
    int bulk_hands;            /* version 2: the hands whose slots a block makes at once */
};

/* dealer's -2/-3: the deal after swapping hands a and b. */
static void swap_hands(struct deal *d, int a, int b)
{
    uint64_t t = d->hand[a];

    d->hand[a] = d->hand[b];
    d->hand[b] = t;
}

LANG_HOT static bool predeal_holds(const struct lang_prog *p, const struct deal *d)
{
    for (int s = 0; s < 4; s++)
        for (int su = 0; su < 4; su++)
            if (p->predeal_len[s][su] >= 0 &&
                hand_length(d->hand[s], (enum suit)su) != p->predeal_len[s][su])
                return false;
    return true;
}

static bool no_predeal(const struct lang_prog *p)
{
    for (int s = 0; s < 4; s++)
        for (int su = 0; su < 4; su++)
            if (p->predeal.hand[s] || p->predeal_len[s][su] >= 0)
                return false;
    return true;
}

static enum pd_status keep(struct lang_block *b, uint64_t ordinal, const struct deal *d,
                           const struct leval *ev)
{
    if (b->nacc == b->cap) {
        int cap = b->cap ? 2 * b->cap : 64;
        struct lang_kept *k = realloc(b->acc, (size_t)cap * sizeof *k);

        if (!k)
            return pd_fail(&b->err, PD_ERR_NOMEM, "out of memory");
        b->acc = k;
        b->cap = cap;
    }
    struct lang_kept *k = &b->acc[b->nacc++];

    k->ordinal = ordinal;
    k->d = *d;
    k->pending = false;
    k->memo_ready = ev->memo_ready;
    if (ev->memo_ready)
        k->memo = ev->memo;
    return PD_OK;
}

/* A block's stretch of deals, and when to stop it. */
struct stretch {
    long long first, n, generate, produce;
    const _Atomic bool *abort;
};

/* The next deal of a lazy run, deal `ordinal`: by version 2 from pr, else from ds. */
static inline int lazy_next(struct llazy *z, struct deal_stream *ds, struct practice *pr,
                            uint64_t ordinal, int hands, struct deal *d)
{
    return pr ? llazy2_start(z, pr, ordinal, hands, d) : llazy_start(z, ds, hands, d);
}

/* scan_block's loop for lazy dealing: only the hands the condition reads are dealt, the rest
 * of an accepted deal only if the actions read it. The same deals as deal_stream_shuffle. */
LANG_HOT static enum pd_status run_lazy(const struct lang_scan *s, struct lang_block *b,
                                        struct deal_stream *ds, struct deal_stream *rs,
                                        struct practice *pr, const struct stretch *t)
{
    const struct lang_prog *p = s->p;
    struct llazy z;
    struct deal d;
    struct leval ev = {.p = p, .d = &d, .dd_thread = -1, .rnd_stream = rs, .e = &b->err};
    enum pd_status rc;

    for (long long i = 0; i < t->n && b->nacc < t->produce && !*t->abort; i++) {
        int dealt = lazy_next(&z, ds, pr, (uint64_t)(t->first + i), s->cond_hands, &d);

        if (p->cond >= 0) {
            ev.rnd_index = 2 * (uint64_t)(t->first + i);
            ev.rnd_ready = ev.memo_ready = false;
            ev.var_gen = 0; /* another deal */
            if (!leval_node(&ev, p->cond) && !ev.failed)
                continue;
            if (ev.failed)
                return b->err.code ? b->err.code : PD_ERR_RANGE;
        }
        if (dealt < s->all_hands && !s->defer)
            llazy_finish(&z, s->all_hands, &d);
        if ((rc = keep(b, (uint64_t)(t->first + i), &d, &ev)) != PD_OK)
            return rc;
        if ((b->acc[b->nacc - 1].pending = dealt < s->all_hands && s->defer))
            memcpy(b->acc[b->nacc - 1].draws, z.draws, (size_t)s->draw_bytes);
    }
    return PD_OK;
}

/* The one statistic of a tallying run when it is a point count or a suit length of one hand
 * (hcp(north), spades(south)): counted here, without a call. */
static inline int stat_leaf(const struct lang_prog *p, const struct lnode *x, const struct deal *d)
{
    uint64_t hand = d->hand[x->seat];

    return x->op == LOP_PTS ? leval_points(p, hand, x->table, x->suit)
                            : hand_length(hand, (enum suit)x->suit);
}

/* scan_block's loop for tallying runs (lazy dealing, statistics only): per kept deal a row,
 * its place in the block then the values of its actions, evaluated here. A failed evaluation
 * stops the block; the commit reports it after the rows before it, where lact_run would have
 * met it. */
LANG_HOT static enum pd_status run_tally(const struct lang_scan *s, struct lang_block *b,
                                         struct deal_stream *ds, struct deal_stream *rs,
                                         struct practice *pr, const struct stretch *t)
{
    const struct lang_prog *p = s->p;
    int w = s->tally + 1, *row, kept = 0, cond = s->cond, all = s->all_hands;
    int hands = cond < 0 ? all : s->cond_hands;
    long long n = t->n, most = t->produce < n ? t->produce : n; /* rows at most */
    struct llazy z;
    struct deal d;
    struct leval ev = {.p = p, .d = &d, .dd_thread = -1, .rnd_stream = rs, .e = &b->err};
    enum pd_status rc = PD_OK;

    if (n > b->caprows) {
        if (!(row = realloc(b->rows, (size_t)n * (size_t)w * sizeof *row)))
            return pd_fail(&b->err, PD_ERR_NOMEM, "out of memory");
        b->rows = row;
        b->caprows = (int)n;
    }
    row = b->rows;
    /* the run's end is looked at every 256 deals: a block in flight then is not committed */
    for (long long i = 0; i < n && kept < most && ((i & 255) || !*t->abort); i++) {
        int dealt = lazy_next(&z, ds, pr, (uint64_t)(t->first + i), hands, &d);

        int pre = s->pre ? lleaf_test(p, &d, s->pre) : -1; /* 0: the condition fails */

        ev.rnd_index = 2 * (uint64_t)(t->first + i);
        ev.rnd_ready = false;
        ev.var_gen = 0; /* another deal; its variables stay valid from condition to actions */
        if (pre == 0)
            continue;
        if (cond >= 0 && !(pre == 1 && s->pre_whole) && !leval_node(&ev, cond)) {
            if (!ev.failed)
                continue;
            rc = b->err.code ? b->err.code : PD_ERR_RANGE;
            break;
        }
        if (dealt < all)
            llazy_finish(&z, all, &d);
        row[0] = (int)i;
        ev.rnd_index++;
        ev.rnd_ready = false;
        if (s->leaf)
            row[1] = stat_leaf(p, s->leaf, &d);
        else if (!lact_tally_eval(&ev, row + 1)) {
            b->late = true;
            rc = b->err.code ? b->err.code : PD_ERR_RANGE;
            break;
        }
        row += w;
        kept++;
    }
    b->nacc = kept;
    return rc;
}

/* The number of plain deals from one deal of the restricted set to the next (itself
 * included): geometric with parameter p, by inversion of a 53-bit uniform. Conditional
 * generation counts with it, so that `generate N` means N deals as a plain run makes them. */
static uint64_t plain_gap(struct deal_stream *gs, double log_q)
{
    uint64_t x = ((uint64_t)deal_stream_u32(gs) << 32 | deal_stream_u32(gs)) >> 11;
    double g = floor(log((double)(x + 1) * 0x1p-53) / log_q);

    return g >= 1e15 ? (uint64_t)1e15 : 1 + (uint64_t)g;
}

/* scan_block's loop for plain shuffling and conditional generation, with the -2/-3 swaps. */
LANG_HOT static enum pd_status run_plain(const struct lang_scan *s, struct lang_block *b,
                                         struct deal_stream *ds, struct deal_stream *rs,
                                         struct deal_stream *gs, struct practice *pr,
                                         const struct stretch *t)
{
    uint64_t plain = 0, left;
    const struct lang_prog *p = s->p;
    int per = s->per;
    struct deal d;
    enum pd_status rc;

    for (long long i = 0; i < t->n && b->nacc < t->produce && !*t->abort; i++) {
        struct leval ev = {.p = p, .d = &d, .dd_thread = -1, .rnd_stream = rs, .e = &b->err};

        if (i % per == 0) {
            if (s->gen) {
                b->plain_total = plain += plain_gap(gs, s->log_q);
                if (plain > (uint64_t)t->generate)
                    break; /* past the limit even if this is the first block */
                if (!lgen_deal(s->gen, ds, &d))
                    continue; /* dropped early: drawn, not kept */
            } else if (pr)
                deal_practice_deal(pr, (uint64_t)(t->first + i), s->fixed, 0, 4, &left, &d);
            else
                deal_stream_shuffle(ds, s->fixed, &d);
        } else {
            static const int sw[6][2] = {{0, 0}, {1, 3}, {2, 3}, {1, 2}, {1, 3}, {2, 3}};
            int k = (int)(i % per);

            if (per == 2)
                swap_hands(&d, 1, 3);
            else
                swap_hands(&d, sw[k][0], sw[k][1]);
        }
        if (!predeal_holds(p, &d))
            continue;
        ev.rnd_index = 2 * (uint64_t)(t->first + i);
        if (p->cond >= 0 && !leval_node(&ev, p->cond)) {
            if (ev.failed)
                return b->err.code ? b->err.code : PD_ERR_RANGE;
            continue;
        }
        if (ev.failed)
            return b->err.code ? b->err.code : PD_ERR_RANGE;
        if ((rc = keep(b, (uint64_t)(t->first + i), &d, &ev)) != PD_OK)
            return rc;
        b->acc[b->nacc - 1].plain = plain;
    }
    return PD_OK;
}

/* Deals and tests every deal of block index. */
static enum pd_status scan_block(const struct lang_scan *s, struct lang_block *b,
                                 long long index, const struct stretch *t,
                                 struct deal_stream *ds, struct deal_stream *rs,
                                 struct deal_stream *gs, struct practice *pr)
{
    enum pd_status rc = deal_stream_seek(ds, STREAM_PRACTICE, (uint64_t)index, &b->err);

    if (rc != PD_OK)
        return rc;
    if (s->dealing == PRACTICE_V1 || s->gen)
        pr = NULL; /* conditional generation draws from ds in every version */
    if (pr && !deal_practice_prepare(pr, (uint64_t)t->first, (long)t->n,
                                s->lazy ? s->bulk_hands : 3, s->fixed))
        return pd_fail(&b->err, PD_ERR_NOMEM, "out of memory");
    if (s->lazy)
        return s->tally ? run_tally(s, b, ds, rs, pr, t) : run_lazy(s, b, ds, rs, pr, t);
    if (s->gen && (rc = deal_stream_seek(gs, STREAM_PRACTICE_GAPS, (uint64_t)index,
                                         &b->err)) != PD_OK)
        return rc;
    return run_plain(s, b, ds, rs, gs, pr, t);
}

/* Scripts whose actions call tricks(): the worker that kept the deals of block b also solves
 * what the actions will ask (lact_prefetch), so that double dummy runs on every thread and
 * the commit in deal order finds it in each deal's memo. A failure is left to the commit,
 * which meets it again at the same deal and reports it in order. */
static void prefetch_actions(const struct lang_scan *s, struct lang_block *b,
                             struct deal_stream *rs, const _Atomic bool *abort)
{
    for (int i = 0; i < b->nacc && !*abort; i++) {
        struct lang_kept *k = &b->acc[i];
        struct pd_err scratch = {0};
        struct leval ev = {.p = s->p, .d = &k->d, .dd_thread = -1, .rnd_stream = rs,
                           .rnd_index = 2 * k->ordinal + 1, .e = &scratch};

        if (k->pending) {
            llazy_deal_from(k->draws, s->all_hands, &k->d);
            k->pending = false;
        }
        if (k->memo_ready) {
            ev.memo = k->memo;
            ev.memo_ready = true;
        }
        lact_prefetch(&ev);
        if ((k->memo_ready = ev.memo_ready))
            k->memo = ev.memo;
    }
}

enum pd_status lang_scan_block(const struct lang_scan *s, struct lang_block *b, long long index,
                               long long size, long long generate, long long produce,
                               const _Atomic bool *abort, struct deal_stream *ds,
                               struct deal_stream *rs, struct deal_stream *gs,
                               struct practice *pr)
{
    struct stretch t = {.first = index * size, .generate = generate, .produce = produce,
                        .abort = abort};
    enum pd_status rc;

    t.n = s->gen ? size : generate - t.first;
    if (t.n > size)
        t.n = size;
    rc = scan_block(s, b, index, &t, ds, rs, gs, pr);
    if (rc == PD_OK && s->dd_actions)
        prefetch_actions(s, b, rs, abort);
    return rc;
}

static bool is_leaf(const struct lang_prog *p, int n)
{
    return p->nodes[n].op == LOP_NUM || p->nodes[n].op == LOP_PTS || p->nodes[n].op == LOP_LEN;
}

/* Tallying runs: a comparison of two leaves that the condition needs true (the condition
 * itself, *whole, or the left side of its top &&), tested inline before the condition; NULL
 * when there is none. */
static const struct lnode *prefilter(const struct lang_prog *p, int cond, bool *whole)
{
    const struct lnode *x = &p->nodes[cond];

    *whole = x->op != LOP_AND;
    if (x->op == LOP_AND)
        x = &p->nodes[x->a];
    return x->op >= LOP_EQ && is_leaf(p, x->a) && is_leaf(p, x->b) ? x : NULL;
}

/* The way deals are made (conditional generation, lazy dealing or plain shuffling) and what
 * a tallying run evaluates inline. */
static void plan(struct lang_scan *s, int swapping, bool fast, bool exhaust, int nthreads,
                 int dealing)
{
    const struct lang_prog *p = s->p;

    s->per = swapping == 3 ? 6 : swapping == 2 ? 2 : 1;
    for (int h = 0; h < 4; h++)
        if (p->predeal.hand[h])
            s->fixed = &p->predeal;
    s->dd_actions = p->uses_dd && !p->default_action && p->nacts > 0;
    if (fast && swapping == 0)
        s->gen = lgen_plan(p);
    s->lazy = !s->gen && swapping == 0 && !exhaust && no_predeal(p) &&
              llazy_plan(p, &s->cond_hands, &s->all_hands);
    s->draw_bytes = 26 * (s->all_hands < 3 ? s->all_hands : 3);
    /* version 2 deals an accepted deal's other hands from its own slots: nothing to defer */
    s->defer = nthreads == 1 && dealing == PRACTICE_V1;
    s->dealing = dealing;
    s->tally = s->lazy ? lact_tally_width(p) : 0;
    if (s->tally == 1) { /* one statistic: a point count or a suit length is counted inline */
        const struct lnode *x = &p->nodes[p->acts[0].expr];

        s->leaf = (x->op == LOP_PTS || x->op == LOP_LEN) && x->seat >= 0 ? x : NULL;
    }
    /* a condition that is a nonzero number keeps every deal: nothing to evaluate */
    s->cond = p->cond >= 0 && p->nodes[p->cond].op == LOP_NUM && p->nodes[p->cond].val
                  ? -1 : p->cond;
    s->pre = s->tally && s->cond >= 0 ? prefilter(p, s->cond, &s->pre_whole) : NULL;
    /* every deal is kept when the condition always holds: make the actions' hands at once */
    s->bulk_hands = s->cond < 0 ? s->all_hands : s->cond_hands;
    if (s->gen)
        s->log_q = log1p(-lgen_probability(s->gen));
}

struct lang_scan *lang_scan_new(const struct lang_prog *p, int swapping, bool fast,
                                bool exhaust, int nthreads, int dealing,
                                struct lang_scan_info *info)
{
    struct lang_scan *s = calloc(1, sizeof *s);

    if (!s)
        return NULL;
    s->p = p;
    plan(s, swapping, fast, exhaust, nthreads, dealing);
    *info = (struct lang_scan_info){
        .generate = p->generate, .produce = p->produce, .will_print = p->will_print,
        .uses_dd = p->uses_dd, .dd_actions = s->dd_actions, .tally = s->tally,
        .gen = s->gen != NULL, .gen_p = s->gen ? lgen_probability(s->gen) : 1.0,
        .predeal = &p->predeal};
    for (int i = 0; i < p->nacts; i++)
        info->keep_all |= p->acts[i].type == LA_PRINT;
    return s;
}

void lang_scan_free(struct lang_scan *s)
{
    if (s) {
        lgen_free(s->gen);
        free(s);
    }
}

int lang_scan_test(const struct lang_scan *s, struct lang_kept *k, struct deal_stream *rs,
                   bool *failed, struct pd_err *e)
{
    const struct lang_prog *p = s->p;
    struct leval ev = {.p = p, .d = &k->d, .dd_thread = -1, .rnd_stream = rs,
                       .rnd_index = 2 * k->ordinal, .e = e};
    int keep = predeal_holds(p, &k->d) && (p->cond < 0 || leval_node(&ev, p->cond));

    if (keep) {
        k->memo_ready = ev.memo_ready;
        k->memo = ev.memo;
    }
    *failed = ev.failed;
    return keep;
}

const struct deal *lang_scan_whole(const struct lang_scan *s, const struct lang_kept *k,
                                   struct deal *whole)
{
    if (!k->pending)
        return &k->d;
    llazy_deal_from(k->draws, s->all_hands, whole);
    return whole;
}

/* ---------------------------------------------------------------- the actions' statistics */

struct lacc *lang_acc_new(const struct lang_prog *p, bool quiet, bool sd, const char *input_name,
                          unsigned long long seed, const char *date, struct pd_err *e)
{
    struct lacc *a = malloc(sizeof *a);

    if (!a) {
        pd_fail(e, PD_ERR_NOMEM, "out of memory for the statistics");
        return NULL;
    }
    if (lacc_init(a, p, e) != PD_OK) {
        free(a);
        return NULL;
    }
    a->quiet = quiet;
    a->sd = sd;
    a->input_name = input_name;
    a->seed = seed;
    snprintf(a->date, sizeof a->date, "%s", date);
    return a;
}

void lang_acc_free(struct lacc *a, const struct lang_prog *p)
{
    if (a) {
        lacc_free(a, p);
        free(a);
    }
}

enum pd_status lang_acc_deal(const struct lang_scan *s, struct lacc *a, const struct lang_kept *k,
                             const struct deal *d, struct deal_stream *rs, long long nprod,
                             FILE *out, struct pd_err *e)
{
    struct leval ev = {.p = s->p, .d = d, .dd_thread = -1, .rnd_stream = rs,
                       .rnd_index = 2 * k->ordinal + 1, .e = e};

    if (k->memo_ready) {
        ev.memo = k->memo;
        ev.memo_ready = true;
    }
    return lact_run(&ev, a, out, nprod, e);
}

void lang_acc_rows(const struct lang_prog *p, struct lacc *a, const int *rows, int n,
                   int stride)
{
    lact_tally_rows(p, a, rows, n, stride);
}

void lang_acc_finish(const struct lang_prog *p, const struct lacc *a, const struct deal *kept,
                     long long nprod, FILE *out)
{
    lact_finish(p, a, kept, nprod, out);
}
