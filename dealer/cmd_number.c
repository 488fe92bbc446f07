/* dealer/cmd_number.c - `predup number N` prints deal N as a PBN deal string; `predup number
 * --deal "N:..."` prints the number of a deal. Numbers are Pavlicek's, 0 .. D-1. */
#include <string.h>

#include "dealer/dealer.h"

static const char number_usage[] =
    "usage: predup number N               print deal N (0 .. D-1, Pavlicek's order) as PBN\n"
    "       predup number --deal \"N:...\"  print the number of a complete deal\n";

static enum pd_status number_of_deal(const char *text, struct pd_err *e)
{
    struct deal d;
    unsigned known;
    deal_num n;
    char dec[40];
    enum pd_status rc = deal_from_pbn(text, &d, &known, e);

    if (rc != PD_OK)
        return rc;
    if (known != 0xF)
        return pd_fail(e, PD_ERR_RANGE, "the deal must give all four hands");
    rc = deal_to_number(&d, &n, e);
    if (rc != PD_OK)
        return rc;
    deal_num_to_dec(n, dec);
    printf("%s\n", dec);
    return PD_OK;
}

enum pd_status cmd_number(int argc, char **argv, struct pd_err *e)
{
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        fputs(number_usage, stdout);
        return PD_OK;
    }
    if (argc == 3 && strcmp(argv[1], "--deal") == 0)
        return number_of_deal(argv[2], e);
    if (argc != 2 || argv[1][0] == '-')
        return pd_fail(e, PD_ERR_USAGE, "expected \"number N\" or \"number --deal \\\"N:...\\\"\"");
    deal_num n;
    struct deal d;
    char pbn[DEAL_PBN_LEN];
    enum pd_status rc = deal_num_from_dec(argv[1], &n, e);

    if (rc == PD_OK)
        rc = deal_from_number(n, &d, e);
    if (rc != PD_OK)
        return rc;
    deal_to_pbn(&d, SEAT_N, 0xF, pbn);
    printf("%s\n", pbn);
    return PD_OK;
}
