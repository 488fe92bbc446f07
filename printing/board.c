/* printing/board.c - what the printers take from a PBN set: each board checked (number, dealer,
 * vulnerability, a complete deal; Law 2 fills a missing dealer or vulnerability from the
 * number), and the title block (Event, Site, Date, and the set label and key commitment that
 * `predup deal` writes into the Generator tag), and where each board falls on the pages. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "printing/pr_int.h"

static const char *seat_list(unsigned missing, char *buf, size_t n)
{
    size_t o = 0;

    buf[0] = '\0';
    for (int s = 0; s < 4; s++)
        if (missing & (1u << s))
            o += (size_t)snprintf(buf + o, n - o, "%s%s", o ? ", " : "", SEAT_NAME[s]);
    return buf;
}

enum pd_status pr_board_from_game(const struct pbn_game *g, size_t index, struct pr_board *out,
                                  struct pd_err *e)
{
    char why[160], seats[40];
    struct board_info law2;

    if (g->board < 1)
        return pd_fail(e, PD_ERR_RANGE, "game %zu (line %d) has no Board number", index + 1,
                       g->line);
    if (g->known == 0)
        return pd_fail(e, PD_ERR_RANGE, "board %d has no Deal", g->board);
    if (g->known != 0xF)
        return pd_fail(e, PD_ERR_RANGE, "board %d: the hand of %s is not given", g->board,
                       seat_list(~g->known & 0xFu, seats, sizeof seats));
    if (!deal_is_complete(&g->deal, why, sizeof why))
        return pd_fail(e, PD_ERR_RANGE, "board %d: impossible deal: %s", g->board, why);
    law2 = board_law2(g->board);
    out->number = g->board;
    out->dealer = g->has_dealer ? g->dealer : law2.dealer;
    out->vul = g->has_vul ? g->vul : law2.vul;
    out->deal = g->deal;
    return PD_OK;
}

/* "?" is PBN's unknown; "-" what dealer scripts (and many programs) write for none. */
static bool known_value(const char *v)
{
    return v && *v && !strchr(v, '?') && strcmp(v, "-") != 0;
}

/* The page's title: the caller's, the set's Event, or a word of the language when the set has
 * none or a dealer script made it ("Hand simulated by dealer with file ..., seed ..."). */
static const char *title_of(const struct pdoc *d, const char *title, const char *event)
{
    if (title)
        return title;
    if (!known_value(event))
        return pr_term(d->terms, "untitled");
    return strncmp(event, "Hand simulated by ", 18) == 0 ? pr_term(d->terms, "practice") : event;
}

/* Text as drawn; a document with no fonts (a web page's) is limited by no font. */
static void copy_clean(struct pdoc *d, const char *s, char *out, size_t n)
{
    char *c = pr_text_clean(s, d->glyphs ? pdoc_has_glyph : NULL, d);

    snprintf(out, n, "%s", c ? c : "");
    free(c);
}

void pr_title_from_set(const struct pbn_set *set, const char *title, struct pdoc *d,
                       struct pr_title *t)
{
    const struct pbn_game *g = set->n ? &set->games[0] : NULL;
    const char *event = g ? pbn_tag_get(g, "Event") : NULL;
    const char *site = g ? pbn_tag_get(g, "Site") : NULL;
    const char *date = g ? pbn_tag_get(g, "Date") : NULL;
    const char *gen = g ? pbn_tag_get(g, "Generator") : NULL;
    char where[300] = "", iso[64] = "";
    struct pbn_generator gt;

    memset(t, 0, sizeof *t);
    copy_clean(d, title_of(d, title, event), t->event, sizeof t->event);
    /* PBN dates are YYYY.MM.DD; partly unknown ones ("2025.??.??") are left out. */
    if (known_value(date) && strlen(date) == 10) {
        char y[5], m[3], day[3];

        snprintf(y, sizeof y, "%.4s", date);
        snprintf(m, sizeof m, "%.2s", date + 5);
        snprintf(day, sizeof day, "%.2s", date + 8);
        PR_TERMF(d->terms, "date", iso, sizeof iso, y, m, day);
    }
    snprintf(t->date, sizeof t->date, "%s", iso);
    snprintf(where, sizeof where, "%s%s%s", known_value(site) ? site : "",
             known_value(site) && iso[0] ? ", " : "", iso);
    copy_clean(d, where, t->where, sizeof t->where);
    /* pbn/'s own parser: labels run to the end of the tag and may hold spaces. */
    if (pbn_generator_parse(gen, &gt)) {
        copy_clean(d, gt.has_label ? gt.label : "", t->label, sizeof t->label);
        snprintf(t->commitment, sizeof t->commitment, "%s", gt.commitment);
        for (const char *p = t->commitment; *p; p++)
            if (!strchr("0123456789abcdefABCDEF", *p)) {
                t->commitment[0] = '\0'; /* not a commitment: print nothing rather than junk */
                break;
            }
    }
    /* The line tells an event's sets apart: an event's only set has none ("Satz: original"
     * on every page says nothing). A set printed alone keeps it: it may be one of two. */
    if (d->one_set)
        t->label[0] = '\0';
}

void pr_board_qr(const struct pr_board *b, char *out, size_t n)
{
    char deal[DEAL_PBN_LEN], vul[8] = "";

    /* PBN's name in capitals: lower-case letters would cost a byte segment. */
    for (size_t i = 0; VUL_PBN[b->vul][i] && i + 1 < sizeof vul; i++)
        vul[i] = (char)toupper((unsigned char)VUL_PBN[b->vul][i]);
    deal_to_pbn(&b->deal, b->dealer, 0xF, deal);
    snprintf(out, n, "%d %c %s %s", b->number, SEAT_LETTER[b->dealer], vul, deal);
}

char *pr_page_number(const struct pdoc *d, int page, int pages, char *out, size_t n)
{
    char a[12], b[12];

    snprintf(a, sizeof a, "%d", page);
    snprintf(b, sizeof b, "%d", pages);
    return PR_TERMF(d->terms, "page", out, n, a, b);
}

char *pr_board_title(const struct pdoc *d, int number, char *out, size_t n)
{
    char num[12];

    snprintf(num, sizeof num, "%d", number);
    return PR_TERMF(d->terms, "board", out, n, num);
}

char *pr_dealer_vul(const struct pdoc *d, const struct pr_board *b, char *out, size_t n)
{
    return PR_TERMF(d->terms, "dealer_vul", out, n, pr_term_seat_name(d->terms, b->dealer),
                    pr_term_vul(d->terms, b->vul));
}

void pr_page_grid(int per_page, int *cols, int *rows)
{
#define GRID_COLS(boards, cols) [boards] = (cols),
    static const int grid_cols[PR_MAX_PER_PAGE + 1] = {PR_PAGE_GRIDS(GRID_COLS)};
#undef GRID_COLS
    bool known = per_page >= 1 && per_page <= PR_MAX_PER_PAGE && grid_cols[per_page];

    *cols = known ? grid_cols[per_page] : 1;
    *rows = per_page / *cols;
}

bool pr_page_slot(struct pdoc *d, enum pr_paper paper, size_t index, int per, int *slot)
{
    *slot = (int)(index % (size_t)per);
    if (*slot != 0)
        return false;
    if (index > 0)
        pdoc_add_page(d, paper);
    return true;
}
