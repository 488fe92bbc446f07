/* printing/solve_watch.c - a double-dummy solve that a person can watch and bound: libdds
 * works on a thread of its own while the caller's thread shows the boards done and the time
 * gone (one of DDS's own test deals takes a quarter of an hour), and gives up after
 * max_seconds. libdds cannot be interrupted: the abandoned solve keeps its own copy of the
 * deals and its memory until the process ends, which the front-end does at once. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "printing/pr_int.h"

struct watched {
    pthread_mutex_t mu;
    pthread_cond_t moved;
    size_t n, done, batch;
    bool finished;
    enum pd_status rc;
    struct pd_err err;
    struct deal *deals;    /* n deals, then n tables (deals first: they need 8-byte alignment) */
};

static struct dd_table *tabs_of(struct watched *w)
{
    return (struct dd_table *)(w->deals + w->n);
}

static void *solve(void *arg)
{
    struct watched *w = arg;
    enum pd_status rc = PD_OK;

    for (size_t at = 0; rc == PD_OK && at < w->n; at += w->batch) {
        size_t k = w->n - at < w->batch ? w->n - at : w->batch;
        struct pd_err e;

        rc = dd_tables(w->deals + at, k, tabs_of(w) + at, &e);
        pthread_mutex_lock(&w->mu);
        w->done = rc == PD_OK ? at + k : w->done;
        w->rc = rc;
        if (rc != PD_OK)
            w->err = e;
        pthread_cond_signal(&w->moved);
        pthread_mutex_unlock(&w->mu);
    }
    pthread_mutex_lock(&w->mu);
    w->finished = true;
    pthread_cond_signal(&w->moved);
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

static void show_line(bool show, size_t done, size_t n, long secs)
{
    if (!show)
        return;
    if (secs >= 60)
        fprintf(stderr, "\ranalyze: %zu/%zu boards, %ld min %02ld s ", done, n, secs / 60,
                secs % 60);
    else
        fprintf(stderr, "\ranalyze: %zu/%zu boards, %ld s ", done, n, secs);
    if (done == n)
        fputc('\n', stderr);
}

/* Waits for the solve, a second at a time; true when it finished within max_seconds. */
static bool wait_for_solve(struct watched *w, bool show, unsigned max_seconds, size_t *done)
{
    struct timespec t0, now;
    long secs = 0;

    clock_gettime(CLOCK_MONOTONIC, &t0);
    pthread_mutex_lock(&w->mu);
    while (!w->finished && (max_seconds == 0 || secs < (long)max_seconds)) {
        struct timespec until;

        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        pthread_cond_timedwait(&w->moved, &w->mu, &until);
        clock_gettime(CLOCK_MONOTONIC, &now);
        secs = (long)(now.tv_sec - t0.tv_sec);
        show_line(show && !w->finished, w->done, w->n, secs);
    }
    bool finished = w->finished;

    *done = w->done;
    pthread_mutex_unlock(&w->mu);
    show_line(show && finished && w->rc == PD_OK, w->n, w->n, secs);
    return finished;
}

enum pd_status pr_solve_watched(const struct deal *deals, size_t n, struct dd_table *tabs,
                                size_t batch, bool show, unsigned max_seconds, struct pd_err *e)
{
    struct watched *w = calloc(1, sizeof *w);
    pthread_t tid;
    size_t done = 0;

    if (!w || !(w->deals = malloc(n * (sizeof *tabs + sizeof *deals) + 1))) {
        free(w);
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    w->n = n;
    w->batch = batch;
    memcpy(w->deals, deals, n * sizeof *deals);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->moved, NULL);
    show_line(show, 0, n, 0);
    if (pthread_create(&tid, NULL, solve, w) != 0) {
        free(w->deals);
        free(w);
        return pd_fail(e, PD_ERR_NOMEM, "cannot start a thread");
    }
    if (!wait_for_solve(w, show, max_seconds, &done)) {
        pthread_detach(tid); /* w stays with it: the process ends before it does */
        if (show)
            fputc('\n', stderr);
        return pd_fail(e, PD_ERR_LIMIT, "no double-dummy result after %u s (--max-seconds): "
                       "%zu of %zu boards solved, nothing written", max_seconds, done, n);
    }
    pthread_join(tid, NULL);
    enum pd_status rc = w->rc;

    if (rc == PD_OK)
        memcpy(tabs, tabs_of(w), n * sizeof *tabs);
    else if (e)
        *e = w->err;
    pthread_cond_destroy(&w->moved);
    pthread_mutex_destroy(&w->mu);
    free(w->deals);
    free(w);
    return rc;
}
