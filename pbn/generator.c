/* pbn/generator.c - the Generator tag predup writes on every keyed board, and its reader. The
 * tag says what the set was dealt from, so that `predup verify` needs no options for a PBN file:
 *   predup VERSION [event=DIGEST] commitment=HEX boards=SPEC [dealer=S] [vul=V]
 *          [script=HEX dealing=N] label=LABEL
 * The label comes last and runs to the end of the tag, so that it may hold spaces (PBN escapes
 * any quote or backslash in it). Sets written before 0.2 had "label=L commitment=HEX [script=HEX]",
 * labels without spaces; the reader takes both. A tag with script= and no dealing= was written
 * before dealing versions existed: its set was dealt by version 1 (dealer/README.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/pbn.h"

void pbn_generator_format(char *buf, size_t n, const struct pbn_generator *g)
{
    size_t len = 0;

#define ADD(...) (len += (size_t)snprintf(buf + (len < n ? len : n), len < n ? n - len : 0, __VA_ARGS__))
    ADD("predup %s", PREDUP_VERSION);
    if (g->event[0])
        ADD(" event=%s", g->event);
    ADD(" commitment=%s boards=%s", g->commitment, g->boards);
    if (g->dealer >= 0)
        ADD(" dealer=%c", SEAT_LETTER[g->dealer]);
    if (g->vul >= 0)
        ADD(" vul=%s", VUL_PBN[g->vul]);
    if (g->script[0])
        ADD(" script=%s dealing=%d", g->script, g->dealing > 0 ? g->dealing : DEALING_LATEST);
    ADD(" label=%s", g->label);
#undef ADD
}

/* Copies the space-free value of field ("commitment=") found after a space, or returns false. */
static bool word_field(const char *tag, const char *field, char *out, size_t n, const char *end)
{
    size_t fl = strlen(field);

    for (const char *p = strchr(tag, ' '); p && p < end; p = strchr(p + 1, ' ')) {
        if (strncmp(p + 1, field, fl) == 0) {
            size_t len = strcspn(p + 1 + fl, " ");

            if (len >= n || p + 1 + fl + len > end)
                return false;
            snprintf(out, n, "%.*s", (int)len, p + 1 + fl);
            return true;
        }
    }
    return false;
}

bool pbn_generator_parse(const char *tag, struct pbn_generator *g)
{
    const char *label = tag ? strstr(tag, " label=") : NULL;
    const char *end, *old;
    char word[16];

    memset(g, 0, sizeof *g);
    g->dealer = g->vul = -1;
    if (!tag || strncmp(tag, "predup ", 7) != 0)
        return false;
    end = label ? label : tag + strlen(tag);
    if (label) {
        label += 7;
        /* The old layout put the label first and ended it at " commitment=". */
        old = label - 7 == strchr(tag + 7, ' ') ? strstr(label, " commitment=") : NULL;
        end = old ? tag + strlen(tag) : end;
        snprintf(g->label, sizeof g->label, "%.*s",
                 (int)(old ? (size_t)(old - label) : strlen(label)), label);
        g->has_label = true;
    }
    word_field(tag, "event=", g->event, sizeof g->event, end);
    word_field(tag, "commitment=", g->commitment, sizeof g->commitment, end);
    word_field(tag, "boards=", g->boards, sizeof g->boards, end);
    word_field(tag, "script=", g->script, sizeof g->script, end);
    g->dealing = g->script[0] ? DEALING_V1 : 0;
    if (word_field(tag, "dealing=", word, sizeof word, end)) {
        char *stop;
        long v = strtol(word, &stop, 10);

        g->dealing = *stop || stop == word || v < 1 || v > 1000 ? -1 : (int)v;
    }
    if (word_field(tag, "dealer=", word, sizeof word, end) && strlen(word) == 1)
        g->dealer = seat_from_char(word[0]);
    if (word_field(tag, "vul=", word, sizeof word, end))
        g->vul = vul_from_text(word);
    return true;
}

bool pbn_date_valid(const char *d)
{
    if (strlen(d) != 10 || d[4] != '.' || d[7] != '.')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !(d[i] >= '0' && d[i] <= '9') && d[i] != '?')
            return false;
    return true;
}
