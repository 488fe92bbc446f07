/* dealer/run/run.c - a `predup dealer` run: deals in fixed blocks, each block k from the
 * practice stream (set key "dealer", STREAM_PRACTICE, index k), so the deals depend only on
 * the seed; worker threads test the condition block by block and the main thread commits
 * the blocks in order (actions, produce and generate limits), so the output is the same for
 * any thread count. rnd() draws from STREAM_RND: index 2n for the condition of deal n, 2n+1
 * for its actions. */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dealer/run/run_int.h"

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The main thread's side of a run: the statistics and the limits, committed in deal order. */
struct commit {
    FILE *out;
    long long produce, produced, generated;
    double t0;
    struct lacc *acc;
    struct deal *kept; /* for print(): every produced deal */
    long long nkept, capkept;
    bool keep_all;
    struct deal_stream rs;
};

static enum pd_status commit_deal(struct run *r, struct commit *c, const struct lang_kept *k,
                                  long long nprod, FILE *out, struct pd_err *e)
{
    struct deal whole;
    const struct deal *d = lang_scan_whole(r->scan, k, &whole);

    if (c->keep_all) {
        if (c->nkept == c->capkept) {
            long long cap = c->capkept ? 2 * c->capkept : 256;
            struct deal *n = realloc(c->kept, (size_t)cap * sizeof *n);

            if (!n)
                return pd_fail(e, PD_ERR_NOMEM, "out of memory keeping deals for print()");
            c->kept = n;
            c->capkept = cap;
        }
        c->kept[c->nkept++] = *d;
    }
    return lang_acc_deal(r->scan, c->acc, k, d, &c->rs, nprod, out, e);
}

/* -e: every way to give the unknown cards to the (at most two) hands that are not complete,
 * in the order of the combinations of the free cards (lowest card bits first) taken by the
 * first such hand. Deal n of the enumeration is ordinal n for rnd(). */
static enum pd_status exhaust(struct run *r, struct commit *c, FILE *out, long long produce,
                              long long *produced, long long *generated, struct pd_err *e)
{
    const struct deal *predeal = r->info.predeal;
    uint64_t taken = 0, cards[26];
    int open[4], nopen = 0, n = 0, k;
    enum pd_status rc = PD_OK;

    for (int h = 0; h < 4; h++) {
        taken |= predeal->hand[h];
        if (hand_ncards(predeal->hand[h]) < 13)
            open[nopen++] = h;
    }
    if (nopen > 2)
        return pd_fail(e, PD_ERR_USAGE, "dealer -e: %d hand%s incomplete; exhaustive mode needs "
                                        "the others predealt in full (2 at most open)", nopen,
                         nopen == 1 ? " is" : "s are");
    for (uint64_t rest = 0x1FFF1FFF1FFF1FFFULL & ~taken; rest; rest &= rest - 1)
        cards[n++] = rest & -rest;
    k = nopen ? 13 - hand_ncards(predeal->hand[open[0]]) : 0;
    uint64_t total = 1;

    for (int i = 0; i < k; i++)
        total = total * (uint64_t)(n - i) / (uint64_t)(i + 1);
    *generated = 0;
    for (uint64_t v = k ? (1ULL << k) - 1 : 0; *generated < (long long)total; (*generated)++) {
        struct lang_kept kd = {.ordinal = (uint64_t)*generated, .d = *predeal};
        bool failed;

        for (int i = 0; i < n; i++)
            kd.d.hand[open[v >> i & 1 ? 0 : 1]] |= cards[i];
        if (lang_scan_test(r->scan, &kd, &c->rs, &failed, e)) {
            if ((rc = commit_deal(r, c, &kd, *produced, out, e)) != PD_OK)
                return rc;
            if (++*produced == produce)
                break;
        }
        if (failed)
            return e->code ? e->code : PD_ERR_RANGE;
        if (v) { /* Gosper: the next k-subset of n bits */
            uint64_t lo = v & -v, hi = v + lo;

            v = hi | (((v ^ hi) >> 2) / lo);
        }
    }
    (*generated)++;
    if (*generated > (long long)total)
        *generated = (long long)total;
    return PD_OK;
}

static void progress(const struct run *r, long long produced, long long target)
{
    if (r->o->progress && target > 0)
        fprintf(stderr, "Calculating... %2lld%% complete\r", 100 * produced / target);
}

/* The plain ordinal (1-based) of kept deal i of block b: with conditional generation base
 * plus its place in the block's gaps, else its deal number. */
static long long kept_at(const struct run *r, const struct block *b, int i, long long base)
{
    if (r->info.tally)
        return b->index * r->block + b->lb.rows[(size_t)i * (size_t)lrun_row_ints(r)] + 1;
    return r->info.gen ? base + (long long)b->lb.acc[i].plain : (long long)b->lb.acc[i].ordinal + 1;
}

/* Tallying runs: counts the rows of block b in deal order, up to the produce limit (no
 * conditional generation: a row's plain ordinal is its deal number). */
static void commit_rows(struct run *r, struct commit *c, const struct block *b)
{
    int m = c->produce - c->produced < b->lb.nacc ? (int)(c->produce - c->produced) : b->lb.nacc;

    lang_acc_rows(r->p, c->acc, b->lb.rows, m, lrun_row_ints(r));
    for (int i = 0; r->o->progress && i < m; i++)
        progress(r, c->produced + i + 1, c->produce);
    c->produced += m;
    if (m > 0 && c->produced == c->produce)
        c->generated = kept_at(r, b, m - 1, 0);
}

/* Commits the kept deals of block b in order (actions, the produce and generate limits); *base
 * counts the plain deals before the block (conditional generation), *over that the run is
 * past `generate`. */
static enum pd_status commit_block(struct run *r, struct commit *c, const struct block *b,
                                   long long *base, bool *over, struct pd_err *e)
{
    enum pd_status rc = PD_OK;

    if (!r->info.gen)
        c->generated = (b->index + 1) * r->block < r->generate ? (b->index + 1) * r->block
                                                               : r->generate;
    if (r->info.tally)
        commit_rows(r, c, b);
    for (int i = 0; !r->info.tally && i < b->lb.nacc && c->produced < c->produce && rc == PD_OK;
         i++) {
        long long at = kept_at(r, b, i, *base);

        if ((*over = r->info.gen && at > r->generate))
            break;
        rc = commit_deal(r, c, &b->lb.acc[i], c->produced, c->out, e);
        if (++c->produced == c->produce)
            c->generated = at;
        progress(r, c->produced, c->produce);
    }
    if (rc == PD_OK && b->lb.late && c->produced < c->produce) {
        *e = b->lb.err; /* the actions failed at the deal after the last row */
        return b->rc;
    }
    if (r->info.gen && c->produced < c->produce) {
        *base += (long long)b->lb.plain_total;
        *over |= *base >= r->generate;
        c->generated = *over ? r->generate : *base;
    }
    return rc;
}

/* Commits blocks in order until the run is over. With conditional generation a kept deal
 * stands at the plain ordinal its block's gaps give it, and the run ends at the first one past
 * `generate`: N plain deals exactly, as dealer counts. */
static enum pd_status commit_blocks(struct run *r, struct commit *c, struct lrun_result *res,
                                    struct pd_err *e)
{
    long long base = 0; /* conditional generation: plain deals before block k */
    enum pd_status rc = PD_OK;
    bool over = false;

    for (long long k = 0; k < r->nblocks && c->produced < c->produce && !over; k++) {
        bool mine = true;
        long long j = r->committed; /* this rank's blocks are committed in order too */
        struct block *b = r->nranks > 1 ? lmpi_take(r, k, &mine, e) : lblock_wait(r, k, k);

        if (!b)
            return e->code;
        if (b->rc != PD_OK && !b->lb.late) {
            *e = b->lb.err;
            return b->rc;
        }
        rc = commit_block(r, c, b, &base, &over, e);
        if (mine)
            lblock_release(r, r->nranks > 1 ? j : k);
        if (rc != PD_OK)
            return rc;
        if (r->o->time_limit > 0 && now() - c->t0 >= r->o->time_limit &&
            c->produced < c->produce && !over && k + 1 < r->nblocks) {
            res->timed_out = true;
            break;
        }
    }
    return rc;
}

/* Ends the run: blocks in flight stop, the workers are joined. */
static void stop_workers(struct run *r, pthread_t *tids, int started)
{
    lshare_stop(r);
    for (int i = 0; i < started; i++)
        pthread_join(tids[i], NULL);
    pthread_mutex_destroy(&r->mu);
    pthread_cond_destroy(&r->cv);
}

/* The limits, the block size and the language's plan (how deals are made: conditional
 * generation, lazy dealing or plain shuffling); returns the produce limit, or -1 when out of
 * memory. */
static long long plan(struct run *r, int nthreads)
{
    const struct lrun_opts *o = r->o;
    const struct lang_scan_info *f = &r->info;

    if (!(r->scan = lang_scan_new(r->p, o->swapping, o->fast, o->exhaust, nthreads,
                                  o->dealing ? o->dealing : PRACTICE_LATEST, &r->info)))
        return -1;
    r->generate = o->generate ? o->generate : f->generate ? f->generate : 10000000;
    r->produce = o->produce ? o->produce : f->produce ? f->produce
                                                      : (f->will_print ? 40 : r->generate);
    r->block = f->uses_dd ? BLOCK_DD : BLOCK;
    r->nblocks = (r->generate + r->block - 1) / r->block;
    if (f->gen) /* as many blocks as the gaps make it: the commit loop stops the run */
        r->nblocks = LLONG_MAX / r->block;
    /* Blocks that solve double dummy are long: one spare per thread keeps every thread busy,
     * and what a thread solves past the end of the run (under mpirun, on every rank) stays
     * small. */
    r->rank = pd_mpi_rank(); /* blocks are handed out on demand (mpi_blocks.c) */
    r->nranks = pd_mpi_size();
    /* Under mpirun a rank's finished blocks wait for rank 0 to reach them in order while
     * another rank finishes a long one: two more slots keep its threads busy meanwhile. */
    r->window = f->uses_dd ? nthreads + (r->nranks > 1 ? 3 : 1) : 4 * nthreads;
    return r->produce;
}

/* printpbn's Date is today's, as dealer's; SOURCE_DATE_EPOCH fixes it for reproducible
 * output. */
static void today(char *date, size_t n)
{
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    char *end = NULL;
    long long fixed = sde ? strtoll(sde, &end, 10) : -1;
    time_t now_t = sde && end != sde && !*end && fixed >= 0 ? (time_t)fixed : time(NULL);
    struct tm tm;

    gmtime_r(&now_t, &tm);
    strftime(date, n, "%Y.%m.%d", &tm);
}

/* What a run needs before its threads start: the set key from the seed, the plan, the
 * statistics, the block slots, the thread ids and the actions' rnd() stream. Whatever it
 * leaves half done, release() undoes. */
static enum pd_status prepare(struct run *r, struct commit *c, int nthreads, pthread_t **tids,
                              struct pd_err *e)
{
    struct pd_key key;
    char date[16];
    enum pd_status rc;

    key_from_seed(r->o->seed, &key);
    rc = set_key_derive(&key, "dealer", &r->sk, e);
    pd_wipe(&key, sizeof key);
    if (rc != PD_OK)
        return rc;
    if ((c->produce = plan(r, nthreads)) < 0)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    today(date, sizeof date);
    if (!(c->acc = lang_acc_new(r->p, r->o->quiet, r->o->sd, r->o->input_name, r->o->seed, date,
                                e)))
        return e->code;
    c->keep_all = r->info.keep_all;
    r->slots = calloc((size_t)r->window, sizeof *r->slots);
    *tids = calloc((size_t)nthreads, sizeof **tids);
    if (!lshare_init(r, nthreads))
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (r->info.tally && nthreads == 1 && r->nranks == 1 && !r->o->exhaust &&
        (r->own = malloc(sizeof *r->own)) != NULL) {
        lblock_streams_open(r, r->own); /* a failure is the first block's, as in a worker */
    }
    if (!r->slots || !*tids)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    return deal_stream_open(&c->rs, &r->sk, STREAM_RND, 0, e);
}

static enum pd_status start_workers(struct run *r, pthread_t *tids, int nthreads, int *started,
                                    struct pd_err *e)
{
    for (; *started < nthreads; ++*started)
        if (pthread_create(&tids[*started], NULL, lblock_worker, r) != 0)
            break;
    return *started ? PD_OK : pd_fail(e, PD_ERR_INTERNAL, "cannot start a thread");
}

/* This rank's part of the run: -e on rank 0 alone; else rank 0 commits the blocks of every
 * rank and the others serve theirs to it. */
static enum pd_status run_work(struct run *r, struct commit *c, struct lrun_result *res,
                               struct pd_err *e)
{
    enum pd_status rc;

    if (r->o->exhaust)
        return r->rank != 0 ? PD_OK
                            : exhaust(r, c, c->out, r->o->produce || r->info.produce ? c->produce
                                                                                  : -1,
                                      &c->produced, &c->generated, e);
    if (r->rank != 0)
        return lmpi_serve(r, e);
    rc = commit_blocks(r, c, res, e);
    if (r->nranks > 1)
        lmpi_stop(r); /* whatever rc: the other ranks wait for rank 0's word */
    return rc;
}

/* The one cleanup of a run, whatever step it reached. */
static void release(struct run *r, struct commit *c, pthread_t *tids)
{
    if (r->own)
        lblock_streams_close(r->own);
    free(r->own);
    deal_stream_close(&c->rs);
    if (r->slots)
        for (int i = 0; i < r->window; i++) {
            free(r->slots[i].lb.acc);
            free(r->slots[i].lb.rows);
        }
    free(r->slots);
    free(r->remote.lb.acc);
    free(r->remote.lb.rows);
    lshare_free(r);
    free(tids);
    free(c->kept);
    lang_acc_free(c->acc, r->p);
    lang_scan_free(r->scan);
    pd_wipe(&r->sk, sizeof r->sk);
}

enum pd_status lrun(const struct lang_prog *p, const struct lrun_opts *o, FILE *out,
                    struct lrun_result *res, struct pd_err *e)
{
    struct run r = {.p = p, .o = o, .mu = PTHREAD_MUTEX_INITIALIZER,
                    .cv = PTHREAD_COND_INITIALIZER};
    struct commit c = {.out = out, .t0 = now()};
    pthread_t *tids = NULL;
    int nthreads = o->threads > 0 ? o->threads : 1, started = 0;
    enum pd_status rc;
    bool ready;

    memset(res, 0, sizeof *res);
    rc = prepare(&r, &c, nthreads, &tids, e);
    ready = rc == PD_OK;
    if (ready && !o->exhaust && !r.own)
        rc = start_workers(&r, tids, nthreads, &started, e);
    rc = pd_mpi_agree(rc, e); /* under mpirun every rank agrees once, failed or not */
    if (rc == PD_OK)
        rc = run_work(&r, &c, res, e);
    stop_workers(&r, tids, started);
    if (ready && o->progress && r.rank == 0)
        fprintf(stderr, "                                      \r");
    if (rc == PD_OK && r.rank == 0)
        lang_acc_finish(p, c.acc, c.kept, c.produced, out);
    res->generated = c.generated;
    res->produced = c.produced;
    res->fast = r.info.gen;
    res->fast_p = r.scan ? r.info.gen_p : 1.0;
    release(&r, &c, tids);
    return rc;
}
