/* dealer/base/text.c - the one UTF-8 rule and the checks of short texts (labels, set names,
 * event fields). Every reader and writer of text decodes UTF-8 here: PBN input (pbn/read.c),
 * tag values (pbn/fmt_help.c), PDF text (printing/text.c) and these checks; where their rules
 * differ they differ around this function (C1 controls are refused by the checks only). */
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

enum pd_status pd_label_check(const char *what, const char *label, struct pd_err *e)
{
    return pd_text_check(what, label, PD_LABEL_MAX, e);
}

enum pd_status pd_text_check(const char *what, const char *label, size_t max, struct pd_err *e)
{
    const unsigned char *p = (const unsigned char *)label;
    size_t len = strlen(label);

    if (len == 0)
        return pd_fail(e, PD_ERR_USAGE, "%s must not be empty", what);
    if (len > max)
        return pd_fail(e, PD_ERR_USAGE, "%s is %zu bytes long; at most %zu are allowed", what,
                       len, max);
    if (label[0] == ' ' || label[len - 1] == ' ')
        return pd_fail(e, PD_ERR_USAGE, "%s must not begin or end with a space", what);
    for (size_t i = 0, n; i < len; i += n) {
        unsigned cp;

        n = pd_utf8_decode(p + i, len - i, &cp);
        if (n == 0 || (cp >= 0x80 && cp <= 0x9F)) /* U+0080-U+009F: C1 controls */
            return pd_fail(e, PD_ERR_USAGE, "%s: byte %zu is not valid UTF-8", what, i + 1);
        if (cp < 0x20 || cp == 0x7F)
            return pd_fail(e, PD_ERR_USAGE, "%s: byte %zu is a control character", what,
                           i + 1);
    }
    return PD_OK;
}
