/* pbn/write.c - PBN 2.1 export format (sections 2 and 3 of the standard): CRLF line ends,
 * "% PBN 2.1" and "% EXPORT" first, the 15 mandatory tags in their fixed order, then the other
 * tags alphabetically, each tag's section lines after it, an empty line before every game after
 * the first, and strings escaped (\" and \\). */
#include <stdlib.h>
#include <string.h>

#include "pbn/pbn.h"

static const char *const mts_order[] = {
    "Event",  "Site",   "Date",       "Board", "West",    "North",    "East",     "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
};
enum { MTS_COUNT = sizeof mts_order / sizeof mts_order[0] };

static int mts_rank(const char *name)
{
    for (int i = 0; i < MTS_COUNT; i++)
        if (strcmp(name, mts_order[i]) == 0)
            return i;
    return -1;
}

static void write_tag(FILE *out, const struct pbn_tag *t)
{
    fprintf(out, "[%s \"", t->name);
    for (const char *p = t->value; *p; p++) {
        if (*p == '"' || *p == '\\')
            fputc('\\', out);
        fputc(*p, out);
    }
    fputs("\"]\r\n", out);
    for (size_t i = 0; i < t->nsection; i++)
        fprintf(out, "%s\r\n", t->section[i]);
}

static int by_name(const void *a, const void *b)
{
    const struct pbn_tag *const *x = a, *const *y = b;

    return strcmp((*x)->name, (*y)->name);
}

static enum pd_status write_game(FILE *out, const struct pbn_game *g, struct pd_err *e)
{
    const struct pbn_tag **extra = malloc((g->ntags + 1) * sizeof *extra);
    size_t nextra = 0;

    if (!extra)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    for (int i = 0; i < MTS_COUNT; i++) {
        const struct pbn_tag *t = pbn_tag_find(g, mts_order[i]);
        struct pbn_tag missing = {(char *)mts_order[i], (char *)"?", NULL, 0};

        write_tag(out, t ? t : &missing);
    }
    for (size_t i = 0; i < g->ntags; i++)
        if (mts_rank(g->tags[i].name) < 0)
            extra[nextra++] = &g->tags[i];
    qsort(extra, nextra, sizeof *extra, by_name);
    for (size_t i = 0; i < nextra; i++)
        write_tag(out, extra[i]);
    free(extra);
    return PD_OK;
}

enum pd_status pbn_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    fputs("% PBN 2.1\r\n% EXPORT\r\n", out);
    for (size_t i = 0; i < set->n; i++) {
        enum pd_status rc;

        /* Export: every game after the first starts with an empty line. The first game follows
         * the header, which ends the escape lines. */
        if (i > 0)
            fputs("\r\n", out);
        rc = write_game(out, &set->games[i], e);
        if (rc != PD_OK)
            return rc;
    }
    if (ferror(out))
        return pd_fail(e, PD_ERR_IO, "write error");
    return PD_OK;
}

enum pd_status pbn_write_file(const char *path, const struct pbn_set *set, struct pd_err *e)
{
    struct pd_outfile o;
    enum pd_status rc = pd_outfile_open(&o, path, e);

    if (rc != PD_OK)
        return rc;
    rc = pbn_write(o.f, set, e);
    if (rc == PD_OK)
        return pd_outfile_commit(&o, e);
    pd_outfile_abort(&o);
    return rc;
}
