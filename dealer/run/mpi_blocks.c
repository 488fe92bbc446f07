/* dealer/run/mpi_blocks.c - `predup dealer` under mpirun. Blocks are handed out on demand: rank 0
 * gives the next block of the run to whichever rank needs one (its own workers take theirs
 * directly), so that a fast host, or a rank whose blocks happen to be quick, does more of
 * them and no rank waits at the end for another's share. Each block is still a function of
 * its number alone, and rank 0 commits the blocks in order, those of other ranks as they
 * send them back: the output is the one of -j 1, whatever N and whoever dealt what.
 * A rank holds at most its window of blocks that rank 0 has not taken: it posts each dealt
 * block (MPI_Issend) and goes on dealing while rank 0 commits the blocks before it. When
 * rank 0 is done (produce, generate, -t, or an error) it tells every rank to stop and drains
 * what they were still sending; each rank answers with an end message, so nothing is left in
 * flight when MPI ends. */
#include <stdlib.h>
#include <string.h>

#include "dealer/run/run_int.h"

/* ASK: a rank wants a block (empty); GIVE: rank 0's answer, the block's number, or -1 when
 * the run has none left. */
enum { TAG_BLOCK = 1, TAG_STOP = 2, TAG_END = 3, TAG_ASK = 4, TAG_GIVE = 5 };

/* A block on the wire: this header, then its nacc kept deals (every rank runs the same binary
 * on the same script): struct lang_kept, or the rows of a tallying run. */
struct wire_head {
    long long index;
    enum pd_status rc;
    bool late;
    int nacc;
    uint64_t plain_total;
    struct pd_err err;
};

/* The bytes of one kept deal on the wire. */
static size_t kept_size(const struct run *r)
{
    return r->info.tally ? (size_t)lrun_row_ints(r) * sizeof(int) : sizeof(struct lang_kept);
}

/* Block b as it goes on the wire, in *buf (malloc'd; *n bytes). */
static enum pd_status pack_block(const struct run *r, const struct block *b, char **buf,
                                 size_t *n, struct pd_err *e)
{
    struct wire_head h;

    *n = sizeof(struct wire_head) + (size_t)b->lb.nacc * kept_size(r);
    if (!(*buf = malloc(*n)))
        return pd_fail(e, PD_ERR_NOMEM, "rank %d: out of memory sending a block", pd_mpi_rank());
    memset(&h, 0, sizeof h);
    h.index = b->index;
    h.rc = b->rc;
    h.late = b->lb.late;
    h.nacc = b->lb.nacc;
    h.plain_total = b->lb.plain_total;
    if (b->rc != PD_OK)
        h.err = b->lb.err;
    memcpy(*buf, &h, sizeof h);
    if (b->lb.nacc)
        memcpy(*buf + sizeof h, r->info.tally ? (void *)b->lb.rows : (void *)b->lb.acc,
               (size_t)b->lb.nacc * kept_size(r));
    return PD_OK;
}

/* Room for n kept deals in block b (its rows or its struct lang_kept), NULL when out of memory. */
static void *room(const struct run *r, struct block *b, int n)
{
    if (r->info.tally) {
        int *rows = n > b->lb.caprows ? realloc(b->lb.rows, (size_t)n * kept_size(r)) : b->lb.rows;

        if (rows && n > b->lb.caprows) {
            b->lb.rows = rows;
            b->lb.caprows = n;
        }
        return rows;
    }
    struct lang_kept *acc = n > b->lb.cap ? realloc(b->lb.acc, (size_t)n * sizeof *acc) : b->lb.acc;

    if (acc && n > b->lb.cap) {
        b->lb.acc = acc;
        b->lb.cap = n;
    }
    return acc;
}

/* Unpacks a received block into r->remote; the message must be block k. */
static enum pd_status unpack(struct run *r, long long k, int from, const char *buf, size_t n,
                             struct pd_err *e)
{
    struct block *b = &r->remote;
    struct wire_head h;

    if (n < sizeof h)
        return pd_fail(e, PD_ERR_INTERNAL, "rank %d sent a short block (%zu bytes)", from, n);
    memcpy(&h, buf, sizeof h);
    if (h.index != k || h.nacc < 0 || n != sizeof h + (size_t)h.nacc * kept_size(r))
        return pd_fail(e, PD_ERR_INTERNAL, "rank %d sent block %lld where %lld was due (is "
                                           "every rank the same predup?)", from, h.index, k);
    void *to = h.nacc ? room(r, b, h.nacc) : NULL;

    if (h.nacc && !to)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory receiving from rank %d", from);
    if (h.nacc)
        memcpy(to, buf + sizeof h, (size_t)h.nacc * kept_size(r));
    b->index = h.index;
    b->lb.nacc = h.nacc;
    b->lb.plain_total = h.plain_total;
    b->rc = h.rc;
    b->lb.late = h.late;
    b->lb.err = h.err;
    if (h.rc != PD_OK) /* name the rank: its files and libraries may differ from rank 0's */
        snprintf(b->lb.err.msg, sizeof b->lb.err.msg, "rank %d: %.200s", from, h.err.msg);
    return PD_OK;
}

/* Rank 0: who deals block k (>= the base), or -1 while nobody has it yet. */
static int owner_of(struct run *r, long long k)
{
    int who;

    pthread_mutex_lock(&r->mu);
    who = k < r->share.next ? r->share.owner[k % r->share.span] : -1;
    pthread_mutex_unlock(&r->mu);
    return who;
}

/* Rank 0: answers the ask that rank `from` sent (already received) with the next block, or -1
 * when the run has none left. */
static enum pd_status give(struct run *r, int from, struct pd_err *e)
{
    bool room;
    long long k = lshare_give_rank(r, from, &room);

    if (!room)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory giving rank %d a block", from);
    return pd_mpi_send(from, TAG_GIVE, &k, sizeof k, e);
}

/* Rank 0: takes the next message of rank `from` with tag `want` (one is there): an ask,
 * answered, or block k, unpacked into r->remote (*got). A rank posts its blocks without
 * waiting, so an ask may come after blocks not due yet: it is taken by its tag. The first
 * block of the rank that deals block k is block k (it deals its blocks in the run's order). */
static enum pd_status take_from(struct run *r, long long k, int from, int want, bool *got,
                                struct pd_err *e)
{
    int tag = want;
    void *buf = NULL;
    size_t n = 0;
    enum pd_status rc = pd_mpi_recv(from, &tag, &buf, &n, e);

    *got = false;
    if (rc == PD_OK && tag == TAG_ASK)
        rc = give(r, from, e);
    else if (rc == PD_OK && tag != TAG_BLOCK)
        rc = pd_fail(e, PD_ERR_INTERNAL, "rank %d ended its run before block %lld", from, k);
    else if (rc == PD_OK && (rc = unpack(r, k, from, buf, n, e)) == PD_OK)
        *got = true;
    free(buf);
    return rc;
}

struct block *lmpi_take(struct run *r, long long k, bool *mine, struct pd_err *e)
{
    long us = 20;

    lshare_base(r, k); /* blocks below k are committed: their owner slots are free */
    for (;;) {
        int from = pd_mpi_poll(TAG_ASK, 0), who = owner_of(r, k);
        bool got = false;

        *mine = who == 0;
        if (from > 0 || (who > 0 && pd_mpi_waiting(who, PD_MPI_ANY_TAG))) {
            if (take_from(r, k, from > 0 ? from : who, from > 0 ? TAG_ASK : PD_MPI_ANY_TAG,
                          &got, e) != PD_OK)
                return NULL;
            if (got)
                return &r->remote;
            us = 20;
        } else if (who == 0 && lblock_ready(r, r->committed, k)) {
            return lblock_wait(r, r->committed, k);
        } else {
            pd_mpi_nap(&us);
        }
    }
}

void lmpi_stop(struct run *r)
{
    struct pd_err ignored;

    for (int to = 1; to < r->nranks; to++)
        pd_mpi_notify(to, TAG_STOP);
    for (int from = 1; from < r->nranks; from++) {
        int tag = TAG_BLOCK;

        while (tag != TAG_END) { /* blocks and asks still coming are dropped */
            void *buf = NULL;
            size_t n;

            tag = PD_MPI_ANY_TAG;
            if (pd_mpi_recv(from, &tag, &buf, &n, &ignored) != PD_OK)
                break; /* the rank is gone: mpirun reports it */
            free(buf);
        }
    }
}

/* Ranks other than 0: the dealt blocks posted to rank 0 and not yet taken by it, at most the
 * window of them (slot j % window): rank 0 takes them in the run's order, so a rank whose next
 * block is due after one of rank 0's own goes on dealing while it waits (an MPI_Ssend would
 * hold it there, its threads idle, for as long as rank 0's block takes). */
struct outbox {
    struct pd_mpi_post **h;
    char **buf;
    long long posted, taken;
};

/* Ranks other than 0: whether to ask rank 0 for a block now: it may give more, this rank may
 * hold one more, and a worker waits for one (or fewer than spare are given ahead). */
static bool wants_block(struct run *r, long long taken)
{
    struct lrun_share *sh = &r->share;
    bool want;

    pthread_mutex_lock(&r->mu);
    want = !sh->no_more && sh->ngiven < taken + r->window &&
           (sh->ngiven - r->next_claim < sh->spare ||
            (sh->idle > 0 && sh->ngiven == r->next_claim));
    pthread_mutex_unlock(&r->mu);
    return want;
}
/* Asks rank 0 for a block and files its answer for the workers; *stopped when rank 0 said
 * stop instead. */
static enum pd_status ask(struct run *r, bool *stopped, struct pd_err *e)
{
    long long k = -1;
    void *buf = NULL;
    size_t n = 0;
    int tag = PD_MPI_ANY_TAG;
    enum pd_status rc = pd_mpi_send(0, TAG_ASK, "", 0, e);

    if (rc == PD_OK)
        rc = pd_mpi_recv(0, &tag, &buf, &n, e);
    *stopped = rc == PD_OK && tag == TAG_STOP;
    if (rc == PD_OK && !*stopped && (tag != TAG_GIVE || n != sizeof k))
        rc = pd_fail(e, PD_ERR_INTERNAL, "rank %d: malformed answer from rank 0", r->rank);
    if (rc == PD_OK && !*stopped) {
        memcpy(&k, buf, sizeof k);
        lshare_file(r, k);
    }
    free(buf);
    return rc;
}

/* This rank's j-th block, once dealt: block k, or -1 (not given, or not dealt yet). */
static long long dealt(struct run *r, long long j)
{
    long long k;

    pthread_mutex_lock(&r->mu);
    k = j < r->share.ngiven ? r->share.given[j % r->window] : -1;
    pthread_mutex_unlock(&r->mu);
    return k >= 0 && lblock_ready(r, j, k) ? k : -1;
}

/* Posts this rank's next dealt block (block k) to rank 0 and hands its slot back to the
 * workers; *last when it failed (rank 0 reports it when it reaches it): then this rank deals
 * no more. */
static enum pd_status post_dealt(struct run *r, struct outbox *o, long long k, bool *last,
                                 struct pd_err *e)
{
    struct block *b = lblock_wait(r, o->posted, k);
    int i = (int)(o->posted % r->window);
    size_t n = 0;
    enum pd_status rc = pack_block(r, b, &o->buf[i], &n, e);

    *last = b->rc != PD_OK;
    if (rc == PD_OK)
        rc = pd_mpi_post(0, TAG_BLOCK, o->buf[i], n, &o->h[i], e);
    lblock_release(r, o->posted);
    if (rc == PD_OK)
        o->posted++;
    return rc;
}

/* Frees the oldest posted blocks rank 0 has taken; *progress when one was. */
static enum pd_status collect(struct run *r, struct outbox *o, bool *progress,
                              struct pd_err *e)
{
    bool done = true;
    enum pd_status rc = PD_OK;

    while (rc == PD_OK && done && o->taken < o->posted) {
        int i = (int)(o->taken % r->window);

        rc = pd_mpi_posted(&o->h[i], &done, e);
        if (rc == PD_OK && done) {
            free(o->buf[i]);
            o->buf[i] = NULL;
            o->taken++;
            *progress = true;
        }
    }
    return rc;
}

/* Deals what rank 0 gives until it says stop, there is nothing left, or a block failed. */
static enum pd_status serve_blocks(struct run *r, struct outbox *o, bool *stopped,
                                   struct pd_err *e)
{
    enum pd_status rc = PD_OK;
    bool last = false;
    long long k;
    long us = 20;

    while (rc == PD_OK && !*stopped && !last && !pd_mpi_waiting(0, TAG_STOP)) {
        bool progress = false;

        if ((rc = collect(r, o, &progress, e)) != PD_OK)
            break;
        if (wants_block(r, o->taken)) {
            rc = ask(r, stopped, e);
            us = 20;
        } else if ((k = dealt(r, o->posted)) >= 0) {
            rc = post_dealt(r, o, k, &last, e);
            us = 20;
        } else if (r->share.no_more && o->posted == r->share.ngiven) {
            break; /* all posted: rank 0 takes them, then says stop */
        } else if (progress) {
            us = 20;
        } else {
            pd_mpi_nap(&us);
        }
    }
    return rc;
}

enum pd_status lmpi_serve(struct run *r, struct pd_err *e)
{
    struct outbox o = {calloc((size_t)r->window, sizeof *o.h),
                       calloc((size_t)r->window, sizeof *o.buf), 0, 0};
    enum pd_status rc = o.h && o.buf ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");
    bool stopped = false, progress = false;
    int tag;
    void *buf = NULL;
    size_t n;

    if (rc == PD_OK)
        rc = serve_blocks(r, &o, &stopped, e);
    lshare_abort(r);
    /* Rank 0 always says stop once its run is over, having taken or drained every block
     * posted before; then this rank's end closes the drain. */
    while (!stopped) {
        tag = PD_MPI_ANY_TAG;
        if (pd_mpi_recv(0, &tag, &buf, &n, e) != PD_OK)
            break;
        stopped = tag == TAG_STOP;
        free(buf);
        buf = NULL;
    }
    if (pd_mpi_send(0, TAG_END, "", 0, e) != PD_OK && rc == PD_OK)
        rc = e->code;
    /* Taken by now (rank 0 took the end after them); a send that failed keeps its bytes. */
    while (rc == PD_OK && o.taken < o.posted && collect(r, &o, &progress, e) == PD_OK)
        ;
    if (o.taken == o.posted)
        free(o.buf);
    free(o.h);
    return rc;
}
