/* dealer/run/mpi_module.c - run.h's pd_mpi_* in predup: a process that mpirun (or another PMI
 * launcher) did not start is rank 0 of 1 and loads nothing, every call below a no-op; one that
 * mpirun started loads the MPI module predup-mpi.so (dealer/run/mpi.c, linked with libmpi,
 * which predup does not link: mpi_int.h) at pd_mpi_start and calls through its table. The
 * module is found and checked as every module of predup's is (pd_module_open: beside the
 * program, then PREFIX/lib/predup/). */
#include <limits.h>
#include <stdlib.h>

#include "dealer/run/mpi_int.h"

static const struct lmpi_module *mpi; /* set by pd_mpi_start under mpirun, before any thread */

/* Launchers name the rank in the environment: OpenMPI's mpirun, PMIx, and PMI-1/2 ones. NULL
 * when none did; else the rank's number as the launcher wrote it, or "?" when it gave only
 * the size. */
static const char *launcher_rank(void)
{
    static const char *vars[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"};
    const char *r;

    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if ((r = getenv(vars[i])))
            return r;
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE") ? "?" : NULL;
}

/* The module is loaded RTLD_GLOBAL, as OpenMPI asks of a program that dlopens libmpi: its own
 * plugins (mca_*.so) of builds that do not link them with libmpi find its symbols that way
 * (Debian's 4.1 links them, and runs either way). A module that does not load is an error on
 * every rank (no MPI to gather them on rank 0 with), each naming its rank. */
enum pd_status pd_mpi_start(struct pd_err *e)
{
    static const struct pd_module module = {
        .file = "predup-mpi.so", .what = "MPI module", .a_what = "an MPI module",
        .table = "lmpi_module", .abi = LMPI_MODULE_ABI, .sizes = LMPI_MODULE_SIZES,
        .global = true,
    };
    const char *rank = launcher_rank();
    char why[2 * PATH_MAX + 400];

    if (!mpi && !rank)
        return PD_OK;
    if (!mpi && !(mpi = pd_module_open(&module, why, sizeof why)))
        return pd_fail(e, PD_ERR_INTERNAL, "rank %.12s: %s", rank, why);
    return mpi->start(e);
}

int pd_mpi_rank(void)
{
    return mpi ? mpi->rank() : 0;
}

int pd_mpi_size(void)
{
    return mpi ? mpi->size() : 1;
}

enum pd_status pd_mpi_agree(enum pd_status rc, struct pd_err *e)
{
    return mpi ? mpi->agree(rc, e) : rc;
}

enum pd_status pd_mpi_same(const struct pd_mpi_fact *facts, int n, const char *hint,
                           struct pd_err *e)
{
    return mpi ? mpi->same(facts, n, hint, e) : PD_OK;
}

void pd_mpi_share(void *p, size_t n)
{
    if (mpi)
        mpi->share(p, n);
}

/* Point to point without MPI: no other rank to talk to, a caller's bug (callers talk only when
 * pd_mpi_size() > 1). */
static enum pd_status no_job(struct pd_err *e, const char *what)
{
    return pd_fail(e, PD_ERR_INTERNAL, "%s without mpirun: no other rank", what);
}

enum pd_status pd_mpi_send(int to, int tag, const void *buf, size_t n, struct pd_err *e)
{
    return mpi ? mpi->send(to, tag, buf, n, e) : no_job(e, "MPI send");
}

enum pd_status pd_mpi_recv(int from, int *tag, void **buf, size_t *n, struct pd_err *e)
{
    if (mpi)
        return mpi->recv(from, tag, buf, n, e);
    *buf = NULL;
    *n = 0;
    return no_job(e, "MPI receive");
}

bool pd_mpi_waiting(int from, int tag)
{
    return mpi && mpi->waiting(from, tag);
}

enum pd_status pd_mpi_post(int to, int tag, const void *buf, size_t n, struct pd_mpi_post **h,
                           struct pd_err *e)
{
    if (mpi)
        return mpi->post(to, tag, buf, n, h, e);
    *h = NULL;
    return no_job(e, "MPI send");
}

enum pd_status pd_mpi_posted(struct pd_mpi_post **h, bool *done, struct pd_err *e)
{
    if (mpi)
        return mpi->posted(h, done, e);
    *done = false;
    return no_job(e, "MPI send");
}

void pd_mpi_notify(int to, int tag)
{
    if (mpi)
        mpi->notify(to, tag);
}

int pd_mpi_poll(int tag, long max_us)
{
    return mpi ? mpi->poll(tag, max_us) : -1;
}

enum pd_status pd_mpi_end(enum pd_status rc)
{
    return mpi ? mpi->end(rc) : rc;
}
