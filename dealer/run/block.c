/* dealer/run/block.c - the workers' side of a `predup dealer` run (run.c): each block
 * of deals is dealt from its own stretch of the practice stream and tested against the
 * condition (plain shuffling, lazy dealing or conditional generation, with dealer's -2/-3
 * swaps), and what the commit needs is kept: the deals, or for scripts whose actions are only
 * statistics their values (a tallying run). Blocks are had in order through lblock_wait: from
 * worker threads, or, with one thread in all, dealt by the committing thread itself. The
 * workers claim their block numbers from share.c and call nothing above them. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/lang/lang_int.h"
#include "dealer/lang/gen.h"
#include "dealer/run/run_int.h"

/* dealer's -2/-3: the deal after swapping hands a and b. */
static void swap_hands(struct deal *d, int a, int b)
{
    uint64_t t = d->hand[a];

    d->hand[a] = d->hand[b];
    d->hand[b] = t;
}

LANG_HOT bool lblock_predeal_holds(const struct lang_prog *p, const struct deal *d)
{
    for (int s = 0; s < 4; s++)
        for (int su = 0; su < 4; su++)
            if (p->predeal_len[s][su] >= 0 &&
                hand_length(d->hand[s], (enum suit)su) != p->predeal_len[s][su])
                return false;
    return true;
}

bool lblock_no_predeal(const struct lang_prog *p)
{
    for (int s = 0; s < 4; s++)
        for (int su = 0; su < 4; su++)
            if (p->predeal.hand[s] || p->predeal_len[s][su] >= 0)
                return false;
    return true;
}

static enum pd_status keep(struct block *b, uint64_t ordinal, const struct deal *d,
                           const struct leval *ev)
{
    if (b->nacc == b->cap) {
        int cap = b->cap ? 2 * b->cap : 64;
        struct kept *k = realloc(b->acc, (size_t)cap * sizeof *k);

        if (!k)
            return pd_fail(&b->err, PD_ERR_NOMEM, "out of memory");
        b->acc = k;
        b->cap = cap;
    }
    struct kept *k = &b->acc[b->nacc++];

    k->ordinal = ordinal;
    k->d = *d;
    k->pending = false;
    k->memo_ready = ev->memo_ready;
    if (ev->memo_ready)
        k->memo = ev->memo;
    return PD_OK;
}

/* run_block's loop for lazy dealing: only the hands the condition reads are dealt, the rest
 * of an accepted deal only if the actions read it. The same deals as lshuffle. */
LANG_HOT static enum pd_status run_lazy(struct run *r, struct block *b, struct deal_stream *ds,
                                        struct deal_stream *rs, long long first, long long n)
{
    const struct lang_prog *p = r->p;
    struct llazy z;
    struct deal d;
    struct leval ev = {.p = p, .d = &d, .dd_thread = -1, .rnd_stream = rs, .e = &b->err};
    enum pd_status rc;

    for (long long i = 0; i < n && b->nacc < r->produce && !r->abort; i++) {
        int dealt = llazy_start(&z, ds, r->cond_hands, &d);

        if (p->cond >= 0) {
            ev.rnd_index = 2 * (uint64_t)(first + i);
            ev.rnd_ready = ev.memo_ready = false;
            ev.var_gen = 0; /* another deal */
            if (!leval_node(&ev, p->cond) && !ev.failed)
                continue;
            if (ev.failed)
                return b->err.code ? b->err.code : PD_ERR_RANGE;
        }
        if (dealt < r->all_hands && !r->defer)
            llazy_finish(&z, r->all_hands, &d);
        if ((rc = keep(b, (uint64_t)(first + i), &d, &ev)) != PD_OK)
            return rc;
        if ((b->acc[b->nacc - 1].pending = dealt < r->all_hands && r->defer))
            memcpy(b->acc[b->nacc - 1].draws, z.draws, (size_t)r->draw_bytes);
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

/* run_block's loop for tallying runs (lazy dealing, statistics only): per kept deal a row,
 * its place in the block then the values of its actions, evaluated here. A failed evaluation
 * stops the block; the commit reports it after the rows before it, where lact_run would have
 * met it. */
LANG_HOT static enum pd_status run_tally(struct run *r, struct block *b, struct deal_stream *ds,
                                         struct deal_stream *rs, long long first, long long n)
{
    const struct lang_prog *p = r->p;
    int w = lrun_row_ints(r), *row, kept = 0, cond = r->cond, all = r->all_hands;
    int hands = cond < 0 ? all : r->cond_hands;
    long long most = r->produce < n ? r->produce : n; /* rows at most */
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
    for (long long i = 0; i < n && kept < most && ((i & 255) || !r->abort); i++) {
        int dealt = llazy_start(&z, ds, hands, &d);

        int pre = r->pre ? lleaf_test(p, &d, r->pre) : -1; /* 0: the condition fails */

        ev.rnd_index = 2 * (uint64_t)(first + i);
        ev.rnd_ready = false;
        ev.var_gen = 0; /* another deal; its variables stay valid from condition to actions */
        if (pre == 0)
            continue;
        if (cond >= 0 && !(pre == 1 && r->pre_whole) && !leval_node(&ev, cond)) {
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
        if (r->leaf)
            row[1] = stat_leaf(p, r->leaf, &d);
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

/* Deals and tests every deal of block b. */
LANG_HOT static enum pd_status run_block(struct run *r, struct block *b, struct deal_stream *ds,
                                         struct deal_stream *rs, struct deal_stream *gs)
{
    uint64_t plain = 0;
    const struct lang_prog *p = r->p;
    const struct deal *fixed = NULL;
    long long first = b->index * r->block, n = r->gen ? r->block : r->generate - first;
    int per = r->o->swapping == 3 ? 6 : r->o->swapping == 2 ? 2 : 1;
    struct deal d;
    enum pd_status rc = deal_stream_seek(ds, STREAM_PRACTICE, (uint64_t)b->index, &b->err);

    if (rc != PD_OK)
        return rc;
    for (int h = 0; h < 4; h++)
        if (p->predeal.hand[h])
            fixed = &p->predeal;
    if (n > r->block)
        n = r->block;
    if (r->lazy)
        return r->tally ? run_tally(r, b, ds, rs, first, n) : run_lazy(r, b, ds, rs, first, n);
    if (r->gen && (rc = deal_stream_seek(gs, STREAM_PRACTICE_GAPS, (uint64_t)b->index,
                                         &b->err)) != PD_OK)
        return rc;
    for (long long i = 0; i < n && b->nacc < r->produce && !r->abort; i++) {
        struct leval ev = {.p = p, .d = &d, .dd_thread = -1, .rnd_stream = rs, .e = &b->err};

        if (i % per == 0) {
            if (r->gen) {
                b->plain_total = plain += plain_gap(gs, r->log_q);
                if (plain > (uint64_t)r->generate)
                    break; /* past the limit even if this is the first block */
                if (!lgen_deal(r->gen, ds, &d))
                    continue; /* dropped early: drawn, not kept */
            } else
                lshuffle(ds, fixed, &d);
        } else {
            static const int sw[6][2] = {{0, 0}, {1, 3}, {2, 3}, {1, 2}, {1, 3}, {2, 3}};
            int k = (int)(i % per);

            if (per == 2)
                swap_hands(&d, 1, 3);
            else
                swap_hands(&d, sw[k][0], sw[k][1]);
        }
        if (!lblock_predeal_holds(p, &d))
            continue;
        ev.rnd_index = 2 * (uint64_t)(first + i);
        if (p->cond >= 0 && !leval_node(&ev, p->cond)) {
            if (ev.failed)
                return b->err.code ? b->err.code : PD_ERR_RANGE;
            continue;
        }
        if (ev.failed)
            return b->err.code ? b->err.code : PD_ERR_RANGE;
        if ((rc = keep(b, (uint64_t)(first + i), &d, &ev)) != PD_OK)
            return rc;
        b->acc[b->nacc - 1].plain = plain;
    }
    return PD_OK;
}

/* Scripts whose actions call tricks(): the worker that kept the deals of block b also solves
 * what the actions will ask (lact_prefetch), so that double dummy runs on every thread and
 * the commit in deal order finds it in each deal's memo. A failure is left to the commit,
 * which meets it again at the same deal and reports it in order. */
static void prefetch_actions(struct run *r, struct block *b, struct deal_stream *rs)
{
    for (int i = 0; i < b->nacc && !r->abort; i++) {
        struct kept *k = &b->acc[i];
        struct pd_err scratch = {0};
        struct leval ev = {.p = r->p, .d = &k->d, .dd_thread = -1, .rnd_stream = rs,
                           .rnd_index = 2 * k->ordinal + 1, .e = &scratch};

        if (k->pending) {
            llazy_deal_from(k->draws, r->all_hands, &k->d);
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


void lblock_streams_open(const struct run *r, struct lrun_streams *st)
{
    st->ok = deal_stream_open(&st->ds, &r->sk, STREAM_PRACTICE, 0, &st->e) == PD_OK;
    if (st->ok && deal_stream_open(&st->rs, &r->sk, STREAM_RND, 0, &st->e) != PD_OK) {
        deal_stream_close(&st->ds);
        st->ok = false;
    }
    if (st->ok && deal_stream_open(&st->gs, &r->sk, STREAM_PRACTICE_GAPS, 0, &st->e) != PD_OK) {
        deal_stream_close(&st->ds);
        deal_stream_close(&st->rs);
        st->ok = false;
    }
}

void lblock_streams_close(struct lrun_streams *st)
{
    if (st->ok) {
        deal_stream_close(&st->ds);
        deal_stream_close(&st->rs);
        deal_stream_close(&st->gs);
    }
    st->ok = false;
}

/* Deals and tests block b (its index set), and solves ahead what its actions will ask. */
static void work_block(struct run *r, struct lrun_streams *st, struct block *b)
{
    b->nacc = 0;
    b->late = false;
    b->plain_total = 0;
    b->rc = st->ok ? run_block(r, b, &st->ds, &st->rs, &st->gs)
                   : pd_fail(&b->err, st->e.code, "%s", st->e.msg);
    if (b->rc == PD_OK && r->dd_actions)
        prefetch_actions(r, b, &st->rs);
}

void *lblock_worker(void *arg)
{
    struct run *r = arg;
    struct lrun_streams st;

    lblock_streams_open(r, &st);
    pthread_mutex_lock(&r->mu);
    for (;;) {
        bool over = false;
        long long k = -1;

        while (!r->stop && (k = lshare_claim(r, &over)) < 0 && !over) {
            r->share.idle++;
            pthread_cond_wait(&r->cv, &r->mu);
            r->share.idle--;
        }
        if (r->stop || over)
            break;
        struct block *b = &r->slots[r->next_claim++ % r->window];

        b->index = k;
        pthread_mutex_unlock(&r->mu);
        work_block(r, &st, b);
        pthread_mutex_lock(&r->mu);
        b->done = true;
        pthread_cond_broadcast(&r->cv);
    }
    pthread_mutex_unlock(&r->mu);
    lblock_streams_close(&st);
    return NULL;
}

/* This rank's j-th block (block k of the run), once its worker is done; whether it is; and
 * its slot handed back to the workers once committed or sent. */
static struct block *wait_local(struct run *r, long long j, long long k)
{
    struct block *b = &r->slots[j % r->window];

    pthread_mutex_lock(&r->mu);
    while (!(b->done && b->index == k))
        pthread_cond_wait(&r->cv, &r->mu);
    pthread_mutex_unlock(&r->mu);
    return b;
}

static bool ready_local(struct run *r, long long j, long long k)
{
    struct block *b = &r->slots[j % r->window];
    bool ready;

    pthread_mutex_lock(&r->mu);
    ready = b->done && b->index == k;
    pthread_mutex_unlock(&r->mu);
    return ready;
}

static void release_local(struct run *r, long long j)
{
    pthread_mutex_lock(&r->mu);
    r->slots[j % r->window].done = false;
    r->committed = j + 1;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}

/* One thread in all (a tallying run at -j 1, no mpirun): the main thread deals each block
 * as it commits it, in its own streams; no worker, no waiting. */
static struct block *work_inline(struct run *r, long long j, long long k)
{
    struct block *b = &r->slots[0];

    (void)j;
    b->index = k;
    work_block(r, r->own, b);
    return b;
}

static bool ready_inline(struct run *r, long long j, long long k)
{
    (void)r;
    (void)j;
    (void)k;
    return true;
}

static void release_inline(struct run *r, long long j)
{
    (void)r;
    (void)j;
}

/* The two ways to have this rank's blocks: from the worker threads, or dealt by the caller
 * when the run is one thread in all (r->own its streams). */
struct block *lblock_wait(struct run *r, long long j, long long k)
{
    return r->own ? work_inline(r, j, k) : wait_local(r, j, k);
}

bool lblock_ready(struct run *r, long long j, long long k)
{
    return r->own ? ready_inline(r, j, k) : ready_local(r, j, k);
}

void lblock_release(struct run *r, long long j)
{
    if (r->own)
        release_inline(r, j);
    else
        release_local(r, j);
}
