/* dealer/lang_mpi.c - `predup dealer` under mpirun: block k of the run belongs to rank
 * k mod N (each rank's worker threads test its blocks as a lone run would), ranks other than
 * 0 send their finished blocks to rank 0 in order, and rank 0 commits every block in global
 * order, as it commits its own: the output is the one of -j 1, whatever N. Blocks are sent
 * with MPI_Ssend, so a rank runs at most its window of blocks ahead of rank 0. When rank 0 is
 * done (produce, generate, -t, or an error) it tells every rank to stop and drains what they
 * were still sending; each rank answers with an end message, so nothing is left in flight
 * when MPI ends. */
#include <stdlib.h>
#include <string.h>

#include "dealer/lang_run.h"

enum { TAG_BLOCK = 1, TAG_STOP = 2, TAG_END = 3 };

/* A block on the wire: this header, then its nacc kept deals (every rank runs the same binary
 * on the same script): struct kept, or the rows of a tallying run. */
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
    return r->tally ? (size_t)lrun_row_ints(r) * sizeof(int) : sizeof(struct kept);
}

static enum pd_status send_block(const struct run *r, const struct block *b, struct pd_err *e)
{
    size_t n = sizeof(struct wire_head) + (size_t)b->nacc * kept_size(r);
    char *buf = malloc(n);
    struct wire_head h;
    enum pd_status rc;

    if (!buf)
        return pd_fail(e, PD_ERR_NOMEM, "rank %d: out of memory sending a block", pd_mpi_rank());
    memset(&h, 0, sizeof h);
    h.index = b->index;
    h.rc = b->rc;
    h.late = b->late;
    h.nacc = b->nacc;
    h.plain_total = b->plain_total;
    if (b->rc != PD_OK)
        h.err = b->err;
    memcpy(buf, &h, sizeof h);
    if (b->nacc)
        memcpy(buf + sizeof h, r->tally ? (void *)b->rows : (void *)b->acc,
               (size_t)b->nacc * kept_size(r));
    rc = pd_mpi_send(0, TAG_BLOCK, buf, n, e);
    free(buf);
    return rc;
}

/* Room for n kept deals in block b (its rows or its struct kept), NULL when out of memory. */
static void *room(const struct run *r, struct block *b, int n)
{
    if (r->tally) {
        int *rows = n > b->caprows ? realloc(b->rows, (size_t)n * kept_size(r)) : b->rows;

        if (rows && n > b->caprows) {
            b->rows = rows;
            b->caprows = n;
        }
        return rows;
    }
    struct kept *acc = n > b->cap ? realloc(b->acc, (size_t)n * sizeof *acc) : b->acc;

    if (acc && n > b->cap) {
        b->acc = acc;
        b->cap = n;
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
    b->nacc = h.nacc;
    b->plain_total = h.plain_total;
    b->rc = h.rc;
    b->late = h.late;
    b->err = h.err;
    if (h.rc != PD_OK) /* name the rank: its files and libraries may differ from rank 0's */
        snprintf(b->err.msg, sizeof b->err.msg, "rank %d: %.200s", from, h.err.msg);
    return PD_OK;
}

struct block *lmpi_take(struct run *r, long long k, struct pd_err *e)
{
    int from = (int)(k % r->nranks), tag = 0;
    void *buf = NULL;
    size_t n = 0;
    enum pd_status rc = pd_mpi_recv(from, &tag, &buf, &n, e);

    if (rc == PD_OK && tag != TAG_BLOCK)
        rc = pd_fail(e, PD_ERR_INTERNAL, "rank %d ended its run before block %lld", from, k);
    if (rc == PD_OK)
        rc = unpack(r, k, from, buf, n, e);
    free(buf);
    return rc == PD_OK ? &r->remote : NULL;
}

void lmpi_stop(struct run *r)
{
    struct pd_err ignored;

    for (int to = 1; to < r->nranks; to++)
        pd_mpi_notify(to, TAG_STOP);
    for (int from = 1; from < r->nranks; from++) {
        int tag = TAG_BLOCK;

        while (tag != TAG_END) {
            void *buf = NULL;
            size_t n;

            if (pd_mpi_recv(from, &tag, &buf, &n, &ignored) != PD_OK)
                break; /* the rank is gone: mpirun reports it */
            free(buf);
        }
    }
}

enum pd_status lmpi_serve(struct run *r, struct pd_err *e)
{
    enum pd_status rc = PD_OK;
    int tag = 0;
    void *buf = NULL;
    size_t n;

    for (long long j = 0; j < r->nlocal && rc == PD_OK; j++) {
        struct block *b = r->local->wait(r, j);
        bool failed = b->rc != PD_OK;

        if (pd_mpi_waiting(0, TAG_STOP))
            break;
        rc = send_block(r, b, e);
        r->local->release(r, j);
        if (failed)
            break; /* rank 0 reports it when it reaches this block */
    }
    r->abort = true;
    /* Rank 0 always says stop once its run is over; then this rank's end closes the drain. */
    while (tag != TAG_STOP && pd_mpi_recv(0, &tag, &buf, &n, e) == PD_OK) {
        free(buf);
        buf = NULL;
    }
    if (pd_mpi_send(0, TAG_END, "", 0, e) != PD_OK && rc == PD_OK)
        rc = e->code;
    return rc;
}
