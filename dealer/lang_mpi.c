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

/* A block on the wire: this header, then nacc struct kept (every rank runs the same binary). */
struct wire_head {
    long long index;
    enum pd_status rc;
    int nacc;
    uint64_t plain_total;
    struct pd_err err;
};

static enum pd_status send_block(const struct block *b, struct pd_err *e)
{
    size_t n = sizeof(struct wire_head) + (size_t)b->nacc * sizeof(struct kept);
    char *buf = malloc(n);
    struct wire_head h;
    enum pd_status rc;

    if (!buf)
        return pd_fail(e, PD_ERR_NOMEM, "rank %d: out of memory sending a block", pd_mpi_rank());
    memset(&h, 0, sizeof h);
    h.index = b->index;
    h.rc = b->rc;
    h.nacc = b->nacc;
    h.plain_total = b->plain_total;
    if (b->rc != PD_OK)
        h.err = b->err;
    memcpy(buf, &h, sizeof h);
    if (b->nacc)
        memcpy(buf + sizeof h, b->acc, (size_t)b->nacc * sizeof(struct kept));
    rc = pd_mpi_send(0, TAG_BLOCK, buf, n, e);
    free(buf);
    return rc;
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
    if (h.index != k || h.nacc < 0 ||
        n != sizeof h + (size_t)h.nacc * sizeof(struct kept))
        return pd_fail(e, PD_ERR_INTERNAL, "rank %d sent block %lld where %lld was due (is "
                                           "every rank the same predup?)", from, h.index, k);
    if (h.nacc > b->cap) {
        struct kept *acc = realloc(b->acc, (size_t)h.nacc * sizeof *acc);

        if (!acc)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory receiving from rank %d", from);
        b->acc = acc;
        b->cap = h.nacc;
    }
    if (h.nacc)
        memcpy(b->acc, buf + sizeof h, (size_t)h.nacc * sizeof(struct kept));
    b->index = h.index;
    b->nacc = h.nacc;
    b->plain_total = h.plain_total;
    b->rc = h.rc;
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
        struct block *b = lrun_wait_local(r, j);
        bool failed = b->rc != PD_OK;

        if (pd_mpi_waiting(0, TAG_STOP))
            break;
        rc = send_block(b, e);
        lrun_release_local(r, j);
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
