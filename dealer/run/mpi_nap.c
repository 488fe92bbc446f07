/* dealer/run/mpi_nap.c - the pause between two tests for a message, in a file of its own: both
 * predup (mpi_blocks.c) and its MPI module (mpi.c, which calls it back: module-host.list) wait
 * this way, and the module's table (mpi_int.h) is reached from mpi_module.c, so that here it
 * closes no loop of calls. */
#include <time.h>

#include "dealer/run/run.h"

/* OpenMPI's blocking calls spin on the CPU while they wait. Rank 0 waits for the other ranks
 * most of a run, on a host whose cores its own workers (and, on a small cluster, other ranks)
 * need: every wait of predup's and of its MPI module tests and sleeps instead, from 20 us up
 * to 1 ms between tests. */
void pd_mpi_nap(long *us)
{
    struct timespec ts = {0, *us * 1000};

    nanosleep(&ts, NULL);
    if (*us < 1000)
        *us *= 2;
}
