/* printing/minisheet.c - the Minibridge sheet for a course's first lessons: each board's four
 * hands round the compass box, which holds each hand's points (HP: A 4, K 3, Q 2, J 1), and
 * under the diagram what Minibridge makes of them (minibridge.c): the sides' points, declarer,
 * the guide's tricks and contract, and beside it the tricks declarer takes double dummy in no
 * trumps; at stage 2 also the distribution points of the declaring side and its best fit, with
 * the tricks double dummy in that suit. 1, 2, 4, 6 or 9 boards a page (--per-page). */
#include <math.h>
#include <string.h>

#include "printing/teach_int.h"

#define Y(v) (-(v))

/* The frame of a board (y down, points before scaling): the hands as on the hand record's
 * wide frame, the panel of lines below South. */
static const float FW = 270, BOX_X = 100, BOX_Y = 56, BOX_W = 64, PANEL_Y = 178, LINE = 11.5f;
static const float N_AT[3] = {100, 12, 166}, E_AT[3] = {170, 66, 98}, S_AT[3] = {100, 124, 166},
                   W_AT[3] = {6, 66, 90};
enum { STAGE1_LINES = 4, STAGE2_LINES = 7, LINE_MAX = 256 };

static float frame_h(int stage)
{
    return PANEL_Y + (float)(stage == 2 ? STAGE2_LINES : STAGE1_LINES) * LINE + 4;
}

/* The stage-1 lines: points, declarer, the guide, double dummy; 2 lines at 20-20. */
static int stage1_lines(const struct pr_terms *t, const struct pr_mini *m,
                        const struct dd_table *dd, char lines[][LINE_MAX])
{
    char a[48], b[16], c[48];
    int n = 0;

    snprintf(a, sizeof a, "%s %d · %s %d", pr_term_side(t, 0), m->side_hp[0], pr_term_side(t, 1),
             m->side_hp[1]);
    PR_TERMF(t, "mini.points", lines[n++], LINE_MAX, a);
    if (m->side < 0) {
        PR_TERMF(t, "mini.redeal", lines[n++], LINE_MAX, "");
        return n;
    }
    snprintf(b, sizeof b, "%d", m->hp[m->declarer]);
    PR_TERMF(t, "mini.declarer", lines[n++], LINE_MAX,
             pr_term_seat_name(t, (enum seat)m->declarer), b);
    snprintf(a, sizeof a, "%d", m->side_hp[m->side]);
    snprintf(b, sizeof b, "%d", m->guide_tricks);
    snprintf(c, sizeof c, "%d %s", m->guide_tricks - 6, pr_term(t, "nt"));
    PR_TERMF(t, "mini.guide", lines[n++], LINE_MAX, a, b, c);
    snprintf(b, sizeof b, "%d", dd->tricks[m->declarer][STRAIN_NT]);
    PR_TERMF(t, "mini.dd", lines[n++], LINE_MAX, b, pr_term(t, "nt"));
    return n;
}

/* The stage-2 lines: distribution points of the declaring side, its fit and its tricks. */
static int stage2_lines(const struct pr_terms *t, const struct pr_mini *m,
                        const struct dd_table *dd, char lines[][LINE_MAX])
{
    char a[64], b[16];
    int n = 0, p = m->side, q = m->side + 2;

    snprintf(a, sizeof a, "%s %d · %s %d", pr_term_seat(t, (enum seat)p), m->dp[p],
             pr_term_seat(t, (enum seat)q), m->dp[q]);
    PR_TERMF(t, "mini.dp", lines[n++], LINE_MAX, a);
    if (m->fit_len < PR_MINI_FIT) {
        PR_TERMF(t, "mini.no_fit", lines[n++], LINE_MAX, pr_term(t, "nt"));
        return n;
    }
    snprintf(b, sizeof b, "%d", m->fit_len);
    PR_TERMF(t, "mini.fit", lines[n++], LINE_MAX, PR_SUIT_SYMBOL[m->fit_suit], b);
    snprintf(b, sizeof b, "%d", dd->tricks[m->declarer][m->fit_suit]);
    PR_TERMF(t, "mini.dd", lines[n++], LINE_MAX, b, PR_SUIT_SYMBOL[m->fit_suit]);
    return n;
}

static void draw_board(struct pdoc *d, const struct pbn_game *g, const struct pr_board *b,
                       int stage)
{
    const float *at[4] = {N_AT, E_AT, S_AT, W_AT};
    struct pr_mini m;
    char lines[STAGE2_LINES][LINE_MAX];
    int n;

    pr_mini_read(&b->deal, b->dealer, &m);
    pr_teach_heading(d, b, W_AT[0], 14, 88);
    for (int s = 0; s < 4; s++)
        pr_diag_hand(d, b->deal.hand[s], at[s][0], at[s][1], at[s][2]);
    pr_diag_compass(d, b, PR_HANDS_ALL, BOX_X, BOX_Y, BOX_W);
    n = stage1_lines(d->terms, &m, &g->dd, lines);
    if (stage == 2 && m.side >= 0)
        n += stage2_lines(d->terms, &m, &g->dd, lines + n);
    for (int i = 0; i < n; i++)
        pdoc_text_fit(d, i == 1 ? d->bold : d->reg, 9.5f, W_AT[0], Y(PANEL_Y + (float)i * LINE),
                      FW - 12, lines[i]);
}

static enum pd_status check_boards(const struct pbn_set *set, struct pd_err *e)
{
    enum pd_status rc = PD_OK;

    for (size_t i = 0; i < set->n && rc == PD_OK; i++) {
        struct pr_board b;

        rc = pr_board_from_game(&set->games[i], i, &b, e);
        if (rc == PD_OK && !set->games[i].has_dd)
            rc = pd_fail(e, PD_ERR_RANGE, "board %d has no double-dummy analysis", b.number);
    }
    return rc;
}

/* The head: the title, then "Minibridge · stage N" before the place and date. */
static void header(struct pdoc *d, const struct pr_title *t, int stage, int page, int pages)
{
    struct pr_title head = *t;
    char num[8], st[48];

    snprintf(num, sizeof num, "%d", stage);
    PR_TERMF(d->terms, "mini.stage", st, sizeof st, num);
    snprintf(head.where, sizeof head.where, "%.40s · %.40s%s%.160s", pr_term(d->terms, "mini.title"), st,
             t->where[0] ? " · " : "", t->where);
    pr_teach_header(d, &head, page, pages);
}

enum pd_status pr_draw_minibridge(struct pdoc *d, const struct pbn_set *set,
                                  const struct pr_options *o, struct pd_err *e)
{
    int per = o->per_page, cols, rows;
    int pages = (int)((set->n + (size_t)per - 1) / (size_t)per);
    struct pr_title title;
    enum pd_status rc = check_boards(set, e);

    if (rc != PD_OK)
        return rc;
    pr_page_grid(per, &cols, &rows);
    pdoc_add_page(d, o->paper);
    pr_title_from_set(set, o->title, d, &title);
    float cw = (d->width - 2 * PR_TEACH_MARGIN) / (float)cols;
    float ch = (d->height - 2 * PR_TEACH_MARGIN - PR_TEACH_HEAD_H) / (float)rows;
    float s = fminf(fminf((cw - 8) / FW, (ch - 8) / frame_h(o->stage)), 2.3f);

    for (size_t i = 0; i < set->n; i++) {
        struct pr_board b;
        int slot;

        if (pr_page_slot(d, o->paper, i, per, &slot))
            header(d, &title, o->stage, (int)(i / (size_t)per) + 1, pages);
        pr_board_from_game(&set->games[i], i, &b, NULL);
        float x = PR_TEACH_MARGIN + (float)(slot % cols) * cw;
        float top = d->height - PR_TEACH_MARGIN - PR_TEACH_HEAD_H - (float)(slot / cols) * ch;

        pr_hpdf.Page_SetGrayStroke(d->page, 0.6f);
        pr_hpdf.Page_SetLineWidth(d->page, 0.5f);
        pr_hpdf.Page_Rectangle(d->page, x, top - ch, cw, ch);
        pr_hpdf.Page_Stroke(d->page);
        pr_hpdf.Page_GSave(d->page);
        pr_hpdf.Page_Concat(d->page, s, 0, 0, s, x + (cw - FW * s) / 2, top - 4);
        draw_board(d, &set->games[i], &b, o->stage);
        pr_hpdf.Page_GRestore(d->page);
    }
    return PD_OK;
}
