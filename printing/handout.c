/* printing/handout.c - the student handout: the hands the lesson shows (--hands), each board
 * only as large as what it shows (a North-South board has no room kept for East and West), as
 * many boards to a page as fit: boards are set in rows of as many columns as the page holds at
 * about the hand record's six-a-page size, each row as high as its tallest board; then as few
 * columns and as large a scale as fill the page when the set takes one. Under each
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
static const float FILL_SCALE = 1.7f; /* a few boards fill the page, type up to 8 * 1.7 pt */

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

    pr_hpdf.Page_GSave(d->page);
    pr_hpdf.Page_Concat(d->page, s, 0, 0, s, x, top);
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
    pr_hpdf.Page_GRestore(d->page);
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

/* Reads board i; the commentary is cut to what one page can hold. hb->note is malloc'd. */
static enum pd_status read_board(struct pdoc *d, const struct pbn_set *set, size_t i,
                                 const struct pr_options *o, const struct hframe *f, float page_h,
                                 struct hboard *hb, struct pd_err *e)
{
    bool fail = false;
    enum pd_status rc = pr_board_from_game(&set->games[i], i, &hb->b, e);

    hb->note = NULL;
    if (rc != PD_OK)
        return rc;
    pr_play_from_game(d->terms, &set->games[i], d->ten10, &hb->play);
    pr_play_line(d->terms, &hb->play, hb->line, sizeof hb->line);
    hb->rows = pr_auction_rows(&hb->play);
    hb->note = o->comments ? pr_commentary(d, &set->games[i], &fail) : NULL;
    if (fail)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    hb->note_lines = 0;
    int lines = hb->note ? pdoc_wrap(d, d->reg, TEXT, 0, 0, text_w(f), LEAD, 0, false, hb->note)
                         : 0;
    int room = (int)floorf((page_h - measure(d, f, hb)) / LEAD);

    hb->note_lines = lines < room ? lines : room > 0 ? room : 0;
    hb->h = measure(d, f, hb);
    return PD_OK;
}

/* The pages' rows: row r holds p->cols boards from first[r], row_h[r] high, on row_page[r]. A
 * set of 100,000 boards keeps only these and each board's height: a board is read again to
 * be drawn. */
struct hrows {
    size_t *first;
    float *h, *row_h;
    int *row_page, rows;
};

/* Rows of p->cols boards, each as high as its tallest board; a new page when one does not fit. */
static void layout_rows(size_t n, const struct hpage *p, struct hrows *r)
{
    int page = 0;
    float y = p->top;

    r->rows = 0;
    for (size_t i = 0; i < n; i += (size_t)p->cols) {
        float h = 0;

        for (size_t k = i; k < n && k < i + (size_t)p->cols; k++)
            h = fmaxf(h, r->h[k] * p->s);
        if (y - h < p->bottom && y < p->top) {
            page++;
            y = p->top;
        }
        r->first[r->rows] = i;
        r->row_h[r->rows] = h;
        r->row_page[r->rows++] = page;
        y -= h;
    }
}

static enum pd_status draw_rows(struct pdoc *d, const struct pbn_set *set,
                                const struct pr_options *o, const struct pr_title *t,
                                const struct hframe *f, const struct hpage *p,
                                const struct hrows *r, struct pd_err *e)
{
    int pages = r->rows ? r->row_page[r->rows - 1] + 1 : 1;
    float y = p->top, page_h = (p->top - p->bottom) / p->s;
    enum pd_status rc = PD_OK;

    for (int i = 0; i < r->rows && rc == PD_OK; i++) {
        if (i == 0 || r->row_page[i] != r->row_page[i - 1]) {
            if (i > 0)
                pdoc_add_page(d, o->paper);
            pr_teach_header(d, t, r->row_page[i] + 1, pages);
            y = p->top;
        }
        for (size_t k = r->first[i]; rc == PD_OK && k < set->n && k < r->first[i] + (size_t)p->cols;
             k++) {
            float x = p->left + (float)(k - r->first[i]) * p->colw;
            struct hboard hb;

            pr_hpdf.Page_SetGrayStroke(d->page, 0.6f);
            pr_hpdf.Page_SetLineWidth(d->page, 0.5f);
            pr_hpdf.Page_Rectangle(d->page, x, y - r->row_h[i], p->colw, r->row_h[i]);
            pr_hpdf.Page_Stroke(d->page);
            rc = read_board(d, set, k, o, f, page_h, &hb, e);
            if (rc == PD_OK)
                draw_board(d, f, &hb, x + (p->colw - f->w * p->s) / 2, y, p->s, hb.note_lines);
            free(hb.note);
        }
        y -= r->row_h[i];
    }
    return rc;
}

/* The pages the rows take at p, or 0 when a row is taller than a page. */
static int pages_at(size_t n, const struct hpage *p, struct hrows *r)
{
    layout_rows(n, p, r);
    for (int i = 0; i < r->rows; i++)
        if (r->row_h[i] > p->top - p->bottom)
            return 0;
    return r->rows ? r->row_page[r->rows - 1] + 1 : 1;
}

/* A handout of one page scales to the page: of the layouts of fewer columns or larger type
 * that still take one page, the largest (8 boards of two hands fill the page rather than a
 * third of it). A longer set keeps its dense pages. Leaves r laid out at the chosen p. */
static void scale_to_page(size_t n, const struct hframe *f, struct hpage *p, struct hrows *r)
{
    struct hpage best = *p, t = *p;
    float avail = p->colw * (float)p->cols;
    int pages = pages_at(n, p, r);

    for (int c = 1; pages == 1 && c <= p->cols; c++) {
        float lo = best.s, hi = fminf(avail / (float)c / f->w, FILL_SCALE);

        t.cols = c;
        t.colw = avail / (float)c;
        for (int k = 0; k < 24 && hi > lo; k++) { /* pages only grow with the scale */
            t.s = (lo + hi) / 2;
            int got = pages_at(n, &t, r);

            *(got && got <= pages ? &lo : &hi) = t.s;
        }
        t.s = lo;
        if (lo > best.s && pages_at(n, &t, r) && pages_at(n, &t, r) <= pages)
            best = t;
    }
    *p = best;
    layout_rows(n, p, r);
}

/* Every board read once for its height (and its faults, before anything is drawn). */
static enum pd_status measure_all(struct pdoc *d, const struct pbn_set *set,
                                  const struct pr_options *o, const struct hframe *f,
                                  const struct hpage *p, float *h, struct pd_err *e)
{
    enum pd_status rc = PD_OK;

    for (size_t i = 0; i < set->n && rc == PD_OK; i++) {
        struct hboard hb;

        rc = read_board(d, set, i, o, f, (p->top - p->bottom) / p->s, &hb, e);
        if (rc == PD_OK)
            h[i] = hb.h;
        free(hb.note);
    }
    return rc;
}

enum pd_status pr_draw_handout(struct pdoc *d, const struct pbn_set *set,
                               const struct pr_options *o, struct pd_err *e)
{
    struct hframe f = frame_for(o->hands & PR_HANDS_ALL);
    struct hrows r = {calloc(set->n, sizeof *r.first), calloc(set->n, sizeof *r.h),
                      calloc(set->n, sizeof *r.row_h), calloc(set->n, sizeof *r.row_page), 0};
    struct pr_title title;
    enum pd_status rc = PD_OK;

    if (!r.first || !r.h || !r.row_h || !r.row_page)
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (rc == PD_OK) {
        pdoc_add_page(d, o->paper);
        pr_title_from_set(set, o->title, d, &title);
        struct hpage p = page_for(d, &f);

        rc = measure_all(d, set, o, &f, &p, r.h, e);
        if (rc == PD_OK) {
            scale_to_page(set->n, &f, &p, &r);
            rc = draw_rows(d, set, o, &title, &f, &p, &r, e);
        }
    }
    free(r.first);
    free(r.h);
    free(r.row_h);
    free(r.row_page);
    return rc;
}
