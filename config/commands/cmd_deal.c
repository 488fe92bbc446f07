/* config/commands/cmd_deal.c - `predup deal`'s front-end: reads its options into a
 * deal_set_opts and calls deal_set (pbn/sets/deal_set.c), the engine; its --squaredeal form
 * reads them into a sqd_set_opts and calls sqd_deal_session. `predup verify` is in
 * config/commands/cmd_verify.c. */

#include "config/commands/commands.h"

static const char deal_usage[] =
    "usage: predup deal --key FILE [--label L] [--boards 1-36] [-o FILE] [--format LIST]\n"
    "                   [--script FILE] [--max-tries N] [--event TEXT] [--site TEXT]\n"
    "                   [--date YYYY.MM.DD] [--dealer N|E|S|W] [--vul None|NS|EW|All]\n"
    "                   [--dealing 1|2] [-j N] [--quiet] [--force] [--public]\n"
    "                   [--drop-conditions]\n"
    "  Deals the boards from (key, label, board number): the same inputs always give the same\n"
    "  deals, whatever -j. --label defaults to \"original\"; use \"reserve\" for a reserve set.\n"
    "  Dealer and vulnerability follow Law 2 from the board number unless --dealer or --vul\n"
    "  set them for every board (a practice set, a match with its own conditions). DUP, DLM\n"
    "  and the other machine formats carry no dealer or vulnerability (Law 2's are shown):\n"
    "  such a set is refused in them unless --drop-conditions, which writes them all the\n"
    "  same, for the cards, and says what they show instead.\n"
    "  Writes PBN 2.1 export format to FILE (a temporary name, then renamed) or stdout.\n"
    "  FILE is made readable by you only (0600: it reveals the deals); --public makes it\n"
    "  0666 less the umask. An existing FILE with other content is kept unless --force.\n";
/* Wrapped at print time (cmd_print_wrapped): the format names come from the format table. */
static const char deal_about_formats[] =
    "--format pbn,dup,dlm writes several formats at once (set.pbn, set.dup, set.dlm); the "
    "format otherwise follows FILE's extension. Formats:";
static const char deal_about_script[] =
    "  --script FILE deals every board to satisfy the dealer script (a shipped one by name,\n"
    "  --script minibridge: dealer/scripts/ or PREFIX/share/predup/scripts/): its condition,\n"
    "  its predeal cards and lengths; its dealer and vulnerable lines set every board's\n"
    "  (--dealer or --vul that says otherwise is refused). Each board is drawn from its own\n"
    "  keyed stream (dealing version 2, exact and fast; --dealing 1: the first plain candidate\n"
    "  that satisfies it),\n";

/* The usage, with the format names and the default --max-tries from their one home. */
static void print_deal_usage(void)
{
    char formats[160], text[sizeof formats + sizeof deal_about_formats + 24];

    pbn_format_list(formats, sizeof formats, " ", false);
    snprintf(text, sizeof text, "%s %s (pbn/FORMATS.md).", deal_about_formats, formats);
    fputs(deal_usage, stdout);
    cmd_print_wrapped(stdout, text, 90);
    fputs(deal_about_script, stdout);
    printf("  at most --max-tries attempts (default %llu). dealer/README.md specifies both.\n"
           "  A SquareDeal event's sessions: predup deal --squaredeal EVENT.sqd --help.\n",
           (unsigned long long)DEAL_MAX_TRIES);
}

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

#define DEAL_AT(member) PD_OPT_AT(struct deal_args, member)
#define DEAL_BITS(bits) PD_OPT_BITS(struct deal_args, o.out_flags, bits)
static const struct pd_opt deal_rows[] = {
    {0, "key", PD_OPT_VALUE, DEAL_AT(o.key_path), .arg = "FILE", .words = "*.key"},
    {0, "label", PD_OPT_VALUE, DEAL_AT(o.label), .arg = "L", .words = "original reserve"},
    {0, "boards", PD_OPT_VALUE, DEAL_AT(o.boards), .arg = "1-36"},
    {'o', "output", PD_OPT_VALUE, DEAL_AT(o.out), .arg = "FILE", .words = "*"},
    {0, "format", PD_OPT_VALUE, DEAL_AT(o.formats), .arg = "LIST", .words = "@formats,"},
    {0, "script", PD_OPT_VALUE, .set = set_script, .arg = "FILE", .words = "*"},
    {0, "max-tries", PD_OPT_VALUE, PD_OPT_NUM(struct deal_args, o.max_tries, 1, 1ULL << 40),
     .arg = "N"},
    {0, "event", PD_OPT_VALUE, DEAL_AT(o.event), .arg = "TEXT"},
    {0, "site", PD_OPT_VALUE, DEAL_AT(o.site), .arg = "TEXT"},
    {0, "date", PD_OPT_VALUE, DEAL_AT(o.date), .arg = "YYYY.MM.DD"},
    {0, "dealer", PD_OPT_VALUE, DEAL_AT(o.dealer), .set = cmd_opt_seat, .arg = "N|E|S|W",
     .words = "N E S W"},
    {0, "vul", PD_OPT_VALUE, DEAL_AT(o.vul), .set = cmd_opt_vul, .arg = "None|NS|EW|All",
     .words = "None NS EW All"},
    {0, "dealing", PD_OPT_VALUE,
     PD_OPT_NUM(struct deal_args, o.dealing, DEALING_V1, DEALING_LATEST), .arg = "1|2",
     .words = "1 2"},
    {'j', NULL, PD_OPT_VALUE, PD_OPT_NUM(struct deal_args, o.threads, 1, 256), .arg = "N"},
    {'q', "quiet", PD_OPT_FLAG, DEAL_AT(o.quiet)},
    {0, "force", PD_OPT_FLAG, DEAL_BITS(PD_OUT_FORCE)},
    {0, "public", PD_OPT_FLAG, DEAL_BITS(PD_OUT_PUBLIC)},
    {0, "drop-conditions", PD_OPT_FLAG, DEAL_BITS(PBN_OUT_DROP_CONDITIONS)},
    {'h', "help", PD_OPT_STOP, DEAL_AT(help)},
    {0},
};
static const struct pd_opt_table deal_table = {"predup deal", deal_rows, NULL};
const struct pd_opt_table *const cmd_deal_options[] = {&deal_table, &cmd_sqd_deal_table, NULL};

static enum pd_status check_deal_opts(const struct deal_set_opts *o, struct pd_err *e)
{
    if (!o->key_path)
        return pd_fail(e, PD_ERR_USAGE,
                       "--key FILE is required (make one with: predup key new FILE)");
    if (o->date && !pbn_date_valid(o->date))
        return pd_fail(e, PD_ERR_USAGE, "--date wants YYYY.MM.DD, not \"%s\"", o->date);
    /* Before anything is written: the label goes into every file's Generator tag. */
    return pd_label_check("--label", o->label, e);
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
static const char sqd_deal_usage[] =
    "usage: predup deal --squaredeal EVENT.sqd --session PHASE,SESSION [--reserve]\n"
    "                   [--boards LIST] [-o FILE] [--format LIST] [--force] [--public]\n"
    "  Re-deals one session of a SquareDeal event exactly as Big Deal dealt it, from the public\n"
    "  EVENT.sqd (with its DV line) and the revealed keys EVENT.sqk beside it; the .sqk's\n"
    "  SHA-256 must match the .sqd's KH line. --reserve deals the session's reserve set.\n"
    "  --boards gives the boards of a phase published with \"?\" (as SquareDeal asks them).\n"
    "  Writes PBN to FILE or stdout, or the formats --format or FILE's extension names;\n"
    "  0600 unless --public, and an existing FILE with other content is kept unless --force.\n";

static enum pd_status deal_squaredeal(int argc, char **argv, struct pd_err *e)
{
    struct sqd_set_opts o;
    bool help;
    int first;
    enum pd_status rc = cmd_sqd_read_opts(argc, argv, true, &o, &help, &first, e);

    if (rc == PD_OK && help) {
        fputs(sqd_deal_usage, stdout);
        return PD_OK;
    }
    if (rc == PD_OK && first != argc)
        rc = pd_fail(e, PD_ERR_USAGE, "unexpected argument \"%s\"", argv[first]);
    if (rc == PD_OK && (!o.sqd || !o.span.phase))
        rc = pd_fail(e, PD_ERR_USAGE,
                     "expected: deal --squaredeal EVENT.sqd --session PHASE,SESSION");
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
        print_deal_usage();
        return PD_OK;
    }
    return rc == PD_OK ? deal_set(&a.o, e) : rc;
}
