/* pbn/tag_scan.c - the one PBN tag scanner: `[Name "value"]` from its "[" to its "]", for the
 * import reader (pbn/read.c; `predup verify` sees the tags import keeps) and for `predup check`
 * (pbn/check.c). It says where each token is, which fault (if any) stopped it, and reports each
 * departure from export spelling (PBN 2.1 section 3: one tag a line as `[Name "value"]`, single
 * spaces) to a callback as it meets it. What the two callers do with the same scan differs, and is
 * theirs (see pbn/fmt_int.h). Also what both take for a byte order mark, space between tokens and
 * an empty line, so that they cut a file into the same games; and the encoding rule (which
 * character forces UTF-8), which the writer applies and check accepts. */
#include <string.h>

#include "pbn/fmt_int.h"

/* The bytes the scanner tells apart, one table lookup a byte (the scanner reads every byte of a
 * set's tags): NAME for a name's letters, digits and "_"; STOP for what ends or changes a
 * string's run: its closing '"', a line end, an escape's backslash, a NUL (not plain). */
enum { NAME = 1, STOP = 2 };
static const unsigned char byte_class[256] = {
    ['\0'] = STOP, ['\n'] = STOP, ['"'] = STOP, ['\\'] = STOP, ['_'] = NAME,
#define R(a) [a] = NAME, [a + 1] = NAME, [a + 2] = NAME, [a + 3] = NAME, [a + 4] = NAME
    R('0'), R('5'), R('A'), R('F'), R('K'), R('P'), R('U'), ['Z'] = NAME,
    R('a'), R('f'), R('k'), R('p'), R('u'), ['z'] = NAME,
#undef R
};

static bool name_char(char c)
{
    return byte_class[(unsigned char)c] & NAME;
}

/* Space between tokens: spaces, tabs and CRs (pbn_text_space); on import also line ends,
 * counted. */
static const char *skip_space(struct pbn_tag_scan *t, const char *q)
{
    for (; q < t->end; q++)
        if (*q == '\n' && (t->flags & PBN_SCAN_LINES))
            t->lines++;
        else if (!pbn_text_space(*q))
            break;
    return q;
}

static void depart(struct pbn_tag_scan *t, enum pbn_departure d)
{
    if (t->report)
        t->report(t->ctx, d, t);
}

/* The quoted string at q == '"': it ends at the next unescaped '"' on the same line. */
static const char *scan_string(struct pbn_tag_scan *t, const char *q)
{
    bool plain = true;

    t->value = ++q;
    for (;;) {
        while (q < t->end && !(byte_class[(unsigned char)*q] & STOP))
            q++;
        if (q >= t->end || *q == '"' || *q == '\n')
            break;
        if (*q == '\\' && q + 1 < t->end && (q[1] == '"' || q[1] == '\\')) {
            q++;
            plain = false;
        }
        plain &= *q != '\0';
        q++;
    }
    t->plain = plain;
    t->value_len = (size_t)(q - t->value);
    if (q >= t->end || *q != '"') {
        t->fault = PBN_SCAN_UNCLOSED;
        return q;
    }
    return q + 1;
}

void pbn_scan_tag(struct pbn_tag_scan *t, const char *open)
{
    const char *q = open + 1;

    t->fault = PBN_SCAN_OK;
    t->name = q; /* no name yet for the first departure */
    t->name_len = 0;
    t->value = NULL;
    t->value_len = 0;
    t->plain = false;
    t->lines = 0;
    if (q < t->end && *q == ' ')
        depart(t, PBN_DEP_SPACE_AFTER_OPEN);
    q = t->name = skip_space(t, q);
    while (q < t->end && name_char(*q))
        q++;
    t->name_len = (size_t)(q - t->name);
    if (t->name_len == 0 || t->name[0] < 'A' || t->name[0] > 'Z')
        depart(t, PBN_DEP_NAME_CASE);
    if (q >= t->end || *q != ' ' || q + 1 >= t->end || q[1] != '"')
        depart(t, PBN_DEP_NAME_SPACING);
    q = skip_space(t, q);
    if (q >= t->end || *q != '"') {
        t->fault = PBN_SCAN_NOT_QUOTED;
        t->stop = q;
        return;
    }
    q = scan_string(t, q);
    if (t->fault != PBN_SCAN_OK) {
        t->stop = q;
        return;
    }
    if (q < t->end && *q == ' ')
        depart(t, PBN_DEP_SPACE_BEFORE_CLOSE);
    q = skip_space(t, q);
    if (q >= t->end || *q != ']')
        t->fault = PBN_SCAN_NO_CLOSE;
    t->stop = t->fault == PBN_SCAN_OK ? q + 1 : q;
}

size_t pbn_scan_value(const struct pbn_tag_scan *t, char *out)
{
    const char *q = t->value, *end = t->value + t->value_len;
    size_t n = 0;

    while (q < end) {
        if (*q == '\\' && q + 1 < end && (q[1] == '"' || q[1] == '\\'))
            q++;
        out[n++] = *q++;
    }
    out[n] = '\0';
    return n;
}

/* ---------------------------------------------------------------- the text around tags */

size_t pbn_text_bom(const char *text, size_t len)
{
    return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

bool pbn_text_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

bool pbn_text_blank_line(const char *p, const char *end)
{
    for (; p < end && *p != '\n'; p++)
        if (!pbn_text_space(*p) && *p != '\v' && *p != '\f')
            return false;
    return true;
}

/* The encoding rule's one test (pbn/FORMATS.md, "Encoding"): the first character of s[0..n)
 * outside ISO 8859-1, export's character set (PBN 2.2). */
unsigned pbn_beyond_latin1(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;

    for (size_t i = 0; i < n;) {
        unsigned cp;
        size_t k;

        if (u[i] < 0x80) {
            i++;
            continue;
        }
        k = pd_utf8_decode(u + i, n - i, &cp);
        if (k == 0)
            return 0xFFFD;
        if (cp > 0xFF)
            return cp;
        i += k;
    }
    return 0;
}

unsigned pbn_text_needs_utf8(const char *text, size_t len)
{
    size_t bom = pbn_text_bom(text, len); /* a byte-order mark is not text */

    return pd_utf8_valid(text, len) ? pbn_beyond_latin1(text + bom, len - bom) : 0;
}
