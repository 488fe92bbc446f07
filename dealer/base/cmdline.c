/* dealer/base/cmdline.c - the words of the command line: the one did-you-mean of predup (an
 * unknown command, topic, option or key) and the joining of a table's words for messages and
 * help. The options themselves are read by dealer/base/options.c. */
#include <stdio.h>
#include <string.h>

#include "dealer/base/base.h"

/* Levenshtein distance; words longer than the row (no command or key is) count as far. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), row[64];

    if (la >= 63 || lb >= 63)
        return 99;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];

        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

            best = up + 1 < best ? up + 1 : best;
            best = row[j - 1] + 1 < best ? row[j - 1] + 1 : best;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

void pd_did_you_mean(const char *word, const char *const *known, size_t n, char *out,
                     size_t len)
{
    size_t best = 3;
    const char *pick = NULL;

    for (size_t i = 0; i < n; i++) {
        size_t d = edit_distance(word, known[i]);

        if (d < best) {
            best = d;
            pick = known[i];
        }
    }
    if (pick)
        snprintf(out, len, " (did you mean \"%s\"?)", pick);
    else if (len > 0)
        out[0] = '\0';
}

void pd_join_words(const char *const *words, size_t n, const char *sep, const char *last_sep,
                   char *out, size_t len)
{
    size_t used = 0;

    if (len == 0)
        return;
    out[0] = '\0';
    for (size_t i = 0; i < n && used < len; i++) {
        const char *before = i == 0 ? "" : i + 1 == n ? last_sep : sep;
        int w = snprintf(out + used, len - used, "%s%s", before, words[i]);

        used += w > 0 ? (size_t)w : 0;
    }
}
