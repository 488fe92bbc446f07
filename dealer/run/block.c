/* dealer/run/block.c - the workers' side of a `predup dealer` run (run.c): each block
 * of deals is dealt from its own stretch of the practice stream and tested against the
 * condition by the language (lang_scan_block, dealer/lang/run_face.c), which keeps what the
 * commit needs: the deals, or for scripts whose actions are only statistics their values (a
 * tallying run). Blocks are had in order through lblock_wait: from worker threads, or, with
 * one thread in all, dealt by the committing thread itself. The workers claim their block
 * numbers from share.c and call nothing above them. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/run/run_int.h"

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
    st->has_pr = false;
    if (st->ok && r->o->dealing != PRACTICE_V1) {
        st->ok = st->has_pr = deal_practice_open(&st->pr, &r->sk, &st->e) == PD_OK;
        if (!st->ok) {
            deal_stream_close(&st->ds);
            deal_stream_close(&st->rs);
            deal_stream_close(&st->gs);
        }
    }
}

void lblock_streams_close(struct lrun_streams *st)
{
    if (st->ok) {
        deal_stream_close(&st->ds);
        deal_stream_close(&st->rs);
        deal_stream_close(&st->gs);
    }
    if (st->has_pr)
        deal_practice_close(&st->pr);
    st->ok = st->has_pr = false;
}

/* Deals and tests block b (its index set), and solves ahead what its actions will ask. */
static void work_block(struct run *r, struct lrun_streams *st, struct block *b)
{
    b->lb.nacc = 0;
    b->lb.late = false;
    b->lb.plain_total = 0;
    b->rc = st->ok ? lang_scan_block(r->scan, &b->lb, b->index, r->block, r->generate,
                                     r->produce, &r->abort, &st->ds, &st->rs, &st->gs,
                                     st->has_pr ? &st->pr : NULL)
                   : pd_fail(&b->lb.err, st->e.code, "%s", st->e.msg);
}

void *lblock_worker(void *arg)
{
    struct run *r = arg;
    struct lrun_streams st;
    struct block *b;

    lblock_streams_open(r, &st);
    while ((b = lshare_next(r)) != NULL) {
        work_block(r, &st, b);
        lshare_done(r, b);
    }
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
    lshare_release(r, j);
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
