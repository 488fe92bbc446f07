/* printing/analyze.c - the analyze engine: double-dummy analysis of a set (`predup analyze`,
 * the hand record when its set has none, the event ceremony): the 20 trick counts of every
 * board through dealer/'s dd_tables (libdds CalcAllTables, all cores), par for the board's
 * vulnerability and dealer through dd_par (DealerPar), written as PBN 2.1's DoubleDummyTricks,
 * OptimumResultTable, OptimumScore and ParContract. Boards that carry the analysis already are
 * not solved again. Under mpirun the boards to solve go out to the ranks in chunks on demand and
 * rank 0 writes (share_out); the front-end (config/commands/cmd_analyze.c) starts MPI. */
#include <pthread.h>
#include <sys/stat.h>
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

/* ---- under mpirun: the boards go out in chunks on demand (README, "Beyond one machine").
 * Rank 0 hands the next chunk to whichever rank asks, its own solver thread included, so a
 * rank that draws slow boards takes fewer of them; every table comes back to rank 0, which
 * puts it at its board's place: the file is the one of -j 1, whatever the split. */

enum { TAG_ASK = 21, TAG_CHUNK = 22 };

/* A rank's request: the tables of the chunk it solved (k of them follow), the boards it takes
 * at a time, and the digest of its boards (every rank must read the same set). */
struct ask {
    size_t at, k, want;
    bool failed; /* its solve failed: it stops, and says why at pd_mpi_agree */
    char digest[65];
};

struct chunk {
    size_t at, k; /* k = 0: stop */
};

/* Rank 0's side: the next chunk to hand out, shared with its own solver thread. */
struct split {
    const struct deal *deals;
    struct dd_table *tabs;
    size_t n, next, done, local_want;
    bool stop; /* a rank failed: no more chunks */
    char digest[65];
    pthread_mutex_t mu;
    enum pd_status local_rc; /* the solver thread's */
    struct pd_err local_err;
};

static void digest_of(const struct deal *deals, size_t n, char hex[65])
{
    pd_sha256_hex(deals, n * sizeof *deals, hex);
}

/* The next chunk of at most want boards (0: none left, or stopped); done counts k finished. */
static size_t take_chunk(struct split *sp, size_t want, size_t done, bool failed, size_t *at)
{
    size_t k = 0;

    pthread_mutex_lock(&sp->mu);
    sp->done += done;
    sp->stop = sp->stop || failed;
    if (!sp->stop && sp->next < sp->n) {
        k = sp->n - sp->next < want ? sp->n - sp->next : want;
        *at = sp->next;
        sp->next += k;
    }
    pthread_mutex_unlock(&sp->mu);
    return k;
}

static void *solve_local(void *arg)
{
    struct split *sp = arg;
    size_t at = 0, k = 0;
    enum pd_status rc = PD_OK;

    while ((k = take_chunk(sp, sp->local_want, rc == PD_OK ? k : 0, rc != PD_OK, &at)) > 0)
        rc = dd_tables(sp->deals + at, k, sp->tabs + at, &sp->local_err);
    sp->local_rc = rc;
    return NULL;
}

/* One rank's ask: its tables into place, then its next chunk (or stop: *stopped counts). */
static enum pd_status serve(struct split *sp, int from, int *stopped, struct pd_err *e)
{
    void *buf = NULL;
    size_t len = 0, at = 0, k = 0;
    int tag = PD_MPI_ANY_TAG;
    enum pd_status rc = pd_mpi_recv(from, &tag, &buf, &len, e);
    const struct ask *a = buf;

    if (rc == PD_OK && (len < sizeof *a || len != sizeof *a + a->k * sizeof *sp->tabs ||
                        a->at > sp->n || a->k > sp->n - a->at))
        rc = pd_fail(e, PD_ERR_INTERNAL, "rank %d sent a malformed answer", from);
    if (rc == PD_OK && !a->failed && strcmp(a->digest, sp->digest) != 0)
        rc = pd_fail(e, PD_ERR_MISMATCH, "rank %d read another set than rank 0: every rank must "
                                      "read the same SET", from);
    if (rc == PD_OK && a->k)
        memcpy(sp->tabs + a->at, (const char *)buf + sizeof *a, a->k * sizeof *sp->tabs);
    if (rc == PD_OK)
        k = take_chunk(sp, a->want ? a->want : 1, a->k, a->failed, &at);
    else
        take_chunk(sp, 1, 0, true, &at); /* a rank failed: stop every rank */
    free(buf);
    struct chunk c = {at, k};
    enum pd_status sent = pd_mpi_send(from, TAG_CHUNK, &c, sizeof c, e);

    *stopped += k == 0;
    return rc != PD_OK ? rc : sent;
}

/* Rank 0: its thread solves while this one answers the other ranks, until all have stopped.
 * The first failure is the one reported. */
static enum pd_status share_out(struct split *sp, bool show, struct pd_err *e)
{
    enum pd_status rc = PD_OK;
    pthread_t tid;
    bool started = pthread_create(&tid, NULL, solve_local, sp) == 0;
    int stopped = 0;
    size_t shown = 0;

    if (!started) { /* the other ranks must still be told to stop */
        sp->stop = true;
        sp->local_rc = pd_fail(&sp->local_err, PD_ERR_NOMEM, "cannot start a thread");
    }
    progress(show && sp->n > 0, 0, sp->n);
    while (stopped < pd_mpi_size() - 1) {
        int from = pd_mpi_poll(TAG_ASK, 200000);
        struct pd_err why;
        enum pd_status r = from >= 0 ? serve(sp, from, &stopped, &why) : PD_OK;
        size_t done;

        if (r != PD_OK && rc == PD_OK) {
            rc = r;
            if (e)
                *e = why;
        }
        pthread_mutex_lock(&sp->mu);
        done = sp->done;
        pthread_mutex_unlock(&sp->mu);
        progress(show && done != shown && done < sp->n, done, sp->n);
        shown = done;
    }
    if (started)
        pthread_join(tid, NULL);
    progress(show && sp->n > 0 && sp->done == sp->n, sp->done, sp->n);
    if (rc == PD_OK && sp->local_rc != PD_OK && e)
        *e = sp->local_err;
    return rc != PD_OK ? rc : sp->local_rc;
}

/* Sends a's ask (and its tables) to rank 0 and receives the next chunk into *c. */
static enum pd_status exchange(const struct ask *a, size_t n, struct chunk *c, struct pd_err *e)
{
    void *buf = NULL;
    size_t len = 0;
    int tag = PD_MPI_ANY_TAG;
    enum pd_status rc = pd_mpi_send(0, TAG_ASK, a, sizeof *a + a->k * sizeof(struct dd_table), e);

    if (rc == PD_OK)
        rc = pd_mpi_recv(0, &tag, &buf, &len, e);
    if (rc == PD_OK && len == sizeof *c)
        memcpy(c, buf, sizeof *c);
    free(buf);
    if (rc == PD_OK && (len != sizeof *c || c->at > n || c->k > n - c->at))
        rc = pd_fail(e, PD_ERR_INTERNAL, "rank %d: malformed chunk from rank 0", pd_mpi_rank());
    return rc;
}

/* A rank other than 0: asks for a chunk, solves it, sends its tables with the next ask. A
 * rank that failed (rc) asks once, as failed, so that rank 0 stops handing out chunks. */
static enum pd_status take_share(const struct deal *deals, size_t n, enum pd_status rc,
                                 struct pd_err *e)
{
    struct ask failed, *a = rc == PD_OK ? malloc(sizeof *a + (n ? n : 1) * sizeof(struct dd_table))
                                        : NULL;
    struct chunk c = {0, 1};

    if (!a) {
        rc = rc != PD_OK ? rc : pd_fail(e, PD_ERR_NOMEM, "out of memory");
        a = &failed;
    }
    memset(a, 0, sizeof *a);
    a->want = (size_t)dd_max_threads();
    a->failed = rc != PD_OK;
    if (rc == PD_OK)
        digest_of(deals, n, a->digest);
    while (c.k > 0) {
        enum pd_status r = exchange(a, n, &c, e);

        if (r != PD_OK) {
            rc = rc != PD_OK ? rc : r;
            break;
        }
        a->at = c.at;
        if (c.k > 0 && rc == PD_OK)
            rc = dd_tables(deals + c.at, c.k, (struct dd_table *)(a + 1), e);
        a->k = rc == PD_OK ? c.k : 0;
        a->failed = rc != PD_OK;
    }
    if (a != &failed)
        free(a);
    return rc;
}

/* Every rank: its part of the split, even when it failed already (rc), so that the others are
 * told to stop; then they agree (a failed rank's message on rank 0). */
static enum pd_status split_over_ranks(const struct deal *deals, size_t n, struct dd_table *tabs,
                                       bool show, enum pd_status rc, struct pd_err *e)
{
    struct split sp = {.deals = deals, .tabs = tabs, .n = n, .stop = rc != PD_OK};
    enum pd_status shared;

    if (pd_mpi_rank() != 0)
        return pd_mpi_agree(take_share(deals, n, rc, e), e);
    sp.local_want = (size_t)dd_max_threads();
    if (rc == PD_OK)
        digest_of(deals, n, sp.digest);
    pthread_mutex_init(&sp.mu, NULL);
    shared = share_out(&sp, show && rc == PD_OK, e);
    pthread_mutex_destroy(&sp.mu);
    return pd_mpi_agree(rc != PD_OK ? rc : shared, e);
}

/* Solves the games listed in idx (tables): alone, or shared with the other ranks. */
static enum pd_status solve_tables(struct pbn_set *set, const size_t *idx, size_t n,
                                   bool show, unsigned max_seconds, struct pd_err *e)
{
    struct deal *deals = malloc((n ? n : 1) * sizeof *deals);
    struct dd_table *tabs = malloc((n ? n : 1) * sizeof *tabs);
    enum pd_status rc = deals && tabs ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    for (size_t i = 0; rc == PD_OK && i < n; i++)
        deals[i] = set->games[idx[i]].deal;
    if (pd_mpi_size() > 1)
        rc = split_over_ranks(deals, n, tabs, show && pd_mpi_rank() == 0, rc, e);
    else if (rc == PD_OK)
        rc = pr_solve_watched(deals, n, tabs, batch_size(), show, max_seconds, e);
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

/* What analyze needs of a game: its deal, dealer and vulnerability. strict (the hand record's
 * rule, pr_board_from_game): a Board number and a full deal, or an error. Otherwise (predup
 * analyze on any file: DDS's hand files have a Deal tag alone) a game without a Board takes its
 * dealer from its Dealer tag, else the Deal's first seat, and its vulnerability from its tag,
 * else None; a game without a full deal is skipped (*skip set). */
static enum pd_status game_board(const struct pbn_game *g, size_t i, bool strict,
                                 struct pr_board *b, bool *skip, struct pd_err *e)
{
    const char *deal = pbn_tag_get(g, "Deal");
    char why[160];
    int first = deal ? seat_from_char((unsigned char)deal[0]) : -1;

    *skip = false;
    if (strict || (g->board > 0 && g->known == 0xF))
        return pr_board_from_game(g, i, b, e);
    if (g->known != 0xF) {
        *skip = true;
        return PD_OK;
    }
    if (!deal_is_complete(&g->deal, why, sizeof why))
        return pd_fail(e, PD_ERR_RANGE, "game %zu (line %d): impossible deal: %s", i + 1, g->line,
                       why);
    b->number = g->board > 0 ? g->board : (int)i + 1;
    b->dealer = g->has_dealer ? g->dealer : first >= 0 ? (enum seat)first : SEAT_N;
    b->vul = g->has_vul ? g->vul : g->board > 0 ? board_law2(g->board).vul : VUL_NONE;
    b->deal = g->deal;
    return PD_OK;
}

/* Par for every game with a table and no par yet. */
static enum pd_status add_par(struct pbn_set *set, bool strict, struct pd_err *e)
{
    enum pd_status rc = PD_OK;

    for (size_t i = 0; rc == PD_OK && i < set->n; i++) {
        struct pbn_game *g = &set->games[i];
        struct dd_par par;
        struct dd_table dd;
        struct pr_board b;
        bool skip;

        if (g->has_par || !g->has_dd)
            continue;
        rc = game_board(g, i, strict, &b, &skip, e);
        if (rc != PD_OK || skip)
            continue;
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
    return rc;
}

/* pr_analyze_set, with the game rule of game_board; *skipped counts the games left out. */
static enum pd_status analyze(struct pbn_set *set, int threads, bool show, bool strict,
                              unsigned max_seconds, struct pr_analyze_result *r, struct pd_err *e)
{
    size_t *idx = malloc((set->n ? set->n : 1) * sizeof *idx), n = 0, nskip = 0;
    enum pd_status rc = idx ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");
    struct pr_board b;
    bool skip;

    for (size_t i = 0; rc == PD_OK && i < set->n; i++) {
        const struct pbn_game *g = &set->games[i];

        if (g->has_dd && g->has_par)
            continue;
        rc = game_board(g, i, strict, &b, &skip, e);
        nskip += skip;
        if (rc == PD_OK && !skip && !g->has_dd) {
            idx[n++] = i;
            r->remade += g->dd_makeable;
        }
    }
    /* Under mpirun: every rank reads the same set, so they agree here, solve, and agree
     * again in gather_tables; rank 0 alone goes on to par and writes. */
    rc = pd_mpi_agree(rc, e);
    if (rc == PD_OK && (n > 0 || pd_mpi_size() > 1)) {
        set_threads(threads);
        rc = solve_tables(set, idx, n, show, max_seconds, e);
    }
    if (rc == PD_OK && pd_mpi_rank() == 0)
        rc = add_par(set, strict, e);
    r->solved = rc == PD_OK ? n : 0;
    r->skipped = nskip;
    free(idx);
    return rc;
}

enum pd_status pr_analyze_set(struct pbn_set *set, int threads, bool show, size_t *solved,
                              struct pd_err *e)
{
    struct pr_analyze_result r = {0};
    enum pd_status rc = analyze(set, threads, show, true, 0, &r, e);

    if (solved)
        *solved = r.solved;
    return rc;
}

static const char *plural(size_t n)
{
    return n == 1 ? "" : "s";
}

/* The output must not lose boards unasked: an existing OUT other than the input must be a set
 * with no more games than the analysis (or --force). */
static enum pd_status check_target(const struct pr_analyze_opts *o, size_t ngames, struct pd_err *e)
{
    struct pbn_set *old = NULL;
    struct pd_err ignored;
    struct stat st;
    size_t had;

    /* Not even --force replaces a key file. */
    enum pd_status rc = strcmp(o->out, "-") == 0 ? PD_OK : pd_outfile_refuse_key(o->out, e);

    if (rc != PD_OK)
        return rc;
    if ((o->flags & PD_OUT_FORCE) || strcmp(o->out, "-") == 0 || strcmp(o->out, o->in) == 0 ||
        stat(o->out, &st) != 0 || !S_ISREG(st.st_mode))
        return PD_OK;
    if (pbn_read_any(o->out, NULL, &old, &ignored) != PD_OK)
        return pd_fail(e, PD_ERR_EXISTS,
                       "%s exists and is not a set: predup analyze %s -o %s --force replaces it",
                       o->out, o->in, o->out);
    had = old->n;
    pbn_set_free(old);
    if (had > ngames)
        return pd_fail(e, PD_ERR_EXISTS,
                       "%s holds %zu game%s, the analysis %zu: predup analyze %s -o %s --force "
                       "replaces it",
                       o->out, had, plural(had), ngames, o->in, o->out);
    return PD_OK;
}

/* Reads o->in, analyses it and writes o->out (rank 0 alone writes; r->written says it did). */
enum pd_status pr_analyze_file(const struct pr_analyze_opts *opts, struct pr_analyze_result *r,
                               struct pd_err *e)
{
    struct pr_analyze_opts o = *opts;
    struct pbn_set *set = NULL;
    enum pd_status rc = pd_mpi_agree(pbn_read_any(o.in, NULL, &set, e), e);

    *r = (struct pr_analyze_result){0};
    if (rc == PD_OK && !o.out && !set->src) /* never write PBN over a DUP, a LIN, a key ... */
        rc = pd_fail(e, PD_ERR_USAGE,
                     "%s is not a PBN file, so analyze does not write over it: give -o OUT.pbn "
                     "(predup analyze %s -o OUT.pbn)",
                     o.in, o.in);
    if (rc == PD_OK && !o.out) { /* updating the input in place is what was asked for */
        o.out = o.in;
        o.flags |= PD_OUT_FORCE;
    }
    if (rc == PD_OK)
        rc = check_target(&o, set->n, e);
    if (rc == PD_OK)
        rc = analyze(set, o.threads, pd_progress_wanted(o.quiet), false, o.max_seconds, r, e);
    if (rc == PD_OK && pd_mpi_rank() == 0) /* the others' work is in rank 0's tables */
        rc = pbn_write_file_ex(o.out, o.flags, set, e);
    if (rc == PD_OK && pd_mpi_rank() == 0) {
        r->boards = set->n - r->skipped;
        r->written = true;
    }
    pbn_set_free(set);
    return rc;
}

void pr_analyze_report(const char *out, const struct pr_analyze_result *r)
{
    char left[64] = "", remade[96] = "";

    if (!r->written || strcmp(out, "-") == 0)
        return;
    if (r->skipped)
        snprintf(left, sizeof left, "; %zu game%s without a full deal left out", r->skipped,
                 plural(r->skipped));
    if (r->remade)
        snprintf(remade, sizeof remade, "; %zu table%s listing only makeable contracts replaced",
                 r->remade, plural(r->remade));
    printf("analyzed %zu board%s (%zu solved, %zu already done%s%s): %s\n", r->boards,
           plural(r->boards), r->solved, r->boards - r->solved, remade, left, out);
}
