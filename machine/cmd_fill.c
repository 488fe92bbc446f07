/* machine/cmd_fill.c - placeholder until the machine work lands: says so and fails. */
#include "machine/machine.h"

enum pd_status cmd_fill(int argc, char **argv, struct pd_err *e)
{
    (void)argc;
    (void)argv;
    return pd_fail(e, PD_ERR_USAGE, "fill is not built yet");
}

enum pd_status cmd_sim(int argc, char **argv, struct pd_err *e)
{
    (void)argc;
    (void)argv;
    return pd_fail(e, PD_ERR_USAGE, "sim is not built yet");
}
