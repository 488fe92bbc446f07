/* pbn/cmd/cmd_squaredeal.c - the options of the --squaredeal forms of `predup deal` and `predup
 * verify` (a SquareDeal event's sessions), which both read: pbn/cmd/cmd_deal.c and
 * pbn/cmd/cmd_verify.c parse them here and call sqd_deal_session or sqd_verify_sets
 * (pbn/sets/squaredeal.c). */
#include <string.h>

#include "pbn/cmd/cmd_int.h"

bool pbn_has_option(int argc, char **argv, const char *name)
{
    size_t len = strlen(name);

    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strncmp(argv[i], name, len) == 0 && (argv[i][len] == '\0' || argv[i][len] == '='))
            return true;
    return false;
}

/* A number 1..9999 at *p, which is moved past it. */
static bool take_number(const char **p, int *out)
{
    long v = 0;
    const char *q = *p;

    while (*q >= '0' && *q <= '9' && v <= 9999)
        v = v * 10 + (*q++ - '0');
    if (q == *p || v < 1 || v > 9999)
        return false;
    *p = q;
    *out = (int)v;
    return true;
}

/* "PHASE,SESSION", or "PHASE,FIRST-LAST" for a file of combined sessions. */
static enum pd_status parse_session(const char *arg, struct sqd_span *sp, struct pd_err *e)
{
    const char *p = arg;
    bool ok = take_number(&p, &sp->phase) && *p++ == ',' && take_number(&p, &sp->lo);

    sp->hi = sp->lo;
    if (ok && *p == '-') {
        p++;
        ok = take_number(&p, &sp->hi) && sp->hi > sp->lo;
    }
    if (!ok || *p)
        return pd_fail(e, PD_ERR_USAGE,
                       "--session wants PHASE,SESSION (like 1,2; 1,1-3 for combined sessions), "
                       "not \"%s\"", arg);
    return PD_OK;
}

enum pd_status sqd_read_opts(int argc, char **argv, bool writes, struct sqd_set_opts *o,
                             bool *help, struct pd_err *e)
{
    struct pd_opts p;
    int c;
    enum pd_status rc = pd_opts_begin(&p, "Q squaredeal  n session  b boards  o output  f format",
                                      "r reserve  h help  F force  P public", writes ? "o:h" : "h",
                                      argc, argv, e);

    *o = (struct sqd_set_opts){.out = "-"};
    *help = false;
    while (rc == PD_OK && (c = pd_opts_next(&p)) != -1) {
        if (c == 'Q')
            o->sqd = optarg;
        else if (c == 'n')
            rc = parse_session(optarg, &o->span, e);
        else if (c == 'r')
            o->span.reserve = true;
        else if (c == 'b')
            o->boards = optarg;
        else if (c == 'h')
            *help = true;
        else if (writes && c == 'o')
            o->out = optarg;
        else if (writes && c == 'f')
            o->formats = optarg;
        else if (writes && c == 'F')
            o->out_flags |= PD_OUT_FORCE;
        else if (writes && c == 'P')
            o->out_flags |= PD_OUT_PUBLIC;
        else {
            char cmd[64];

            snprintf(cmd, sizeof cmd, "predup %s --squaredeal EVENT.sqd", argv[0]);
            rc = pd_opts_refuse(&p, cmd, e);
        }
    }
    return rc;
}
