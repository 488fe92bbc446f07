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

/* Under mpirun (pd_mpi_size() > 1) every rank solves its share, a contiguous run of the
 * boards to solve, and rank 0 gathers the tables in rank order, which is board order. */
static enum pd_status gather_tables(struct dd_table *tabs, size_t lo, size_t hi, size_t n,
                                    enum pd_status rc, struct pd_err *e)
{
    void *all = NULL;
    size_t total = 0;

    if (pd_mpi_size() == 1)
        return rc;
    if ((rc = pd_mpi_agree(rc, e)) != PD_OK)
        return rc;
    rc = pd_mpi_gather(tabs + lo, (hi - lo) * sizeof *tabs, &all, &total, e);
    if (rc == PD_OK && pd_mpi_rank() == 0 && total != n * sizeof *tabs)
        rc = pd_fail(e, PD_ERR_INTERNAL, "the ranks sent %zu tables for %zu boards (does every "
                                         "rank read the same set?)", total / sizeof *tabs, n);
    if (rc == PD_OK && pd_mpi_rank() == 0 && n)
        memcpy(tabs, all, n * sizeof *tabs);
    free(all);
    return rc;
}

/* Solves the games listed in idx (tables) in batches; this rank's share under mpirun. */
static enum pd_status solve_tables(struct pbn_set *set, const size_t *idx, size_t n,
                                   bool show, struct pd_err *e)
{
    struct deal *deals = malloc((n ? n : 1) * sizeof *deals);
    struct dd_table *tabs = malloc((n ? n : 1) * sizeof *tabs);
    enum pd_status rc = deals && tabs ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");
    size_t lo = n * (size_t)pd_mpi_rank() / (size_t)pd_mpi_size();
    size_t hi = n * (size_t)(pd_mpi_rank() + 1) / (size_t)pd_mpi_size();

    for (size_t i = 0; rc == PD_OK && i < n; i++)
        deals[i] = set->games[idx[i]].deal;
    size_t batch = batch_size();

    show = show && pd_mpi_rank() == 0; /* rank 0 shows its own share */
    progress(show && hi > lo, 0, hi - lo);
    for (size_t at = lo; rc == PD_OK && at < hi; at += batch) {
        size_t k = hi - at < batch ? hi - at : batch;

        rc = dd_tables(deals + at, k, tabs + at, e);
        progress(show && rc == PD_OK, at + k - lo, hi - lo);
    }
    rc = gather_tables(tabs, lo, hi, n, rc, e);
    for (size_t i = 0; rc == PD_OK && pd_mpi_rank() == 0 && i < n; i++) {
        struct pbn_game *g = &set->games[idx[i]];

        g->dd = tabs[i];
        g->has_dd = true;
        g->has_par = false; /* a new table needs its own par */
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
    /* Under mpirun: every rank reads the same set, so they agree here, solve, and agree
     * again in gather_tables; rank 0 alone goes on to par and writes. */
    rc = pd_mpi_agree(rc, e);
    if (rc == PD_OK && (n > 0 || pd_mpi_size() > 1)) {
        set_threads(threads);
        rc = solve_tables(set, idx, n, show, e);
    }
    if (pd_mpi_rank() != 0) {
        free(idx);
        return rc;
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
    "usage: predup analyze SET.pbn [-o OUT.pbn] [-j N] [--quiet]\n"
    "  Adds double-dummy tricks (DoubleDummyTricks, OptimumResultTable) and par (OptimumScore,\n"
    "  ParContract, for each board's vulnerability and dealer) to every board, with libdds on\n"
    "  all cores (-j N: N threads). Boards that have them already are kept as they are.\n"
    "  Writes OUT.pbn, or SET.pbn itself when -o is not given (a temporary file, then renamed).\n";

static enum pd_status parse_jobs(const char *arg, int *out, struct pd_err *e)
{
    char *end;
    long n = strtol(arg, &end, 10);

    if (!*arg || *end || n < 1 || n > 256)
        return pd_fail(e, PD_ERR_USAGE, "-j wants a thread count from 1 to 256, not \"%s\"", arg);
    *out = (int)n;
    return PD_OK;
}

static enum pd_status run_analyze(int argc, char **argv, struct pd_err *e)
{
    static const struct option longs[] = {
        {"output", required_argument, NULL, 'o'}, {"jobs", required_argument, NULL, 'j'},
        {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *out = NULL;
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
        case 'h': fputs(analyze_usage, stdout); return PD_OK;
        default:
            rc = pd_fail(e, PD_ERR_USAGE, "unknown option \"%s\" (predup analyze --help)",
                         argv[optind - 1]);
        }
    }
    if (rc == PD_OK && argc - optind != 1)
        rc = pd_fail(e, PD_ERR_USAGE, "analyze wants one SET.pbn (predup analyze --help)");
    if (rc != PD_OK)
        return pd_mpi_agree(rc, e); /* under mpirun, one message from rank 0 */
    if (!out)
        out = argv[optind];
    rc = pd_mpi_agree(pbn_read_file(argv[optind], &set, e), e);
    if (rc == PD_OK)
        rc = pr_analyze_set(set, threads, pd_progress_wanted(quiet), &solved, e);
    if (pd_mpi_rank() != 0) { /* rank 0 writes; the others' work is in its tables */
        pbn_set_free(set);
        return rc;
    }
    if (rc == PD_OK)
        rc = pbn_write_file(out, set, e);
    if (rc == PD_OK && strcmp(out, "-") != 0)
        printf("analyzed %zu boards (%zu solved, %zu already done): %s\n", set->n, solved,
               set->n - solved, out);
    pbn_set_free(set);
    return rc;
}

/* Under mpirun the ranks split the boards to solve (README, "Beyond one machine"). */
enum pd_status cmd_analyze(int argc, char **argv, struct pd_err *e)
{
    enum pd_status rc = pd_mpi_start(e);

    return pd_mpi_end(rc == PD_OK ? run_analyze(argc, argv, e) : rc);
}
