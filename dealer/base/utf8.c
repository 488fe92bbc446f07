/* dealer/base/utf8.c - the one UTF-8 rule (no overlong form, no surrogate, nothing above U+10FFFF)
 * and the one escaper of text a message quotes. Every reader and writer of text decodes UTF-8
 * here: PBN input (pbn/read.c), tag values (pbn/fmt_help.c), PDF text (printing/fit_text.c), the
 * checks of short texts (text_check.c) and the messages (status.c, which is why this file calls
 * nothing: status.c uses it, and text_check.c uses status.c). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dealer/base/base.h"

size_t pd_utf8_decode(const unsigned char *s, size_t n, unsigned *cp)
{
    unsigned c = s[0], min;
    size_t len;

    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2, c &= 0x1F, min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3, c &= 0x0F, min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4, c &= 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return len;
}

bool pd_utf8_valid(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    unsigned cp;

    for (size_t i = 0, len; i < n; i += len) {
        uint64_t w;

        /* Eight ASCII bytes at a time: most text is ASCII; decode the rest. */
        while (i + 8 <= n && (memcpy(&w, s + i, 8), (w & 0x8080808080808080ULL) == 0))
            i += 8;
        if (i == n)
            break;
        if ((len = pd_utf8_decode(s + i, n - i, &cp)) == 0)
            return false;
    }
    return true;
}

bool pd_code_point_hidden(unsigned cp)
{
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C ||
           cp == 0x200E || cp == 0x200F || (cp >= 0x2028 && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

size_t pd_escape(const char *text, size_t n, bool keep_tab, char *out, size_t cap)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t o = 0;

    for (size_t i = 0, len; i < n && cap > 0; i += len) {
        unsigned cp = 0;
        char unit[8];
        int w;

        len = pd_utf8_decode(s + i, n - i, &cp);
        if (len == 0 || ((cp < 0x20 || cp == 0x7F) && !(keep_tab && cp == '\t')))
            len = 1, w = snprintf(unit, sizeof unit, "\\x%02X", s[i]);
        else if (cp >= 0x80 && pd_code_point_hidden(cp))
            w = snprintf(unit, sizeof unit, "U+%04X", cp);
        else
            w = (int)len, memcpy(unit, s + i, len);
        if (o + (size_t)w >= cap) /* a unit is kept whole or left out */
            break;
        memcpy(out + o, unit, (size_t)w);
        o += (size_t)w;
    }
    if (cap > 0)
        out[o] = '\0';
    return o;
}
