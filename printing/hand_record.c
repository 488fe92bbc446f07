/* printing/hand_record.c - the hand record: a title block on every page, then 1, 2, 4, 6 or 9
 * boards, each the compass diagram (N top, W left, E right, S bottom), HCP in the compass box, the
 * double-dummy table (or the makeable contracts), par, a QR code of the board and its commentary.
 * Each board is drawn in a fixed local frame (y downward) scaled into its cell, so that no size or
 * text length can push one element over another: every text has a width budget it is condensed or
 * shrunk into (fit_text.c). Two frames: WIDE puts the table and the QR code beside the South hand,
 * TALL below the diagram; each layout takes the frame that gives its cells the largest type, so
 * every layout fills its page at its own size. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "printing/teach_int.h"

enum { MARGIN = 30, HEADER_H = 50 };
static const float NOTE_SIZE = 8, NOTE_LEAD = 9.6f, NOTE_MAX_PT = 11;
static const float MAX_SCALE = 2.3f;

/* Local frame: x right, y down from the cell's top-left; PDF wants y up. */
#define Y(v) (-(v))

/* Where each piece of a board goes in its frame (points before scaling). Hands: x, first
 * baseline y, width. The lower panel (QR code, table, par) is left out when nothing is in it,
 * and then the frame is only bare_h high. */
struct frame {
    float w, h, bare_h;
    float n[3], west[3], east[3], south[3];
    float box_x, box_y, box_w;
    float qr_x, qr_y, qr_size;
    float dd_x, dd_y, dd_k, par_y, par_w;
};

static const struct frame WIDE = {
    .w = 270, .h = 188, .bare_h = 188, .box_x = 100, .box_y = 56, .box_w = 64,
    .n = {100, 12, 166}, .west = {6, 66, 90}, .east = {170, 66, 98}, .south = {100, 124, 68},
    .qr_x = 16, .qr_y = 116, .qr_size = 68,
    .dd_x = 172, .dd_y = 114, .dd_k = 1, .par_y = 178, .par_w = 166};
static const struct frame TALL = {
    .w = 208, .h = 256, .bare_h = 170, .box_x = 80, .box_y = 58, .box_w = 50,
    .n = {80, 12, 124}, .west = {4, 68, 72}, .east = {134, 68, 72}, .south = {80, 126, 124},
    .qr_x = 4, .qr_y = 174, .qr_size = 70,
    .dd_x = 86.5f, .dd_y = 172, .dd_k = 1.25f, .par_y = 250, .par_w = 200};

struct cell {
    float x, top, w, h; /* page points */
};

/* What a board shows: the analysis and the QR code would give hidden hands away. */
struct shown {
    unsigned hands;
    bool qr, dd;
};

static struct shown what_shows(const struct pr_options *o)
{
    bool all = (o->hands & PR_HANDS_ALL) == PR_HANDS_ALL;

    return (struct shown){o->hands & PR_HANDS_ALL, o->qr && all, o->dd != PR_DD_NONE && all};
}

static float frame_h(const struct frame *f, struct shown sh)
{
    return sh.qr || sh.dd ? f->h : f->bare_h;
}

static void draw_header_block(struct pdoc *d, const struct pr_board *b, float x)
{
    char txt[400];

    pdoc_text_fit(d, d->bold, 14, x, Y(16), 88, pr_board_title(d, b->number, txt, sizeof txt));
    PR_TERMF(d->terms, "dealer", txt, sizeof txt, pr_term_seat_name(d->terms, b->dealer));
    pdoc_text_fit(d, d->reg, 8.5f, x, Y(29), 88, txt);
    PR_TERMF(d->terms, "vul", txt, sizeof txt, pr_term_vul(d->terms, b->vul));
    pdoc_text_fit(d, d->reg, 8.5f, x, Y(40), 88, txt);
}

/* The diagram: header block at the left of North, the four hands (those shown) round the
 * compass box. */
static void draw_diagram(struct pdoc *d, const struct pr_board *b, const struct frame *f,
                         unsigned shown)
{
    const float *at[4] = {f->n, f->east, f->south, f->west};

    draw_header_block(d, b, f->west[0]);
    for (int s = 0; s < 4; s++)
        if (shown & (1u << s))
            pr_diag_hand(d, b->deal.hand[s], at[s][0], at[s][1], at[s][2]);
    pr_diag_compass(d, b, shown, f->box_x, f->box_y, f->box_w);
}

/* The QR code of the board (pr_board_qr), the trick table or makeable contracts, and par. */
static enum pd_status draw_analysis(struct pdoc *d, const struct pbn_game *g,
                                    const struct pr_board *b, const struct pr_options *o,
                                    const struct frame *f, struct shown sh, struct pd_err *e)
{
    if (sh.qr) {
        char code[PR_BOARD_QR_LEN];

        pr_board_qr(b, code, sizeof code);
        enum pd_status rc = pr_qr_draw(d, code, f->qr_x, Y(f->qr_y), f->qr_size, e);

        if (rc != PD_OK)
            return rc;
    }
    if (sh.dd) {
        char par[400];

        if (o->dd == PR_DD_GRID)
            pr_diag_grid(d, &g->dd, f->dd_x, f->dd_y, f->dd_k);
        else
            pr_diag_makeable(d, &g->dd, f->dd_x, f->dd_y, f->w - f->dd_x - 2, f->dd_k);
        pr_par_text_in(d->terms, &g->par, par, sizeof par);
        pdoc_text_right(d, d->reg, 8 * f->dd_k, f->w - 4, Y(f->par_y), f->par_w, par);
    }
    return PD_OK;
}

/* The largest scale of the frame in cell c. */
static float full_scale(const struct cell *c, const struct frame *f, float h)
{
    return fminf(fminf(c->w / f->w, c->h / h), MAX_SCALE);
}

/* The modules of a QR code never print smaller than this (points): 0.54 mm, 3.2 pixels of a
 * 150-dpi scan, where tests/bench_qr.sh reads every code (printing/README.md). */
static const float QR_MODULE_MIN = 0.54f * 72 / 25.4f;

/* The scale with a commentary of lines lines of lead under the frame: shrunk for the
 * commentary, but never below 80 %, nor below the scale that keeps a QR code's modules
 * QR_MODULE_MIN: past that the commentary is cut with an ellipsis rather than the cards made
 * unreadable or the code unscannable. */
static float board_scale(const struct cell *c, const struct frame *f, float h, bool qr,
                         int lines, float lead)
{
    float base = full_scale(c, f, h), least = base * 0.8f;

    if (lines == 0)
        return base;
    if (qr)
        least = fmaxf(least, fminf(base, QR_MODULE_MIN * PR_BOARD_QR_MODULES / f->qr_size));
    return fmaxf(fminf(base, c->h / (h + 4 + (float)lines * lead)), least);
}

/* What a board carries under its frame: the contract line and the auction when the file holds
 * them (auction.c, as the handout prints them), then the commentary. The auction needs rows the
 * 6- and 9-a-page cells do not have: there the contract line alone says how the board went. */
enum { AUCTION_MAX_PER_PAGE = 4 };
static const float AUCTION_W = 150;

struct story {
    struct pr_play play;
    char line[400]; /* "Contract: 4♠ S   Lead: ♥K   Result: 4♠+1", "" when none */
    int rows;       /* auction rows drawn, heading included */
    char *note;     /* malloc'd commentary or NULL */
};

/* --no-comments leaves out the whole story: a club's record from a scoring program's file need
 * not show the one table's result its tags happen to hold. */
static bool read_story(struct pdoc *d, const struct pbn_game *g, const struct pr_options *o,
                       struct story *st)
{
    bool fail = false;

    memset(st, 0, sizeof *st);
    if (!o->comments)
        return true;
    pr_play_from_game(d->terms, g, d->ten10, &st->play);
    pr_play_line(d->terms, &st->play, st->line, sizeof st->line);
    st->rows = o->per_page <= AUCTION_MAX_PER_PAGE ? pr_auction_rows(&st->play) : 0;
    st->note = pr_commentary(d, g, &fail);
    return !fail;
}

static int story_fixed_lines(const struct story *st)
{
    return (st->line[0] ? 1 : 0) + st->rows;
}

/* Draws the story at x from y (frame points, the first line's top) in at most lines lines: the
 * auction goes when it does not fit with the contract line, the line when nothing fits. */
static void draw_story(struct pdoc *d, struct story *st, float x, float y, float w, float size,
                       float lead, int lines)
{
    if (story_fixed_lines(st) > lines)
        st->rows = 0;
    if (st->line[0] && lines >= 1) {
        pdoc_text_fit(d, d->reg, size, x, Y(y + size), w, st->line);
        y += lead;
        lines--;
    }
    if (st->rows) {
        pr_auction_draw(d, &st->play, x, y, fminf(w, AUCTION_W), size, lead);
        y += (float)st->rows * lead;
        lines -= st->rows;
    }
    if (st->note && lines > 0)
        pdoc_wrap(d, d->reg, size, x, Y(y + size), w, lead, lines, true, st->note);
}

/* The board's scale with its story under it, and the story's lines at that scale. An auction
 * that does not fit even at the smallest scale is left out before the scale is chosen: it
 * must not shrink the cards for nothing. */
static float fit_story(struct pdoc *d, const struct cell *c, const struct frame *f, float h,
                       bool qr, struct story *st, float size, int *max_lines)
{
    float lead = size * NOTE_LEAD / NOTE_SIZE, s;
    int note = st->note ? pdoc_wrap(d, d->reg, size, 0, 0, f->w - 8, lead, 0, false, st->note) : 0;

    for (;;) {
        s = board_scale(c, f, h, qr, story_fixed_lines(st) + note, lead);
        *max_lines = (int)floorf((c->h / s - h - 4) / lead + 0.01f);
        if (st->rows == 0 || story_fixed_lines(st) <= *max_lines)
            return s;
        st->rows = 0;
    }
}

static enum pd_status draw_board(struct pdoc *d, const struct pbn_game *g,
                                 const struct pr_board *b, const struct pr_options *o,
                                 const struct frame *f, const struct cell *c, struct pd_err *e)
{
    struct story st;
    struct shown sh = what_shows(o);
    float h = frame_h(f, sh);
    /* Commentary is running text: at most NOTE_MAX_PT on paper, however large the diagram. */
    float size = fminf(NOTE_SIZE, NOTE_MAX_PT / full_scale(c, f, h));
    float lead = size * NOTE_LEAD / NOTE_SIZE;

    if (!read_story(d, g, o, &st)) {
        free(st.note);
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    int max_lines;
    float s = fit_story(d, c, f, h, sh.qr, &st, size, &max_lines);

    pr_hpdf.Page_GSave(d->page);
    pr_hpdf.Page_Concat(d->page, s, 0, 0, s, c->x + (c->w - f->w * s) / 2, c->top);
    draw_diagram(d, b, f, sh.hands);
    enum pd_status rc = draw_analysis(d, g, b, o, f, sh, e);
    if (rc == PD_OK)
        draw_story(d, &st, f->west[0], h + 4, f->w - 8, size, lead, max_lines);
    pr_hpdf.Page_GRestore(d->page);
    free(st.note);
    return rc;
}

static void draw_page_header(struct pdoc *d, const struct pr_title *t, int page, int pages)
{
    float top = d->height - MARGIN, right = d->width - MARGIN, w = d->width - 2 * MARGIN;
    char txt[1024], set[600];

    pr_page_number(d, page, pages, txt, sizeof txt);
    float pw = pdoc_text_right(d, d->reg, 8, right, top - 11, 60, txt);
    pdoc_text_fit(d, d->bold, 13, MARGIN, top - 11, w - pw - 12, t->event);
    snprintf(txt, sizeof txt, "%s%s%s", t->where, t->where[0] && t->label[0] ? "   " : "",
             t->label[0] ? PR_TERMF(d->terms, "set", set, sizeof set, t->label) : "");
    pdoc_text_fit(d, d->reg, 8, MARGIN, top - 25, w, txt);
    if (t->commitment[0]) {
        PR_TERMF(d->terms, "commitment", txt, sizeof txt, t->commitment);
        pdoc_text_fit(d, d->reg, 7, MARGIN, top - 36, w, txt);
    }
    pr_hpdf.Page_SetGrayStroke(d->page, 0.6f);
    pr_hpdf.Page_SetLineWidth(d->page, 0.5f);
    pr_hpdf.Page_MoveTo(d->page, MARGIN, top - HEADER_H + 6);
    pr_hpdf.Page_LineTo(d->page, right, top - HEADER_H + 6);
    pr_hpdf.Page_Stroke(d->page);
}

static void page_cells(const struct pdoc *d, int per_page, struct cell cells[PR_MAX_PER_PAGE])
{
    int cols, rows;

    pr_page_grid(per_page, &cols, &rows);
    float w = (d->width - 2 * MARGIN) / (float)cols;
    float h = (d->height - 2 * MARGIN - HEADER_H) / (float)rows;

    for (int i = 0; i < per_page; i++) {
        cells[i].x = MARGIN + (float)(i % cols) * w + 4;
        cells[i].top = d->height - MARGIN - HEADER_H - (float)(i / cols) * h - 4;
        cells[i].w = w - 8;
        cells[i].h = h - 8;
    }
}

/* The frame that gives the cells of this layout the larger type. */
static const struct frame *pick_frame(const struct cell *c, struct shown sh)
{
    float wide = fminf(c->w / WIDE.w, c->h / frame_h(&WIDE, sh));
    float tall = fminf(c->w / TALL.w, c->h / frame_h(&TALL, sh));

    return tall > wide ? &TALL : &WIDE;
}

static void draw_cell_frame(struct pdoc *d, const struct cell *c)
{
    pr_hpdf.Page_SetGrayStroke(d->page, 0.6f);
    pr_hpdf.Page_SetLineWidth(d->page, 0.5f);
    pr_hpdf.Page_Rectangle(d->page, c->x - 4, c->top + 4 - c->h - 8, c->w + 8, c->h + 8);
    pr_hpdf.Page_Stroke(d->page);
}

static enum pd_status check_boards(const struct pbn_set *set, const struct pr_options *o,
                                   struct pd_err *e)
{
    enum pd_status rc = PD_OK;

    for (size_t i = 0; i < set->n && rc == PD_OK; i++) {
        const struct pbn_game *g = &set->games[i];
        struct pr_board b;

        rc = pr_board_from_game(g, i, &b, e);
        if (rc == PD_OK && what_shows(o).dd && !(g->has_dd && g->has_par))
            rc = pd_fail(e, PD_ERR_RANGE, "board %d has no double-dummy analysis", b.number);
    }
    return rc;
}

enum pd_status pr_draw_record(struct pdoc *d, const struct pbn_set *set,
                              const struct pr_options *o, struct pd_err *e)
{
    int per = o->per_page, pages = (int)((set->n + (size_t)per - 1) / (size_t)per);
    struct pr_title title;
    struct cell cells[PR_MAX_PER_PAGE];
    const struct frame *f = &WIDE;
    enum pd_status rc = check_boards(set, o, e);

    if (rc != PD_OK)
        return rc;
    pdoc_add_page(d, o->paper);
    pr_title_from_set(set, o->title, d, &title);
    if (!o->commitment) /* a wall copy: the players need no key's commitment */
        title.commitment[0] = '\0';
    for (size_t i = 0; i < set->n && rc == PD_OK; i++) {
        struct pr_board b;
        int slot;

        if (pr_page_slot(d, o->paper, i, per, &slot)) {
            draw_page_header(d, &title, (int)(i / (size_t)per) + 1, pages);
            page_cells(d, per, cells);
            f = pick_frame(&cells[0], what_shows(o));
        }
        pr_board_from_game(&set->games[i], i, &b, NULL);
        draw_cell_frame(d, &cells[slot]);
        rc = draw_board(d, &set->games[i], &b, o, f, &cells[slot], e);
    }
    return rc;
}
