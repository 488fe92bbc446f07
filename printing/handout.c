/* printing/handout.c - the student handout: the hands the lesson shows (--hands), each board
 * only as large as what it shows (a North-South board has no room kept for East and West), as
 * many boards to a page as fit: boards are set in rows of as many columns as the page holds at
 * about the hand record's six-a-page size, each row as high as its tallest board. Under each
 * diagram come the contract, lead and result, the auction and the commentary, when the file
 * holds them. The head has the title, place and date: no set label and no key commitment,
 * and there is no analysis or QR code (they would give hidden hands away). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "printing/teach_int.h"

#define Y(v) (-(v))

static const float HAND_W = 110, LEFT_W = 88, EAST_W = 98, BOX_W = 64, BOX_H = 54;
static const float HAND_H = 4 * 12.5f, TEXT = 8, LEAD = 9.6f, GAP = 4;
static const float MIN_SCALE = 0.85f, MAX_SCALE = 1.25f; /* the record's 6 a page is ~0.97 */

/* Where the pieces of a board go, for the hands shown (y down, points before scaling). */
struct hframe {
    unsigned hands;
    float w, diag_h, box_x, box_y;
};

static struct hframe frame_for(unsigned hands)
{
    bool n = hands & 1u << SEAT_N, e = hands & 1u << SEAT_E, s = hands & 1u << SEAT_S,
         w = hands & 1u << SEAT_W;
    struct hframe f = {.hands = hands, .box_x = LEFT_W};

    f.box_y = n ? 56 : e || w ? 44 : 4;
    f.w = LEFT_W + fmaxf(HAND_W, e ? BOX_W + 6 + EAST_W : 0);
    f.diag_h = f.box_y + BOX_H + (s ? 14 + HAND_H : 4);
    return f;
}

/* One board's texts and its height in the frame. */
struct hboard {
    struct pr_board b;
    struct pr_play play;
    char line[256];
    char *note; /* malloc'd commentary or NULL */
    int note_lines, rows;
    float h;
};

static float text_w(const struct hframe *f)
{
    return f->w - 8;
}

static float measure(struct pdoc *d, const struct hframe *f, struct hboard *hb)
{
    float h = f->diag_h;

    if (hb->line[0])
        h += GAP + (float)pdoc_wrap(d, d->reg, TEXT, 0, 0, text_w(f), LEAD, 0, false, hb->line) *
             LEAD;
    if (hb->rows)
        h += GAP + (float)hb->rows * LEAD;
    if (hb->note)
        h += GAP + (float)hb->note_lines * LEAD;
    return h + GAP;
}

static void draw_hands(struct pdoc *d, const struct hframe *f, const struct pr_board *b)
{
    const float x[4] = {f->box_x, f->box_x + BOX_W + 6, f->box_x, 4};
    const float y[4] = {12, f->box_y + 12, f->box_y + BOX_H + 14, f->box_y + 12};
    const float w[4] = {HAND_W, EAST_W, HAND_W, LEFT_W - 8};

    for (int s = 0; s < 4; s++)
        if (f->hands & 1u << s)
            pr_diag_hand(d, b->deal.hand[s], x[s], y[s], w[s]);
    pr_diag_compass(d, b, f->hands, f->box_x, f->box_y, BOX_W);
}

/* The board in its frame, at scale s with the top-left corner at (x, top) on the page. */
static void draw_board(struct pdoc *d, const struct hframe *f, const struct hboard *hb, float x,
                       float top, float s, int max_note)
{
    float y = f->diag_h + GAP;

    HPDF_Page_GSave(d->page);
    HPDF_Page_Concat(d->page, s, 0, 0, s, x, top);
    pr_teach_heading(d, &hb->b, 4, 12, LEFT_W - 8);
    draw_hands(d, f, &hb->b);
    if (hb->line[0]) {
        int n = pdoc_wrap(d, d->reg, TEXT, 4, Y(y + TEXT), text_w(f), LEAD, 0, true, hb->line);

        y += (float)n * LEAD + GAP;
    }
    if (hb->rows) {
        pr_auction_draw(d, &hb->play, 4, y, fminf(text_w(f), 140), TEXT, LEAD);
        y += (float)hb->rows * LEAD + GAP;
    }
    if (hb->note && max_note > 0)
        pdoc_wrap(d, d->reg, TEXT, 4, Y(y + TEXT), text_w(f), LEAD, max_note, true, hb->note);
    HPDF_Page_GRestore(d->page);
}

/* The page's layout: columns, scale, the space under the head. */
struct hpage {
    int cols;
    float s, left, top, bottom, colw;
};

static struct hpage page_for(const struct pdoc *d, const struct hframe *f)
{
    struct hpage p;
    float avail = d->width - 2 * PR_TEACH_MARGIN;

    p.cols = (int)fmaxf(1, floorf(avail / (f->w * MIN_SCALE)));
    p.s = fminf(avail / (float)p.cols / f->w, MAX_SCALE);
    p.colw = avail / (float)p.cols;
    p.left = PR_TEACH_MARGIN;
    p.top = d->height - PR_TEACH_MARGIN - PR_TEACH_HEAD_H;
    p.bottom = PR_TEACH_MARGIN;
    return p;
}

/* Reads every board; the commentary is cut to what one page can hold. */
static enum pd_status read_boards(struct pdoc *d, const struct pbn_set *set,
                                  const struct pr_options *o, const struct hframe *f,
                                  const struct hpage *p, struct hboard *hb, struct pd_err *e)
{
    float page_h = (p->top - p->bottom) / p->s;

    for (size_t i = 0; i < set->n; i++) {
        bool fail = false;
        enum pd_status rc = pr_board_from_game(&set->games[i], i, &hb[i].b, e);

        if (rc != PD_OK)
            return rc;
        pr_play_from_game(d->terms, &set->games[i], d->ten10, &hb[i].play);
        pr_play_line(d->terms, &hb[i].play, hb[i].line, sizeof hb[i].line);
        hb[i].rows = pr_auction_rows(&hb[i].play);
        hb[i].note = o->comments ? pr_commentary(d, &set->games[i], &fail) : NULL;
        if (fail)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
        int lines = hb[i].note ? pdoc_wrap(d, d->reg, TEXT, 0, 0, text_w(f), LEAD, 0, false,
                                           hb[i].note) : 0;
        int room = (int)floorf((page_h - measure(d, f, &hb[i])) / LEAD); /* note_lines is 0 */

        hb[i].note_lines = lines < room ? lines : room > 0 ? room : 0;
        hb[i].h = measure(d, f, &hb[i]);
    }
    return PD_OK;
}

/* Rows of p->cols boards: row r starts at board first[r]; its height; the page of each row. */
static int layout_rows(const struct hboard *hb, size_t n, const struct hpage *p, size_t *first,
                       float *row_h, int *row_page)
{
    int rows = 0, page = 0;
    float y = p->top;

    for (size_t i = 0; i < n; i += (size_t)p->cols) {
        float h = 0;

        for (size_t k = i; k < n && k < i + (size_t)p->cols; k++)
            h = fmaxf(h, hb[k].h * p->s);
        if (y - h < p->bottom && y < p->top) {
            page++;
            y = p->top;
        }
        first[rows] = i;
        row_h[rows] = h;
        row_page[rows] = page;
        y -= h;
        rows++;
    }
    return rows;
}

static void draw_rows(struct pdoc *d, const struct pr_options *o, const struct pr_title *t,
                      const struct hframe *f, const struct hpage *p, struct hboard *hb, size_t n,
                      int rows, const size_t *first, const float *row_h, const int *row_page)
{
    int pages = rows ? row_page[rows - 1] + 1 : 1;
    float y = p->top;

    for (int r = 0; r < rows; r++) {
        if (r == 0 || row_page[r] != row_page[r - 1]) {
            if (r > 0)
                pdoc_add_page(d, o->paper);
            pr_teach_header(d, t, row_page[r] + 1, pages);
            y = p->top;
        }
        for (size_t k = first[r]; k < n && k < first[r] + (size_t)p->cols; k++) {
            float x = p->left + (float)(k - first[r]) * p->colw;

            HPDF_Page_SetGrayStroke(d->page, 0.6f);
            HPDF_Page_SetLineWidth(d->page, 0.5f);
            HPDF_Page_Rectangle(d->page, x, y - row_h[r], p->colw, row_h[r]);
            HPDF_Page_Stroke(d->page);
            draw_board(d, f, &hb[k], x + (p->colw - f->w * p->s) / 2, y, p->s,
                       hb[k].note_lines);
        }
        y -= row_h[r];
    }
}

enum pd_status pr_draw_handout(struct pdoc *d, const struct pbn_set *set,
                               const struct pr_options *o, struct pd_err *e)
{
    struct hframe f = frame_for(o->hands & PR_HANDS_ALL);
    struct hboard *hb = calloc(set->n, sizeof *hb);
    size_t *first = calloc(set->n, sizeof *first);
    float *row_h = calloc(set->n, sizeof *row_h);
    int *row_page = calloc(set->n, sizeof *row_page);
    struct pr_title title;
    enum pd_status rc = PD_OK;

    if (!hb || !first || !row_h || !row_page)
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (rc == PD_OK) {
        pdoc_add_page(d, o->paper);
        pr_title_from_set(set, o->title, d, &title);
        struct hpage p = page_for(d, &f);

        rc = read_boards(d, set, o, &f, &p, hb, e);
        if (rc == PD_OK) {
            int rows = layout_rows(hb, set->n, &p, first, row_h, row_page);

            draw_rows(d, o, &title, &f, &p, hb, set->n, rows, first, row_h, row_page);
        }
    }
    for (size_t i = 0; hb && i < set->n; i++)
        free(hb[i].note);
    free(hb);
    free(first);
    free(row_h);
    free(row_page);
    return rc;
}
