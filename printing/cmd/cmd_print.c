/* printing/cmd/cmd_print.c - `predup print record|curtain|sheet`: options, the analysis when a hand
 * record's set has none, rendering into memory and writing the PDF atomically (pd_outfile), so
 * that a failure at any point leaves no PDF behind. */
#include <stdlib.h>
#include <string.h>

#include "printing/cmd/cmd.h"
#include "printing/pr_int.h"

void pr_options_default(struct pr_options *o)
{
    *o = (struct pr_options){.paper = PR_PAPER_A4, .per_page = 6, .dd = PR_DD_GRID, .qr = true,
                             .ten_as_10 = true, .comments = true, .hands = PR_HANDS_ALL};
}

/* One item of --hands: a seat letter, a pair or "all". */
static unsigned hands_item(const char *s, size_t n)
{
    static const struct {
        const char *name;
        unsigned mask;
    } names[] = {{"N", 1u << SEAT_N}, {"E", 1u << SEAT_E}, {"S", 1u << SEAT_S},
                 {"W", 1u << SEAT_W}, {"NS", 1u << SEAT_N | 1u << SEAT_S},
                 {"EW", 1u << SEAT_E | 1u << SEAT_W}, {"all", PR_HANDS_ALL}};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i].name) == n && strncasecmp(s, names[i].name, n) == 0)
            return names[i].mask;
    return 0;
}

enum pd_status pr_parse_hands(const char *arg, unsigned *mask, struct pd_err *e)
{
    *mask = 0;
    for (const char *p = arg;; p++) {
        size_t n = strcspn(p, ",");
        unsigned m = hands_item(p, n);

        if (!m)
            return pd_fail(e, PD_ERR_USAGE, "--hands takes NS, EW, N, E, S, W or all (a comma "
                           "list is fine), not \"%.*s\"", (int)n, p);
        *mask |= m;
        p += n;
        if (!*p)
            return PD_OK;
    }
}

enum pd_status pr_render(enum pr_kind kind, const struct pbn_set *set, const struct pr_options *o,
                         unsigned char **pdf, size_t *len, struct pd_err *e)
{
    struct pdoc d;
    enum pd_status rc;

    if (set->n == 0)
        return pd_fail(e, PD_ERR_RANGE, "the set has no boards");
    if (o->per_page != 1 && o->per_page != 2 && o->per_page != 4 && o->per_page != 6 &&
        o->per_page != 9)
        return pd_fail(e, PD_ERR_USAGE, "--per-page must be 1, 2, 4, 6 or 9, not %d", o->per_page);
    rc = pdoc_open(&d, o, e);
    if (rc != PD_OK)
        return rc;
    switch (kind) {
    case PR_RECORD:
        rc = pr_draw_record(&d, set, o, e);
        break;
    case PR_CURTAIN:
        rc = pr_draw_curtain(&d, set, o, e);
        break;
    case PR_SHEET:
        rc = pr_draw_sheet(&d, set, o, e);
        break;
    }
    if (rc == PD_OK)
        rc = pdoc_save(&d, pdf, len, e);
    pdoc_close(&d);
    return rc;
}

/* Renders into the open output and commits it; aborts it on any failure. */
static enum pd_status render_into(enum pr_kind kind, const struct pbn_set *set,
                                  const struct pr_options *o, struct pd_outfile *out,
                                  struct pd_err *e)
{
    unsigned char *pdf = NULL;
    size_t len = 0;
    enum pd_status rc = pr_render(kind, set, o, &pdf, &len, e);

    if (rc == PD_OK && fwrite(pdf, 1, len, out->f) != len)
        rc = pd_fail(e, PD_ERR_IO, "%s: cannot write", out->path);
    if (rc == PD_OK)
        rc = pd_outfile_commit(out, e);
    else
        pd_outfile_abort(out);
    free(pdf);
    return rc;
}

enum pd_status pr_write(enum pr_kind kind, const struct pbn_set *set, const struct pr_options *o,
                        const char *path, struct pd_err *e)
{
    struct pd_outfile out;
    enum pd_status rc = pd_outfile_open(&out, path, e);

    return rc == PD_OK ? render_into(kind, set, o, &out, e) : rc;
}

static const char print_usage[] =
    "usage: predup print record|curtain|sheet SET.pbn -o OUT.pdf [options]\n"
    "  record   the hand record: diagrams, HCP, double dummy and par, QR code, commentary\n"
    "  curtain  curtain cards: one per hand per board, four to a page with cut lines\n"
    "  sheet    duplication sheet: the 52 cards of each board with the seat each goes to\n"
    "options:\n"
    "  --paper a4|letter    paper size (a4)\n"
    "  --per-page 1|2|4|6|9 hand record boards per page (6; 9 is a small handout format)\n"
    "  --dd grid|makeable|none  the double-dummy table, makeable contracts, or nothing (grid)\n"
    "  --no-qr              no QR codes\n"
    "  --ten 10|T           how the ten is written, everywhere (10)\n"
    "  --title TEXT         page title instead of the set's Event tag (record, sheet)\n"
    "  --hands LIST         the hands to show: NS, EW, N, E, S, W, all, or a comma list\n"
    "                       (record, curtain); a record then leaves out the analysis and\n"
    "                       the QR codes, which would show the hidden hands\n"
    "  --no-comments        no { } commentary under the boards of a hand record\n"
    "  --font-dir DIR       where DejaVuSans.ttf and DejaVuSans-Bold.ttf are\n"
    "                       (/usr/share/fonts/truetype/dejavu)\n"
    "  -j N                 libdds threads when the set must be analysed first (all cores)\n"
    "  -q, --quiet          no progress\n"
    "  --force              replace an existing OUT.pdf that differs\n"
    "  --public             make OUT.pdf 0666 less the umask (default 0600: it reveals deals)\n"
    "  A hand record of a set without analysis analyses it first (as predup analyze does,\n"
    "  without changing SET.pbn). The PDF is written to a temporary name, then renamed.\n";

struct print_args {
    struct pr_options o;
    const char *out;
    unsigned out_flags; /* PD_OUT_FORCE, PD_OUT_PUBLIC */
    int threads;
    bool quiet, help;
};

static enum pd_status parse_choice(const char *opt, const char *arg, const char *const *names,
                                   int n, int *out, struct pd_err *e)
{
    for (int i = 0; i < n; i++)
        if (strcasecmp(arg, names[i]) == 0) {
            *out = i;
            return PD_OK;
        }
    return pd_fail(e, PD_ERR_USAGE, "%s does not take \"%s\" (predup print --help)", opt, arg);
}

static enum pd_status parse_int(const char *opt, const char *arg, int lo, int hi, int *out,
                                struct pd_err *e)
{
    unsigned long long v;
    enum pd_status rc = pd_parse_number(arg, (unsigned long long)lo, (unsigned long long)hi, opt,
                                        &v, e);

    *out = rc == PD_OK ? (int)v : *out;
    return rc;
}

static enum pd_status parse_print_args(int argc, char **argv, struct print_args *a,
                                       struct pd_err *e)
{
    static const char *const papers[] = {"a4", "letter"};
    static const char *const dds[] = {"grid", "makeable", "none"};
    static const char *const tens[] = {"T", "10"};
    struct pd_opts p;
    enum pd_status rc = pd_opts_begin(&p, "o output  P paper  n per-page  d dd  F font-dir  T ten  "
                                          "t title  H hands  j jobs",
                                      "Q no-qr  C no-comments  q quiet  h help  f force  p public",
                                      "o:j:qh", argc, argv, e);
    int c, v = 0;

    memset(a, 0, sizeof *a);
    pr_options_default(&a->o);
    while (rc == PD_OK && (c = pd_opts_next(&p)) != -1) {
        if (pd_opt_text(c, "otF", (const char **const[]){&a->out, &a->o.title, &a->o.font_dir}))
            continue;
        switch (c) {
        case 'P':
            rc = parse_choice("--paper", optarg, papers, 2, &v, e);
            a->o.paper = (enum pr_paper)v;
            break;
        case 'n': rc = parse_int("--per-page", optarg, 1, 9, &a->o.per_page, e); break;
        case 'd':
            rc = parse_choice("--dd", optarg, dds, 3, &v, e);
            a->o.dd = (enum pr_dd_mode)v;
            break;
        case 'Q': a->o.qr = false; break;
        case 'T':
            rc = parse_choice("--ten", optarg, tens, 2, &v, e);
            a->o.ten_as_10 = v == 1;
            break;
        case 'H': rc = pr_parse_hands(optarg, &a->o.hands, e); break;
        case 'C': a->o.comments = false; break;
        case 'j': rc = parse_int("-j", optarg, 1, 256, &a->threads, e); break;
        case 'q': a->quiet = true; break;
        case 'h': a->help = true; break;
        case 'f': a->out_flags |= PD_OUT_FORCE; break;
        case 'p': a->out_flags |= PD_OUT_PUBLIC; break;
        default:
            return pd_fail(e, PD_ERR_USAGE, "unknown option or missing value \"%s\" (predup "
                           "print --help)", argv[optind - 1]);
        }
    }
    return rc;
}

enum pd_status cmd_print(int argc, char **argv, struct pd_err *e)
{
    struct print_args a;
    struct pbn_set *set = NULL;
    struct pd_outfile out;
    int kind = 0;
    enum pd_status rc = parse_print_args(argc, argv, &a, e);

    if (rc != PD_OK)
        return rc;
    if (a.help) {
        fputs(print_usage, stdout);
        return PD_OK;
    }
    if (argc - optind != 2) {
        char kinds[64];

        pd_join_words(pr_kind_names, PR_KINDS, ", ", " or ", kinds, sizeof kinds);
        return pd_fail(e, PD_ERR_USAGE, "print wants %s and one SET.pbn (predup print --help)",
                       kinds);
    }
    rc = parse_choice("print", argv[optind], pr_kind_names, PR_KINDS, &kind, e);
    if (rc == PD_OK && !a.out)
        rc = pd_fail(e, PD_ERR_USAGE, "print %s: -o OUT.pdf is required", pr_kind_names[kind]);
    if (rc == PD_OK)
        rc = pbn_read_any(argv[optind + 1], NULL, &set, e);
    /* Fonts and output first: a missing font or an unwritable file should not wait for the
     * analysis to be reported. */
    if (rc == PD_OK)
        rc = pr_check_fonts(&a.o, e);
    if (rc == PD_OK)
        rc = pd_outfile_open_ex(&out, a.out, a.out_flags, e);
    if (rc != PD_OK) {
        pbn_set_free(set);
        return rc;
    }
    if (kind == PR_RECORD && a.o.dd != PR_DD_NONE && a.o.hands == PR_HANDS_ALL)
        rc = pr_analyze_set(set, a.threads, pd_progress_wanted(a.quiet), NULL, e);
    if (rc == PD_OK)
        rc = render_into((enum pr_kind)kind, set, &a.o, &out, e);
    else
        pd_outfile_abort(&out);
    if (rc == PD_OK && strcmp(a.out, "-") != 0)
        printf("%s: %s of %zu board%s\n", a.out, pr_kind_names[kind], set->n, set->n == 1 ? "" : "s");
    pbn_set_free(set);
    return rc;
}
