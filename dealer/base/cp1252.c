/* dealer/base/cp1252.c - the one decoder of text that is not UTF-8: Windows-1252, which scoring
 * programs on Windows write where they say "ANSI" or "ISO 8859-1". It is ISO 8859-1 but for
 * 0x80-0x9F, where it holds the typographic marks a club's names and notes use (– „ “ ” … €);
 * the five bytes it leaves undefined keep the C1 code point Windows itself gives them, so that
 * no byte is dropped. Every reader of such text (pbn/read.c, pbn/fmt_help.c) decodes here. */
#include "dealer/base/base.h"

/* 0x80-0x9F; 0 where Windows-1252 defines nothing (the byte stays U+0080 + its offset). */
static const unsigned short high_c1[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, /* 80 */
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,      /* 88 */
    0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, /* 90 */
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178, /* 98 */
};

/* A byte's code point. */
static unsigned pd_cp1252_code_point(unsigned char byte)
{
    if (byte >= 0x80 && byte < 0xA0 && high_c1[byte - 0x80])
        return high_c1[byte - 0x80];
    return byte;
}

size_t pd_cp1252_to_utf8(const char *s, size_t n, char *out)
{
    char *w = out;

    for (size_t i = 0; i < n; i++) {
        unsigned cp = pd_cp1252_code_point((unsigned char)s[i]);

        if (cp < 0x80) {
            *w++ = (char)cp;
        } else if (cp < 0x800) {
            *w++ = (char)(0xC0 | cp >> 6);
            *w++ = (char)(0x80 | (cp & 0x3F));
        } else {
            *w++ = (char)(0xE0 | cp >> 12);
            *w++ = (char)(0x80 | (cp >> 6 & 0x3F));
            *w++ = (char)(0x80 | (cp & 0x3F));
        }
    }
    *w = '\0';
    return (size_t)(w - out);
}
