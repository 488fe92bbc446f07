/* dealer/run/share.c - who deals which block of a run: the bookkeeping of struct lrun_share,
 * under the run's mutex. It calls nothing of the runner: the workers (block.c) claim their
 * blocks here, and so does rank 0's giving (mpi_blocks.c), so that neither calls the other
 * back. */
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

long long lshare_give(struct run *r, int to)
{
    struct lrun_share *sh = &r->share;

    if (r->nranks > 1)
        sh->owner[sh->next % sh->span] = to;
    return sh->next++;
}

long long lshare_claim(struct run *r, bool *over)
{
    struct lrun_share *sh = &r->share;
    bool room = r->next_claim < r->committed + r->window;

    if (r->rank == 0) {
        *over = sh->next >= r->nblocks;
        /* owner slots full: the others hold blocks below this one; rank 0 waits for them */
        if (*over || !room || (r->nranks > 1 && sh->next - sh->base >= sh->span))
            return -1;
        return lshare_give(r, 0);
    }
    if (room && r->next_claim < sh->ngiven)
        return sh->given[r->next_claim % r->window];
    *over = sh->no_more && r->next_claim >= sh->ngiven;
    return -1;
}
