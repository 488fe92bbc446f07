/* dealer/run/run.h - the run room (dealer/run/): running dealing work. Sets of boards with or
 * without a script, on threads (sets.c, below); MPI (mpi.c, below); a `predup dealer` run in
 * blocks (run.c, block.c, mpi_blocks.c: its entry lrun below, its blocks in run_int.h).
 * Includes the language (dealer/lang/lang.h) and the event room (dealer/event/event.h): the
 * last room of dealer/. */
#ifndef PREDUP_DEALER_RUN_H
#define PREDUP_DEALER_RUN_H

#include "dealer/lang/lang.h"
#include "dealer/event/event.h"

/* ---------------------------------------------------------------- set generation (sets.c) */

/* One board of a tournament set: the first candidate of stream (DEAL, board) that accept
 * accepts (accept NULL accepts all). max_tries bounds the candidates (0: DEAL_MAX_TRIES);
 * PD_ERR_LIMIT when reached. accept returns 1 to keep, 0 to reject, negative on error (message in e). */
typedef int (*deal_accept_fn)(void *ctx, const struct deal *d, int board, struct pd_err *e);
struct board_deal {
    int board;
    struct deal deal;
    deal_num number;
    uint64_t tries; /* candidates drawn, >= 1 */
};
enum pd_status board_generate(const struct set_key *sk, int board, deal_accept_fn accept,
                              void *ctx, uint64_t max_tries, struct board_deal *out,
                              struct pd_err *e);
/* All boards of range with threads workers (1 = this thread); out[i] is boards[i]. The result
 * never depends on threads. accept must be safe to call from several threads with its ctx
 * (it is called with the same ctx from each; make per-thread state inside it). */
enum pd_status set_generate(const struct set_key *sk, const struct board_range *range,
                            int threads, deal_accept_fn accept, void *ctx, uint64_t max_tries,
                            struct board_deal *out, struct pd_err *e);

/* Boards with a script (deal --script, verify --script): the dealing versions are in
 * dealer/deal/deal.h, the prepared script (struct lang_deal) in dealer/lang/lang.h. */
/* One board with a script: as board_generate, by ld's version; max_tries counts attempts
 * (version 2) or candidates (version 1). out->number is the deal's Pavlicek number. */
enum pd_status board_generate_script(const struct set_key *sk, int board,
                                     const struct lang_deal *ld, uint64_t max_tries,
                                     struct board_deal *out, struct pd_err *e);
/* All boards of range, as set_generate; the result never depends on threads. */
enum pd_status set_generate_script(const struct set_key *sk, const struct board_range *range,
                                   int threads, const struct lang_deal *ld, uint64_t max_tries,
                                   struct board_deal *out, struct pd_err *e);
/* A board that takes long to find (a condition that may be impossible runs to max_tries): a
 * watch's tick is called after every DEAL_WATCH_SPAN tries of one board without a deal, from
 * the thread dealing it (tick must be thread-safe), so that a front-end can show progress; the
 * dealing loop itself only counts. As set_generate_script otherwise (watch NULL: none). */
enum { DEAL_WATCH_SPAN = 1 << 18 };
struct deal_watch {
    void (*tick)(void *ctx, int board, uint64_t tries);
    void *ctx;
};
enum pd_status set_generate_script_watched(const struct set_key *sk,
                                           const struct board_range *range, int threads,
                                           const struct lang_deal *ld, uint64_t max_tries,
                                           const struct deal_watch *watch,
                                           struct board_deal *out, struct pd_err *e);

/* ---------------------------------------------------------------- beyond one machine (MPI) */
/* `predup dealer` and `predup analyze` under mpirun: the ranks split the work, rank 0 gathers it
 * in order and writes. A run that mpirun did not start (no OMPI_COMM_WORLD_SIZE / PMIX_RANK /
 * PMI_RANK in the environment) neither loads OpenMPI (the MPI module, mpi_module.c) nor calls
 * MPI_Init: rank 0 of 1, every call below a no-op (point to point, with no other rank, is
 * PD_ERR_INTERNAL). Only the calling thread of pd_mpi_start talks MPI (MPI_THREAD_FUNNELED). */
enum pd_status pd_mpi_start(struct pd_err *e); /* on ranks other than 0, stdout is discarded */
int pd_mpi_rank(void);
int pd_mpi_size(void); /* 1 without mpirun */
/* Collective, once at the same step on every rank: the status of the lowest rank that failed
 * (its message as "rank R: ..." on rank 0), PD_OK when none did. */
enum pd_status pd_mpi_agree(enum pd_status rc, struct pd_err *e);
/* One thing every rank of a job must have the same of (ranks that differ give silently
 * different output): what it is, for messages ("script"), and the SHA-256 of its bytes
 * (pd_sha256_hex); an empty sha when a rank cannot know it (not compared). */
struct pd_mpi_fact {
    const char *what;
    char sha[65];
};
/* Collective, once at the same step on every rank: PD_OK when every rank has rank 0's digest
 * of each of the n facts; else PD_ERR_USAGE on every rank, "the ranks of this mpirun job
 * differ from rank 0: rank 1 (script), rank 3 (seed, options); " then hint, which rank 0 alone
 * reports (as with pd_mpi_agree). */
enum pd_status pd_mpi_same(const struct pd_mpi_fact *facts, int n, const char *hint,
                           struct pd_err *e);
/* Collective: rank 0's n bytes at p on every rank. */
void pd_mpi_share(void *p, size_t n);
/* Point to point, bytes: pd_mpi_send returns once the receiver has taken them (MPI_Ssend), so
 * a fast sender never runs far ahead; pd_mpi_recv allocates *buf (free it) for the next message
 * from rank `from` with tag *tag (PD_MPI_ANY_TAG: any) and gives its tag in *tag;
 * pd_mpi_waiting tells whether one is there. */
enum pd_status pd_mpi_send(int to, int tag, const void *buf, size_t n, struct pd_err *e);
enum pd_status pd_mpi_recv(int from, int *tag, void **buf, size_t *n, struct pd_err *e);
bool pd_mpi_waiting(int from, int tag); /* tag PD_MPI_ANY_TAG: any message from `from` */
/* A send that does not wait: pd_mpi_post starts it on buf (which must stay unchanged until it
 * is done) and gives a handle; pd_mpi_posted sets *done once the receiver has taken it, and
 * frees the handle then or when the test fails. A sender that must go on working while its
 * receiver is busy elsewhere (a rank holding dealt blocks) posts them. */
struct pd_mpi_post;
enum pd_status pd_mpi_post(int to, int tag, const void *buf, size_t n, struct pd_mpi_post **h,
                           struct pd_err *e);
enum pd_status pd_mpi_posted(struct pd_mpi_post **h, bool *done, struct pd_err *e);
enum { PD_MPI_ANY_TAG = -1 };
/* Sleeps *us microseconds and doubles *us up to 1 ms: the pause of a loop that tests for
 * messages (start *us at 20, and again after each message). */
void pd_mpi_nap(long *us);
/* An empty message with tag, sent without waiting for the receiver (completed at pd_mpi_end). */
void pd_mpi_notify(int to, int tag);
/* The sender of the next message with tag from any rank, waiting up to about max_us
 * microseconds for one (sleeping between tests); -1 when none came. */
int pd_mpi_poll(int tag, long max_us);
/* Ends MPI (MPI_Finalize) and returns rc; PD_OK on a rank other than 0 whose failure rank 0
 * reports (pd_mpi_agree), so that the job shows one message and rank 0's exit status. */
enum pd_status pd_mpi_end(enum pd_status rc);

/* ---------------------------------------------------------------- `predup dealer` (run.c) */

/* Options of a `predup dealer` run, and its result. */
struct lrun_opts {
    long long generate, produce; /* 0 = from the script or the default */
    unsigned long long seed;
    int threads;
    int swapping;          /* 0, 2, 3 */
    bool quiet;            /* -q: no printpbn */
    bool progress;         /* -m */
    double time_limit;     /* -t, 0 = none */
    bool fast;             /* conditional generation when the condition allows it */
    bool sd;               /* --sd: averages print "label: mean sd n" */
    bool exhaust;          /* -e: every deal of the unknown cards instead of random ones */
    const char *input_name; /* for the PBN Event tag: NULL for stdin */
    int dealing;           /* practice dealing version (PRACTICE_V1 ...); 0 = PRACTICE_LATEST */
};
struct lrun_result {
    long long generated, produced;
    bool timed_out;
    bool fast;       /* conditional generation was used */
    double fast_p;   /* its set's probability */
};
enum pd_status lrun(const struct lang_prog *p, const struct lrun_opts *o, FILE *out,
                    struct lrun_result *r, struct pd_err *e);

#endif
