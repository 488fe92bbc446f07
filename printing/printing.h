/* printing/printing.h - hand records, curtain cards and dealing sheets as PDF (libharu), and the
 * double-dummy analysis of a set (libdds through dealer/): the one public header of printing/. */
#ifndef PREDUP_PRINTING_H
#define PREDUP_PRINTING_H

#include "dealer/dealer.h"
#include "pbn/pbn.h"

/* Subcommands (argv[0] is the subcommand name). */
enum pd_status cmd_analyze(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_print(int argc, char **argv, struct pd_err *e);

#endif
