/* dealer/lang_run.h - the blocks of a `predup dealer` run, internal to lang_run.c and
 * lang_mpi.c: a run under mpirun hands block k to rank k mod N, and rank 0 commits the blocks
 * of every rank in order, as it commits its own. */
#ifndef PREDUP_LANG_RUN_H
#define PREDUP_LANG_RUN_H

#include <pthread.h>

#include "dealer/lang_int.h"
#include "dealer/lang_gen.h"

/* Deals per block: multiples of 6 for -2 and -3. Scripts that solve double dummy use small
 * blocks, so that no thread works far past the deal that completes the run. The block size
 * depends on the script only, never on the thread count. */
enum { BLOCK = 3072, BLOCK_DD = 24 };

struct kept {
    uint64_t ordinal;
    uint64_t plain;  /* conditional generation: the plain deals up to this one, in its block */
    struct deal d;
    bool memo_ready;
    bool pending;    /* lazy dealing: d lacks hands the actions read; deal them from draws */
    uint8_t draws[LLAZY_DRAW_BYTES];
    struct dd_memo memo;
};
struct block {
    long long index; /* block number, -1 = free */
    bool done;
    struct kept *acc;
    int nacc, cap;   /* kept deals: in acc, or in rows when the run tallies */
    int *rows;       /* tallying runs: per kept deal, its place in the block then its values */
    int caprows;     /* rows allocated */
    enum pd_status rc;
    bool late;       /* rc failed at the deal after the last row: commit the rows first */
    struct pd_err err;
    uint64_t plain_total; /* conditional generation: the plain deals the block stands for */
};

struct run {
    const struct lang_prog *p;
    const struct lrun_opts *o;
    struct set_key sk;
    struct lgen *gen;          /* conditional generation, or NULL */
    double log_q;              /* its log(1 - p): gaps between its deals in a plain run */
    bool lazy;                 /* lazy dealing (lang_lazy.c): no predeal, no swapping */
    int cond_hands, all_hands; /* hands the condition reads, and with the actions */
    int draw_bytes;            /* the draws all_hands need (west needs none: the rest) */
    /* With one worker, the hands only the actions read are dealt by the main thread (which
     * runs the actions): the two threads share the work. With more, the workers deal them. */
    bool defer;
    /* Scripts whose actions are only statistics: the worker evaluates them and the block
     * holds these values per kept deal (lact_tally_width), not the deals. 0: keeps deals. */
    int tally;
    int cond;                  /* tallying runs: p->cond, -1 when it holds for every deal */
    bool dd_actions;           /* the script solves double dummy: workers solve the actions' */
    long long generate;
    long long block;       /* BLOCK or BLOCK_DD */
    long long produce;     /* a block stops when it holds this many */
    _Atomic bool abort;    /* the run is over: blocks in flight may stop */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    long long next_claim;  /* next of this rank's blocks to hand out (local count) */
    long long committed;   /* this rank's blocks committed (or sent to rank 0) so far */
    long long nblocks;     /* blocks needed for generate, over all ranks */
    long long nlocal;      /* this rank's share: blocks k with k mod nranks == rank */
    int rank, nranks;      /* under mpirun (pd_mpi_size() > 1), else 0 and 1 */
    struct block remote;   /* rank 0: the last block received from another rank */
    int window;
    struct block *slots;   /* window of blocks in flight */
    bool stop;
};

/* The ints per row of a tallying run: the deal's place in its block, then its values. */
static inline int lrun_row_ints(const struct run *r)
{
    return r->tally + 1;
}

/* This rank's j-th block (global index j * nranks + rank), once its worker is done; and its
 * slot handed back to the workers once committed or sent. */
struct block *lrun_wait_local(struct run *r, long long j);
void lrun_release_local(struct run *r, long long j);

/* lang_mpi.c. Rank 0: block k of rank k mod N (NULL and e set when it cannot be had; a block
 * that failed there comes back with its status and "rank R: " before its message). */
struct block *lmpi_take(struct run *r, long long k, struct pd_err *e);
/* Rank 0, once its run is over: tells every rank to stop and drops what they still send. */
void lmpi_stop(struct run *r);
/* Ranks other than 0: send this rank's blocks to rank 0 in order until they run out or rank 0
 * says stop. */
enum pd_status lmpi_serve(struct run *r, struct pd_err *e);

#endif
