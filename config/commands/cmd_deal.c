/* config/commands/cmd_deal.c - `predup deal`'s front-end: reads its options into a
 * deal_set_opts and calls deal_set (pbn/sets/deal_set.c), the engine; its --squaredeal form
 * reads them into a sqd_set_opts and calls sqd_deal_session. `predup verify` is in
 * config/commands/cmd_verify.c. */

#include <string.h>

#include "config/commands/commands.h"

static const char deal_summary[] =
    "  Deals the boards of a set from (key, label, board number): the same inputs always give\n"
    "  the same deals, whatever -j. Dealer and vulnerability follow Law 2 from the board\n"
    "  number. Writes PBN 2.1 export format to FILE (a temporary name, then renamed) or\n"
    "  stdout. A SquareDeal event's sessions: predup deal --squaredeal EVENT.sqd --help.\n";

/* The format names, from the format table. */
static const char *format_help(char *buf, size_t len)
{
    char formats[160];

    pbn_format_list(formats, sizeof formats, " ", false);
    snprintf(buf, len, "several formats at once: pbn,dup,dlm writes set.pbn, set.dup and set.dlm "
             "(else FILE's extension says): %s (pbn/FORMATS.md)", formats);
    return buf;
}

/* The highest board number, from its one home. */
static const char *boards_help(char *buf, size_t len)
{
    snprintf(buf, len, "the boards (1-36); board numbers go from 1 to %d", BOARD_MAX);
    return buf;
}

/* The default --max-tries, from its one home. */
static const char *max_tries_help(char *buf, size_t len)
{
    snprintf(buf, len, "with --script, the attempts a board may take at most (%llu)",
             (unsigned long long)DEAL_MAX_TRIES);
    return buf;
}

enum { DEAL_USAGE_KEY = 1 }; /* the usage bit of --key: the first form names it */

struct deal_args {
    struct deal_set_opts o;
    bool help;
};

/* --script FILE, or a shipped script by name (--script minibridge). */
static enum pd_status set_script(void *opts, const struct pd_opt *row, const char *value,
                                 struct pd_err *e)
{
    static char shipped[1100];
    struct deal_set_opts *o = &((struct deal_args *)opts)->o;

    (void)row, (void)e;
    o->script = pd_find_shipped(value, "dealer/scripts", "scripts", ".dl", shipped,
                                sizeof shipped) ? shipped : value;
    return PD_OK;
}

/* --date: PBN's YYYY.MM.DD, as the Date tag is checked. */
static enum pd_status set_date(void *opts, const struct pd_opt *row, const char *value,
                               struct pd_err *e)
{
    (void)row;
    ((struct deal_args *)opts)->o.date = value;
    return pbn_date_valid(value) ? PD_OK
                                 : pd_fail(e, PD_ERR_USAGE, "--date wants YYYY.MM.DD, not \"%s\"",
                                           value);
}

#define DEAL_AT(member) PD_OPT_AT(struct deal_args, member)
#define DEAL_BITS(bits) PD_OPT_BITS(struct deal_args, o.out_flags, bits)
static const struct pd_opt deal_rows[] = {
    {0, "key", PD_OPT_VALUE, DEAL_AT(o.key_path), .arg = "FILE", .words = "*.key",
     .usage = DEAL_USAGE_KEY,
     .help = "the event's key (required; make one with: predup key new FILE)"},
    {0, "label", PD_OPT_VALUE, DEAL_AT(o.label), .set = cmd_opt_label, .arg = "L",
     .words = "original reserve",
     .help = "the set's label: original (the default), reserve, or any other name"},
    {0, "boards", PD_OPT_VALUE, DEAL_AT(o.boards), .arg = "1-36", .help_of = boards_help},
    {'o', "output", PD_OPT_VALUE, DEAL_AT(o.out), .arg = "FILE", .words = "*",
     .help = "where to write (stdout); its extension chooses the format unless --format"},
    {0, "format", PD_OPT_VALUE, DEAL_AT(o.formats), .arg = "LIST", .words = "@formats,",
     .help_of = format_help},
    {0, "script", PD_OPT_VALUE, .set = set_script, .arg = "FILE", .words = "*",
     .help = "deal every board to satisfy a dealer script (a shipped one by name: --script "
             "minibridge): its condition, its predeal cards and lengths; its dealer and "
             "vulnerable lines set every board's (a --dealer or --vul that says otherwise is "
             "refused). dealer/README.md specifies it"},
    {0, "max-tries", PD_OPT_VALUE, PD_OPT_NUM(struct deal_args, o.max_tries, 1, 1ULL << 40),
     .arg = "N", .help_of = max_tries_help},
    {0, "event", PD_OPT_VALUE, DEAL_AT(o.event), .arg = "TEXT", .help = "the Event tag"},
    {0, "site", PD_OPT_VALUE, DEAL_AT(o.site), .arg = "TEXT", .help = "the Site tag"},
    {0, "date", PD_OPT_VALUE, .set = set_date, .arg = "YYYY.MM.DD", .help = "the Date tag"},
    {0, "dealer", PD_OPT_VALUE, DEAL_AT(o.dealer), .set = cmd_opt_seat, .arg = "N|E|S|W",
     .words = "N E S W", .help = "the dealer of every board, instead of Law 2's"},
    {0, "vul", PD_OPT_VALUE, DEAL_AT(o.vul), .set = cmd_opt_vul, .arg = "None|NS|EW|All",
     .words = "None NS EW All",
     .help = "the vulnerability of every board, instead of Law 2's (a practice set, a match "
             "with its own conditions)"},
    {0, "dealing", PD_OPT_VALUE,
     PD_OPT_NUM(struct deal_args, o.dealing, DEALING_V1, DEALING_LATEST), .arg = "1|2",
     .words = "1 2",
     .help = "the dealing version of --script: 2 (the default) draws each board from its own "
             "keyed stream, exactly and fast; 1 keeps the first plain candidate that "
             "satisfies the script"},
    {'j', NULL, PD_OPT_VALUE, PD_OPT_NUM(struct deal_args, o.threads, 1, 256), .arg = "N",
     .help = "threads (all cores); the deals do not depend on them"},
    {'q', "quiet", PD_OPT_FLAG, DEAL_AT(o.quiet), .help = "no progress"},
    {0, "force", PD_OPT_FLAG, DEAL_BITS(PD_OUT_FORCE),
     .help = "replace an existing FILE with other content"},
    {0, "public", PD_OPT_FLAG, DEAL_BITS(PD_OUT_PUBLIC),
     .help = "make FILE 0666 less the umask (default 0600: it reveals the deals)"},
    {0, "drop-conditions", PD_OPT_FLAG, DEAL_BITS(PBN_OUT_DROP_CONDITIONS),
     .help = cmd_drop_conditions_help},
    {'h', "help", PD_OPT_STOP, DEAL_AT(help)},
    {0},
};
static const struct pd_opt_table deal_table = {"predup deal", deal_rows, NULL, 25};
const struct pd_opt_table *const cmd_deal_options[] = {&deal_table, &cmd_sqd_deal_table, NULL};
/* deal --key FILE [options]; deal --squaredeal EVENT.sqd --session PHASE,SESSION [options],
 * the last: its own --help shows it alone. */
static const struct cmd_form deal_forms[] = {
    {.t = &deal_table, .required = DEAL_USAGE_KEY, .options = true},
    {.t = &cmd_sqd_deal_table, .required = CMD_SQD_USAGE_DEAL, .options = true},
    {0},
};

static enum pd_status check_deal_opts(const struct deal_set_opts *o, struct pd_err *e)
{
    char key[64]; /* "--key FILE\n", as its row spells it */

    pd_opts_usage(&deal_table, DEAL_USAGE_KEY, false, key, sizeof key);
    return o->key_path ? PD_OK
                       : pd_fail(e, PD_ERR_USAGE, "%.*s is required (make one with: predup key "
                                 "new FILE)", (int)strcspn(key, "\n"), key);
}

static enum pd_status parse_deal_opts(int argc, char **argv, struct deal_args *a,
                                      struct pd_err *e)
{
    int first;
    enum pd_status rc;

    *a = (struct deal_args){.o = {.label = "original", .boards = "1-36", .out = "-",
                                  .max_tries = DEAL_MAX_TRIES, .threads = dealing_threads(),
                                  .dealer = -1, .vul = -1, .dealing = DEALING_LATEST}};
    rc = pd_opts_parse(&deal_table, a, argc, argv, &first, e);
    if (rc != PD_OK || a->help)
        return rc;
    if (first < argc)
        return pd_fail(e, PD_ERR_USAGE, "unexpected argument \"%s\"", argv[first]);
    return check_deal_opts(&a->o, e);
}

/* deal --squaredeal: a SquareDeal event's sessions, as Big Deal dealt them. */
static const char sqd_deal_summary[] =
    "  Re-deals one session of a SquareDeal event exactly as Big Deal dealt it, from the\n"
    "  public EVENT.sqd and the revealed keys EVENT.sqk beside it. Writes PBN to FILE or\n"
    "  stdout, or the formats --format or FILE's extension names.\n";

static enum pd_status deal_squaredeal(int argc, char **argv, struct pd_err *e)
{
    struct sqd_set_opts o;
    bool help;
    int first;
    char form[200];
    enum pd_status rc = cmd_sqd_read_opts(argc, argv, true, &o, &help, &first, e);

    if (rc == PD_OK && help) {
        cmd_print_usage(stdout, "deal", deal_forms + 1, sqd_deal_summary, &cmd_sqd_deal_table);
        return PD_OK;
    }
    if (rc == PD_OK && first != argc)
        rc = pd_fail(e, PD_ERR_USAGE, "unexpected argument \"%s\"", argv[first]);
    if (rc == PD_OK && (!o.sqd || !o.span.phase))
        rc = pd_fail(e, PD_ERR_USAGE, "expected: %s (predup deal --help)",
                     cmd_form_text("deal", &deal_forms[1], form, sizeof form));
    if (rc == PD_OK && o.span.lo != o.span.hi)
        rc = pd_fail(e, PD_ERR_USAGE, "deal --squaredeal deals one session at a time");
    return rc == PD_OK ? sqd_deal_session(&o, e) : rc;
}

enum pd_status cmd_deal(int argc, char **argv, struct pd_err *e)
{
    if (cmd_has_option(argc, argv, "--squaredeal"))
        return deal_squaredeal(argc, argv, e);
    struct deal_args a;
    enum pd_status rc = parse_deal_opts(argc, argv, &a, e);

    if (rc == PD_OK && a.help) {
        cmd_print_usage(stdout, "deal", deal_forms, deal_summary, &deal_table);
        return PD_OK;
    }
    return rc == PD_OK ? deal_set(&a.o, e) : rc;
}
