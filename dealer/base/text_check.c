/* dealer/base/text_check.c - the checks of short texts (labels, set names, event fields), over the
 * one UTF-8 rule (dealer/base/utf8.c); C1 controls are refused by these checks only. */
#include <string.h>

#include "dealer/base/base.h"

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
