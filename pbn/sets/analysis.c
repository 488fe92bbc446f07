/* pbn/sets/analysis.c - verify's check of the analysis a set carries: the double-dummy tricks
 * (DoubleDummyTricks, OptimumResultTable) and the par (OptimumScore, ParContract) of every
 * board whose deal verify found right, against a fresh solve of that deal by libdds (dd_tables,
 * dd_par: the solver and par `predup analyze` writes them with), so that a forged par cannot
 * ride on a verified set into `print record`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/sets/sets.h"

static const char *const analysis_tags[] = {"DoubleDummyTricks", "OptimumResultTable",
                                            "OptimumScore", "ParContract"};

static bool analysis_present(const struct pbn_game *g)
{
    for (size_t i = 0; i < sizeof analysis_tags / sizeof analysis_tags[0]; i++)
        if (pbn_tag_get(g, analysis_tags[i]))
            return true;
    return false;
}

/* Whether item (len bytes, spaces around it aside) is one of list's comma-separated items. */
static bool has_item(const char *list, const char *item, size_t len)
{
    while (len > 0 && *item == ' ')
        item++, len--;
    while (len > 0 && item[len - 1] == ' ')
        len--;
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ","), skip = strspn(p, " ");
        size_t m = n > skip ? n - skip : 0;

        while (m > 0 && p[skip + m - 1] == ' ')
            m--;
        if (m == len && strncmp(p + skip, item, len) == 0)
            return true;
        p += n + (p[n] == ',');
    }
    return false;
}

static bool items_in(const char *x, const char *y) /* every item of x is one of y's */
{
    for (const char *p = x; *p;) {
        size_t n = strcspn(p, ",");

        if (!has_item(y, p, n))
            return false;
        p += n + (p[n] == ',');
    }
    return true;
}

/* ParContract values that name the same contracts, in any order. */
static bool same_contracts(const char *a, const char *b)
{
    return items_in(a, b) && items_in(b, a);
}

static int tag_line(const struct pbn_game *g, const char *name)
{
    const struct pbn_tag *t = pbn_tag_find(g, name);

    return t && t->line > 0 ? t->line : g->line;
}

static void compare_tricks(const struct pbn_game *g, const struct dd_table *dd,
                           analysis_fault_fn *fault, void *ctx)
{
    const char *v = pbn_tag_get(g, "DoubleDummyTricks");
    struct dd_table have = {{{0}}};
    char want[21], what[160];

    pbn_dd_to_hex(dd, want);
    if (v && (!pbn_dd_from_hex(v, &have) || memcmp(&have, dd, sizeof have) != 0)) {
        snprintf(what, sizeof what, "DoubleDummyTricks is \"%.24s\", a fresh solve gives %s", v,
                 want);
        fault(ctx, g, tag_line(g, "DoubleDummyTricks"), what);
    }
    memset(&have, 0, sizeof have);
    if (pbn_tag_find(g, "OptimumResultTable") &&
        (!pbn_dd_from_table(g, &have) || memcmp(&have, dd, sizeof have) != 0)) {
        snprintf(what, sizeof what, "OptimumResultTable differs from a fresh solve (its "
                 "DoubleDummyTricks: %s)", want);
        fault(ctx, g, tag_line(g, "OptimumResultTable"), what);
    }
}

static void compare_par(const struct pbn_game *g, const struct dd_par *par,
                        analysis_fault_fn *fault, void *ctx)
{
    const char *score = pbn_tag_get(g, "OptimumScore"), *pc = pbn_tag_get(g, "ParContract");
    char want[24], side[3], what[200];
    int n = 0;

    snprintf(want, sizeof want, "%s %d", par->score_ns >= 0 ? "NS" : "EW",
             par->score_ns >= 0 ? par->score_ns : -par->score_ns);
    if (score && (sscanf(score, "%2s %d", side, &n) != 2 ||
                  (strcmp(side, "NS") != 0 && strcmp(side, "EW") != 0) ||
                  (strcmp(side, "NS") == 0 ? n : -n) != par->score_ns)) {
        snprintf(what, sizeof what, "OptimumScore is \"%.24s\", a fresh solve gives %s", score,
                 want);
        fault(ctx, g, tag_line(g, "OptimumScore"), what);
    }
    if (pc && !same_contracts(pc, par->contracts)) {
        snprintf(what, sizeof what, "ParContract is \"%.64s\", a fresh solve gives \"%s\"", pc,
                 par->contracts);
        fault(ctx, g, tag_line(g, "ParContract"), what);
    }
}

enum pd_status verify_analysis(const struct pbn_set *set, const struct analysis_job *job,
                               analysis_fault_fn *fault, void *ctx, size_t *checked,
                               struct pd_err *e)
{
    size_t n = 0, *at = malloc((set->n + 1) * sizeof *at);
    struct deal *deals = malloc((set->n + 1) * sizeof *deals);
    struct dd_table *tables = malloc((set->n + 1) * sizeof *tables);
    enum pd_status rc = at && deals && tables ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    for (size_t i = 0; rc == PD_OK && i < set->n; i++)
        if (job->solve[i] && analysis_present(&set->games[i])) {
            at[n] = i;
            deals[n++] = job->deals[i];
        }
    if (rc == PD_OK && n > 0)
        rc = dd_tables(deals, n, tables, e);
    for (size_t k = 0; rc == PD_OK && k < n; k++) {
        const struct pbn_game *g = &set->games[at[k]];
        struct dd_par par;

        compare_tricks(g, &tables[k], fault, ctx);
        rc = dd_par(&tables[k], job->bi[at[k]].vul, job->bi[at[k]].dealer, &par, e);
        if (rc == PD_OK)
            compare_par(g, &par, fault, ctx);
    }
    *checked = rc == PD_OK ? n : 0;
    free(at);
    free(deals);
    free(tables);
    return rc;
}
