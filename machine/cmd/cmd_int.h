/* machine/cmd/cmd_int.h - internal to machine/cmd/: the options fill and sim share (cmd_fill.c
 * reads both commands' options; cmd_sim.c adds the simulator's own rows). */
#ifndef PREDUP_MACHINE_CMD_INT_H
#define PREDUP_MACHINE_CMD_INT_H

#include "machine/machine.h"

/* fill's and sim's options: the engine's, and the front-end's own (--help, --list, --status,
 * --web: what the front-end does rather than the engine). */
struct fill_args {
    struct fill_opts o;
    bool help, list, status;
    const char *web;               /* --web [ADDR:]PORT as given: the front-end starts the page */
    const char *resume_also[4];    /* what the resume hint repeats: --yes, --web PORT */
};
/* sim's: fill's first (fill's rows read them at the same offsets), then the simulator's. */
struct sim_args {
    struct fill_args f;
    struct mach_sim_opts extra;
};

/* The rows fill and sim share: sim's table chains to them. */
extern const struct pd_opt_table fill_shared_table;
/* Reads the options of t (fill's or sim's) into a (a struct fill_args, or a struct sim_args
 * for sim's), and the one SET.pbn (none with --list). */
enum pd_status fill_parse_opts(const struct pd_opt_table *t, struct fill_args *a, int argc,
                               char **argv, struct pd_err *e);

/* fill_run (or fill_status), with the operator page of --web up (its port bound) before the
 * fill starts and down when it ends. */
enum pd_status fill_run_web(struct fill_args *a, struct mach_profile *prof, struct pd_err *e);

#endif
