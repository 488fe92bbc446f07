/* pbn/dealt.c - the games of dealt boards: a board's own values (pbn_board_values), its game
 * (pbn_game_from_board), and the writer of a set `predup deal` streams, which formats what does
 * not change from board to board once (pbn_dealt_writer). */
#include <errno.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/fmt_int.h"

void pbn_board_values(struct pbn_board_values *v, struct board_info bi, const struct deal *d,
                      const deal_num *num)
{
    char digits[12], *p = digits + sizeof digits;
    unsigned n = (unsigned)bi.number; /* 1 .. BOARD_MAX */

    do
        *--p = (char)('0' + n % 10);
    while (n /= 10);
    v->len[PBN_BV_BOARD] = (size_t)(digits + sizeof digits - p);
    memcpy(v->board, p, v->len[PBN_BV_BOARD]);
    v->board[v->len[PBN_BV_BOARD]] = '\0';
    v->dealer[0] = SEAT_LETTER[bi.dealer];
    v->dealer[1] = '\0';
    v->len[PBN_BV_DEALER] = 1;
    v->text[PBN_BV_VUL] = VUL_PBN[bi.vul];
    v->len[PBN_BV_VUL] = strlen(VUL_PBN[bi.vul]);
    v->len[PBN_BV_DEAL] = deal_to_pbn(d, bi.dealer, 0xF, v->deal);
    v->len[PBN_BV_DEALID] = num ? deal_num_to_dec(*num, v->dec) : 0;
    v->dec[v->len[PBN_BV_DEALID]] = '\0';
    v->text[PBN_BV_BOARD] = v->board;
    v->text[PBN_BV_DEALER] = v->dealer;
    v->text[PBN_BV_DEAL] = v->deal;
    v->text[PBN_BV_DEALID] = v->dec;
}

/* Gives an empty game room for n tags (in its set's arena, when it has one). */
static enum pd_status reserve_tags(struct pbn_game *g, size_t n, struct pd_err *e)
{
    g->tags_fixed = g->arena != NULL;
    g->tags = g->arena ? pbn_arena_take(g->arena, n * sizeof *g->tags, alignof(max_align_t))
                       : malloc(n * sizeof *g->tags);
    if (!g->tags)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    g->cap = n;
    return PD_OK;
}

enum pd_status pbn_game_from_board(struct pbn_game *g, const struct pbn_event *ev,
                                   struct board_info bi, const struct deal *d,
                                   const deal_num *num, struct pd_err *e)
{
    struct pbn_board_values v;

    pbn_board_values(&v, bi, d, num);
    /* PBN 3.4: "?" is unknown, "" is inappropriate: a dealing program knows no players and no
     * result, so those are empty. */
    const char *const values[] = {
        /* in pbn_mts order: Event Site Date Board, the four players, Dealer Vulnerable Deal,
         * Scoring Declarer Contract Result */
        ev && ev->event ? ev->event : "?",
        ev && ev->site ? ev->site : "?",
        ev && ev->date ? ev->date : "????.??.??",
        v.board,
        "", "", "", "",
        v.dealer, v.text[PBN_BV_VUL], v.deal,
        "", "", "", "",
    };
    enum pd_status rc = PD_OK;
    /* a new game (a dealt set's) has none of these tags: add them, no look-up by name */
    enum pd_status (*put)(struct pbn_game *, const char *, const char *, struct pd_err *) =
        g->ntags ? pbn_tag_set : pbn_tag_add;

    if (!g->cap) /* room for these tags and no more: a set may hold 100,000 such games */
        rc = reserve_tags(g, PBN_MTS_COUNT + (ev && ev->generator) + (num != NULL), e);
    _Static_assert(sizeof values / sizeof values[0] == PBN_MTS_COUNT, "a value a mandatory tag");
    for (int i = 0; rc == PD_OK && i < PBN_MTS_COUNT; i++)
        rc = put(g, pbn_mts[i], values[i], e);
    if (rc == PD_OK && ev && ev->generator)
        rc = put(g, "Generator", ev->generator, e);
    if (rc == PD_OK && num)
        rc = put(g, "DealId", v.dec, e);
    g->board = bi.number;
    g->dealer = bi.dealer;
    g->vul = bi.vul;
    g->has_dealer = g->has_vul = true;
    g->deal = *d;
    g->known = 0xF;
    return rc;
}

/* ---------------------------------------------------------------- a dealt set, streamed
 * Every game of a set `predup deal` streams is pbn_game_from_board's for one event: only the
 * values of pbn_board_values change from board to board, and they are plain ASCII. The rest is
 * formatted once, from the set's first game by the export writer (pbn_export_cut), into pieces
 * that end where such a value goes; a board is then those pieces and its values, copied, with
 * no tag looked up, measured or scanned: pbn_write_game's text for the same game
 * (check_setexport.c compares the two). */

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
