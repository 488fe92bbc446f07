/* config/commands/cmd_print.c - `predup print KIND` (the kinds: printing/kind.c's table): reads the
 * options into the print engine's (printing/print.c), runs it and reports. The engine checks
 * the values (pr_kind_check): a count a page, a language. */
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "config/commands/commands.h"
#include "printing/printing.h"

/* After the options' help lines and the kinds' own options. */
static const char print_usage_end[] =
    "  A hand record of a set without analysis analyses it first (as predup analyze does,\n"
    "  without changing SET.pbn). The PDF is written to a temporary name, then renamed;\n"
    "  without -o it goes beside the set as SET-KIND.pdf (club.pbn: club-record.pdf).\n";

/* The engine's options (kind and input come after the options), and --help. */
struct print_args {
    struct pr_print_opts p;
    bool help;
};

static enum pd_status parse_choice(const char *opt, const char *arg, const char *const *names,
                                   int n, int *out, struct pd_err *e)
{
    for (int i = 0; i < n; i++)
        if (strcasecmp(arg, names[i]) == 0) {
            *out = i;
            return PD_OK;
        }
    char list[120], hint[80];

    pd_join_words(names, (size_t)n, ", ", " or ", list, sizeof list);
    pd_did_you_mean(arg, names, (size_t)n, hint, sizeof hint);
    return pd_fail(e, PD_ERR_USAGE, "%s takes %s, not \"%s\"%s (predup print --help)", opt, list,
                   arg, hint);
}

static enum pd_status set_paper(void *opts, const struct pd_opt *row, const char *value,
                                struct pd_err *e)
{
    static const char *const papers[] = {"a4", "letter"};
    int v = 0;
    enum pd_status rc = parse_choice("--paper", value, papers, 2, &v, e);

    (void)row;
    ((struct print_args *)opts)->p.o.paper = (enum pr_paper)v;
    return rc;
}

static enum pd_status set_dd(void *opts, const struct pd_opt *row, const char *value,
                             struct pd_err *e)
{
    static const char *const dds[] = {"grid", "makeable", "none"};
    int v = 0;
    enum pd_status rc = parse_choice("--dd", value, dds, 3, &v, e);

    (void)row;
    ((struct print_args *)opts)->p.o.dd = (enum pr_dd_mode)v;
    return rc;
}

static enum pd_status set_ten(void *opts, const struct pd_opt *row, const char *value,
                              struct pd_err *e)
{
    static const char *const tens[] = {"T", "10"};
    int v = 0;
    enum pd_status rc = parse_choice("--ten", value, tens, 2, &v, e);

    (void)row;
    ((struct print_args *)opts)->p.o.ten_as_10 = v == 1;
    return rc;
}

static enum pd_status set_hands(void *opts, const struct pd_opt *row, const char *value,
                                struct pd_err *e)
{
    (void)row;
    return pr_parse_hands(value, &((struct print_args *)opts)->p.o.hands, e);
}

/* A flag that turns one of the engine's settings off (--no-qr ...). */
static enum pd_status set_off(void *opts, const struct pd_opt *row, const char *value,
                              struct pd_err *e)
{
    (void)value, (void)e;
    *(bool *)(void *)((char *)opts + row->at) = false;
    return PD_OK;
}

/* The counts a page and the languages, from their tables, for the help lines. */
static const char *per_page_words(char *buf, size_t len)
{
    pr_per_page_list("|", "|", buf, len);
    return buf;
}

/* --lang: the one rule of a language, as it is read; the engine gets its one spelling. */
static enum pd_status set_lang(void *opts, const struct pd_opt *row, const char *value,
                               struct pd_err *e)
{
    (void)row;
    return pr_lang_parse(value, &((struct print_args *)opts)->p.o.lang, e);
}

static const char *lang_help(char *buf, size_t len)
{
    char langs[128];

    pr_lang_list(langs, sizeof langs);
    snprintf(buf, len, "the language of every word printed: %s (en)", langs);
    return buf;
}

enum { PRINT_USAGE_OUT = 1 }; /* the usage bit of -o: the form names it */

#define PRINT_AT(member) PD_OPT_AT(struct print_args, member)
#define PRINT_BITS(bits) PD_OPT_BITS(struct print_args, p.out_flags, bits)
/* The options, in the order of the help; the kinds' own (--dd, --no-commitment, --stage) are
 * helped by the kinds' table (pr_kind_options_help). --per-page is checked by the engine
 * alone (pr_kind_check), for print and the ceremony alike; --lang as it is read, by the one
 * rule of a language (pr_lang_parse), as an event file's language = is. */
static const struct pd_opt print_rows[] = {
    {'o', "output", PD_OPT_VALUE, PRINT_AT(p.out), .arg = "OUT.pdf", .words = "*",
     .usage = PRINT_USAGE_OUT},
    {0, "paper", PD_OPT_VALUE, .set = set_paper, .arg = "a4|letter", .help = "paper size (a4)",
     .words = "a4 letter"},
    {0, "per-page", PD_OPT_VALUE, PD_OPT_NUM(struct print_args, p.o.per_page, 0, INT_MAX),
     .arg_of = per_page_words, .help = "boards a page, where the kind takes it (6)",
     .words = "@per-page"},
    {0, "no-qr", PD_OPT_FLAG, PRINT_AT(p.o.qr), .set = set_off, .help = "no QR codes"},
    {0, "ten", PD_OPT_VALUE, .set = set_ten, .arg = "10|T",
     .help = "how the ten is written, everywhere (10)", .words = "10 T"},
    {0, "boards", PD_OPT_VALUE, PRINT_AT(p.boards), .arg = "LIST",
     .help = "only these boards (7, 1-12,25): print a lost page or card again"},
    {0, "title", PD_OPT_VALUE, PRINT_AT(p.o.title), .arg = "TEXT",
     .help = "page title instead of the set's Event tag (not curtain cards)"},
    {0, "hands", PD_OPT_VALUE, .set = set_hands, .arg = "LIST",
     .help = "the hands to show: NS, EW, N, E, S, W, all, or a comma list\n"
             "(record, curtain); a record then leaves out the analysis and\n"
             "the QR codes, which would show the hidden hands",
     .words = "NS EW N E S W all"},
    {0, "no-comments", PD_OPT_FLAG, PRINT_AT(p.o.comments), .set = set_off,
     .help = "no { } commentary under the boards of a record or handout,\n"
             "nor the record's contract, lead, result and auction"},
    {0, "lang", PD_OPT_VALUE, .set = set_lang, .arg = "LANG", .help_of = lang_help,
     .words = "@languages"},
    {0, "terms", PD_OPT_VALUE, PRINT_AT(p.o.terms_file), .arg = "FILE",
     .help = "a club's own words over LANG's (KEY = VALUE lines, as in\n"
             "printing/terms/en.ini)",
     .words = "*.ini"},
    {0, "intl-honours", PD_OPT_FLAG, PRINT_AT(p.o.intl_honours),
     .help = "the honours as A K Q J whatever the language"},
    {0, "font-dir", PD_OPT_VALUE, PRINT_AT(p.o.font_dir), .arg = "DIR",
     .help = "where DejaVuSans.ttf and DejaVuSans-Bold.ttf are\n"
             "(/usr/share/fonts/truetype/dejavu)",
     .words = "/"},
    {'j', "jobs", PD_OPT_VALUE, PD_OPT_NUM(struct print_args, p.threads, 1, 256), .arg = "N",
     .help = "libdds threads when the set must be analysed first (all cores)"},
    {'q', "quiet", PD_OPT_FLAG, PRINT_AT(p.quiet), .help = "no progress"},
    {0, "force", PD_OPT_FLAG, PRINT_BITS(PD_OUT_FORCE),
     .help = "replace an existing OUT.pdf that differs"},
    {0, "public", PD_OPT_FLAG, PRINT_BITS(PD_OUT_PUBLIC),
     .help = "make OUT.pdf 0666 less the umask (default 0600: it reveals deals)"},
    {0, "dd", PD_OPT_VALUE, .set = set_dd, .arg = "grid|makeable|none",
     .words = "grid makeable none"},
    {0, "no-commitment", PD_OPT_FLAG, PRINT_AT(p.o.commitment), .set = set_off},
    {0, "stage", PD_OPT_VALUE, PD_OPT_NUM(struct print_args, p.o.stage, 1, 2), .arg = "1|2",
     .words = "1 2"},
    {'h', "help", PD_OPT_STOP, PRINT_AT(help)},
    {0},
};
static const struct pd_opt_table print_table = {"predup print", print_rows, NULL};
const struct pd_opt_table *const cmd_print_options[] = {&print_table, NULL};

static enum pd_status parse_print_args(int argc, char **argv, struct print_args *a, int *first,
                                       struct pd_err *e)
{
    memset(a, 0, sizeof *a);
    pr_options_default(&a->p.o);
    return pd_opts_parse(&print_table, a, argc, argv, first, e);
}

/* The kinds, their summaries and their own options from the table, the counts a page and the
 * languages from theirs. */
static void print_help(void)
{
    char kinds[96], words[sizeof kinds + 16];
    const struct cmd_form forms[] = {
        {.words = words, .t = &print_table, .optional = PRINT_USAGE_OUT, .options = true},
        {0},
    };

    pr_kind_list(kinds, sizeof kinds, "|", "|");
    snprintf(words, sizeof words, "%s SET.pbn", kinds);
    cmd_print_forms(stdout, "print", forms);
    pr_kind_help(stdout);
    fputs("options:\n", stdout);
    pd_opts_help(stdout, &print_table);
    pr_kind_options_help(stdout);
    fputs(print_usage_end, stdout);
}

enum pd_status cmd_print(int argc, char **argv, struct pd_err *e)
{
    struct print_args a;
    size_t boards = 0;
    char beside[PATH_MAX];
    int first;
    enum pd_status rc = parse_print_args(argc, argv, &a, &first, e);

    if (rc != PD_OK)
        return rc;
    if (a.help) {
        print_help();
        return PD_OK;
    }
    if (argc - first != 2) {
        char kinds[96];

        pr_kind_list(kinds, sizeof kinds, ", ", " or ");
        return pd_fail(e, PD_ERR_USAGE, "print wants %s and one SET.pbn (predup print --help)",
                       kinds);
    }
    rc = pr_kind_parse("print", argv[first], &a.p.kind, e);
    if (rc != PD_OK)
        return rc;
    a.p.in = argv[first + 1];
    if (!a.p.out) { /* beside the set */
        pr_print_default_out(a.p.in, a.p.kind, beside, sizeof beside);
        a.p.out = beside;
    }
    rc = pr_print_file(&a.p, &boards, e);
    if (rc == PD_OK)
        pr_print_report(a.p.out, pr_kind_name(a.p.kind), boards);
    return rc;
}
