/* pbn/dealt_writer.c - the writer of a set `predup deal` streams (pbn_dealt_writer), which
 * formats what does not change from board to board once.
 * Every game of a set `predup deal` streams is pbn_game_from_board's for one event: only the
 * values of pbn_board_values change from board to board, and they are plain ASCII. The rest is
 * formatted once, from the set's first game by the export writer (pbn_export_cut), into pieces
 * that end where such a value goes; a board is then those pieces and its values, copied, with
 * no tag looked up, measured or scanned: pbn_write_game's text for the same game
 * (check_setexport.c compares the two). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/fmt_int.h"

/* The tags of the values of pbn_board_values, in its order. */
static const uint8_t board_value_id[PBN_BV_COUNT] = {PBN_ID_Board, PBN_ID_Dealer,
                                                     PBN_ID_Vulnerable, PBN_ID_Deal,
                                                     PBN_ID_DealId};

struct pbn_dealt_writer {
    struct pbn_export_cuts cuts; /* the pieces, one text; value which[k] goes at at[k] */
    char *out;                   /* the boards added since the last flush */
    size_t len, cap;
};

enum pd_status pbn_dealt_writer_new(struct pbn_dealt_writer **out, const struct pbn_event *ev,
                                    bool deal_id, struct pd_err *e)
{
    struct pbn_dealt_writer *w = calloc(1, sizeof *w);
    struct pbn_game g = {0};
    struct deal d;
    deal_num zero = 0;
    enum pd_status rc = w ? deal_from_number(0, &d, e)
                          : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    if (rc == PD_OK) /* any board: its own values are left out */
        rc = pbn_game_from_board(&g, ev, board_law2(1), &d, deal_id ? &zero : NULL, e);
    if (rc == PD_OK)
        rc = pbn_export_cut(&g, board_value_id, &w->cuts, e);
    pbn_game_clear(&g);
    if (rc != PD_OK) {
        pbn_dealt_writer_free(w);
        w = NULL;
    }
    *out = w;
    return rc;
}

enum pd_status pbn_dealt_add(struct pbn_dealt_writer *w, struct board_info bi,
                             const struct deal *d, const deal_num *num, size_t index,
                             struct pd_err *e)
{
    const struct pbn_export_cuts *c = &w->cuts;
    struct pbn_board_values v;
    size_t most = 2 + c->len + sizeof v.board + 4 + DEAL_PBN_LEN + sizeof v.dec, from = 0;

    if (w->cap - w->len < most) {
        char *bigger = realloc(w->out, 2 * (w->len + most));

        if (!bigger)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        w->out = bigger;
        w->cap = 2 * (w->len + most);
    }
    pbn_board_values(&v, bi, d, num);
    char *p = w->out + w->len;

    if (index > 0) { /* export: every game after the first starts with an empty line */
        memcpy(p, "\r\n", 2);
        p += 2;
    }
    for (size_t k = 0; k < c->n; k++) {
        memcpy(p, c->text + from, c->at[k] - from);
        p += c->at[k] - from;
        from = c->at[k];
        memcpy(p, v.text[c->which[k]], v.len[c->which[k]]);
        p += v.len[c->which[k]];
    }
    memcpy(p, c->text + from, c->len - from);
    w->len = (size_t)(p + (c->len - from) - w->out);
    return PD_OK;
}

enum pd_status pbn_dealt_flush(struct pbn_dealt_writer *w, FILE *out, struct pd_err *e)
{
    size_t n = w->len;

    w->len = 0;
    if ((n && fwrite(w->out, 1, n, out) != n) || ferror(out))
        return pd_fail(e, PD_ERR_IO, "write error: %s", strerror(errno));
    return PD_OK;
}

void pbn_dealt_writer_free(struct pbn_dealt_writer *w)
{
    if (w) {
        free(w->cuts.text);
        free(w->out);
        free(w);
    }
}
