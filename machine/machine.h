/* machine/machine.h - driving a card-sorting dealing machine: the open protocol, the controller
 * that fills boards, the transports (USB, in-process simulator), the simulator and the journal:
 * the one public header of machine/. */
#ifndef PREDUP_MACHINE_H
#define PREDUP_MACHINE_H

#include "dealer/dealer.h"
#include "pbn/pbn.h"

/* Subcommands (argv[0] is the subcommand name). */
enum pd_status cmd_fill(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_sim(int argc, char **argv, struct pd_err *e);

#endif
