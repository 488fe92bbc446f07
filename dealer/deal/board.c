/* dealer/deal/board.c - boards: dealer and vulnerability by Law 2 of the Laws of Duplicate Bridge
 * (a 16-board cycle) or as an override or a script sets them, the one reading of vulnerability
 * and dealer text, and board ranges as directors write them ("1-36", "1-8,17-24"). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/deal/deal.h"

struct board_info board_law2(int number)
{
    struct board_info b;
    int k = number - 1;

    b.number = number;
    b.dealer = (enum seat)(k % 4);
    /* Each group of four boards shifts the vulnerability pattern by one: None NS EW All. */
    b.vul = (enum vul)((k + k / 4) % 4);
    return b;
}

struct board_info board_conditions(const struct board_rule *r, int number)
{
    struct board_info b = board_law2(number);

    if (r->dealer >= 0)
        b.dealer = (enum seat)r->dealer;
    if (r->vul >= 0)
        b.vul = (enum vul)r->vul;
    if (r->script_dealer >= 0)
        b.dealer = (enum seat)r->script_dealer;
    if (r->script_vul >= 0)
        b.vul = (enum vul)r->script_vul;
    return b;
}

int vul_from_text(const char *text)
{
    for (int v = 0; v < 4; v++)
        if (strcmp(text, VUL_PBN[v]) == 0)
            return v;
    return -1;
}

enum pd_status board_opt_seat(const char *opt, const char *text, int *out, struct pd_err *e)
{
    *out = strlen(text) == 1 ? seat_from_char(text[0]) : -1;
    return *out >= 0 ? PD_OK
                     : pd_fail(e, PD_ERR_USAGE, "%s wants N, E, S or W, not \"%s\"", opt, text);
}

enum pd_status board_opt_vul(const char *opt, const char *text, int *out, struct pd_err *e)
{
    *out = vul_from_text(text);
    return *out >= 0 ? PD_OK
                     : pd_fail(e, PD_ERR_USAGE, "%s wants None, NS, EW or All, not \"%s\"", opt,
                               text);
}

static bool parse_int(const char **p, long *out)
{
    char *end;

    if (!isdigit((unsigned char)**p))
        return false;
    errno = 0;
    *out = strtol(*p, &end, 10);
    if (errno)
        return false;
    *p = end;
    return true;
}

/* The refusal names what is wrong with the range and how to write it: the boards past the
 * last one (lo..hi reaching beyond max_board), board 0, a range written backwards, or text that
 * is no range at all (lo and hi 0). */
static enum pd_status range_bad(const char *spec, long lo, long hi, int max_board,
                                struct pd_err *e)
{
    long from = lo > max_board ? lo : max_board + 1L;

    if (hi > max_board && from == hi)
        return pd_fail(e, PD_ERR_USAGE, "bad board range \"%s\": there is no board %ld, the "
                       "last is %d (boards 1-%d)", spec, hi, max_board, max_board);
    if (hi > max_board)
        return pd_fail(e, PD_ERR_USAGE, "bad board range \"%s\": there are no boards %ld-%ld, "
                       "the last is %d (boards 1-%d)", spec, from, hi, max_board, max_board);
    if (lo > hi)
        return pd_fail(e, PD_ERR_USAGE, "bad board range \"%s\": %ld-%ld runs backwards "
                       "(write %ld-%ld)", spec, lo, hi, hi, lo);
    if (lo == 0 && hi > 0)
        return pd_fail(e, PD_ERR_USAGE, "bad board range \"%s\": boards are numbered from 1 "
                       "(boards 1-%d)", spec, max_board);
    return pd_fail(e, PD_ERR_USAGE,
                   "bad board range \"%s\": write boards 1-%d as N, N-M or a comma list", spec,
                   max_board);
}

enum pd_status board_range_parse(const char *spec, int max_board, struct board_range *out,
                                 struct pd_err *e)
{
    bool *want = calloc((size_t)max_board + 1, sizeof *want);
    const char *p = spec;
    int n = 0;
    long first = max_board + 1L, last = 0; /* the boards named lie here: only these are read */
    long lo = 0, hi = 0;

    if (!want)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    for (;;) {
        lo = hi = 0;
        if (!parse_int(&p, &lo))
            goto bad;
        hi = lo;
        if (*p == '-') {
            p++;
            if (!parse_int(&p, &hi)) {
                lo = hi = 0;
                goto bad;
            }
        }
        if (lo < 1 || hi > max_board || lo > hi)
            goto bad;
        first = lo < first ? lo : first;
        last = hi > last ? hi : last;
        for (long b = lo; b <= hi; b++)
            if (!want[b]) {
                want[b] = true;
                n++;
            }
        if (*p == '\0')
            break;
        if (*p++ != ',')
            goto bad;
    }
    out->boards = malloc((size_t)n * sizeof *out->boards);
    if (!out->boards) {
        free(want);
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    out->n = 0;
    for (long b = first; b <= last; b++)
        if (want[b])
            out->boards[out->n++] = (int)b;
    free(want);
    return PD_OK;
bad:
    free(want);
    if (*p && *p != ',') /* "3x", "1-4-7": no range, whatever its numbers */
        lo = hi = 0;
    return range_bad(spec, lo, hi, max_board, e);
}

void board_range_free(struct board_range *r)
{
    if (!r)
        return;
    free(r->boards);
    r->boards = NULL;
    r->n = 0;
}
