/* pbn/cmd_convert.c - placeholder until the formats work lands: says so and fails. */
#include "pbn/pbn.h"

enum pd_status cmd_check(int argc, char **argv, struct pd_err *e)
{
    (void)argc;
    (void)argv;
    return pd_fail(e, PD_ERR_USAGE, "check is not built yet");
}

enum pd_status cmd_convert(int argc, char **argv, struct pd_err *e)
{
    (void)argc;
    (void)argv;
    return pd_fail(e, PD_ERR_USAGE, "convert is not built yet");
}
