/* machine/cmd/cmd_int.h - internal to machine/cmd/: the option reader fill and sim share
 * (cmd_fill.c reads both commands' options; cmd_sim.c adds the simulator's own). */
#ifndef PREDUP_MACHINE_CMD_INT_H
#define PREDUP_MACHINE_CMD_INT_H

#include "machine/machine.h"

/* The letters pd_opts_next returns for sim's own options. */
enum { FILL_OPT_SEED = 'S', FILL_OPT_FAULT = 'f', FILL_OPT_RATE = 'R', FILL_OPT_DECK = 'K' };
/* Reads one of sim's own options into s. */
typedef enum pd_status (*fill_sim_opt_fn)(int c, const char *arg, struct fill_opts *o,
                                          struct mach_sim_opts *s, struct pd_err *e);
/* Options of both commands: sim_opt and sim_extra take sim's own (NULL for fill, which
 * refuses them and names predup sim). */
enum pd_status fill_parse_opts(int argc, char **argv, struct fill_opts *o, fill_sim_opt_fn sim_opt,
                               struct mach_sim_opts *sim_extra, struct pd_err *e);

/* fill_run, with the operator page of --web up (its port bound) before the fill starts and
 * down when it ends. */
enum pd_status fill_run_web(struct fill_opts *o, struct mach_profile *prof, bool is_sim_cmd,
                            struct pd_err *e);

#endif
