/* dealer/run/mpi_int.h - the MPI module's face: the one table through which predup reaches
 * OpenMPI. dealer/run/mpi.c, the thin layer over OpenMPI, is built into a module of its own,
 * predup-mpi.so, linked with libmpi; predup itself does not link libmpi (with the 5 libraries
 * it brings it cost every start about 1 ms of CPU, 1.7 under ASan) and loads the module only
 * when mpirun started the process (pd_mpi_start, dealer/run/mpi_module.c). The module exports
 * this table alone; it calls back only the few functions of predup the Makefile exports to it
 * (module-host.list). Each entry is the pd_mpi_* function of run.h of the same name, once MPI
 * is started. */
#ifndef PREDUP_DEALER_RUN_MPI_INT_H
#define PREDUP_DEALER_RUN_MPI_INT_H

#include "dealer/run/run.h"

/* Bumped whenever the table or a structure it passes changes shape; the module and the program
 * must agree on it and on the sizes below (a module of another build is refused). */
enum { LMPI_MODULE_ABI = 1 };
#define LMPI_MODULE_SIZES                                                                    \
    (sizeof(struct lmpi_module) ^ sizeof(struct pd_err) << 16 ^                              \
     sizeof(struct pd_mpi_fact) << 32)

struct lmpi_module {
    struct pd_module_id id; /* LMPI_MODULE_ABI, LMPI_MODULE_SIZES */
    enum pd_status (*start)(struct pd_err *e);
    int (*rank)(void);
    int (*size)(void);
    enum pd_status (*agree)(enum pd_status rc, struct pd_err *e);
    enum pd_status (*same)(const struct pd_mpi_fact *facts, int n, const char *hint,
                           struct pd_err *e);
    void (*share)(void *p, size_t n);
    enum pd_status (*send)(int to, int tag, const void *buf, size_t n, struct pd_err *e);
    enum pd_status (*recv)(int from, int *tag, void **buf, size_t *n, struct pd_err *e);
    bool (*waiting)(int from, int tag);
    enum pd_status (*post)(int to, int tag, const void *buf, size_t n, struct pd_mpi_post **h,
                           struct pd_err *e);
    enum pd_status (*posted)(struct pd_mpi_post **h, bool *done, struct pd_err *e);
    void (*notify)(int to, int tag);
    int (*poll)(int tag, long max_us);
    enum pd_status (*end)(enum pd_status rc);
};

#endif
