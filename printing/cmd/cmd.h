/* printing/cmd/cmd.h - the subcommands whose front-ends are in printing/cmd/. predup.c is their only caller:
 * argv[0] is the subcommand's name; they print their normal output, and errors go to e,
 * which predup.c reports. */
#ifndef PREDUP_PRINTING_CMD_H
#define PREDUP_PRINTING_CMD_H

#include "dealer/base/base.h"

/* Each command's option tables, for predup --complete. */
extern const struct pd_opt_table *const cmd_analyze_options[];
extern const struct pd_opt_table *const cmd_print_options[];

enum pd_status cmd_analyze(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_print(int argc, char **argv, struct pd_err *e);

#endif
