/* printing/record.c - the hand record: a title block on every page, then 1, 2, 4 or 6 boards,
 * each the compass diagram (N top, W left, E right, S bottom, hearts and diamonds red), HCP in
 * the compass box with the vulnerable sides in red, the double-dummy table (or the makeable
 * contracts), par, a QR code of the deal and the board's commentary (Description or Note).
 * Each board is drawn in a fixed local frame (DIAG_W x DIAG_H points, y downward) scaled into
 * its cell, so that no size or text length can push one element over another: every text has
 * a width budget it is condensed or shrunk into (text.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "printing/pr_int.h"

enum { MARGIN = 30, HEADER_H = 50 };
static const float DIAG_W = 270, DIAG_H = 188;
static const float HAND_SIZE = 10.5f, HAND_LEAD = 12.5f;
static const float NOTE_SIZE = 8, NOTE_LEAD = 9.6f;
static const float MAX_SCALE = 1.8f;

/* Local frame: x right, y down from the cell's top-left; PDF wants y up. */
#define Y(v) (-(v))

struct cell {
    float x, top, w, h; /* page points */
};

static void draw_hand(struct pdoc *d, uint64_t hand, float x, float y, float maxw)
{
    for (int s = 0; s < 4; s++)
        pdoc_suit_line(d, HAND_SIZE, x, Y(y + (float)s * HAND_LEAD), maxw, (enum suit)s,
                       hand_suit(hand, (enum suit)s), false);
}

static void rect(struct pdoc *d, float x, float y, float w, float h)
{
    HPDF_Page_Rectangle(d->page, x, Y(y + h), w, h);
}

/* The compass box: seat letters, HCP, red bands on the vulnerable sides, dealer in bold. */
static void draw_compass(struct pdoc *d, const struct pr_board *b, float x, float y)
{
    const float w = 64, h = 54, band = 9;
    bool ns = b->vul == VUL_NS || b->vul == VUL_ALL, ew = b->vul == VUL_EW || b->vul == VUL_ALL;
    char num[8];

    HPDF_Page_SetRGBFill(d->page, 0.8f, 0, 0);
    if (ns) {
        rect(d, x, y, w, band);
        rect(d, x, y + h - band, w, band);
    }
    if (ew) {
        rect(d, x, y, band, h);
        rect(d, x + w - band, y, band, h);
    }
    if (ns || ew)
        HPDF_Page_Fill(d->page);
    HPDF_Page_SetGrayStroke(d->page, 0);
    HPDF_Page_SetLineWidth(d->page, 0.8f);
    rect(d, x, y, w, h);
    HPDF_Page_Stroke(d->page);
    static const char *const letter[4] = {"N", "E", "S", "W"};
    const float lx[4] = {x + w / 2, x + w - band / 2, x + w / 2, x + band / 2};
    const float ly[4] = {y + 7, y + h / 2 + 2.5f, y + h - 2, y + h / 2 + 2.5f};
    const bool vul[4] = {ns, ew, ns, ew};
    const float hx[4] = {x + w / 2, x + w - band - 8, x + w / 2, x + band + 8};
    const float hy[4] = {y + band + 9, y + h / 2 + 3, y + h - band - 3, y + h / 2 + 3};

    for (int s = 0; s < 4; s++) {
        HPDF_Font f = (enum seat)s == b->dealer ? d->bold : d->reg;

        if (vul[s])
            HPDF_Page_SetRGBFill(d->page, 1, 1, 1);
        else
            pdoc_black(d);
        pdoc_text_centre(d, f, 7, lx[s], Y(ly[s]), band, letter[s]);
        pdoc_black(d);
        snprintf(num, sizeof num, "%d", hand_hcp(b->deal.hand[s]));
        pdoc_text_centre(d, d->reg, 8, hx[s], Y(hy[s]), 15, num);
    }
}

static const enum seat GRID_SEATS[4] = {SEAT_N, SEAT_S, SEAT_E, SEAT_W};
static const enum strain GRID_STRAINS[5] = {STRAIN_NT, STRAIN_S, STRAIN_H, STRAIN_D, STRAIN_C};

static void strain_text(enum strain st, char *buf, size_t n)
{
    snprintf(buf, n, "%s", st == STRAIN_NT ? "NT" : PR_SUIT_SYMBOL[st]);
}

static void draw_grid(struct pdoc *d, const struct dd_table *t, float x, float y)
{
    const float lw = 14, cw = 16, rh = 10.4f;
    char txt[8];

    pdoc_grey(d, 0.9f);
    rect(d, x, y, lw + 5 * cw, rh);
    rect(d, x, y, lw, 5 * rh);
    HPDF_Page_Fill(d->page);
    HPDF_Page_SetGrayStroke(d->page, 0.55f);
    HPDF_Page_SetLineWidth(d->page, 0.4f);
    for (int r = 0; r <= 5; r++) {
        HPDF_Page_MoveTo(d->page, x, Y(y + (float)r * rh));
        HPDF_Page_LineTo(d->page, x + lw + 5 * cw, Y(y + (float)r * rh));
    }
    for (int c = 0; c <= 5; c++) {
        float cx = c == 0 ? x : x + lw + (float)(c - 1) * cw;

        HPDF_Page_MoveTo(d->page, cx, Y(y));
        HPDF_Page_LineTo(d->page, cx, Y(y + 5 * rh));
    }
    HPDF_Page_MoveTo(d->page, x + lw + 5 * cw, Y(y));
    HPDF_Page_LineTo(d->page, x + lw + 5 * cw, Y(y + 5 * rh));
    HPDF_Page_Stroke(d->page);
    pdoc_black(d);
    for (int c = 0; c < 5; c++) {
        strain_text(GRID_STRAINS[c], txt, sizeof txt);
        if (GRID_STRAINS[c] == STRAIN_H || GRID_STRAINS[c] == STRAIN_D)
            pdoc_red(d);
        pdoc_text_centre(d, d->bold, 7.5f, x + lw + ((float)c + 0.5f) * cw, Y(y + rh - 2.6f),
                         cw - 2, txt);
        pdoc_black(d);
    }
    for (int r = 0; r < 4; r++) {
        enum seat s = GRID_SEATS[r];
        float by = y + (float)(r + 2) * rh - 2.6f;

        snprintf(txt, sizeof txt, "%c", SEAT_LETTER[s]);
        pdoc_text_centre(d, d->bold, 7.5f, x + lw / 2, Y(by), lw - 2, txt);
        for (int c = 0; c < 5; c++) {
            snprintf(txt, sizeof txt, "%d", t->tricks[s][GRID_STRAINS[c]]);
            pdoc_text_centre(d, d->reg, 7.5f, x + lw + ((float)c + 0.5f) * cw, Y(by), cw - 2,
                             txt);
        }
    }
}

/* Makeable contracts per side, BridgeComposer's style: "NS 3NT 4♠ 5♦", with the declarer named
 * when only one of the pair makes it ("2♥ N"). */
static void draw_makeable(struct pdoc *d, const struct dd_table *t, float x, float y, float w)
{
    static const enum seat pair[2][2] = {{SEAT_N, SEAT_S}, {SEAT_E, SEAT_W}};
    static const char *const side[2] = {"NS", "EW"};

    for (int p = 0; p < 2; p++) {
        char line[160];
        size_t o = (size_t)snprintf(line, sizeof line, "%s", side[p]);
        bool any = false;

        for (int c = 0; c < 5; c++) {
            enum strain st = GRID_STRAINS[c];
            int a = t->tricks[pair[p][0]][st], b = t->tricks[pair[p][1]][st];
            int best = a > b ? a : b;
            char sym[8];

            if (best < 7)
                continue;
            strain_text(st, sym, sizeof sym);
            o += (size_t)snprintf(line + o, sizeof line - o, " %d%s", best - 6, sym);
            if (a != b && o < sizeof line)
                o += (size_t)snprintf(line + o, sizeof line - o, " %c",
                                      SEAT_LETTER[a > b ? pair[p][0] : pair[p][1]]);
            any = true;
            if (o >= sizeof line)
                break;
        }
        if (!any)
            snprintf(line, sizeof line, "%s \u2014", side[p]);
        pdoc_text_fit(d, d->reg, 8, x, Y(y + 10 + (float)p * 12), w, line);
    }
}

/* ParContract "NS 4S,NS 5D" as "4♠ NS, 5♦ NS", "EW 3Hx-1" as "3♥x-1 EW", then the score from
 * North-South's side: "Par: 3♥x-1 EW +100". */
static void par_text(const struct dd_par *par, char *out, size_t n)
{
    const char *p = par->contracts;
    size_t o = (size_t)snprintf(out, n, "Par:");

    while (*p && o < n) {
        char item[32], side[8] = "", contract[24] = "";
        size_t len = strcspn(p, ",");

        snprintf(item, sizeof item, "%.*s", (int)(len < 31 ? len : 31), p);
        p += len + (p[len] == ',');
        if (sscanf(item, "%7s %23s", side, contract) != 2) {
            o += (size_t)snprintf(out + o, n - o, " %s", item); /* "Pass" */
            continue;
        }
        char shown[48];
        size_t k = 0, c = 0;

        /* the level, then the strain letter as its symbol, then "x" and the result as given */
        for (; contract[c] && k + 4 < sizeof shown; c++) {
            int su = contract[c] == 'S' ? 0 : contract[c] == 'H' ? 1 : contract[c] == 'D' ? 2
                   : contract[c] == 'C' ? 3 : -1;

            if (su >= 0 && c > 0 && contract[c - 1] >= '1' && contract[c - 1] <= '7')
                k += (size_t)snprintf(shown + k, sizeof shown - k, "%s", PR_SUIT_SYMBOL[su]);
            else
                shown[k++] = contract[c];
        }
        shown[k] = '\0';
        char *res = strpbrk(shown, "+-");
        char result[8] = "";

        if (res) {
            snprintf(result, sizeof result, "%s", res);
            *res = '\0';
        }
        o += (size_t)snprintf(out + o, n - o, "%s %s%s %s", o > 4 ? "," : "", shown, result,
                              side);
    }
    if (o < n)
        snprintf(out + o, n - o, " %+d", par->score_ns);
    if (par->score_ns == 0 && o < n)
        snprintf(out + o, n - o, " 0");
}

static const char *commentary(const struct pbn_game *g)
{
    const char *c = pbn_tag_get(g, "Description");

    if (!c || !*c)
        c = pbn_tag_get(g, "Note");
    return c && *c ? c : NULL;
}

static void draw_header_block(struct pdoc *d, const struct pr_board *b, float x)
{
    char txt[64];

    snprintf(txt, sizeof txt, "Board %d", b->number);
    pdoc_text_fit(d, d->bold, 14, x, Y(16), 88, txt);
    snprintf(txt, sizeof txt, "Dealer: %s", SEAT_NAME[b->dealer]);
    pdoc_text_fit(d, d->reg, 8.5f, x, Y(29), 88, txt);
    snprintf(txt, sizeof txt, "Vul: %s", PR_VUL_TEXT[b->vul]);
    pdoc_text_fit(d, d->reg, 8.5f, x, Y(40), 88, txt);
}

static enum pd_status draw_board(struct pdoc *d, const struct pbn_game *g,
                                 const struct pr_board *b, const struct pr_options *o,
                                 const struct cell *c, struct pd_err *e)
{
    const char *note = commentary(g);
    char *clean = note ? pr_text_clean(note, pdoc_has_glyph, d) : NULL;
    float s = fminf(fminf(c->w / DIAG_W, c->h / DIAG_H), MAX_SCALE), base = s;
    int max_lines = 0;

    if (note && !clean)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    if (clean) {
        int lines = pdoc_wrap(d, d->reg, NOTE_SIZE, 0, 0, DIAG_W - 8, NOTE_LEAD, 0, false, clean);
        float need = DIAG_H + 4 + (float)lines * NOTE_LEAD;

        /* Shrink the diagram for the commentary, but never below 80 %: past that the note is
         * cut with an ellipsis rather than the cards made unreadable. */
        s = fmaxf(fminf(s, c->h / need), base * 0.8f);
        max_lines = (int)floorf((c->h / s - DIAG_H - 4) / NOTE_LEAD);
    }
    HPDF_Page_GSave(d->page);
    HPDF_Page_Concat(d->page, s, 0, 0, s, c->x + (c->w - DIAG_W * s) / 2, c->top);
    draw_header_block(d, b, 6);
    draw_hand(d, b->deal.hand[SEAT_N], 100, 12, DIAG_W - 104);
    draw_hand(d, b->deal.hand[SEAT_W], 6, 66, 90);
    draw_compass(d, b, 100, 56);
    draw_hand(d, b->deal.hand[SEAT_E], 170, 66, DIAG_W - 172);
    draw_hand(d, b->deal.hand[SEAT_S], 100, 124, 68);
    if (o->qr) {
        char pbn[DEAL_PBN_LEN];

        deal_to_pbn(&b->deal, b->dealer, 0xF, pbn);
        if (!pr_qr_draw(d, pbn, 16, Y(116), 60)) {
            HPDF_Page_GRestore(d->page);
            free(clean);
            return pd_fail(e, PD_ERR_INTERNAL, "board %d: libqrencode failed", b->number);
        }
    }
    if (o->dd != PR_DD_NONE) {
        char par[200];

        if (o->dd == PR_DD_GRID)
            draw_grid(d, &g->dd, 172, 114);
        else
            draw_makeable(d, &g->dd, 172, 114, DIAG_W - 174);
        par_text(&g->par, par, sizeof par);
        pdoc_text_right(d, d->reg, 8, DIAG_W - 4, Y(178), DIAG_W - 104, par);
    }
    if (clean && max_lines > 0)
        pdoc_wrap(d, d->reg, NOTE_SIZE, 6, Y(DIAG_H + 4 + NOTE_SIZE), DIAG_W - 8, NOTE_LEAD,
                  max_lines, true, clean);
    HPDF_Page_GRestore(d->page);
    free(clean);
    return PD_OK;
}

static void draw_page_header(struct pdoc *d, const struct pr_title *t, int page, int pages)
{
    float top = d->height - MARGIN, right = d->width - MARGIN, w = d->width - 2 * MARGIN;
    char txt[400];

    snprintf(txt, sizeof txt, "Page %d/%d", page, pages);
    float pw = pdoc_text_right(d, d->reg, 8, right, top - 11, 60, txt);
    pdoc_text_fit(d, d->bold, 13, MARGIN, top - 11, w - pw - 12, t->event);
    snprintf(txt, sizeof txt, "%s%s%s", t->where, t->where[0] && t->label[0] ? "   " : "",
             t->label[0] ? "Set: " : "");
    if (t->label[0])
        snprintf(txt + strlen(txt), sizeof txt - strlen(txt), "%s", t->label);
    pdoc_text_fit(d, d->reg, 8, MARGIN, top - 25, w, txt);
    if (t->commitment[0]) {
        snprintf(txt, sizeof txt, "Key commitment (SHA-256): %s", t->commitment);
        pdoc_text_fit(d, d->reg, 7, MARGIN, top - 36, w, txt);
    }
    HPDF_Page_SetGrayStroke(d->page, 0.6f);
    HPDF_Page_SetLineWidth(d->page, 0.5f);
    HPDF_Page_MoveTo(d->page, MARGIN, top - HEADER_H + 6);
    HPDF_Page_LineTo(d->page, right, top - HEADER_H + 6);
    HPDF_Page_Stroke(d->page);
}

static void page_cells(const struct pdoc *d, int per_page, struct cell cells[6])
{
    int cols = per_page >= 4 ? 2 : 1, rows = per_page / cols;
    float w = (d->width - 2 * MARGIN) / (float)cols;
    float h = (d->height - 2 * MARGIN - HEADER_H) / (float)rows;

    for (int i = 0; i < per_page; i++) {
        cells[i].x = MARGIN + (float)(i % cols) * w;
        cells[i].top = d->height - MARGIN - HEADER_H - (float)(i / cols) * h;
        cells[i].w = w;
        cells[i].h = h;
    }
}

static void draw_cell_frame(struct pdoc *d, const struct cell *c)
{
    HPDF_Page_SetGrayStroke(d->page, 0.6f);
    HPDF_Page_SetLineWidth(d->page, 0.5f);
    HPDF_Page_Rectangle(d->page, c->x, c->top - c->h, c->w, c->h);
    HPDF_Page_Stroke(d->page);
}

enum pd_status pr_draw_record(struct pdoc *d, const struct pbn_set *set,
                              const struct pr_options *o, struct pd_err *e)
{
    int per = o->per_page, pages = (int)((set->n + (size_t)per - 1) / (size_t)per);
    struct pr_title title;
    struct cell cells[6];
    enum pd_status rc = PD_OK;

    for (size_t i = 0; i < set->n && rc == PD_OK; i++) {
        const struct pbn_game *g = &set->games[i];
        struct pr_board b;

        rc = pr_board_from_game(g, i, &b, e);
        if (rc == PD_OK && o->dd != PR_DD_NONE && !(g->has_dd && g->has_par))
            rc = pd_fail(e, PD_ERR_RANGE, "board %d has no double-dummy analysis", b.number);
    }
    if (rc != PD_OK)
        return rc;
    pdoc_add_page(d, o->paper);
    pr_title_from_set(set, d, &title);
    for (size_t i = 0; i < set->n && rc == PD_OK; i++) {
        struct pr_board b;
        int slot = (int)(i % (size_t)per);

        if (slot == 0) {
            if (i > 0)
                pdoc_add_page(d, o->paper);
            draw_page_header(d, &title, (int)(i / (size_t)per) + 1, pages);
            page_cells(d, per, cells);
        }
        pr_board_from_game(&set->games[i], i, &b, NULL);
        draw_cell_frame(d, &cells[slot]);
        struct cell inner = {cells[slot].x + 4, cells[slot].top - 4, cells[slot].w - 8,
                             cells[slot].h - 8};
        rc = draw_board(d, &set->games[i], &b, o, &inner, e);
    }
    return rc;
}
