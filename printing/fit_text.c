/* printing/fit_text.c - text that always fits: cleaning UTF-8 for drawing (say which character
 * cannot be drawn instead of a blank box), width-limited lines that condense then shrink,
 * word wrapping, and the suit lines of a hand with red hearts and diamonds. */
#include <stdlib.h>
#include <string.h>

#include "printing/pr_int.h"

const char *const PR_SUIT_SYMBOL[4] = {"\u2660", "\u2665", "\u2666", "\u2663"};

enum { MIN_SCALE_PCT = 70 }; /* narrower than this and glyphs stop being legible */

static size_t utf8_encode(unsigned cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

char *pr_text_clean(const char *s, bool (*has_glyph)(void *ctx, unsigned cp), void *ctx)
{
    size_t n = strlen(s), at = 0, o = 0;
    char *out = malloc(10 * n + 1); /* "[U+10FFFF]" is the longest stand-in for one byte */

    if (!out)
        return NULL;
    while (at < n) {
        unsigned cp;
        size_t len = pd_utf8_decode((const unsigned char *)s + at, n - at, &cp);

        if (len == 0) {
            cp = 0xFFFD; /* the replacement character: a byte that is not UTF-8 */
            len = 1;
        }
        at += len;
        if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0))
            cp = ' ';
        if (cp == ' ' || (cp <= 0xFFFF && (!has_glyph || has_glyph(ctx, cp))))
            o += utf8_encode(cp, out + o);
        else
            o += (size_t)snprintf(out + o, 11, "[U+%04X]", cp);
    }
    out[o] = '\0';
    return out;
}

/* Width of utf8 text in font at size (points). */
static float pdoc_width(struct pdoc *d, HPDF_Font f, float size, const char *utf8)
{
    pr_hpdf.Page_SetFontAndSize(d->page, f, size);
    return pr_hpdf.Page_TextWidth(d->page, utf8);
}

/* The next run of utf8: *red tells whether it is a red suit symbol (♥ U+2665, ♦ U+2666). */
static size_t next_run(const char *utf8, bool *red)
{
    static const char heart[] = "\u2665", diamond[] = "\u2666";
    size_t at = 0;

    *red = strncmp(utf8, heart, 3) == 0 || strncmp(utf8, diamond, 3) == 0;
    if (*red)
        return 3;
    while (utf8[at] && strncmp(utf8 + at, heart, 3) != 0 && strncmp(utf8 + at, diamond, 3) != 0)
        at++;
    return at;
}

/* Shows utf8 at the text position, hearts and diamonds in red and the rest in the fill colour
 * current on entry, so that every suit symbol on the paper is coloured the same way. */
static void show_runs(struct pdoc *d, const char *utf8)
{
    HPDF_RGBColor ink = pr_hpdf.Page_GetRGBFill(d->page);
    char run[256];

    while (*utf8) {
        bool red;
        size_t n = next_run(utf8, &red);
        size_t k = n < sizeof run - 1 ? n : sizeof run - 1;

        while (k > 0 && k < n && ((unsigned char)utf8[k] & 0xC0) == 0x80)
            k--; /* a long run is shown in pieces cut between characters */
        memcpy(run, utf8, k);
        run[k] = '\0';
        if (red)
            pdoc_red(d);
        pr_hpdf.Page_ShowText(d->page, run);
        if (red)
            pr_hpdf.Page_SetRGBFill(d->page, ink.r, ink.g, ink.b);
        utf8 += k;
    }
}

static float draw_at(struct pdoc *d, HPDF_Font f, float size, float x, float y, float maxw,
                     const char *utf8, int align)
{
    float w = pdoc_width(d, f, size, utf8), scale = 100;

    if (w > maxw) {
        scale = 100 * maxw / w * 0.999f;
        if (scale < MIN_SCALE_PCT) {
            size = size * scale / MIN_SCALE_PCT;
            scale = MIN_SCALE_PCT;
        }
        w = pdoc_width(d, f, size, utf8) * scale / 100;
    }
    if (align > 0)
        x -= w;
    else if (align == 0)
        x -= w / 2;
    pr_hpdf.Page_BeginText(d->page);
    pr_hpdf.Page_SetFontAndSize(d->page, f, size);
    if (scale != 100)
        pr_hpdf.Page_SetHorizontalScalling(d->page, scale);
    pr_hpdf.Page_MoveTextPos(d->page, x, y);
    show_runs(d, utf8);
    if (scale != 100)
        pr_hpdf.Page_SetHorizontalScalling(d->page, 100);
    pr_hpdf.Page_EndText(d->page);
    return w;
}

float pdoc_text_fit(struct pdoc *d, HPDF_Font f, float size, float x, float y, float maxw,
                    const char *utf8)
{
    return draw_at(d, f, size, x, y, maxw, utf8, -1);
}

float pdoc_text_right(struct pdoc *d, HPDF_Font f, float size, float x, float y, float maxw,
                      const char *utf8)
{
    return draw_at(d, f, size, x, y, maxw, utf8, 1);
}

void pdoc_text_centre(struct pdoc *d, HPDF_Font f, float size, float cx, float y, float maxw,
                      const char *utf8)
{
    draw_at(d, f, size, cx, y, maxw, utf8, 0);
}

/* The bytes of s before its paragraph's end ("\n" or the text's), counted up to cap only: a
 * line looks no further, so that wrapping a long paragraph is linear in its length. */
static size_t paragraph_ahead(const char *s, size_t cap)
{
    size_t n = 0;

    while (n < cap && s[n] && s[n] != '\n')
        n++;
    return n;
}

/* The next line starting at *p: its bytes go to buf; *p moves past it and its spaces, and past
 * the end of its paragraph ("\n") when the line ends it. libharu measures, in a copy of the
 * paragraph's start (no line holds 1024 bytes): the longest run of whole words that fits, else
 * (one word wider than the line) the longest run of whole characters, else one character. */
static void next_line(struct pdoc *d, const char **p, float maxw, char *buf)
{
    const char *s = *p;
    size_t para = paragraph_ahead(s, 1024), k = para < 1023 ? para : 1023, n;

    if (para == 0) { /* an empty paragraph: an empty line */
        buf[0] = '\0';
        *p = s + (*s == '\n');
        return;
    }
    while (k > 0 && k < para && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    memcpy(buf, s, k);
    buf[k] = '\0';
    n = pr_hpdf.Page_MeasureText(d->page, buf, maxw, HPDF_TRUE, NULL);
    if (n == 0)
        n = pr_hpdf.Page_MeasureText(d->page, buf, maxw, HPDF_FALSE, NULL);
    if (n == 0) {
        unsigned cp;
        size_t len = pd_utf8_decode((const unsigned char *)s, k, &cp);

        n = len ? len : 1;
    }
    while (n > 0 && n < k && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--; /* never end a line inside a character */
    buf[n] = '\0';
    for (size_t t = n; t > 0 && buf[t - 1] == ' '; t--)
        buf[t - 1] = '\0';
    s += n;
    while (*s == ' ')
        s++;
    if (*s == '\n')
        s++;
    *p = s;
}

static void ellipsize(struct pdoc *d, char *buf, float maxw)
{
    size_t n = strlen(buf);

    for (;;) {
        memcpy(buf + n, "\u2026", 4); /* "…" and its NUL */
        if (pr_hpdf.Page_TextWidth(d->page, buf) <= maxw || n == 0)
            return;
        do
            n--;
        while (n > 0 && ((unsigned char)buf[n] & 0xC0) == 0x80);
    }
}

int pdoc_wrap(struct pdoc *d, HPDF_Font f, float size, float x, float y, float maxw, float lead,
              int max_lines, bool draw, const char *utf8)
{
    char *buf = malloc(1024 + 8);
    const char *p = utf8;
    int lines = 0;

    if (!buf)
        return 0;
    pr_hpdf.Page_SetFontAndSize(d->page, f, size);
    while (*p == ' ')
        p++;
    while (*p) {
        next_line(d, &p, maxw, buf);
        lines++;
        if (draw && lines == max_lines && *p)
            ellipsize(d, buf, maxw);
        if (draw) {
            pr_hpdf.Page_BeginText(d->page);
            pr_hpdf.Page_SetFontAndSize(d->page, f, size);
            pr_hpdf.Page_MoveTextPos(d->page, x, y - (float)(lines - 1) * lead);
            show_runs(d, buf);
            pr_hpdf.Page_EndText(d->page);
            if (lines == max_lines)
                break;
        }
    }
    free(buf);
    return lines;
}

/* The holding as text in d's language: "AKJT5" or, spaced, "A K J T 5" ("10" for "T" when
 * d->ten10; spaced always when an honour has two letters); "—" for a void. buf >= 64 bytes. */
static void pr_holding_text(const struct pdoc *d, unsigned holding, bool spaced, char *buf, size_t n)
{
    size_t o = 0;

    if (!holding) {
        snprintf(buf, n, "\u2014");
        return;
    }
    buf[0] = '\0';
    spaced = spaced || pr_terms_wide_ranks(d->terms);
    for (int r = RANK_A; r >= RANK_2; r--) {
        char rank[3];

        if (!(holding & (1u << (r - RANK_2))))
            continue;
        o += (size_t)snprintf(buf + o, n - o, "%s%s", spaced && o ? " " : "",
                              pr_term_rank(d->terms, r, d->ten10, rank));
        if (o >= n)
            return;
    }
}

void pdoc_suit_line(struct pdoc *d, float size, float x, float y, float maxw, enum suit s,
                    unsigned holding, bool spaced)
{
    char text[112], line[128];

    pr_holding_text(d, holding, spaced, text, sizeof text);
    snprintf(line, sizeof line, "%s %s", PR_SUIT_SYMBOL[s], text);
    pdoc_text_fit(d, d->reg, size, x, y, maxw, line);
}
