/* printing/teach.c - what the hand record and the teaching layouts share: PBN's suit escapes
 * made symbols, a board's commentary as drawn, the words the teaching layouts print, and
 * their page head, which leaves out the set's label and the key's commitment. */
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

/* The words, one table: the handout's and Minibridge's. */
static const struct {
    const char *key, *text;
} TERMS[] = {
    {"page", "Page {1}/{2}"},
    {"contract", "Contract: {1}"},
    {"lead", "Lead: {1}"},
    {"result", "Result: {1}"},
    {"pass", "Pass"},
    {"all_pass", "All pass"},
    {"nt", "NT"},
    {"mini.title", "Minibridge"},
    {"mini.stage", "Stage {1}"},
    {"mini.points", "Points: {1}"},
    {"mini.redeal", "20–20: deal again"},
    {"mini.declarer", "Declarer: {1} ({2} HP)"},
    {"mini.guide", "Guide: {1} HP → {2}"},
    {"mini.tricks", "{1} tricks"},
    {"mini.contract", "{1} NT"},
    {"mini.dd", "Double dummy: {1} tricks in NT"},
    {"mini.dp", "Distribution points: {1}"},
    {"mini.fit", "Best fit: {1} {2} cards"},
    {"mini.fit_dd", "Double dummy in {1}: {2} tricks"},
    {"mini.no_fit", "No fit of 8 cards: NT"},
    {"mini.hp", "HP"},
};

const char *pr_teach_term(const char *key)
{
    for (size_t i = 0; i < sizeof TERMS / sizeof TERMS[0]; i++)
        if (strcmp(TERMS[i].key, key) == 0)
            return TERMS[i].text;
    return key; /* a key with no word shows as itself: visible, never a crash */
}

void pr_teach_format(char *out, size_t n, const char *key, const char *a1, const char *a2)
{
    const char *t = pr_teach_term(key);
    size_t o = 0;

    out[0] = '\0';
    while (*t && o + 1 < n) {
        if (t[0] == '{' && (t[1] == '1' || t[1] == '2') && t[2] == '}') {
            const char *a = t[1] == '1' ? a1 : a2;

            o += (size_t)snprintf(out + o, n - o, "%s", a ? a : "");
            t += 3;
        } else {
            out[o++] = *t++;
            out[o] = '\0';
        }
    }
    if (o >= n)
        out[n - 1] = '\0';
}

float pr_teach_header(struct pdoc *d, const struct pr_title *t, int page, int pages)
{
    float top = d->height - PR_TEACH_MARGIN, right = d->width - PR_TEACH_MARGIN;
    float w = d->width - 2 * PR_TEACH_MARGIN;
    char num[16], pg[16], txt[64];

    snprintf(num, sizeof num, "%d", page);
    snprintf(pg, sizeof pg, "%d", pages);
    pr_teach_format(txt, sizeof txt, "page", num, pg);
    float pw = pdoc_text_right(d, d->reg, 8, right, top - 11, 60, txt);
    pdoc_text_fit(d, d->bold, 13, PR_TEACH_MARGIN, top - 11, w - pw - 12, t->event);
    if (t->where[0])
        pdoc_text_fit(d, d->reg, 8, PR_TEACH_MARGIN, top - 25, w, t->where);
    HPDF_Page_SetGrayStroke(d->page, 0.6f);
    HPDF_Page_SetLineWidth(d->page, 0.5f);
    HPDF_Page_MoveTo(d->page, PR_TEACH_MARGIN, top - PR_TEACH_HEAD_H + 6);
    HPDF_Page_LineTo(d->page, right, top - PR_TEACH_HEAD_H + 6);
    HPDF_Page_Stroke(d->page);
    return PR_TEACH_HEAD_H;
}
