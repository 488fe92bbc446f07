/* dealer/run/run_int.h - the blocks of a `predup dealer` run, internal to run.c (the run and
 * its commit), mpi_blocks.c (rank 0 giving blocks, the other ranks sending them back), block.c
 * (the workers' side) and share.c (who deals which block), which call one another in that
 * order only. A run under mpirun hands out its blocks on demand, the next one to whichever
 * rank needs one, and rank 0 commits the blocks of every rank in order, as it commits its
 * own. */
#ifndef PREDUP_LANG_RUN_H
#define PREDUP_LANG_RUN_H

#include <pthread.h>

#include "dealer/run/run.h"

/* Deals per block: multiples of 6 for -2 and -3. Scripts that solve double dummy use small
 * blocks, so that no thread works far past the deal that completes the run. The block size
 * depends on the script only, never on the thread count. */
enum { BLOCK = 3072, BLOCK_DD = 24 };

/* A block of the run: what the language's side deals and keeps of it (lang_scan_block), its
 * number and its state among the workers. */
struct block {
    struct lang_block lb;
    long long index; /* block number, -1 = free */
    bool done;
    enum pd_status rc;
};

/* Under mpirun, who deals which block (share.c, mpi_blocks.c). Rank 0 gives out blocks in order, the next
 * to whichever rank asks, its own workers included, and notes who deals each block it has not
 * committed yet; a rank holds at most its window of blocks, so span slots suffice. The other
 * ranks keep the blocks given to them, their j-th at given[j % window]. */
struct lrun_share {
    long long next;        /* rank 0 (or the one rank): the next block to give */
    long long base;        /* rank 0: the block it commits next; those below are done */
    int span;              /* rank 0: owner slots, nranks * (window + 1) */
    int *owner;            /* rank 0: who deals block k, for base <= k < next, at k % span */
    long long *given;      /* other ranks: the blocks rank 0 gave, window slots */
    long long ngiven;
    bool no_more;          /* other ranks: rank 0 has no block left to give */
    int idle;              /* worker threads waiting for a block to take */
    int spare;             /* blocks asked for ahead of need: 0 for double dummy's long ones */
};

struct run {
    const struct lang_prog *p;
    const struct lrun_opts *o;
    struct set_key sk;
    struct lang_scan *scan;     /* the language's plan: how deals are made and tested */
    struct lang_scan_info info; /* what the runner plans with */
    long long generate;
    long long block;       /* BLOCK or BLOCK_DD */
    long long produce;     /* a block stops when it holds this many */
    /* Once the threads run, abort, stop, next_claim, committed, share and the slots' done and
     * index are written by share.c alone, under mu (abort is atomic); the rest is set by run.c
     * before, but remote, which rank 0's main thread fills (mpi_blocks.c), and a slot's index
     * when the run is one thread in all (block.c). */
    _Atomic bool abort;    /* the run is over: blocks in flight may stop */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    long long next_claim;  /* next of this rank's blocks to hand out (local count) */
    long long committed;   /* this rank's blocks committed (or sent to rank 0) so far */
    long long nblocks;     /* blocks needed for generate, over all ranks */
    int rank, nranks;      /* under mpirun (pd_mpi_size() > 1), else 0 and 1 */
    struct lrun_share share; /* under mpirun: who deals which block */
    struct block remote;   /* rank 0: the last block received from another rank */
    int window;
    struct block *slots;   /* window of blocks in flight */
    struct lrun_streams *own; /* one thread in all: the main thread's streams, else NULL */
    bool stop;
};

/* A worker's streams: the deals, rnd() and the gaps of conditional generation. */
struct lrun_streams {
    struct deal_stream ds, rs, gs;
    struct practice pr; /* practice dealing 2's source (opened for that version only) */
    bool ok, has_pr;
    struct pd_err e; /* why they could not be opened */
};

/* The runner's files call only down: run.c -> mpi_blocks.c -> block.c -> share.c. */

/* share.c: who deals which block, and the one writer of what the threads share in struct
 * run (each function takes r->mu). The slots of r->share for r->window (false when out of
 * memory) and their release. A worker's next block (its slot, index set; waits while there is
 * none to take), NULL once the run is over or stops; that block dealt; this rank's j-th block
 * committed or sent, its slot free again. Rank 0: blocks below k are committed (their owner
 * slots free); the next block given to rank `to`, -1 when none is left or *room is false (out
 * of memory). Other ranks: block k given by rank 0 filed for the workers (-1: no more). The
 * run is over: blocks in flight may stop (lshare_abort), and the workers too (lshare_stop). */
bool lshare_init(struct run *r, int nthreads);
void lshare_free(struct run *r);
struct block *lshare_next(struct run *r);
void lshare_done(struct run *r, struct block *b);
void lshare_release(struct run *r, long long j);
void lshare_base(struct run *r, long long k);
long long lshare_give_rank(struct run *r, int to, bool *room);
void lshare_file(struct run *r, long long k);
void lshare_abort(struct run *r);
void lshare_stop(struct run *r);

/* block.c: the workers' side. A worker thread (arg: the run); a worker's streams, opened
 * (st->ok tells) and closed. */
void *lblock_worker(void *arg);
void lblock_streams_open(const struct run *r, struct lrun_streams *st);
void lblock_streams_close(struct lrun_streams *st);
/* This rank's j-th block (block k of the run): once dealt (by a worker, or here when r->own:
 * one thread in all); whether it is; its slot handed back once committed or sent. */
struct block *lblock_wait(struct run *r, long long j, long long k);
bool lblock_ready(struct run *r, long long j, long long k);
void lblock_release(struct run *r, long long j);

/* The ints per row of a tallying run: the deal's place in its block, then its values. */
static inline int lrun_row_ints(const struct run *r)
{
    return r->info.tally + 1;
}

/* mpi_blocks.c. Rank 0: block k, from this rank's workers or the rank that dealt it, while
 * giving blocks to the ranks that ask (NULL and e set when it cannot be had; a block that failed on another
 * rank comes back with its status and "rank R: " before its message). *mine: it is this
 * rank's (release it once committed). */
struct block *lmpi_take(struct run *r, long long k, bool *mine, struct pd_err *e);
/* Rank 0, once its run is over: tells every rank to stop and drops what they still send. */
void lmpi_stop(struct run *r);
/* Ranks other than 0: ask rank 0 for blocks as the workers need them, and send them back in
 * order, until rank 0 has none left or says stop. */
enum pd_status lmpi_serve(struct run *r, struct pd_err *e);

#endif
