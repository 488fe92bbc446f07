/* printing/kind.c - the table of print kinds: one row each (name, summary, how it is drawn or
 * written, whether it needs the analysis, the boards a page it allows, its own options), and
 * the one lookup (any case). `predup print` (its help, its messages), an event file's print =
 * key, the ceremony, the completion (predup --complete forms print) and the tests read this
 * table: adding a print layout is a row here (HACKING.md, "Adding a print layout"). */
#include <limits.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "printing/teach_int.h"

/* The counts a page of the layouts that set boards in a grid, from the one list of the grids
 * (PR_PAGE_GRIDS, printing/pr_int.h): --per-page, its help and its message read it. */
#define GRID_BIT(boards, cols) | 1u << (boards)
enum { PP_STANDARD = 0 PR_PAGE_GRIDS(GRID_BIT) }; /* bit n: n boards a page */

/* A record that hides hands is a student's handout. */
static enum pd_status draw_record(struct pdoc *d, const struct pbn_set *set,
                                  const struct pr_options *o, struct pd_err *e)
{
    return (o->hands & PR_HANDS_ALL) == PR_HANDS_ALL ? pr_draw_record(d, set, o, e)
                                                     : pr_draw_handout(d, set, o, e);
}

/* Web pages: a folder (printing/web.c), the set in it under the input's name with .pbn. */
static enum pd_status write_web(const struct pbn_set *set, const struct pr_options *o,
                                const char *in, const char *dir, unsigned flags,
                                struct pd_err *e)
{
    char stem[PATH_MAX], name[256];
    const char *base = pr_input_stem(in, stem, sizeof stem);

    snprintf(name, sizeof name, "%s", base);
    if (strlen(name) + 5 > sizeof name)
        return pd_fail(e, PD_ERR_RANGE, "%.40s...: the set's name is too long", name);
    strcat(name, ".pbn");
    return pr_write_web(set, o, dir, name, flags, e);
}

static const struct pr_kind kind_table[] = {
    {"record", "the hand record: diagrams, HCP, double dummy and par, QR code, commentary",
     draw_record, NULL, ".pdf", PR_ANALYSIS_SHOWN, PP_STANDARD,
     "  --dd grid|makeable|none  the double-dummy table, makeable contracts, or nothing (grid)\n"
     "  --no-commitment      no key commitment in the head (a wall copy for players)\n"
     "  with --hands other than all, a record is a handout (no analysis, no QR codes)\n"},
    {"curtain", "curtain cards: one per hand per board, four to a page with cut lines",
     pr_draw_curtain, NULL, ".pdf", PR_ANALYSIS_NONE, 0, NULL},
    {"sheet", "duplication sheet: the 52 cards of each board with the seat each goes to",
     pr_draw_sheet, NULL, ".pdf", PR_ANALYSIS_NONE, 0, NULL},
    {"handout", "student handout: the hands of --hands, the play and commentary, no analysis",
     pr_draw_handout, NULL, ".pdf", PR_ANALYSIS_NONE, 0, NULL},
    {"minibridge", "Minibridge sheet: points, declarer, the guide's tricks and double dummy",
     pr_draw_minibridge, NULL, ".pdf", PR_ANALYSIS_ALWAYS, PP_STANDARD,
     "  --stage 1|2          1 no trumps (1); 2 adds distribution points and fit\n"},
    {"web", "hand records for the club's website: a folder of HTML pages (-o DIR)",
     NULL, write_web, "", PR_ANALYSIS_DD, 0,
     "  -o DIR               index.html, a page per board (diagram, double dummy, par,\n"
     "                       auction, commentary, a link to BBO's hand viewer), style.css\n"
     "                       and the set as PBN; no script, no font from elsewhere\n"},
};
enum { NKINDS = sizeof kind_table / sizeof kind_table[0] };

const struct pr_kind *pr_kind_at(size_t i)
{
    return i < NKINDS ? &kind_table[i] : NULL;
}

const struct pr_kind *pr_kind_find(const char *name)
{
    for (size_t i = 0; name && i < NKINDS; i++)
        if (strcasecmp(kind_table[i].name, name) == 0)
            return &kind_table[i];
    return NULL;
}

const char *pr_kind_name(const struct pr_kind *k)
{
    return k->name;
}

const char *pr_kind_ext(const struct pr_kind *k)
{
    return k->ext;
}

const char *pr_input_stem(const char *in, char *out, size_t n)
{
    const char *slash = strrchr(in, '/'), *base = slash ? slash + 1 : in;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot > base ? (size_t)(dot - in) : strlen(in);

    snprintf(out, n, "%.*s", (int)stem, in);
    return out + (base - in < (ptrdiff_t)n ? base - in : 0);
}

void pr_kind_out_name(const char *stem, const struct pr_kind *k, char *out, size_t n)
{
    snprintf(out, n, "%s-%s%s", stem, k->name, k->ext);
}

void pr_kind_list(char *out, size_t n, const char *sep, const char *last)
{
    const char *names[NKINDS];

    for (size_t i = 0; i < NKINDS; i++)
        names[i] = kind_table[i].name;
    pd_join_words(names, NKINDS, sep, last, out, n);
}

enum pd_status pr_kind_parse(const char *what, const char *name, const struct pr_kind **k,
                             struct pd_err *e)
{
    const char *names[NKINDS];
    char list[160], hint[80];

    *k = pr_kind_find(name);
    if (*k)
        return PD_OK;
    for (size_t i = 0; i < NKINDS; i++)
        names[i] = kind_table[i].name;
    pd_join_words(names, NKINDS, ", ", " or ", list, sizeof list);
    pd_did_you_mean(name, names, NKINDS, hint, sizeof hint);
    return pd_fail(e, PD_ERR_USAGE, "%s takes %s, not \"%s\"%s (predup print --help)", what, list,
                   name, hint);
}

/* The counts of mask (bit n: n boards a page), "1, 2, 4, 6 or 9" with sep and last. */
static void counts_list(unsigned mask, const char *sep, const char *last, char *out, size_t n)
{
    static const char *const digits[] = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};
    const char *words[PR_MAX_PER_PAGE + 1];
    size_t k = 0;

    for (int c = 1; c <= PR_MAX_PER_PAGE; c++)
        if (mask & 1u << c)
            words[k++] = digits[c];
    pd_join_words(words, k, sep, last, out, n);
}

void pr_per_page_list(const char *sep, const char *last, char *out, size_t n)
{
    unsigned mask = 0;

    for (size_t i = 0; i < NKINDS; i++)
        mask |= kind_table[i].per_page;
    counts_list(mask, sep, last, out, n);
}

enum pd_status pr_kind_check(const struct pr_kind *k, const struct pr_options *o,
                             struct pd_err *e)
{
    char list[40];

    if (!k)
        return pd_fail(e, PD_ERR_USAGE, "no print kind");
    if (k->per_page && (o->per_page < 1 || o->per_page > PR_MAX_PER_PAGE ||
                        !(k->per_page & 1u << o->per_page))) {
        counts_list(k->per_page, ", ", " or ", list, sizeof list);
        return pd_fail(e, PD_ERR_USAGE, "--per-page must be %s, not %d", list, o->per_page);
    }
    return PD_OK;
}

bool pr_kind_needs_analysis(const struct pr_kind *k, const struct pr_options *o)
{
    return k->analysis == PR_ANALYSIS_ALWAYS ||
           (k->analysis == PR_ANALYSIS_DD && o->dd != PR_DD_NONE) ||
           (k->analysis == PR_ANALYSIS_SHOWN && o->dd != PR_DD_NONE && o->hands == PR_HANDS_ALL);
}

void pr_kind_help(FILE *out)
{
    for (size_t i = 0; i < NKINDS; i++)
        fprintf(out, "  %-10s  %s\n", kind_table[i].name, kind_table[i].summary);
}

void pr_kind_options_help(FILE *out)
{
    for (size_t i = 0; i < NKINDS; i++)
        if (kind_table[i].options)
            fprintf(out, "%s only:\n%s", kind_table[i].name, kind_table[i].options);
}
