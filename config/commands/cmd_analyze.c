/* config/commands/cmd_analyze.c - `predup analyze`: reads the options into the analyze engine's
 * (printing/analyze.c), agrees on them with the other ranks under mpirun, runs the engine and
 * reports. */
#include <stddef.h>
#include <string.h>

#include "config/commands/commands.h"
#include "printing/printing.h"

static const struct cmd_form analyze_forms[] = {{.words = "SET", .options = true}, {0}};
static const char analyze_summary[] =
    "  Adds double-dummy tricks (DoubleDummyTricks, OptimumResultTable) and par (OptimumScore,\n"
    "  ParContract, for each board's vulnerability and dealer) to every board, with libdds on\n"
    "  all cores. Boards that have them already are kept as they are; games without a full\n"
    "  deal are left out. SET is any set predup reads (told by its contents). On a terminal\n"
    "  it shows the boards solved and the time gone.\n";

/* The engine's options, and the flags that must agree under mpirun. */
struct analyze_args {
    struct pr_analyze_opts o;
    bool force, help;
};

#define ANALYZE_AT(member) PD_OPT_AT(struct analyze_args, member)
static const struct pd_opt analyze_rows[] = {
    {'o', "output", PD_OPT_VALUE, ANALYZE_AT(o.out), .arg = "OUT.pbn", .words = "*",
     .help = "where to write; without it, SET itself when SET is PBN (everything else in the "
             "file kept as it was): another format needs -o"},
    {'j', "jobs", PD_OPT_VALUE, PD_OPT_NUM(struct analyze_args, o.threads, 1, 256), .arg = "N",
     .help = "libdds threads (all cores)"},
    {0, "max-seconds", PD_OPT_VALUE, PD_OPT_NUM(struct analyze_args, o.max_seconds, 1, 86400),
     .arg = "S",
     .help = "give up after S seconds (a pathological deal can take libdds minutes), writing "
             "nothing (exit 75)"},
    {'q', "quiet", PD_OPT_FLAG, ANALYZE_AT(o.quiet), .help = "no progress"},
    {0, "force", PD_OPT_FLAG, ANALYZE_AT(force),
     .help = "replace an existing OUT.pbn with other content, or holding more boards than the "
             "analysis"},
    {0, "public", PD_OPT_FLAG, PD_OPT_BITS(struct analyze_args, o.flags, PD_OUT_PUBLIC),
     .help = "make OUT.pbn 0666 less the umask (default 0600: it reveals the deals)"},
    {'h', "help", PD_OPT_STOP, ANALYZE_AT(help)},
    {0},
};
static const struct pd_opt_table analyze_table = {"predup analyze", analyze_rows, NULL};
const struct pd_opt_table *const cmd_analyze_options[] = {&analyze_table, NULL};

static enum pd_status parse_args(int argc, char **argv, struct analyze_args *a, struct pd_err *e)
{
    int first;
    enum pd_status rc = pd_opts_parse(&analyze_table, a, argc, argv, &first, e);

    if (rc != PD_OK || a->help)
        return rc;
    if (a->force)
        a->o.flags |= PD_OUT_FORCE;
    if (argc - first != 1)
        return pd_fail(e, PD_ERR_USAGE, "analyze wants one SET (predup analyze --help)");
    a->o.in = argv[first];
    return PD_OK;
}

/* Under mpirun every rank runs the same predup version with the same options (but -j), or all
 * stop, rank 0 naming the ranks that differ; the boards each rank solves are compared as
 * they come back (serve). */
static enum pd_status same_analyze(const struct analyze_args *a, struct pd_err *e)
{
    struct pd_mpi_fact f[2] = {{.what = "version"}, {.what = "options"}};
    char text[80];

    pd_sha256_hex(PREDUP_VERSION, strlen(PREDUP_VERSION), f[0].sha);
    snprintf(text, sizeof text, "-o %d -q %d -F %d -P %d -h %d", a->o.out != NULL, a->o.quiet,
             a->force, (a->o.flags & PD_OUT_PUBLIC) != 0, a->help);
    pd_sha256_hex(text, strlen(text), f[1].sha);
    return pd_mpi_same(f, 2, "every rank must run the same predup version with the same "
                             "options (only -j may differ)", e);
}

static enum pd_status run_analyze(int argc, char **argv, struct pd_err *e)
{
    struct analyze_args a = {0};
    struct pr_analyze_result r;
    /* under mpirun, one message from rank 0, and every rank at the same step */
    enum pd_status rc = pd_mpi_agree(parse_args(argc, argv, &a, e), e);

    if (rc == PD_OK)
        rc = same_analyze(&a, e);
    if (a.help && rc == PD_OK)
        cmd_print_usage(stdout, "analyze", analyze_forms, analyze_summary, &analyze_table);
    if (rc != PD_OK || a.help)
        return rc;
    rc = pr_analyze_file(&a.o, &r, e);
    if (rc == PD_OK)
        pr_analyze_report(a.o.out ? a.o.out : a.o.in, &r);
    return rc;
}

/* Under mpirun the ranks split the boards to solve (README, "Beyond one machine"). */
enum pd_status cmd_analyze(int argc, char **argv, struct pd_err *e)
{
    enum pd_status rc = pd_mpi_start(e);

    return pd_mpi_end(rc == PD_OK ? run_analyze(argc, argv, e) : rc);
}
