/* dealer/lang_cmd.c - placeholder until the constraint language lands: says so and fails. */
#include "dealer/dealer.h"

enum pd_status cmd_dealer(int argc, char **argv, struct pd_err *e)
{
    (void)argc;
    (void)argv;
    return pd_fail(e, PD_ERR_USAGE, "dealer is not built yet");
}
