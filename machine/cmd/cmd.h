/* machine/cmd/cmd.h - the subcommands whose front-ends are in machine/cmd/. predup.c is their only caller:
 * argv[0] is the subcommand's name; they print their normal output, and errors go to e,
 * which predup.c reports. */
#ifndef PREDUP_MACHINE_CMD_H
#define PREDUP_MACHINE_CMD_H

#include "dealer/base/base.h"

/* Each command's option tables (its forms' each), for predup --complete. */
extern const struct pd_opt_table *const cmd_fill_options[];
extern const struct pd_opt_table *const cmd_sim_options[];
extern const struct pd_opt_table *const cmd_machine_options[];

enum pd_status cmd_fill(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_sim(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_machine(int argc, char **argv, struct pd_err *e);

#endif
