/* pbn/cmd/cmd_int.h - internal to the front-ends in pbn/cmd/: the options of the --squaredeal
 * form, which `predup deal` and `predup verify` share (pbn/cmd/cmd_squaredeal.c), and help
 * text wrapped at print time (pbn/cmd/usage.c). */
#ifndef PREDUP_PBN_CMD_INT_H
#define PREDUP_PBN_CMD_INT_H

#include "pbn/sets/sets.h"

/* The options of deal --squaredeal (writes: -o, --format, --force and --public too) and of
 * verify --squaredeal, as rows; sqd_read_opts reads them into o (*help set on --help, *first
 * the first operand). */
extern const struct pd_opt_table sqd_deal_table, sqd_verify_table;
enum pd_status sqd_read_opts(int argc, char **argv, bool writes, struct sqd_set_opts *o,
                             bool *help, int *first, struct pd_err *e);

/* Setters of rows (struct pd_opt) for --dealer N|E|S|W and --vul None|NS|EW|All, which deal
 * and verify both take: the int at row->at, through the deal model's parsers. */
enum pd_status cmd_opt_seat(void *opts, const struct pd_opt *row, const char *value,
                            struct pd_err *e);
enum pd_status cmd_opt_vul(void *opts, const struct pd_opt *row, const char *value,
                           struct pd_err *e);

/* True when option name (or name=VALUE) is among the arguments before any "--": cmd_deal and
 * cmd_verify take their --squaredeal form so. */
bool pbn_has_option(int argc, char **argv, const char *name);

/* text's words on stdout, on lines of at most 90 columns, each indented by two spaces. */
void pbn_print_wrapped(const char *text);

#endif
