/* dealer/run/mpi.c - predup beyond one machine: the thin layer over OpenMPI that `dealer` and
 * `analyze` use to split their work over the ranks of an mpirun job and gather it on rank 0.
 * Built into the MPI module predup-mpi.so (mpi_int.h), the one object linked with libmpi, which
 * predup loads only when mpirun (or another PMI launcher) started the process
 * (dealer/run/mpi_module.c), so that a plain run of the same binary never pays for libmpi nor
 * MPI_Init nor needs a launcher: each function here is run.h's pd_mpi_* of its name, called
 * through the table at the end. Messages are raw bytes: every rank runs the same binary
 * (README, "Beyond one machine"). */
#include <limits.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dealer/run/mpi_int.h"

static bool active;      /* MPI_Init_thread has been called */
static int my_rank, nranks = 1;
static bool reported;    /* this rank's failure is rank 0's to report (pd_mpi_agree, _same) */
static MPI_Request *notes; /* pd_mpi_notify's sends, completed by pd_mpi_end */
static int nnotes;

static enum pd_status mpi_start(struct pd_err *e)
{
    int provided = 0;

    if (active)
        return PD_OK;
    /* predup is not dumpable (predup.c: no other process may read its memory, which holds
     * the key), so the shared-memory transport's single copy, which reads the peer rank's
     * memory (process_vm_readv), fails as any user without CAP_SYS_PTRACE and prints
     * "Read -1, expected N, errno = 1" for every large message. Copy through the shared
     * segment instead, unless the user chose a mechanism. */
    setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 0);
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return pd_fail(e, PD_ERR_DEVICE, "MPI_Init failed (is this mpirun's OpenMPI?)");
    active = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &my_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    /* Errors come back as codes, reported as predup errors, instead of aborting the job. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (my_rank != 0 && !freopen("/dev/null", "w", stdout))
        return pd_fail(e, PD_ERR_IO, "rank %d: cannot discard its standard output", my_rank);
    return PD_OK;
}

static int mpi_rank(void)
{
    return my_rank;
}

static int mpi_size(void)
{
    return nranks;
}

static int wait_for(MPI_Request *rq)
{
    long us = 20;
    int done = 0, rc;

    while ((rc = MPI_Test(rq, &done, MPI_STATUS_IGNORE)) == MPI_SUCCESS && !done)
        pd_mpi_nap(&us);
    return rc;
}

static enum pd_status mpi_fail(struct pd_err *e, int code, const char *what)
{
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;

    if (MPI_Error_string(code, text, &len) != MPI_SUCCESS)
        snprintf(text, sizeof text, "error %d", code);
    return pd_fail(e, PD_ERR_DEVICE, "rank %d: %s: %s", my_rank, what, text);
}

static enum pd_status mpi_agree(enum pd_status rc, struct pd_err *e)
{
    int mine = (int)rc, *all, root = -1;
    struct pd_err why = {0};

    if (!active || nranks == 1)
        return rc;
    all = calloc((size_t)nranks, sizeof *all);
    MPI_Request rq;

    if (!all || MPI_Iallgather(&mine, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD, &rq) !=
                    MPI_SUCCESS || wait_for(&rq) != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, pd_exit_code(PD_ERR_NOMEM)); /* no way to agree: end the job */
    for (int r = 0; r < nranks && root < 0; r++)
        if (all[r] != PD_OK)
            root = r;
    free(all);
    if (root < 0)
        return PD_OK;
    if (my_rank == root && e)
        why = *e;
    MPI_Bcast(&why, sizeof why, MPI_BYTE, root, MPI_COMM_WORLD);
    if (my_rank != 0) {
        reported = true;
        return why.code ? why.code : PD_ERR_INTERNAL;
    }
    if (root != 0 && e) {
        char msg[sizeof why.msg];

        snprintf(msg, sizeof msg, "%s", why.msg);
        *e = why;
        snprintf(e->msg, sizeof e->msg, "rank %d: %.200s", root, msg);
    }
    return why.code ? why.code : PD_ERR_INTERNAL;
}

/* Appends to the text at buf (size bytes, *len used), cut short when it is full. */
static void __attribute__((format(printf, 4, 5)))
append(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
    va_list ap;
    int k;

    if (*len >= size - 1)
        return;
    va_start(ap, fmt);
    k = vsnprintf(buf + *len, size - *len, fmt, ap);
    va_end(ap);
    *len = k < 0 ? *len : *len + (size_t)k < size ? *len + (size_t)k : size - 1;
}

/* pd_mpi_same's verdict from every rank's digests (all: nranks rows of one bytes): the ranks
 * whose facts differ from rank 0's, with what differs ("rank 1 (script), rank 3 (seed,
 * options)"), eight at most and then how many more. */
static enum pd_status differ(const struct pd_mpi_fact *facts, int n, const char *all,
                             size_t one, const char *hint, struct pd_err *e)
{
    const size_t sha = sizeof facts->sha;
    char list[600] = "";
    size_t len = 0;
    int shown = 0, more = 0;

    for (int r = 1; r < nranks; r++) {
        const char *theirs = all + (size_t)r * one;
        int k = 0;

        for (int i = 0; i < n; i++) {
            const char *a = theirs + (size_t)i * sha, *b = all + (size_t)i * sha;

            if (!a[0] || !b[0] || !memcmp(a, b, sha)) /* equal, or not known on one */
                continue;
            if (k == 0 && shown == 8) {
                more++;
                break;
            }
            if (k++ == 0)
                append(list, sizeof list, &len, "%srank %d (%s", shown++ ? "), " : "", r,
                       facts[i].what);
            else
                append(list, sizeof list, &len, ", %s", facts[i].what);
        }
    }
    if (!shown)
        return PD_OK;
    append(list, sizeof list, &len, ")");
    if (more)
        append(list, sizeof list, &len, " and %d more rank%s", more, more == 1 ? "" : "s");
    return pd_fail(e, PD_ERR_USAGE, "the ranks of this mpirun job differ from rank 0: %s; %s",
                   list, hint);
}

static enum pd_status mpi_same(const struct pd_mpi_fact *facts, int n, const char *hint,
                               struct pd_err *e)
{
    size_t one = (size_t)n * sizeof facts->sha;
    char *mine, *all;
    enum pd_status rc;
    MPI_Request rq;

    if (!active || nranks == 1 || n <= 0)
        return PD_OK;
    mine = malloc(one);
    all = calloc((size_t)nranks, one);
    for (int i = 0; mine && i < n; i++)
        memcpy(mine + (size_t)i * sizeof facts->sha, facts[i].sha, sizeof facts->sha);
    if (!mine || !all || one > INT_MAX / (size_t)nranks ||
        MPI_Iallgather(mine, (int)one, MPI_BYTE, all, (int)one, MPI_BYTE, MPI_COMM_WORLD, &rq) !=
            MPI_SUCCESS || wait_for(&rq) != MPI_SUCCESS)
        MPI_Abort(MPI_COMM_WORLD, pd_exit_code(PD_ERR_NOMEM)); /* no way to agree: end the job */
    rc = differ(facts, n, all, one, hint, e);
    free(mine);
    free(all);
    if (rc != PD_OK && my_rank != 0)
        reported = true; /* every rank knows; rank 0 says it, once */
    return rc;
}

static void mpi_share(void *p, size_t n)
{
    if (active && nranks > 1 && n <= INT_MAX)
        MPI_Bcast(p, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
}

static enum pd_status mpi_send(int to, int tag, const void *buf, size_t n, struct pd_err *e)
{
    int rc;

    if (n > INT_MAX)
        return pd_fail(e, PD_ERR_LIMIT, "rank %d: a message of %zu bytes is too large for MPI",
                       my_rank, n);
    MPI_Request rq;

    rc = MPI_Issend(buf, (int)n, MPI_BYTE, to, tag, MPI_COMM_WORLD, &rq);
    if (rc == MPI_SUCCESS)
        rc = wait_for(&rq);
    return rc == MPI_SUCCESS ? PD_OK : mpi_fail(e, rc, "MPI_Issend");
}

struct pd_mpi_post {
    MPI_Request rq;
};

static enum pd_status mpi_post(int to, int tag, const void *buf, size_t n,
                               struct pd_mpi_post **h, struct pd_err *e)
{
    int rc;

    *h = NULL;
    if (n > INT_MAX)
        return pd_fail(e, PD_ERR_LIMIT, "rank %d: a message of %zu bytes is too large for MPI",
                       my_rank, n);
    if (!(*h = malloc(sizeof **h)))
        return pd_fail(e, PD_ERR_NOMEM, "rank %d: out of memory sending to rank %d", my_rank, to);
    rc = MPI_Issend(buf, (int)n, MPI_BYTE, to, tag, MPI_COMM_WORLD, &(*h)->rq);
    if (rc != MPI_SUCCESS) {
        free(*h);
        *h = NULL;
        return mpi_fail(e, rc, "MPI_Issend");
    }
    return PD_OK;
}

static enum pd_status mpi_posted(struct pd_mpi_post **h, bool *done, struct pd_err *e)
{
    int flag = 0, rc = MPI_Test(&(*h)->rq, &flag, MPI_STATUS_IGNORE);

    *done = rc == MPI_SUCCESS && flag;
    if (rc != MPI_SUCCESS || flag) {
        free(*h);
        *h = NULL;
    }
    return rc == MPI_SUCCESS ? PD_OK : mpi_fail(e, rc, "MPI_Test");
}

static enum pd_status mpi_recv(int from, int *tag, void **buf, size_t *n, struct pd_err *e)
{
    MPI_Status st;
    int count = 0, flag = 0, rc;
    long us = 20;

    int want = *tag == PD_MPI_ANY_TAG ? MPI_ANY_TAG : *tag;

    while ((rc = MPI_Iprobe(from, want, MPI_COMM_WORLD, &flag, &st)) == MPI_SUCCESS && !flag)
        pd_mpi_nap(&us);

    *buf = NULL;
    *n = 0;
    if (rc != MPI_SUCCESS)
        return mpi_fail(e, rc, "MPI_Iprobe");
    MPI_Get_count(&st, MPI_BYTE, &count);
    if (!(*buf = malloc(count ? (size_t)count : 1)))
        return pd_fail(e, PD_ERR_NOMEM, "out of memory receiving from rank %d", from);
    rc = MPI_Recv(*buf, count, MPI_BYTE, from, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) {
        free(*buf);
        *buf = NULL;
        return mpi_fail(e, rc, "MPI_Recv");
    }
    *tag = st.MPI_TAG;
    *n = (size_t)count;
    return PD_OK;
}

static void mpi_notify(int to, int tag)
{
    static char none;
    MPI_Request *n;

    if (!active || !(n = realloc(notes, (size_t)(nnotes + 1) * sizeof *n)))
        return;
    notes = n;
    if (MPI_Isend(&none, 0, MPI_BYTE, to, tag, MPI_COMM_WORLD, &notes[nnotes]) == MPI_SUCCESS)
        nnotes++;
}

static bool mpi_waiting(int from, int tag)
{
    int flag = 0;

    if (active)
        MPI_Iprobe(from, tag == PD_MPI_ANY_TAG ? MPI_ANY_TAG : tag, MPI_COMM_WORLD, &flag,
                   MPI_STATUS_IGNORE);
    return flag != 0;
}

/* Each probe runs OpenMPI's progress engine, which costs a good part of a millisecond on a
 * loaded host: a rank that polls while its own thread solves (analyze's rank 0) tests every
 * 5 ms, which its peers' work (a board takes tenths of a second) does not notice. */
static int mpi_poll(int tag, long max_us)
{
    MPI_Status st;
    long slept = 0;
    int flag = 0;

    while (active && MPI_Iprobe(MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &flag, &st) == MPI_SUCCESS &&
           !flag && slept < max_us) {
        struct timespec ts = {0, 5000 * 1000L};

        nanosleep(&ts, NULL);
        slept += 5000;
    }
    return flag ? st.MPI_SOURCE : -1;
}

static enum pd_status mpi_end(enum pd_status rc)
{
    if (!active)
        return rc;
    fflush(stdout);
    for (int i = 0; i < nnotes; i++)
        wait_for(&notes[i]);
    free(notes);
    notes = NULL;
    nnotes = 0;
    MPI_Finalize();
    active = false;
    /* Rank 0 reports and exits with the status; a second non-zero exit would only race
     * mpirun's abort of the job against rank 0's message. */
    return reported && my_rank != 0 ? PD_OK : rc;
}

/* The module's one table (mpi_int.h): the only name predup-mpi.so exports (its objects are
 * built with hidden visibility), looked up by pd_mpi_start (dealer/run/mpi_module.c). */
__attribute__((visibility("default"))) const struct lmpi_module lmpi_module = {
    .id = {.abi = LMPI_MODULE_ABI, .sizes = LMPI_MODULE_SIZES},
    .start = mpi_start,
    .rank = mpi_rank,
    .size = mpi_size,
    .agree = mpi_agree,
    .same = mpi_same,
    .share = mpi_share,
    .send = mpi_send,
    .recv = mpi_recv,
    .waiting = mpi_waiting,
    .post = mpi_post,
    .posted = mpi_posted,
    .notify = mpi_notify,
    .poll = mpi_poll,
    .end = mpi_end,
};
