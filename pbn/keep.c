/* pbn/keep.c - a set's boards by number: --boards of print and convert (pbn_set_keep_boards),
 * which keeps the games of the boards named and says which a set lacks, and the deal of one
 * board (pbn_set_deal_of). */
#include <stdlib.h>
#include <string.h>

#include "pbn/fmt_int.h"

static int by_number(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

/* Games cut from their file are written as export, from their tags (pbn/FORMATS.md): the
 * file's header and the text between games went with the games left out. */
static void detach_source(struct pbn_set *set)
{
    for (size_t i = 0; i < set->n; i++) {
        struct pbn_game *g = &set->games[i];

        g->src = NULL;
        for (size_t t = 0; t < g->ntags; t++) {
            g->tags[t].sourced = false;
            g->tags[t].raw_len = 0;
            g->tags[t].implicit = false;
        }
    }
    pbn_text_free(set->src, set->src_mapped);
    set->src = NULL;
    set->src_mapped = 0;
    set->head_len = 0;
}

/* The set's board numbers, ascending (repeats kept); NULL when out of memory. */
static int *sorted_boards(const struct pbn_set *set, size_t *n)
{
    int *b = malloc((set->n ? set->n : 1) * sizeof *b);

    *n = 0;
    for (size_t i = 0; b && i < set->n; i++)
        if (set->games[i].board > 0)
            b[(*n)++] = set->games[i].board;
    if (b)
        qsort(b, *n, sizeof *b, by_number);
    return b;
}

/* "boards 1-12,25-36": sorted board numbers b[0..n) as ranges, cut with "..." past cap. */
static const char *describe_boards(const int *b, size_t n, char *buf, size_t cap)
{
    size_t len = 7;

    snprintf(buf, cap, n ? "boards " : "no numbered board");
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && b[j] <= b[j - 1] + 1; j++)
            ;
        const char *sep = len > 7 ? "," : "";
        int w = b[j - 1] == b[i] ? snprintf(buf + len, cap - len, "%s%d", sep, b[i])
                                 : snprintf(buf + len, cap - len, "%s%d-%d", sep, b[i], b[j - 1]);

        if (w < 0 || (size_t)w >= cap - len - 4) {
            snprintf(buf + len, cap - len, ",...");
            break;
        }
        len += (size_t)w;
    }
    return buf;
}

/* Every board of r in the set (held: its boards, sorted), else PD_ERR_USAGE naming one. */
static enum pd_status boards_held(const struct board_range *r, const int *held, size_t nheld,
                                  const char *spec, const char *name, struct pd_err *e)
{
    char text[160];

    for (int k = 0; k < r->n; k++)
        if (!bsearch(&r->boards[k], held, nheld, sizeof *held, by_number))
            return pd_fail(e, PD_ERR_USAGE, "--boards %s: board %d is not in %s, which holds %s",
                           spec, r->boards[k], name, describe_boards(held, nheld, text,
                                                                     sizeof text));
    return PD_OK;
}

enum pd_status pbn_set_keep_boards(struct pbn_set *set, const char *spec, const char *name,
                                   struct pd_err *e)
{
    struct board_range r = {0, NULL};
    size_t kept = 0, nheld = 0;
    int *held = NULL;
    enum pd_status rc = board_range_parse(spec, BOARD_MAX, &r, e);

    if (rc == PD_OK && !(held = sorted_boards(set, &nheld)))
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (rc == PD_OK)
        rc = boards_held(&r, held, nheld, spec, name, e);
    for (size_t i = 0; rc == PD_OK && i < set->n; i++) {
        if (bsearch(&set->games[i].board, r.boards, (size_t)r.n, sizeof *r.boards, by_number))
            set->games[kept++] = set->games[i];
        else
            pbn_game_clear(&set->games[i]);
    }
    if (rc == PD_OK && kept < set->n)
        detach_source(set);
    if (rc == PD_OK)
        set->n = kept;
    free(held);
    board_range_free(&r);
    return rc;
}

const struct deal *pbn_set_deal_of(const struct pbn_set *set, int board)
{
    for (size_t i = 0; i < set->n; i++)
        if (set->games[i].board == board && set->games[i].known == 0xF)
            return &set->games[i].deal;
    return NULL;
}
