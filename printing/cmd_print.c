/* printing/cmd_print.c - placeholder until the printing work lands: says so and fails. */
#include "printing/printing.h"

enum pd_status cmd_analyze(int argc, char **argv, struct pd_err *e)
{
    (void)argc;
    (void)argv;
    return pd_fail(e, PD_ERR_USAGE, "analyze is not built yet");
}

enum pd_status cmd_print(int argc, char **argv, struct pd_err *e)
{
    (void)argc;
    (void)argv;
    return pd_fail(e, PD_ERR_USAGE, "print is not built yet");
}
