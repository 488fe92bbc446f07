/* pbn/cmd/cmd.h - the subcommands whose front-ends are in pbn/cmd/. predup.c is their only caller:
 * argv[0] is the subcommand's name; they print their normal output, and errors go to e,
 * which predup.c reports. */
#ifndef PREDUP_PBN_CMD_H
#define PREDUP_PBN_CMD_H

#include "dealer/base/base.h"

/* Each command's option tables (its forms' each), for predup --complete. */
extern const struct pd_opt_table *const cmd_deal_options[];
extern const struct pd_opt_table *const cmd_verify_options[];
extern const struct pd_opt_table *const cmd_check_options[];
extern const struct pd_opt_table *const cmd_convert_options[];

enum pd_status cmd_deal(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_verify(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_check(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_convert(int argc, char **argv, struct pd_err *e);

#endif
