/* dealer/run/share.c - who deals which block of a run: the bookkeeping of struct lrun_share
 * and of the block slots, under the run's mutex. The one file that writes what the threads
 * share in struct run (run.c sets up the rest before they start): the workers (block.c) claim
 * their blocks and hand them back here, and rank 0's giving and the other ranks' filing
 * (mpi_blocks.c) go through here too. It calls nothing of the runner, so that neither calls
 * the other back. */
#include <pthread.h>
#include <stdlib.h>

#include "dealer/run/run_int.h"

bool lshare_init(struct run *r, int nthreads)
{
    struct lrun_share *sh = &r->share;

    /* Double dummy blocks are long: a rank asks for one when a thread is idle, so that no
     * block waits on a busy rank while another could start it. Short ones are asked for a
     * thread ahead, so that no thread waits for the answer. */
    sh->spare = r->info.uses_dd ? 0 : nthreads;
    if (r->nranks == 1)
        return true;
    if (r->rank == 0) {
        sh->span = r->nranks * (r->window + 1);
        sh->owner = calloc((size_t)sh->span, sizeof *sh->owner);
        return sh->owner != NULL;
    }
    sh->given = calloc((size_t)r->window, sizeof *sh->given);
    return sh->given != NULL;
}

void lshare_free(struct run *r)
{
    free(r->share.owner);
    free(r->share.given);
}

static long long give(struct run *r, int to)
{
    struct lrun_share *sh = &r->share;

    if (r->nranks > 1)
        sh->owner[sh->next % sh->span] = to;
    return sh->next++;
}

static long long claim(struct run *r, bool *over)
{
    struct lrun_share *sh = &r->share;
    bool room = r->next_claim < r->committed + r->window;

    if (r->rank == 0) {
        *over = sh->next >= r->nblocks;
        /* owner slots full: the others hold blocks below this one; rank 0 waits for them */
        if (*over || !room || (r->nranks > 1 && sh->next - sh->base >= sh->span))
            return -1;
        return give(r, 0);
    }
    if (room && r->next_claim < sh->ngiven)
        return sh->given[r->next_claim % r->window];
    *over = sh->no_more && r->next_claim >= sh->ngiven;
    return -1;
}

struct block *lshare_next(struct run *r)
{
    struct block *b = NULL;
    bool over = false;
    long long k = -1;

    pthread_mutex_lock(&r->mu);
    while (!r->stop && (k = claim(r, &over)) < 0 && !over) {
        r->share.idle++;
        pthread_cond_wait(&r->cv, &r->mu);
        r->share.idle--;
    }
    if (!r->stop && !over) {
        b = &r->slots[r->next_claim++ % r->window];
        b->index = k;
    }
    pthread_mutex_unlock(&r->mu);
    return b;
}

void lshare_done(struct run *r, struct block *b)
{
    pthread_mutex_lock(&r->mu);
    b->done = true;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}

void lshare_release(struct run *r, long long j)
{
    pthread_mutex_lock(&r->mu);
    r->slots[j % r->window].done = false;
    r->committed = j + 1;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}

void lshare_base(struct run *r, long long k)
{
    pthread_mutex_lock(&r->mu);
    r->share.base = k;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}

/* Rank 0: twice the owner slots. A rank with more threads than rank 0 (hosts of different
 * sizes, each rank's -j its cores) holds more blocks than rank 0's window foresaw. Under
 * r->mu; false when out of memory. */
static bool more_owner_slots(struct lrun_share *sh)
{
    int span = sh->span * 2, *owner = malloc((size_t)span * sizeof *owner);

    if (!owner)
        return false;
    for (long long k = sh->base; k < sh->next; k++)
        owner[k % span] = sh->owner[k % sh->span];
    free(sh->owner);
    sh->owner = owner;
    sh->span = span;
    return true;
}

long long lshare_give_rank(struct run *r, int to, bool *room)
{
    struct lrun_share *sh = &r->share;
    long long k = -1;

    *room = true;
    pthread_mutex_lock(&r->mu);
    if (sh->next < r->nblocks && sh->next - sh->base >= sh->span)
        *room = more_owner_slots(sh);
    if (*room && sh->next < r->nblocks)
        k = give(r, to);
    pthread_cond_broadcast(&r->cv); /* the last block given: workers waiting for one are done */
    pthread_mutex_unlock(&r->mu);
    return k;
}

void lshare_file(struct run *r, long long k)
{
    struct lrun_share *sh = &r->share;

    pthread_mutex_lock(&r->mu);
    if (k < 0)
        sh->no_more = true;
    else
        sh->given[sh->ngiven++ % r->window] = k;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}

void lshare_abort(struct run *r)
{
    r->abort = true;
}

void lshare_stop(struct run *r)
{
    r->abort = true;
    pthread_mutex_lock(&r->mu);
    r->stop = true;
    pthread_cond_broadcast(&r->cv);
    pthread_mutex_unlock(&r->mu);
}
