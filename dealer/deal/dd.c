/* dealer/deal/dd.c - double-dummy analysis through libdds 2.9: full tables (CalcAllTables in
 * batches), single (declarer, strain) solves (SolveBoard) with a per-deal memo, and par
 * (DealerPar). One module for tricks() in scripts, `predup analyze` and the hand record.
 * libdds's conventions are converted here, once: success is RETURN_NO_FAULT (1), hands are
 * N,E,S,W, suits S,H,D,C then NT, and rank r is bit r of a suit's holding. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "dealer/deal/deal.h"

/* libdds also declares a `struct deal`: rename its tag inside this file only. */
#define deal dds_deal
#include <dds/dll.h>
#undef deal

/* libdds is loaded on first use, not linked: its load-time constructor reserves and clears the
 * search memory of every thread, about 0.3 s that every predup command would pay, analysis or
 * not (pd_lib_ready loads it). Only the entry points used here are looked up. libdds is never
 * unloaded (its static objects and OpenMP threads live to the end of the process), and nothing
 * calls it from an exit handler, whose order against libdds's own destructors is not defined. */
static struct {
    void (*set_max_threads)(int);
    void (*get_info)(struct DDSInfo *);
    void (*error_message)(int, char[80]);
    int (*calc_all_tables)(struct ddTableDeals *, int, int[DDS_STRAINS], struct ddTablesRes *,
                           struct allParResults *);
    int (*solve_board)(struct dds_deal, int, int, int, struct futureTricks *, int);
    int (*dealer_par)(struct ddTableResults *, struct parResultsDealer *, int, int);
} dds;
static const struct pd_lib_symbol dds_symbols[] = {
    {"SetMaxThreads", (void **)&dds.set_max_threads},
    {"GetDDSInfo", (void **)&dds.get_info},
    {"ErrorMessage", (void **)&dds.error_message},
    {"CalcAllTables", (void **)&dds.calc_all_tables},
    {"SolveBoard", (void **)&dds.solve_board},
    {"DealerPar", (void **)&dds.dealer_par},
    {NULL, NULL},
};

/* LeakSanitizer's entry point, present only in sanitizer builds. */
extern void __lsan_do_leak_check(void) __attribute__((weak));

/* libdds cannot be finalised once loaded at run time: its C++ static objects are destroyed by
 * the exit handlers, and its finaliser (FreeMemory, run by the dynamic loader after them) then
 * walks the destroyed objects and crashes. Exit handlers run newest first, so this one, added
 * once libdds is loaded, runs before all of those: it flushes stdio, runs the leak check of a
 * sanitizer build (whose own exit handler it skips), and ends the process with the status
 * exit() was given. Output files are committed (fsynced and renamed) before exit, so nothing
 * is lost by skipping the remaining handlers. */
static void dds_quit(int status, void *arg)
{
    (void)arg;
    fflush(NULL);
    if (__lsan_do_leak_check)
        __lsan_do_leak_check();
    _exit(status);
}

/* Once libdds is loaded (dds_lib's after). */
static void dds_loaded(void)
{
    on_exit(dds_quit, NULL);
    dds.set_max_threads(0); /* as many threads as libdds finds cores and memory for */
}
static struct pd_lib dds_lib = {.name = "libdds", .soname = "libdds.so.0", .package = "libdds0",
                                .symbols = dds_symbols, .after = dds_loaded};

/* Loads libdds once; PD_ERR_INTERNAL with the loader's reason when it cannot. */
static enum pd_status dds_ready(struct pd_err *e)
{
    return pd_lib_ready(&dds_lib, e);
}

int dd_max_threads(void)
{
    struct DDSInfo info;

    if (dds_ready(NULL) != PD_OK)
        return 1;
    dds.get_info(&info);
    return info.noOfThreads > 0 ? info.noOfThreads : 1;
}

enum pd_status dd_set_threads(int threads, struct pd_err *e)
{
    enum pd_status rc = dds_ready(e);

    if (rc == PD_OK && threads > 0)
        dds.set_max_threads(threads);
    return rc;
}

static enum pd_status dds_fail(struct pd_err *e, int code, const char *what)
{
    char line[80];

    dds.error_message(code, line);
    line[79] = '\0';
    return pd_fail(e, PD_ERR_INTERNAL, "libdds %s: %s (%d)", what, line, code);
}

/* Our suit holding has rank r at bit r-2; libdds wants it at bit r. */
static void to_dds_cards(const struct deal *d, unsigned int cards[DDS_HANDS][DDS_SUITS])
{
    for (int h = 0; h < 4; h++)
        for (int s = 0; s < 4; s++)
            cards[h][s] = hand_suit(d->hand[h], (enum suit)s) << 2;
}

enum pd_status dd_tables(const struct deal *deals, size_t n, struct dd_table *out,
                         struct pd_err *e)
{
    static struct ddTableDeals batch_init; /* zero */
    struct ddTableDeals batch = batch_init;
    struct ddTablesRes res;
    int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};

    enum pd_status ready = dds_ready(e);

    if (ready != PD_OK)
        return ready;
    for (size_t i = 0; i < n; i++)
        if (!deal_is_complete(&deals[i], NULL, 0))
            return pd_fail(e, PD_ERR_RANGE, "deal %zu is not complete: cannot analyse", i + 1);
    /* With all five strains asked, one call takes at most MAXNOOFTABLES deals. */
    for (size_t at = 0; at < n; at += MAXNOOFTABLES) {
        size_t k = n - at < MAXNOOFTABLES ? n - at : MAXNOOFTABLES;
        int rc;

        batch.noOfTables = (int)k;
        for (size_t i = 0; i < k; i++)
            to_dds_cards(&deals[at + i], batch.deals[i].cards);
        rc = dds.calc_all_tables(&batch, -1, filter, &res, NULL);
        if (rc != RETURN_NO_FAULT)
            return dds_fail(e, rc, "CalcAllTables");
        for (size_t i = 0; i < k; i++)
            for (int st = 0; st < 5; st++)
                for (int h = 0; h < 4; h++)
                    out[at + i].tricks[h][st] = (int8_t)res.results[i].resTable[st][h];
    }
    return PD_OK;
}

/* Tricks declarer takes in strain, double dummy, the lead from declarer's left (SolveBoard). */
static enum pd_status dd_tricks(const struct deal *d, enum seat declarer, enum strain strain,
                                int thread, int *tricks, struct pd_err *e)
{
    struct dds_deal dl;
    struct futureTricks fut;
    int rc;

    if (dds_ready(e) != PD_OK)
        return PD_ERR_INTERNAL;
    if (!deal_is_complete(d, NULL, 0))
        return pd_fail(e, PD_ERR_RANGE, "tricks(): the deal is not complete");
    memset(&dl, 0, sizeof dl);
    dl.trump = (int)strain; /* libdds: 0..3 = S,H,D,C and 4 = NT, as enum strain */
    dl.first = ((int)declarer + 1) % 4;
    to_dds_cards(d, dl.remainCards);
    /* target -1, solutions 1: the most tricks the side on lead can take. */
    rc = dds.solve_board(dl, -1, 1, 1, &fut, thread);
    if (rc != RETURN_NO_FAULT)
        return dds_fail(e, rc, "SolveBoard");
    *tricks = 13 - fut.score[0];
    return PD_OK;
}

void dd_memo_reset(struct dd_memo *m, const struct deal *d)
{
    m->deal = *d;
    memset(m->tricks, -1, sizeof m->tricks);
}

enum pd_status dd_memo_tricks(struct dd_memo *m, enum seat declarer, enum strain strain,
                              int thread, int *tricks, struct pd_err *e)
{
    int8_t *slot = &m->tricks[declarer][strain];

    if (*slot < 0) {
        int t;
        enum pd_status rc = dd_tricks(&m->deal, declarer, strain, thread, &t, e);

        if (rc != PD_OK)
            return rc;
        *slot = (int8_t)t;
    }
    *tricks = *slot;
    return PD_OK;
}

/* libdds's vulnerability code: 0 none, 1 both, 2 NS, 3 EW. */
static int dds_vul(enum vul v)
{
    switch (v) {
    case VUL_NONE:
        return 0;
    case VUL_ALL:
        return 1;
    case VUL_NS:
        return 2;
    case VUL_EW:
        return 3;
    }
    return 0;
}

/* DealerPar writes "4S-NS+1", "3H*-EW-1", "2N-E" or "pass": contract, "*" when doubled, side,
 * then over- or undertricks. PBN's ParContract puts the side first ("NS 4S+1"), "x" for doubled
 * and "NT" for notrump; several par contracts are separated by commas. */
static void append_contract(char *buf, size_t n, const char *text)
{
    char contract[8] = "", side[4] = "";
    const char *p = text, *result;
    size_t used = strlen(buf), k = 0;

    if (!strchr(text, '-')) {
        snprintf(buf + used, n - used, "%sPass", used ? "," : "");
        return;
    }
    for (; *p && *p != '-' && k + 3 < sizeof contract; p++) {
        if (*p == 'N') {
            contract[k++] = 'N';
            contract[k++] = 'T';
        } else {
            contract[k++] = *p == '*' ? 'x' : *p;
        }
    }
    contract[k] = '\0';
    if (*p == '-')
        p++;
    for (k = 0; *p && *p != '+' && *p != '-' && k + 1 < sizeof side; p++)
        side[k++] = *p;
    side[k] = '\0';
    result = p;
    snprintf(buf + used, n - used, "%s%s %s%s", used ? "," : "", side, contract, result);
}

enum pd_status dd_par(const struct dd_table *t, enum vul vul, enum seat dealer,
                      struct dd_par *out, struct pd_err *e)
{
    struct ddTableResults tab;
    struct parResultsDealer par;
    int rc;

    if (dds_ready(e) != PD_OK)
        return PD_ERR_INTERNAL;
    for (int st = 0; st < 5; st++)
        for (int h = 0; h < 4; h++)
            tab.resTable[st][h] = t->tricks[h][st];
    rc = dds.dealer_par(&tab, &par, (int)dealer, dds_vul(vul));
    if (rc != RETURN_NO_FAULT)
        return dds_fail(e, rc, "DealerPar");
    memset(out, 0, sizeof *out);
    out->score_ns = par.score;
    for (int i = 0; i < par.number && i < 10; i++) {
        par.contracts[i][9] = '\0';
        append_contract(out->contracts, sizeof out->contracts, par.contracts[i]);
    }
    if (!out->contracts[0])
        snprintf(out->contracts, sizeof out->contracts, "Pass");
    return PD_OK;
}

/* A full table whose every failing contract takes exactly one trick is possible, but none of
 * DDS's 1,023 published tables is one, while every table of Dealmaster Pro's and of the
 * BridgeComposer files copied from it is: and a full table mistaken for one costs only a solve
 * that gives it back unchanged. */
bool dd_table_makeable_only(const struct dd_table *t)
{
    bool one = false;

    for (int s = 0; s < 4; s++)
        for (int st = 0; st < 5; st++) {
            if (t->tricks[s][st] != 1 && t->tricks[s][st] < 7)
                return false;
            one = one || t->tricks[s][st] == 1;
        }
    return one;
}
