/* printing/curtain.c - curtain cards: one card per hand per board, the four hands of a board on
 * one page (N, E top; S, W bottom) with dashed cut lines; each card shows board, seat, dealer,
 * vulnerability, the 13 cards by suit (ranks spaced, "10" for the ten), HCP and card count,
 * a QR code "BOARD SEAT HAND" to check a hand with a phone after play, and where it belongs:
 * event, date and set on every card, and a reserve set's word across the top of each of its
 * cards, so that a reserve card is never taken for an original. With --hands, only the cards
 * of those seats are printed (the others' places stay blank, cut lines as ever). */
#include <strings.h>
#include <string.h>

#include "printing/pr_int.h"

static const float PAD = 28;

/* HPDF_Page_SetDash takes HPDF_UINT16* in 2.3 and HPDF_REAL* in 2.4: keep the call here. */
static void set_dash(struct pdoc *d, bool on)
{
    static const HPDF_UINT16 pattern[2] = {4, 3};

    pr_hpdf.Page_SetDash(d->page, on ? pattern : NULL, on ? 2 : 0, 0);
}

static void cut_lines(struct pdoc *d)
{
    pr_hpdf.Page_SetGrayStroke(d->page, 0.5f);
    pr_hpdf.Page_SetLineWidth(d->page, 0.5f);
    set_dash(d, true);
    pr_hpdf.Page_MoveTo(d->page, d->width / 2, 0);
    pr_hpdf.Page_LineTo(d->page, d->width / 2, d->height);
    pr_hpdf.Page_MoveTo(d->page, 0, d->height / 2);
    pr_hpdf.Page_LineTo(d->page, d->width, d->height / 2);
    pr_hpdf.Page_Stroke(d->page);
    set_dash(d, false);
}

/* What every card of the set says of where it belongs. */
struct origin {
    char line[800]; /* "Club Pairs · 26.11.2026 · Set: original" */
    bool reserve;   /* the set's name says reserve */
};

static void card_origin(struct pdoc *d, const struct pbn_set *set, struct origin *org)
{
    struct pr_title t;
    char set_name[600] = "";
    const char *parts[3];
    size_t n = 0;

    pr_title_from_set(set, NULL, d, &t); /* the event itself, whatever --title says */
    if (t.label[0])
        PR_TERMF(d->terms, "set", set_name, sizeof set_name, t.label);
    parts[n++] = t.event;
    if (t.date[0])
        parts[n++] = t.date;
    if (set_name[0])
        parts[n++] = set_name;
    pd_join_words(parts, n, " \u00b7 ", " \u00b7 ", org->line, sizeof org->line);
    org->reserve = strcasestr(t.label, "reserve") != NULL;
}


/* Where a card goes on its page: left edge, top, width and height. */
struct card_box {
    float x0, top, w, h;
};

/* A reserve card is framed in red with the reserve word across its top: seen before the card
 * is read, and from across the room (a band at the top, above the board's heading). */
static void reserve_marks(struct pdoc *d, const struct card_box *box)
{
    const float inset = 10;

    pr_hpdf.Page_SetRGBStroke(d->page, 0.85f, 0, 0);
    pr_hpdf.Page_SetLineWidth(d->page, 2.5f);
    pr_hpdf.Page_Rectangle(d->page, box->x0 + inset, box->top - box->h + inset, box->w - 2 * inset,
                           box->h - 2 * inset);
    pr_hpdf.Page_Stroke(d->page);
    pr_hpdf.Page_SetRGBStroke(d->page, 0, 0, 0);
    pr_hpdf.Page_SetRGBFill(d->page, 0.85f, 0, 0);
    pr_hpdf.Page_Rectangle(d->page, box->x0 + inset, box->top - inset - 15, box->w - 2 * inset, 15);
    pr_hpdf.Page_Fill(d->page);
    pr_hpdf.Page_SetRGBFill(d->page, 1, 1, 1);
    pdoc_text_centre(d, d->bold, 10.5f, box->x0 + box->w / 2, box->top - inset - 11.5f,
                     box->w - 2 * PAD, pr_term(d->terms, "reserve"));
    pdoc_black(d);
}

static enum pd_status draw_card(struct pdoc *d, const struct pr_board *b, enum seat seat,
                                const struct pr_options *o, const struct origin *org,
                                struct card_box box, struct pd_err *e)
{
    uint64_t hand = b->deal.hand[seat];
    float top = box.top, h = box.h;
    float x = box.x0 + PAD, r = box.x0 + box.w - PAD, inner = r - x;
    char txt[400], hcp[12], cards[12];

    if (org->reserve)
        reserve_marks(d, &box);
    float bw = pdoc_text_fit(d, d->bold, 22, x, top - 44, inner * 0.6f,
                             pr_board_title(d, b->number, txt, sizeof txt));
    pdoc_text_right(d, d->bold, 22, r, top - 44, inner - bw - 10,
                    pr_term_seat_name(d->terms, seat));
    pdoc_text_fit(d, d->reg, 10, x, top - 64, inner, pr_dealer_vul(d, b, txt, sizeof txt));
    pr_hpdf.Page_SetGrayStroke(d->page, 0);
    pr_hpdf.Page_SetLineWidth(d->page, 0.6f);
    pr_hpdf.Page_MoveTo(d->page, x, top - 76);
    pr_hpdf.Page_LineTo(d->page, r, top - 76);
    pr_hpdf.Page_Stroke(d->page);
    /* Four suit lines at 24 pt if the card is tall enough (Letter is shorter than A4). */
    float lead = (h - 76 - 100) / 4 < 40 ? (h - 76 - 100) / 4 : 40;
    for (int s = 0; s < 4; s++)
        pdoc_suit_line(d, lead * 0.6f, x + 4, top - 76 - lead * ((float)s + 1), inner - 4,
                       (enum suit)s, hand_suit(hand, (enum suit)s), true);
    snprintf(hcp, sizeof hcp, "%d", hand_hcp(hand));
    snprintf(cards, sizeof cards, "%d", hand_ncards(hand));
    PR_TERMF(d->terms, "hand_count", txt, sizeof txt, hcp, cards);
    pdoc_text_fit(d, d->reg, 9, x, top - h + 38, inner - 76, txt);
    pdoc_text_fit(d, d->reg, 8.5f, x, top - h + 22, inner, org->line);
    if (o->qr) {
        char hand_pbn[DEAL_PBN_LEN], code[DEAL_PBN_LEN + 16];
        struct deal one = {{0}};

        one.hand[seat] = hand;
        deal_to_pbn(&one, seat, 1u << seat, hand_pbn); /* "N:Q87.AK7.AJT953.2 - - -" */
        snprintf(code, sizeof code, "%d %c %.*s", b->number, SEAT_LETTER[seat],
                 (int)strcspn(hand_pbn + 2, " "), hand_pbn + 2);
        return pr_qr_draw(d, code, r - 56, top - h + 92, 56, e);
    }
    return PD_OK;
}

enum pd_status pr_draw_curtain(struct pdoc *d, const struct pbn_set *set,
                               const struct pr_options *o, struct pd_err *e)
{
    enum pd_status rc = PD_OK;
    struct origin org;

    for (size_t i = 0; i < set->n && rc == PD_OK; i++) {
        struct pr_board b;

        rc = pr_board_from_game(&set->games[i], i, &b, e);
    }
    card_origin(d, set, &org);
    for (size_t i = 0; i < set->n && rc == PD_OK; i++) {
        struct pr_board b;

        pr_board_from_game(&set->games[i], i, &b, NULL);
        pdoc_add_page(d, o->paper);
        cut_lines(d);
        float w = d->width / 2, h = d->height / 2;
        for (int s = 0; s < 4 && rc == PD_OK; s++)
            if (o->hands & (1u << s))
                rc = draw_card(d, &b, (enum seat)s, o, &org,
                               (struct card_box){(float)(s % 2) * w,
                                                 d->height - (float)(s / 2) * h, w, h}, e);
    }
    return rc;
}
