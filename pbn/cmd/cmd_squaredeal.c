/* pbn/cmd/cmd_squaredeal.c - the front-ends of `predup deal --squaredeal EVENT.sqd --session P,S`
 * and `predup verify --squaredeal EVENT.sqd SET...`: they read the options into a sqd_set_opts
 * and call sqd_deal_session or sqd_verify_sets (pbn/sets/squaredeal.c). cmd_deal and cmd_verify
 * hand over to them when --squaredeal is among their arguments. */
#include <string.h>

#include "pbn/cmd/cmd.h"
#include "pbn/sets/sets.h"

static const char sqd_deal_usage[] =
    "usage: predup deal --squaredeal EVENT.sqd --session PHASE,SESSION [--reserve]\n"
    "                   [--boards LIST] [-o FILE] [--format LIST] [--force] [--public]\n"
    "  Re-deals one session of a SquareDeal event exactly as Big Deal dealt it, from the public\n"
    "  EVENT.sqd (with its DV line) and the revealed keys EVENT.sqk beside it; the .sqk's\n"
    "  SHA-256 must match the .sqd's KH line. --reserve deals the session's reserve set.\n"
    "  --boards gives the boards of a phase published with \"?\" (as SquareDeal asks them).\n"
    "  Writes PBN to FILE or stdout, or the formats --format or FILE's extension names;\n"
    "  0600 unless --public, and an existing FILE with other content is kept unless --force.\n";

static const char sqd_verify_usage[] =
    "usage: predup verify --squaredeal EVENT.sqd [--session PHASE,SESSION[-LAST]] [--reserve]\n"
    "                     [--boards LIST] SET...\n"
    "  Checks each SET (PBN or any format predup reads) against the session's deals: every\n"
    "  board there once, the deal, dealer and vulnerability as Big Deal writes them. Without\n"
    "  --session the session comes from SET's file name (SWISS02.pbn: the phase whose file\n"
    "  prefix is SWISS##, session 2; a name ending in \"reserve\" is the reserve set), and\n"
    "  SWISS01-03.pbn (or --session 1,1-3) is a file of sessions 1 to 3 that SquareDeal combined.\n"
    "  Exit 0 when every set matches, 1 naming each board and what differs.\n";

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

/* Options of both commands; -o and --format only where out is wanted. *help set on --help. */
static enum pd_status parse_sqd_opts(int argc, char **argv, bool writes, struct sqd_set_opts *o,
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
        else
            rc = pd_fail(e, PD_ERR_USAGE, "unknown option or missing value: \"%s\"",
                         argv[optind - 1]);
    }
    return rc;
}

enum pd_status cmd_deal_squaredeal(int argc, char **argv, struct pd_err *e)
{
    struct sqd_set_opts o;
    bool help;
    enum pd_status rc = parse_sqd_opts(argc, argv, true, &o, &help, e);

    if (rc == PD_OK && help) {
        fputs(sqd_deal_usage, stdout);
        return PD_OK;
    }
    if (rc == PD_OK && optind != argc)
        rc = pd_fail(e, PD_ERR_USAGE, "unexpected argument \"%s\"", argv[optind]);
    if (rc == PD_OK && (!o.sqd || !o.span.phase))
        rc = pd_fail(e, PD_ERR_USAGE,
                     "expected: deal --squaredeal EVENT.sqd --session PHASE,SESSION");
    if (rc == PD_OK && o.span.lo != o.span.hi)
        rc = pd_fail(e, PD_ERR_USAGE, "deal --squaredeal deals one session at a time");
    return rc == PD_OK ? sqd_deal_session(&o, e) : rc;
}

enum pd_status cmd_verify_squaredeal(int argc, char **argv, struct pd_err *e)
{
    struct sqd_set_opts o;
    bool help;
    enum pd_status rc = parse_sqd_opts(argc, argv, false, &o, &help, e);

    if (rc == PD_OK && help) {
        fputs(sqd_verify_usage, stdout);
        return PD_OK;
    }
    if (rc == PD_OK && (!o.sqd || optind >= argc))
        rc = pd_fail(e, PD_ERR_USAGE, "expected: verify --squaredeal EVENT.sqd SET...");
    return rc == PD_OK ? sqd_verify_sets(&o, argc - optind, argv + optind, e) : rc;
}
