/* config/commands/cmd_squaredeal.c - the options of the --squaredeal forms of `predup deal` and
 * `predup verify` (a SquareDeal event's sessions), which both read: config/commands/cmd_deal.c
 * and config/commands/cmd_verify.c parse them here and call sqd_deal_session or sqd_verify_sets
 * (pbn/sets/squaredeal.c); and the setters of --dealer, --vul and --label, which both take. */
#include <stddef.h>
#include <string.h>

#include "config/commands/commands.h"

bool cmd_has_option(int argc, char **argv, const char *name)
{
    size_t len = strlen(name);

    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strncmp(argv[i], name, len) == 0 && (argv[i][len] == '\0' || argv[i][len] == '='))
            return true;
    return false;
}

enum pd_status cmd_opt_seat(void *opts, const struct pd_opt *row, const char *value,
                            struct pd_err *e)
{
    return board_opt_seat("--dealer", value, (int *)(void *)((char *)opts + row->at), e);
}

enum pd_status cmd_opt_vul(void *opts, const struct pd_opt *row, const char *value,
                           struct pd_err *e)
{
    return board_opt_vul("--vul", value, (int *)(void *)((char *)opts + row->at), e);
}

enum pd_status cmd_opt_label(void *opts, const struct pd_opt *row, const char *value,
                             struct pd_err *e)
{
    *(const char **)(void *)((char *)opts + row->at) = value;
    return pd_label_check("--label", value, e);
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

struct sqd_args {
    struct sqd_set_opts o;
    bool help;
};

static enum pd_status set_session(void *opts, const struct pd_opt *row, const char *value,
                                  struct pd_err *e)
{
    (void)row;
    return parse_session(value, &((struct sqd_args *)opts)->o.span, e);
}

#define SQD_AT(member) PD_OPT_AT(struct sqd_args, member)
static const struct pd_opt sqd_rows[] = {
    {0, "squaredeal", PD_OPT_VALUE, SQD_AT(o.sqd), .arg = "EVENT.sqd", .words = "*.sqd",
     .usage = CMD_SQD_USAGE_DEAL | CMD_SQD_USAGE_VERIFY,
     .help = "the public event file (with its DV line); the revealed keys EVENT.sqk beside "
             "it, whose SHA-256 must match its KH line"},
    {0, "session", PD_OPT_VALUE, .set = set_session, .arg = "PHASE,SESSION",
     .usage = CMD_SQD_USAGE_DEAL,
     .help = "the session (1,2); 1,1-3: sessions 1 to 3, which SquareDeal combined in one "
             "file"},
    {0, "reserve", PD_OPT_FLAG, SQD_AT(o.span.reserve), .help = "the session's reserve set"},
    {0, "boards", PD_OPT_VALUE, SQD_AT(o.boards), .arg = "LIST",
     .help = "the boards of a phase published with \"?\" (as SquareDeal asks them)"},
    {'h', "help", PD_OPT_STOP, SQD_AT(help)},
    {0},
};
static const struct pd_opt_table sqd_common = {"predup --squaredeal", sqd_rows, NULL, 25};
/* deal --squaredeal writes a set. */
static const struct pd_opt sqd_write_rows[] = {
    {'o', "output", PD_OPT_VALUE, SQD_AT(o.out), .arg = "FILE", .words = "*",
     .help = "where to write (stdout); its extension chooses the format unless --format"},
    {0, "format", PD_OPT_VALUE, SQD_AT(o.formats), .arg = "LIST", .words = "@formats,",
     .help = "several formats at once (pbn,dup,dlm), as for predup deal"},
    {0, "force", PD_OPT_FLAG, PD_OPT_BITS(struct sqd_args, o.out_flags, PD_OUT_FORCE),
     .help = "replace an existing FILE with other content"},
    {0, "public", PD_OPT_FLAG, PD_OPT_BITS(struct sqd_args, o.out_flags, PD_OUT_PUBLIC),
     .help = "make FILE 0666 less the umask (default 0600: it reveals the deals)"},
    {0},
};
/* verify --squaredeal writes nothing: the writing options are refused by name. */
static const struct pd_opt sqd_verify_rows[] = {
    {'o', "output", PD_OPT_REFUSED, .arg = "FILE"},
    {0, "format", PD_OPT_REFUSED, .arg = "LIST"},
    {0, "force", PD_OPT_REFUSED},
    {0, "public", PD_OPT_REFUSED},
    {0},
};
const struct pd_opt_table cmd_sqd_deal_table = {"predup deal --squaredeal EVENT.sqd",
                                                sqd_write_rows, &sqd_common, 27};
const struct pd_opt_table cmd_sqd_verify_table = {"predup verify --squaredeal EVENT.sqd",
                                                  sqd_verify_rows, &sqd_common, 27};

enum pd_status cmd_sqd_read_opts(int argc, char **argv, bool writes, struct sqd_set_opts *o,
                             bool *help, int *first, struct pd_err *e)
{
    struct sqd_args a = {.o = {.out = "-"}};
    enum pd_status rc = pd_opts_parse(writes ? &cmd_sqd_deal_table : &cmd_sqd_verify_table, &a, argc,
                                      argv, first, e);

    *o = a.o;
    *help = a.help;
    return rc;
}
