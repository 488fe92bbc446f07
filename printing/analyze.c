/* printing/analyze.c - double-dummy analysis of a set (`predup analyze`, and the hand record when
 * its set has none): the 20 trick counts of every board through dealer/'s dd_tables (libdds
 * CalcAllTables, all cores), par for the board's vulnerability and dealer through dd_par
 * (DealerPar), written as PBN 2.1's DoubleDummyTricks, OptimumResultTable, OptimumScore and
 * ParContract. Boards that carry the analysis already are not solved again. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "printing/pr_int.h"

/* Deals per dd_tables call: enough to keep every libdds thread busy to the end of the batch
 * (the idle tail is at most one solve per thread), few enough for progress to move; at most
 * libdds's MAXNOOFTABLES, one CalcAllTables call. */
static size_t batch_size(void)
{
    size_t n = 4 * (size_t)dd_max_threads();

    return n < 8 ? 8 : n > 40 ? 40 : n;
}

static void set_threads(int threads)
{
    if (threads > 0)
        dd_set_threads(threads, NULL); /* a failure to load libdds shows at the first solve */
}

static void progress(bool on, size_t done, size_t n)
{
    if (on)
        fprintf(stderr, "\ranalyze: %zu/%zu boards%s", done, n, done == n ? "\n" : "");
}

/* Solves the games listed in idx (tables) in batches. */
static enum pd_status solve_tables(struct pbn_set *set, const size_t *idx, size_t n,
                                   bool show, struct pd_err *e)
{
    struct deal *deals = malloc((n ? n : 1) * sizeof *deals);
    struct dd_table *tabs = malloc((n ? n : 1) * sizeof *tabs);
    enum pd_status rc = deals && tabs ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    for (size_t i = 0; rc == PD_OK && i < n; i++)
        deals[i] = set->games[idx[i]].deal;
    size_t batch = batch_size();

    progress(show && n > 0, 0, n);
    for (size_t at = 0; rc == PD_OK && at < n; at += batch) {
        size_t k = n - at < batch ? n - at : batch;

        rc = dd_tables(deals + at, k, tabs + at, e);
        for (size_t i = 0; rc == PD_OK && i < k; i++) {
            struct pbn_game *g = &set->games[idx[at + i]];

            g->dd = tabs[at + i];
            g->has_dd = true;
            g->has_par = false; /* a new table needs its own par */
        }
        progress(show && rc == PD_OK, at + k, n);
    }
    free(deals);
    free(tabs);
    return rc;
}

enum pd_status pr_analyze_set(struct pbn_set *set, int threads, bool show, size_t *solved,
                              struct pd_err *e)
{
    size_t *idx = malloc((set->n ? set->n : 1) * sizeof *idx), n = 0;
    enum pd_status rc = idx ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");
    struct pr_board b;

    for (size_t i = 0; rc == PD_OK && i < set->n; i++) {
        const struct pbn_game *g = &set->games[i];

        if (g->has_dd && g->has_par)
            continue;
        rc = pr_board_from_game(g, i, &b, e);
        if (rc == PD_OK && !g->has_dd)
            idx[n++] = i;
    }
    if (rc == PD_OK && n > 0) {
        set_threads(threads);
        rc = solve_tables(set, idx, n, show, e);
    }
    for (size_t i = 0; rc == PD_OK && i < set->n; i++) {
        struct pbn_game *g = &set->games[i];
        struct dd_par par;
        struct dd_table dd;

        if (g->has_par)
            continue;
        rc = pr_board_from_game(g, i, &b, e);
        if (rc != PD_OK)
            break;
        rc = dd_par(&g->dd, b.vul, b.dealer, &par, e);
        dd = g->dd; /* pbn_game_set_dd writes g->dd itself */
        if (rc == PD_OK)
            rc = pbn_game_set_dd(g, &dd, &par, e);
        if (rc != PD_OK && e) {
            char why[sizeof e->msg];

            snprintf(why, sizeof why, "%s", e->msg);
            pd_fail(e, rc, "board %d: %s", b.number, why);
        }
    }
    if (rc == PD_OK && solved)
        *solved = n;
    free(idx);
    return rc;
}

static const char analyze_usage[] =
    "usage: predup analyze SET.pbn [-o OUT.pbn] [-j N] [--quiet] [--force] [--public]\n"
    "  Adds double-dummy tricks (DoubleDummyTricks, OptimumResultTable) and par (OptimumScore,\n"
    "  ParContract, for each board's vulnerability and dealer) to every board, with libdds on\n"
    "  all cores (-j N: N threads). Boards that have them already are kept as they are.\n"
    "  Writes OUT.pbn, or SET.pbn itself when -o is not given (a temporary file, then renamed).\n"
    "  An existing OUT.pbn with other content is kept unless --force; OUT.pbn is 0600 (it\n"
    "  reveals deals) unless --public (0666 less the umask).\n";

static enum pd_status parse_jobs(const char *arg, int *out, struct pd_err *e)
{
    unsigned long long n;
    enum pd_status rc = pd_parse_number(arg, 1, 256, "-j", &n, e);

    *out = rc == PD_OK ? (int)n : *out;
    return rc;
}

enum pd_status cmd_analyze(int argc, char **argv, struct pd_err *e)
{
    static const struct option longs[] = {
        {"output", required_argument, NULL, 'o'}, {"jobs", required_argument, NULL, 'j'},
        {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
        {"force", no_argument, NULL, 'F'},        {"public", no_argument, NULL, 'P'},
        {NULL, 0, NULL, 0},
    };
    const char *out = NULL;
    unsigned flags = 0;
    struct pbn_set *set = NULL;
    size_t solved = 0;
    bool quiet = false;
    int threads = 0, c;
    enum pd_status rc = PD_OK;

    optind = 0;
    opterr = 0;
    while (rc == PD_OK && (c = getopt_long(argc, argv, "o:j:qh", longs, NULL)) != -1) {
        switch (c) {
        case 'o': out = optarg; break;
        case 'j': rc = parse_jobs(optarg, &threads, e); break;
        case 'q': quiet = true; break;
        case 'F': flags |= PD_OUT_FORCE; break;
        case 'P': flags |= PD_OUT_PUBLIC; break;
        case 'h': fputs(analyze_usage, stdout); return PD_OK;
        default:
            return pd_fail(e, PD_ERR_USAGE, "unknown option \"%s\" (predup analyze --help)",
                           argv[optind - 1]);
        }
    }
    if (rc != PD_OK)
        return rc;
    if (argc - optind != 1)
        return pd_fail(e, PD_ERR_USAGE, "analyze wants one SET.pbn (predup analyze --help)");
    if (!out) { /* updating the input in place is what was asked for */
        out = argv[optind];
        flags |= PD_OUT_FORCE;
    }
    rc = pbn_read_file(argv[optind], &set, e);
    if (rc == PD_OK)
        rc = pr_analyze_set(set, threads, pd_progress_wanted(quiet), &solved, e);
    if (rc == PD_OK)
        rc = pbn_write_file_ex(out, flags, set, e);
    if (rc == PD_OK && strcmp(out, "-") != 0)
        printf("analyzed %zu boards (%zu solved, %zu already done): %s\n", set->n, solved,
               set->n - solved, out);
    pbn_set_free(set);
    return rc;
}
