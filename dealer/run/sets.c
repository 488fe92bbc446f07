/* dealer/run/sets.c - tournament boards from the keyed stream: one board alone (board_generate) or a
 * whole range on several threads (set_generate). Each board depends only on (set key, board), so
 * any split of the boards over threads gives the same deals. Boards with a script follow the
 * script's dealing version (dealer/README.md, "Boards with a script"): version 1 tests the
 * board's plain candidates, version 2 asks dealer/lang/keyed.c for attempts drawn from the board's
 * script stream. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/run/run.h"

/* How a board's deal is found: candidates tested by accept, or a script's version-2 attempts. */
struct method {
    deal_accept_fn accept; /* NULL accepts every candidate */
    void *ctx;
    const struct lang_deal *smart; /* non-NULL: version 2 */
    const struct deal_watch *watch; /* NULL: nobody watches */
};

static struct method method_for(const struct lang_deal *ld)
{
    if (lang_deal_version(ld) == DEALING_V1)
        return (struct method){lang_accept, (void *)lang_deal_prog(ld), NULL, NULL};
    return (struct method){NULL, NULL, ld, NULL};
}

/* The next attempt: 1 kept (deal and number set), 0 not, <0 error. */
static int attempt(const struct method *m, struct deal_stream *s, int board, struct deal *d,
                   deal_num *n, struct pd_err *e)
{
    int verdict;

    if (m->smart) {
        verdict = lang_deal_try(m->smart, s, board, d, e);
        if (verdict > 0 && deal_to_number(d, n, e) != PD_OK)
            return -1;
        return verdict;
    }
    deal_stream_deal(s, d, n);
    return m->accept ? m->accept(m->ctx, d, board, e) : 1;
}

static enum pd_status generate_with(struct deal_stream *s, int board, const struct method *m,
                                    uint64_t max_tries, struct board_deal *out,
                                    struct pd_err *e)
{
    enum stream_purpose purpose = m->smart ? STREAM_SCRIPT : STREAM_DEAL;
    enum pd_status rc = deal_stream_seek(s, purpose, (uint64_t)board, e);
    uint64_t limit = max_tries ? max_tries : DEAL_MAX_TRIES;

    if (rc != PD_OK)
        return rc;
    for (uint64_t t = 1; t <= limit; t++) {
        struct deal d;
        deal_num n = 0;
        int verdict = attempt(m, s, board, &d, &n, e);

        if (verdict < 0)
            return e ? e->code : PD_ERR_INTERNAL;
        if (verdict > 0) {
            out->board = board;
            out->deal = d;
            out->number = n;
            out->tries = t;
            return PD_OK;
        }
        if ((t & (DEAL_WATCH_SPAN - 1)) == 0 && m->watch)
            m->watch->tick(m->watch->ctx, board, t);
    }
    return pd_fail(e, PD_ERR_LIMIT,
                   "board %d: no deal satisfied the condition in %llu tr%s", board,
                   (unsigned long long)limit, limit == 1 ? "y" : "ies");
}

static enum pd_status generate_one(const struct set_key *sk, int board, const struct method *m,
                                   uint64_t max_tries, struct board_deal *out, struct pd_err *e)
{
    struct deal_stream s;
    enum pd_status rc = deal_stream_open(&s, sk, STREAM_DEAL, (uint64_t)board, e);

    if (rc == PD_OK)
        rc = generate_with(&s, board, m, max_tries, out, e);
    deal_stream_close(&s);
    return rc;
}

enum pd_status board_generate(const struct set_key *sk, int board, deal_accept_fn accept,
                              void *ctx, uint64_t max_tries, struct board_deal *out,
                              struct pd_err *e)
{
    struct method m = {accept, ctx, NULL, NULL};

    return generate_one(sk, board, &m, max_tries, out, e);
}

enum pd_status board_generate_script(const struct set_key *sk, int board,
                                     const struct lang_deal *ld, uint64_t max_tries,
                                     struct board_deal *out, struct pd_err *e)
{
    struct method m = method_for(ld);

    return generate_one(sk, board, &m, max_tries, out, e);
}

struct worker {
    pthread_t tid;
    int first, step; /* this worker takes boards[first], boards[first+step], ... */
    const struct set_key *sk;
    const struct board_range *range;
    const struct method *m;
    uint64_t max_tries;
    struct board_deal *out;
    enum pd_status rc;
    int failed_at; /* index of the board that failed */
    struct pd_err err;
};

static void *work(void *arg)
{
    struct worker *w = arg;
    struct deal_stream s;

    w->rc = deal_stream_open(&s, w->sk, STREAM_DEAL, 0, &w->err);
    for (int i = w->first; w->rc == PD_OK && i < w->range->n; i += w->step) {
        w->rc = generate_with(&s, w->range->boards[i], w->m, w->max_tries, &w->out[i],
                              &w->err);
        if (w->rc != PD_OK)
            w->failed_at = i;
    }
    deal_stream_close(&s);
    return NULL;
}

static enum pd_status generate_set(const struct set_key *sk, const struct board_range *range,
                                   int threads, const struct method *m, uint64_t max_tries,
                                   struct board_deal *out, struct pd_err *e)
{
    struct worker *w;
    int started = 0, worst = -1;

    if (threads < 1)
        threads = 1;
    if (threads > range->n)
        threads = range->n > 0 ? range->n : 1;
    w = calloc((size_t)threads, sizeof *w);
    if (!w)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    for (int t = 0; t < threads; t++) {
        w[t] = (struct worker){.first = t, .step = threads, .sk = sk, .range = range, .m = m,
                               .max_tries = max_tries, .out = out};
        if (t == 0)
            continue;
        if (pthread_create(&w[t].tid, NULL, work, &w[t]) != 0)
            break;
        started = t;
    }
    /* The calling thread is worker 0; workers that could not start are run here too. */
    for (int t = 0; t < threads; t++)
        if (t == 0 || t > started)
            work(&w[t]);
    for (int t = 1; t <= started; t++)
        pthread_join(w[t].tid, NULL);
    /* Report the lowest failing board, so the message does not depend on thread timing. */
    for (int t = 0; t < threads; t++)
        if (w[t].rc != PD_OK && (worst < 0 || w[t].failed_at < w[worst].failed_at))
            worst = t;
    enum pd_status rc = PD_OK;

    if (worst >= 0) {
        rc = w[worst].rc;
        if (e)
            *e = w[worst].err;
    }
    free(w);
    return rc;
}

enum pd_status set_generate(const struct set_key *sk, const struct board_range *range,
                            int threads, deal_accept_fn accept, void *ctx, uint64_t max_tries,
                            struct board_deal *out, struct pd_err *e)
{
    struct method m = {accept, ctx, NULL, NULL};

    return generate_set(sk, range, threads, &m, max_tries, out, e);
}

enum pd_status set_generate_script(const struct set_key *sk, const struct board_range *range,
                                   int threads, const struct lang_deal *ld, uint64_t max_tries,
                                   struct board_deal *out, struct pd_err *e)
{
    return set_generate_script_watched(sk, range, threads, ld, max_tries, NULL, out, e);
}

enum pd_status set_generate_script_watched(const struct set_key *sk,
                                           const struct board_range *range, int threads,
                                           const struct lang_deal *ld, uint64_t max_tries,
                                           const struct deal_watch *watch,
                                           struct board_deal *out, struct pd_err *e)
{
    struct method m = method_for(ld);

    m.watch = watch;
    return generate_set(sk, range, threads, &m, max_tries, out, e);
}
