/* dealer/cmd/cmd.h - the subcommands whose front-ends are in dealer/cmd/. predup.c is their only caller:
 * argv[0] is the subcommand's name; they print their normal output, and errors go to e,
 * which predup.c reports. */
#ifndef PREDUP_DEALER_CMD_H
#define PREDUP_DEALER_CMD_H

#include "dealer/base/base.h"

/* Each command's option tables (its forms' each), for predup --complete. */
extern const struct pd_opt_table *const cmd_key_options[];
extern const struct pd_opt_table *const cmd_number_options[];
extern const struct pd_opt_table *const cmd_dealer_options[];

enum pd_status cmd_key(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_number(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_dealer(int argc, char **argv, struct pd_err *e);

#endif
