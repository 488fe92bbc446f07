/* printing/cmd/cmd_print.c - `predup print KIND` (the kinds: printing/kind.c's table): reads the
 * options into the print engine's (printing/print.c), runs it and reports. The engine checks
 * the values (pr_kind_check): a count a page, a language. */
#include <limits.h>
#include <string.h>

#include "printing/cmd/cmd.h"
#include "printing/printing.h"

/* After the kinds (printing/kind.c's table) and before the --per-page line. */
static const char print_usage[] =
    "options:\n"
    "  --paper a4|letter    paper size (a4)\n";
/* After the --per-page line, before the --lang line. */
static const char print_usage_mid[] =
    "  --no-qr              no QR codes\n"
    "  --ten 10|T           how the ten is written, everywhere (10)\n"
    "  --boards LIST        only these boards (7, 1-12,25): print a lost page or card again\n"
    "  --title TEXT         page title instead of the set's Event tag (not curtain cards)\n"
    "  --hands LIST         the hands to show: NS, EW, N, E, S, W, all, or a comma list\n"
    "                       (record, curtain); a record then leaves out the analysis and\n"
    "                       the QR codes, which would show the hidden hands\n"
    "  --no-comments        no { } commentary under the boards of a record or handout,\n"
    "                       nor the record's contract, lead, result and auction\n";
/* After the --lang line, which lists the languages from their tables. */
static const char print_usage_tail[] =
    "  --terms FILE         a club's own words over LANG's (KEY = VALUE lines, as in\n"
    "                       printing/terms/en.ini)\n"
    "  --intl-honours       the honours as A K Q J whatever the language\n"
    "  --font-dir DIR       where DejaVuSans.ttf and DejaVuSans-Bold.ttf are\n"
    "                       (/usr/share/fonts/truetype/dejavu)\n"
    "  -j N                 libdds threads when the set must be analysed first (all cores)\n"
    "  -q, --quiet          no progress\n"
    "  --force              replace an existing OUT.pdf that differs\n"
    "  --public             make OUT.pdf 0666 less the umask (default 0600: it reveals deals)\n";
/* After the kinds' own options. */
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
                                          "t title  H hands  j jobs  L lang  U terms  S stage  b boards",
                                      "Q no-qr  K no-commitment  C no-comments  q quiet  h help  f force  p public  "
                                      "I intl-honours",
                                      "o:j:qh", argc, argv, e);
    int c, v = 0;

    memset(a, 0, sizeof *a);
    pr_options_default(&a->p.o);
    while (rc == PD_OK && (c = pd_opts_next(&p)) != -1) {
        if (pd_opt_text(c, "otFUb", (const char **const[]){&a->p.out, &a->p.o.title,
                                                            &a->p.o.font_dir, &a->p.o.terms_file,
                                                            &a->p.boards}))
            continue;
        switch (c) {
        case 'P':
            rc = parse_choice("--paper", optarg, papers, 2, &v, e);
            a->p.o.paper = (enum pr_paper)v;
            break;
        case 'n': rc = parse_int("--per-page", optarg, 0, INT_MAX, &a->p.o.per_page, e); break;
        case 'd':
            rc = parse_choice("--dd", optarg, dds, 3, &v, e);
            a->p.o.dd = (enum pr_dd_mode)v;
            break;
        case 'Q': a->p.o.qr = false; break;
        case 'K': a->p.o.commitment = false; break;
        case 'T':
            rc = parse_choice("--ten", optarg, tens, 2, &v, e);
            a->p.o.ten_as_10 = v == 1;
            break;
        case 'H': rc = pr_parse_hands(optarg, &a->p.o.hands, e); break;
        case 'S': rc = parse_int("--stage", optarg, 1, 2, &a->p.o.stage, e); break;
        case 'C': a->p.o.comments = false; break;
        case 'L': a->p.o.lang = optarg; break;
        case 'I': a->p.o.intl_honours = true; break;
        case 'j': rc = parse_int("-j", optarg, 1, 256, &a->p.threads, e); break;
        case 'q': a->p.quiet = true; break;
        case 'h': a->help = true; break;
        case 'f': a->p.out_flags |= PD_OUT_FORCE; break;
        case 'p': a->p.out_flags |= PD_OUT_PUBLIC; break;
        default:
            return pd_opts_refuse(&p, "predup print", e);
        }
    }
    return rc;
}

/* The kinds, their summaries and their own options from the table, the counts a page and the
 * languages from theirs. */
static void print_help(void)
{
    char kinds[96], counts[40], langs[128];

    pr_kind_list(kinds, sizeof kinds, "|", "|");
    pr_per_page_list("|", "|", counts, sizeof counts);
    pr_lang_list(langs, sizeof langs);
    printf("usage: predup print %s SET.pbn [-o OUT.pdf]\n                    [options]\n", kinds);
    pr_kind_help(stdout);
    fputs(print_usage, stdout);
    printf("  --per-page %-9s boards a page, where the kind takes it (6)\n", counts);
    fputs(print_usage_mid, stdout);
    printf("  --lang LANG          the language of every word printed: %s (en)\n", langs);
    fputs(print_usage_tail, stdout);
    pr_kind_options_help(stdout);
    fputs(print_usage_end, stdout);
}

enum pd_status cmd_print(int argc, char **argv, struct pd_err *e)
{
    struct print_args a;
    size_t boards = 0;
    char beside[PATH_MAX];
    enum pd_status rc = parse_print_args(argc, argv, &a, e);

    if (rc != PD_OK)
        return rc;
    if (a.help) {
        print_help();
        return PD_OK;
    }
    if (argc - optind != 2) {
        char kinds[96];

        pr_kind_list(kinds, sizeof kinds, ", ", " or ");
        return pd_fail(e, PD_ERR_USAGE, "print wants %s and one SET.pbn (predup print --help)",
                       kinds);
    }
    rc = pr_kind_parse("print", argv[optind], &a.p.kind, e);
    if (rc != PD_OK)
        return rc;
    a.p.in = argv[optind + 1];
    if (!a.p.out) { /* beside the set */
        pr_print_default_out(a.p.in, a.p.kind, beside, sizeof beside);
        a.p.out = beside;
    }
    rc = pr_print_file(&a.p, &boards, e);
    if (rc == PD_OK)
        pr_print_report(a.p.out, pr_kind_name(a.p.kind), boards);
    return rc;
}
