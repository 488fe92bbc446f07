/* printing/teach.c - what the hand record and the teaching layouts share: PBN's suit escapes
 * made symbols, a board's commentary as drawn, the words the teaching layouts print, and
 * their page head, which leaves out the set's label and the key's commitment, and a board's
 * heading. */
#include <stdlib.h>
#include <string.h>

#include "printing/teach_int.h"

char *pr_suit_escapes(const char *s)
{
    /* Each two-byte escape becomes a three-byte symbol: at most 3/2 the length. */
    char *out = malloc(strlen(s) * 3 / 2 + 1), *o = out;

    if (!out)
        return NULL;
    while (*s) {
        const char *sym = s[0] == '\\' && s[1] ? memchr(SUIT_LETTER, s[1], 4) : NULL;

        if (sym) {
            o += sprintf(o, "%s", PR_SUIT_SYMBOL[sym - SUIT_LETTER]);
            s += 2;
        } else {
            *o++ = *s++;
        }
    }
    *o = '\0';
    return out;
}

/* One paragraph as drawn: suit escapes, then cleaned. */
static char *paragraph(struct pdoc *d, const char *para)
{
    char *sym = pr_suit_escapes(para), *clean = sym ? pr_text_clean(sym, pdoc_has_glyph, d) : NULL;

    free(sym);
    return clean;
}

char *pr_commentary(struct pdoc *d, const struct pbn_game *g, bool *fail)
{
    char *raw = pbn_game_commentary(g), *out;
    const char *tag = pbn_tag_get(g, "Description");

    if (!tag || !*tag)
        tag = pbn_tag_get(g, "Note");
    if (!raw && tag && *tag)
        raw = strdup(tag);
    if (!raw) {
        *fail = tag && *tag;
        return NULL;
    }
    out = malloc(10 * strlen(raw) + 1); /* pr_text_clean's bound; an escape's 2 bytes give 3 */
    size_t o = 0;
    for (char *para = raw, *next; out && para; para = next) {
        next = strchr(para, '\n');
        if (next)
            *next++ = '\0';
        char *clean = paragraph(d, para);

        if (!clean) {
            free(out);
            out = NULL;
            break;
        }
        o += (size_t)sprintf(out + o, "%s%s", o ? "\n" : "", clean);
        free(clean);
    }
    free(raw);
    *fail = !out;
    return out;
}

void pr_teach_heading(struct pdoc *d, const struct pr_board *b, float x, float size, float w)
{
    char txt[400];

    pdoc_text_fit(d, d->bold, size, x, -size, w, pr_board_title(d, b->number, txt, sizeof txt));
    PR_TERMF(d->terms, "dealer", txt, sizeof txt, pr_term_seat_name(d->terms, b->dealer));
    pdoc_text_fit(d, d->reg, size * 0.6f, x, -size * 1.9f, w, txt);
    PR_TERMF(d->terms, "vul", txt, sizeof txt, pr_term_vul(d->terms, b->vul));
    pdoc_text_fit(d, d->reg, size * 0.6f, x, -size * 2.7f, w, txt);
}

float pr_teach_header(struct pdoc *d, const struct pr_title *t, int page, int pages)
{
    float top = d->height - PR_TEACH_MARGIN, right = d->width - PR_TEACH_MARGIN;
    float w = d->width - 2 * PR_TEACH_MARGIN;
    char txt[200];

    pr_page_number(d, page, pages, txt, sizeof txt);
    float pw = pdoc_text_right(d, d->reg, 8, right, top - 11, 60, txt);
    pdoc_text_fit(d, d->bold, 13, PR_TEACH_MARGIN, top - 11, w - pw - 12, t->event);
    if (t->where[0])
        pdoc_text_fit(d, d->reg, 8, PR_TEACH_MARGIN, top - 25, w, t->where);
    pr_hpdf.Page_SetGrayStroke(d->page, 0.6f);
    pr_hpdf.Page_SetLineWidth(d->page, 0.5f);
    pr_hpdf.Page_MoveTo(d->page, PR_TEACH_MARGIN, top - PR_TEACH_HEAD_H + 6);
    pr_hpdf.Page_LineTo(d->page, right, top - PR_TEACH_HEAD_H + 6);
    pr_hpdf.Page_Stroke(d->page);
    return PR_TEACH_HEAD_H;
}
