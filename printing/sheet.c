/* printing/sheet.c - the duplication sheet for dealing by hand: per board the 52 cards in order,
 * spade ace to club two, as a grid of suits by ranks with the seat (N, E, S, W) each card goes
 * to, the same order as `dealhelp`'s sheets. Two columns of boards per page. */
#include <string.h>

#include "printing/pr_int.h"

enum { MARGIN = 30, HEAD_H = 34 };
static const float BLOCK_H = 86, SYM_W = 22, RANK_W = 18, ROW_H = 12.5f;

static void page_header(struct pdoc *d, const struct pr_title *t, int page, int pages)
{
    float top = d->height - MARGIN, w = d->width - 2 * MARGIN;
    char txt[800], set[600];

    pr_page_number(d, page, pages, txt, sizeof txt);
    float pw = pdoc_text_right(d, d->reg, 8, d->width - MARGIN, top - 11, 60, txt);
    pdoc_text_fit(d, d->bold, 12, MARGIN, top - 11, w - pw - 12,
                  PR_TERMF(d->terms, "sheet.title", txt, sizeof txt, t->event));
    snprintf(txt, sizeof txt, "%s%s%s", pr_term(d->terms, "sheet.note"), t->label[0] ? "  " : "",
             t->label[0] ? PR_TERMF(d->terms, "set", set, sizeof set, t->label) : "");
    pdoc_text_fit(d, d->reg, 8, MARGIN, top - 24, w, txt);
}

static void draw_block(struct pdoc *d, const struct pr_board *b, float x, float top)
{
    char txt[400];

    float bw = pdoc_text_fit(d, d->bold, 10, x, top - 10, 80,
                             pr_board_title(d, b->number, txt, sizeof txt));
    pr_dealer_vul(d, b, txt, sizeof txt);
    pdoc_text_fit(d, d->reg, 7.5f, x + bw + 10, top - 10, SYM_W + 13 * RANK_W - bw - 10, txt);
    float y = top - 14;

    pdoc_grey(d, 0.92f);
    pr_hpdf.Page_Rectangle(d->page, x, y - ROW_H, SYM_W + 13 * RANK_W, ROW_H);
    pr_hpdf.Page_Fill(d->page);
    pdoc_black(d);
    for (int r = RANK_A; r >= RANK_2; r--) {
        char rank[3];

        pdoc_text_centre(d, d->bold, 7.5f, x + SYM_W + ((float)(RANK_A - r) + 0.5f) * RANK_W,
                         y - ROW_H + 3.5f, RANK_W - 2, pr_term_rank(d->terms, r, d->ten10, rank));
    }
    for (int s = 0; s < 4; s++) {
        float by = y - ROW_H * (float)(s + 2) + 3.5f;

        pdoc_text_fit(d, d->reg, 9, x + 4, by, SYM_W - 4, PR_SUIT_SYMBOL[s]);
        for (int r = RANK_A; r >= RANK_2; r--) {
            int seat = 0;

            while (seat < 4 && !deal_has_card(&b->deal, (enum seat)seat, (enum suit)s, r))
                seat++;
            pdoc_text_centre(d, d->reg, 8.5f,
                             x + SYM_W + ((float)(RANK_A - r) + 0.5f) * RANK_W, by, RANK_W - 2,
                             pr_term_seat(d->terms, (enum seat)(seat & 3)));
        }
    }
    pr_hpdf.Page_SetGrayStroke(d->page, 0.7f);
    pr_hpdf.Page_SetLineWidth(d->page, 0.4f);
    for (int row = 0; row <= 5; row++) {
        pr_hpdf.Page_MoveTo(d->page, x, y - ROW_H * (float)row);
        pr_hpdf.Page_LineTo(d->page, x + SYM_W + 13 * RANK_W, y - ROW_H * (float)row);
    }
    pr_hpdf.Page_Stroke(d->page);
}

enum pd_status pr_draw_sheet(struct pdoc *d, const struct pbn_set *set,
                             const struct pr_options *o, struct pd_err *e)
{
    struct pr_title title;
    enum pd_status rc = PD_OK;

    for (size_t i = 0; i < set->n && rc == PD_OK; i++) {
        struct pr_board b;

        rc = pr_board_from_game(&set->games[i], i, &b, e);
    }
    if (rc != PD_OK)
        return rc;
    pdoc_add_page(d, o->paper);
    pr_title_from_set(set, o->title, d, &title);
    int rows = (int)((d->height - 2 * MARGIN - HEAD_H) / BLOCK_H);
    int per = 2 * rows, pages = (int)((set->n + (size_t)per - 1) / (size_t)per);
    float colw = (d->width - 2 * MARGIN) / 2;

    for (size_t i = 0; i < set->n; i++) {
        struct pr_board b;
        int slot;

        if (pr_page_slot(d, o->paper, i, per, &slot)) {
            page_header(d, &title, (int)(i / (size_t)per) + 1, pages);
        }
        pr_board_from_game(&set->games[i], i, &b, NULL);
        /* Down the left column first, then the right: boards read in order. */
        draw_block(d, &b, MARGIN + (float)(slot / rows) * colw + 2,
                   d->height - MARGIN - HEAD_H - (float)(slot % rows) * BLOCK_H);
    }
    return PD_OK;
}
