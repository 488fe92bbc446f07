/* pbn/dealt.c - the games of dealt boards: a board's own values (pbn_board_values), its game
 * (pbn_game_from_board) and parsed fields (pbn_game_set_fields). The writer of a set
 * `predup deal` streams lives apart (pbn/dealt_writer.c): it calls the export writer, which
 * makes a lean game's tags with this file's functions. */
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
    pbn_game_set_fields(g, bi, d);
    return rc;
}

void pbn_game_set_fields(struct pbn_game *g, struct board_info bi, const struct deal *d)
{
    g->board = bi.number;
    g->dealer = bi.dealer;
    g->vul = bi.vul;
    g->has_dealer = g->has_vul = true;
    g->deal = *d;
    g->known = 0xF;
}
