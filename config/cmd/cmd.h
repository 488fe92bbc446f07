/* config/cmd/cmd.h - the subcommands whose front-ends are in config/cmd/. predup.c is their only caller:
 * argv[0] is the subcommand's name; they print their normal output, and errors go to e,
 * which predup.c reports. */
#ifndef PREDUP_CONFIG_CMD_H
#define PREDUP_CONFIG_CMD_H

#include "dealer/base/base.h"

/* The command's option tables (event deal's), for predup --complete. */
extern const struct pd_opt_table *const cmd_event_options[];

enum pd_status cmd_event(int argc, char **argv, struct pd_err *e);

#endif
