/* pbn/read.c - PBN import format (PBN 2.1 sections 2-4): LF or CRLF, "%" escape lines, ";" and
 * "{...}" comments, tags in any order, section lines after a tag, games separated by empty
 * lines, "#" and "##" inheritance (4.8). Parsed fields are filled per game afterwards. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/pbn.h"

struct reader {
    const char *name;     /* for messages */
    const char *text, *end;
    const char *p;        /* next character */
    int line;             /* of p */
    const char *line_start;
    struct pbn_set *set;
    struct pbn_game *game; /* current game, or NULL between games */
    struct pbn_tag *last;  /* tag whose section lines follow */
    struct pbn_set *inherit; /* one game holding the "##" values in force */
    struct pd_err *e;
};

static enum pd_status fail_here(struct reader *r, const char *at, const char *what)
{
    return pd_fail_at(r->e, PD_ERR_SYNTAX, r->name, r->line, (int)(at - r->line_start) + 1,
                      r->line_start, "%s", what);
}

static void next_line(struct reader *r)
{
    while (r->p < r->end && *r->p != '\n')
        r->p++;
    if (r->p < r->end)
        r->p++;
    r->line++;
    r->line_start = r->p;
}

static bool blank_line(const char *p, const char *end)
{
    for (; p < end && *p != '\n'; p++)
        if (!isspace((unsigned char)*p))
            return false;
    return true;
}

/* Value of a tag in the previous game, for "#". */
static const char *previous_value(struct reader *r, const char *name)
{
    if (r->set->n < 2)
        return NULL;
    return pbn_tag_get(&r->set->games[r->set->n - 2], name);
}

static enum pd_status add_tag(struct reader *r, const char *name, const char *value,
                              const char *at)
{
    enum pd_status rc;

    if (!r->game) {
        rc = pbn_game_add(r->set, &r->game, r->e);
        if (rc != PD_OK)
            return rc;
        r->game->line = r->line;
    }
    if (strcmp(value, "#") == 0) {
        value = previous_value(r, name);
        if (!value)
            return fail_here(r, at, "\"#\" but no previous game has this tag");
    } else if (strncmp(value, "##", 2) == 0) {
        struct pbn_game *ig = &r->inherit->games[0];

        value += 2;
        rc = pbn_tag_set(ig, name, value, r->e);
        if (rc != PD_OK)
            return rc;
    }
    if (pbn_tag_find(r->game, name)) { /* import: a repeated tag is ignored */
        r->last = NULL;
        return PD_OK;
    }
    rc = pbn_tag_set(r->game, name, value, r->e);
    r->last = pbn_tag_find(r->game, name);
    return rc;
}

/* [Name "value"] starting at r->p == '['. */
static enum pd_status read_tag(struct reader *r)
{
    const char *start = r->p, *q = r->p + 1;
    char name[256], *value;
    size_t n = 0, cap = 256, vn = 0;
    enum pd_status rc;

    while (q < r->end && (*q == ' ' || *q == '\t'))
        q++;
    while (q < r->end && (isalnum((unsigned char)*q) || *q == '_') && n + 1 < sizeof name)
        name[n++] = *q++;
    name[n] = '\0';
    if (n == 0)
        return fail_here(r, q, "a tag name must follow \"[\"");
    while (q < r->end && (*q == ' ' || *q == '\t'))
        q++;
    if (q >= r->end || *q != '"')
        return fail_here(r, q, "a tag value must be a string in double quotes");
    q++;
    value = malloc(cap);
    if (!value)
        return pd_fail(r->e, PD_ERR_NOMEM, "out of memory");
    while (q < r->end && *q != '"' && *q != '\n') {
        if (*q == '\\' && q + 1 < r->end && (q[1] == '"' || q[1] == '\\'))
            q++;
        if (vn + 2 >= cap) {
            char *bigger = realloc(value, cap *= 2);

            if (!bigger) {
                free(value);
                return pd_fail(r->e, PD_ERR_NOMEM, "out of memory");
            }
            value = bigger;
        }
        value[vn++] = *q++;
    }
    value[vn] = '\0';
    if (q >= r->end || *q != '"') {
        free(value);
        return fail_here(r, q, "the tag value's string is not closed on its line");
    }
    q++;
    while (q < r->end && (*q == ' ' || *q == '\t'))
        q++;
    if (q >= r->end || *q != ']') {
        free(value);
        return fail_here(r, q, "\"]\" expected after the tag value");
    }
    rc = add_tag(r, name, value, start);
    free(value);
    r->p = q + 1;
    return rc;
}

/* Skips a "{...}" comment, which may span lines. */
static enum pd_status skip_brace_comment(struct reader *r)
{
    const char *start = r->p;
    int line = r->line;
    const char *ls = r->line_start;

    while (r->p < r->end && *r->p != '}') {
        if (*r->p == '\n') {
            r->line++;
            r->line_start = r->p + 1;
        }
        r->p++;
    }
    if (r->p >= r->end) {
        r->line = line;
        r->line_start = ls;
        return fail_here(r, start, "comment \"{\" is never closed");
    }
    r->p++;
    return PD_OK;
}

static enum pd_status end_game(struct reader *r)
{
    struct pbn_game *ig = &r->inherit->games[0];
    enum pd_status rc = PD_OK;

    if (!r->game)
        return PD_OK;
    for (size_t i = 0; rc == PD_OK && i < ig->ntags; i++)
        if (!pbn_tag_find(r->game, ig->tags[i].name))
            rc = pbn_tag_set(r->game, ig->tags[i].name, ig->tags[i].value, r->e);
    r->game = NULL;
    r->last = NULL;
    return rc;
}

/* Text outside tags on a line: section data for the last tag (Auction, Play, tables). */
static enum pd_status read_section_text(struct reader *r)
{
    const char *q = r->p;
    char *line;
    size_t n;
    enum pd_status rc;

    while (q < r->end && *q != '\n' && *q != '[' && *q != ';' && *q != '{')
        q++;
    n = (size_t)(q - r->p);
    while (n > 0 && isspace((unsigned char)r->p[n - 1]))
        n--;
    if (!r->last)
        return fail_here(r, r->p, "text outside a tag, and no tag takes a section here");
    line = strndup(r->p, n);
    if (!line)
        return pd_fail(r->e, PD_ERR_NOMEM, "out of memory");
    rc = pbn_section_add(r->game, r->last->name, line, r->e);
    free(line);
    r->p = q;
    return rc;
}

static enum pd_status read_line(struct reader *r)
{
    enum pd_status rc = PD_OK;

    if (*r->p == '%') { /* escape line: ignored, as are "% PBN" and "% EXPORT" */
        next_line(r);
        return PD_OK;
    }
    if (blank_line(r->p, r->end)) {
        rc = end_game(r);
        next_line(r);
        return rc;
    }
    if (!r->game && !r->last) {
        const char *q = r->p;

        while (q < r->end && (*q == ' ' || *q == '\t'))
            q++;
        /* Text outside any game, such as the statistics dealer prints after its PBN: import
         * skips it (predup check reports it). */
        if (q < r->end && *q != '[' && *q != ';' && *q != '{' && *q != '\n' && *q != '\r') {
            next_line(r);
            return PD_OK;
        }
    }
    while (rc == PD_OK && r->p < r->end && *r->p != '\n') {
        char c = *r->p;

        if (c == ' ' || c == '\t' || c == '\r')
            r->p++;
        else if (c == ';')
            while (r->p < r->end && *r->p != '\n')
                r->p++;
        else if (c == '{')
            rc = skip_brace_comment(r);
        else if (c == '[')
            rc = read_tag(r);
        else
            rc = read_section_text(r);
    }
    if (rc == PD_OK)
        next_line(r);
    return rc;
}

/* text may lack a final NUL (fuzzers, mapped files): error messages copy the source line up to
 * its end, so the parser works on a terminated copy. */
static enum pd_status read_terminated(const char *name, const char *text, size_t len,
                                      struct pbn_set **out, struct pd_err *e);

enum pd_status pbn_read_mem(const char *name, const char *text, size_t len,
                            struct pbn_set **out, struct pd_err *e)
{
    char *copy = malloc(len + 1);
    enum pd_status rc;

    if (!copy)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    memcpy(copy, text, len);
    copy[len] = '\0';
    rc = read_terminated(name, copy, len, out, e);
    free(copy);
    return rc;
}

static enum pd_status read_terminated(const char *name, const char *text, size_t len,
                                      struct pbn_set **out, struct pd_err *e)
{
    struct reader r = {name, text, text + len, text, 1, text, NULL, NULL, NULL, NULL, e};
    struct pbn_game *ig;
    enum pd_status rc = pbn_set_new(&r.set, e);

    if (rc == PD_OK)
        rc = pbn_set_new(&r.inherit, e);
    if (rc == PD_OK)
        rc = pbn_game_add(r.inherit, &ig, e);
    if (rc == PD_OK && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        r.p += 3; /* a UTF-8 byte order mark */
    while (rc == PD_OK && r.p < r.end)
        rc = read_line(&r);
    if (rc == PD_OK)
        rc = end_game(&r);
    for (size_t i = 0; rc == PD_OK && i < r.set->n; i++)
        rc = pbn_game_parse(&r.set->games[i], name, e);
    pbn_set_free(r.inherit);
    if (rc != PD_OK) {
        pbn_set_free(r.set);
        return rc;
    }
    *out = r.set;
    return PD_OK;
}

enum pd_status pbn_read_file(const char *path, struct pbn_set **out, struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0;
    enum pd_status rc = pd_read_input(path, "a PBN file", &text, &len, e);

    if (rc == PD_OK)
        rc = pbn_read_mem(path, text, len, out, e);
    free(text);
    return rc;
}

static enum pd_status game_fail(const struct pbn_game *g, const char *file, struct pd_err *e,
                                const char *what, const char *value)
{
    return pd_fail_at(e, PD_ERR_SYNTAX, file, g->line, 0, NULL, "game at line %d: %s \"%s\"",
                      g->line, what, value);
}

static bool parse_vul(const char *v, enum vul *out)
{
    static const struct {
        const char *text;
        enum vul vul;
    } names[] = {{"None", VUL_NONE}, {"Love", VUL_NONE}, {"-", VUL_NONE}, {"NS", VUL_NS},
                 {"EW", VUL_EW},     {"All", VUL_ALL},   {"Both", VUL_ALL}};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(v, names[i].text) == 0) {
            *out = names[i].vul;
            return true;
        }
    return false;
}

/* OptimumResultTable rows "N NT  7" (PBN 5.7), when all 20 are there. */
static bool table_dd(const struct pbn_game *g, struct dd_table *dd)
{
    const struct pbn_tag *t = pbn_tag_find(g, "OptimumResultTable");
    unsigned seen = 0;

    if (!t)
        return false;
    for (size_t i = 0; i < t->nsection; i++) {
        char seat, strain[3];
        int tricks, st, s;

        if (sscanf(t->section[i], " %c %2s %d", &seat, strain, &tricks) != 3 ||
            (s = seat_from_char(seat)) < 0 || tricks < 0 || tricks > 13)
            return false;
        if (strcmp(strain, "NT") == 0 || strcmp(strain, "N") == 0)
            st = STRAIN_NT;
        else if (strlen(strain) == 1 && strchr("SHDC", strain[0]))
            st = (int)(strchr("SHDC", strain[0]) - "SHDC");
        else
            return false;
        dd->tricks[s][st] = (int8_t)tricks;
        seen |= 1u << (5 * s + st);
    }
    return seen == (1u << 20) - 1;
}

static enum pd_status parse_dd(struct pbn_game *g)
{
    const char *v = pbn_tag_get(g, "DoubleDummyTricks");

    g->has_dd = v && pbn_dd_from_hex(v, &g->dd);
    if (!g->has_dd)
        g->has_dd = table_dd(g, &g->dd);
    v = pbn_tag_get(g, "OptimumScore");
    const char *pc = pbn_tag_get(g, "ParContract");

    g->has_par = false;
    if (v && pc) {
        int score;
        char side[3];

        if (sscanf(v, "%2s %d", side, &score) == 2 &&
            (strcmp(side, "NS") == 0 || strcmp(side, "EW") == 0)) {
            g->par.score_ns = strcmp(side, "NS") == 0 ? score : -score;
            snprintf(g->par.contracts, sizeof g->par.contracts, "%s", pc);
            g->has_par = true;
        }
    }
    return PD_OK;
}

enum pd_status pbn_game_parse(struct pbn_game *g, const char *file, struct pd_err *e)
{
    const char *v;

    g->board = 0;
    if ((v = pbn_tag_get(g, "Board")) && *v && strcmp(v, "?") != 0) {
        char *end;
        long b = strtol(v, &end, 10);

        if (*end || b < 1 || b > 1000000)
            return game_fail(g, file, e, "Board must be a positive number, not", v);
        g->board = (int)b;
    }
    g->has_dealer = false;
    if ((v = pbn_tag_get(g, "Dealer")) && *v && strcmp(v, "?") != 0) {
        int s = seat_from_char(*v);

        if (s < 0 || v[1])
            return game_fail(g, file, e, "Dealer must be N, E, S or W, not", v);
        g->dealer = (enum seat)s;
        g->has_dealer = true;
    }
    g->has_vul = false;
    if ((v = pbn_tag_get(g, "Vulnerable")) && *v && strcmp(v, "?") != 0) {
        if (!parse_vul(v, &g->vul))
            return game_fail(g, file, e, "Vulnerable must be None, NS, EW or All, not", v);
        g->has_vul = true;
    }
    g->known = 0;
    if ((v = pbn_tag_get(g, "Deal")) && *v) {
        struct pd_err de;

        if (deal_from_pbn(v, &g->deal, &g->known, &de) != PD_OK)
            return pd_fail_at(e, PD_ERR_SYNTAX, file, g->line, 0, NULL,
                              "game at line %d: Deal \"%s\": %s (column %d of the value)",
                              g->line, v, de.msg, de.col);
    }
    return parse_dd(g);
}
