/* pbn/write.c - PBN 2.1 export format (sections 2 and 3 of the standard): CRLF line ends,
 * "% PBN 2.1" and "% EXPORT" first, the 15 mandatory tags in their fixed order, then the other
 * tags alphabetically, each tag's section lines after it, an empty line before every game after
 * the first, and strings escaped (\" and \\). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/pbn.h"

static const char *const mts_order[] = {
    "Event",  "Site",   "Date",       "Board", "West",    "North",    "East",     "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
};
enum { MTS_COUNT = sizeof mts_order / sizeof mts_order[0] };

/* Rank among the mandatory tags, or -1. The first letter filters out most names cheaply. */
static int mts_rank(const char *name)
{
    for (int i = 0; i < MTS_COUNT; i++)
        if (name[0] == mts_order[i][0] && strcmp(name, mts_order[i]) == 0)
            return i;
    return -1;
}

/* A game is formatted into one buffer and written with one fwrite: a stack buffer for the usual
 * game, the heap for a long one (a game with a long commentary or play section). */
struct text {
    char *p;
    size_t n, cap;
    char local[4096];
    bool failed;
};

static void text_add(struct text *t, const char *s, size_t len)
{
    if (t->n + len > t->cap) {
        size_t cap = 2 * (t->n + len);
        char *bigger = t->p == t->local ? malloc(cap) : realloc(t->p, cap);

        if (!bigger) {
            t->failed = true;
            return;
        }
        if (t->p == t->local)
            memcpy(bigger, t->local, t->n);
        t->p = bigger;
        t->cap = cap;
    }
    memcpy(t->p + t->n, s, len);
    t->n += len;
}

static void text_str(struct text *t, const char *s)
{
    text_add(t, s, strlen(s));
}

static void format_tag(struct text *out, const struct pbn_tag *t)
{
    const char *v = t->value;

    text_add(out, "[", 1);
    text_str(out, t->name);
    text_add(out, " \"", 2);
    /* Escape quotes and backslashes (PBN 3.2); most values have none, so copy runs. */
    for (size_t run; *v; v += run) {
        run = strcspn(v, "\"\\");
        text_add(out, v, run);
        if (v[run]) {
            text_add(out, "\\", 1);
            text_add(out, &v[run], 1);
            run++;
        }
    }
    text_add(out, "\"]\r\n", 4);
    for (size_t i = 0; i < t->nsection; i++) {
        text_str(out, t->section[i]);
        text_add(out, "\r\n", 2);
    }
}

static int by_name(const void *a, const void *b)
{
    const struct pbn_tag *const *x = a, *const *y = b;

    return strcmp((*x)->name, (*y)->name);
}

static void format_game(struct text *out, const struct pbn_game *g, const struct pbn_tag **extra)
{
    const struct pbn_tag *mts[MTS_COUNT] = {NULL};
    size_t nextra = 0;

    for (size_t i = 0; i < g->ntags; i++) {
        int r = mts_rank(g->tags[i].name);

        if (r >= 0)
            mts[r] = &g->tags[i];
        else
            extra[nextra++] = &g->tags[i];
    }
    for (int i = 0; i < MTS_COUNT; i++) {
        /* A mandatory tag the game lacks is unknown: "?" (PBN 3.4). */
        struct pbn_tag missing = {(char *)mts_order[i], (char *)"?", NULL, 0};

        format_tag(out, mts[i] ? mts[i] : &missing);
    }
    qsort(extra, nextra, sizeof *extra, by_name);
    for (size_t i = 0; i < nextra; i++)
        format_tag(out, extra[i]);
}

enum pd_status pbn_write_game(FILE *out, const struct pbn_game *g, size_t index,
                              struct pd_err *e)
{
    const struct pbn_tag *few[32], **extra = few;
    struct text t;
    enum pd_status rc = PD_OK;

    t.p = t.local;
    t.n = 0;
    t.cap = sizeof t.local;
    t.failed = false;
    if (g->ntags > 32) {
        extra = malloc(g->ntags * sizeof *extra);
        if (!extra)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    /* Export: every game after the first starts with an empty line. */
    if (index > 0)
        text_add(&t, "\r\n", 2);
    format_game(&t, g, extra);
    if (t.failed)
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory");
    else if (fwrite(t.p, 1, t.n, out) != t.n)
        rc = pd_fail(e, PD_ERR_IO, "write error: %s", strerror(errno));
    if (t.p != t.local)
        free(t.p);
    if (extra != few)
        free(extra);
    return rc;
}

void pbn_write_header(FILE *out)
{
    fputs("% PBN 2.1\r\n% EXPORT\r\n", out);
}

enum pd_status pbn_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    pbn_write_header(out);
    for (size_t i = 0; i < set->n; i++) {
        enum pd_status rc = pbn_write_game(out, &set->games[i], i, e);

        if (rc != PD_OK)
            return rc;
    }
    if (ferror(out))
        return pd_fail(e, PD_ERR_IO, "write error");
    return PD_OK;
}

enum pd_status pbn_write_file_ex(const char *path, unsigned flags, const struct pbn_set *set,
                                struct pd_err *e)
{
    struct pd_outfile o;
    enum pd_status rc = pd_outfile_open_ex(&o, path, flags, e);

    if (rc != PD_OK)
        return rc;
    rc = pbn_write(o.f, set, e);
    if (rc == PD_OK)
        return pd_outfile_commit(&o, e);
    pd_outfile_abort(&o);
    return rc;
}

enum pd_status pbn_write_file(const char *path, const struct pbn_set *set, struct pd_err *e)
{
    return pbn_write_file_ex(path, 0, set, e);
}
