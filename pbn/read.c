/* pbn/read.c - PBN import format (PBN 2.1 sections 2-4): lines end at LF (CRs are spaces, as
 * pbn/fmt_int.h says, like a byte order mark and empty lines), "%" escape lines, ";" and
 * "{...}" comments, tags in any order and with their tokens over several lines, section lines
 * after a tag, games separated by empty lines, "#" and "##" inheritance (4.8), repeated tags kept
 * in order. Text is UTF-8 when it is valid UTF-8, else Windows-1252 (converted to UTF-8 in memory).
 * The source text is kept with the set, and each tag remembers its bytes, so that a game nothing
 * changed is written back byte for byte (pbn/write.c). Parsed fields are filled per game after. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/fmt_int.h"

static enum pd_status pbn_game_parse(struct pbn_game *g, const char *file, struct pd_err *e);
static enum pd_status read_owned(const char *name, char *copy, size_t len, bool mapped,
                                 struct pbn_set **out, struct pd_err *e);

enum { MAX_NAME = 255 }; /* a tag name's characters on import */

struct reader {
    const char *name;     /* for messages */
    const char *text, *end;
    const char *p;        /* next character */
    int line;             /* of p */
    const char *line_start;
    const char *chunk;    /* start of the source text not yet given to a tag or a game */
    bool latin1, crlf;
    struct pbn_set *set;
    struct pbn_game *game; /* current game, or NULL between games */
    struct pbn_tag *last;  /* tag whose section lines follow (in game->tags) */
    struct pbn_set *inherit; /* one game holding the "##" values in force */
    char **pending;        /* comments read between games: the next game's */
    size_t npending;
    struct pd_err *e;
};

static enum pd_status fail_here(struct reader *r, const char *at, const char *what)
{
    return pd_fail_at(r->e, PD_ERR_SYNTAX, r->name, r->line, (int)(at - r->line_start) + 1,
                      r->line_start, "%s", what);
}

static enum pd_status no_memory(struct reader *r)
{
    return pd_fail(r->e, PD_ERR_NOMEM, "out of memory");
}

/* Moves p past one character, counting lines. */
static void advance(struct reader *r)
{
    if (*r->p == '\n') {
        r->line++;
        r->line_start = r->p + 1;
    }
    r->p++;
}

static void next_line(struct reader *r)
{
    const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));

    r->p = nl ? nl : r->end;
    if (r->p < r->end)
        advance(r);
}

/* A copy of s[0..n) in UTF-8 (from Windows-1252 when the file is not UTF-8). */
static char *text_dup(const struct reader *r, const char *s, size_t n)
{
    char *out;

    if (!r->latin1)
        return strndup(s, n);
    out = malloc(3 * n + 1);
    if (out)
        pd_cp1252_to_utf8(s, n, out);
    return out;
}

static enum pd_status push_comment(char ***list, size_t *n, char *text, struct reader *r)
{
    char **bigger = realloc(*list, (*n + 1) * sizeof **list);

    if (!bigger) {
        free(text);
        return no_memory(r);
    }
    *list = bigger;
    (*list)[(*n)++] = text;
    return PD_OK;
}

static enum pd_status start_game(struct reader *r)
{
    enum pd_status rc = pbn_game_add(r->set, &r->game, r->e);

    if (rc != PD_OK)
        return rc;
    r->game->line = r->line;
    r->game->latin1 = r->latin1;
    r->game->crlf = r->crlf;
    r->game->comments = r->pending; /* the comments that opened the game */
    r->game->ncomments = r->npending;
    r->pending = NULL;
    r->npending = 0;
    return PD_OK;
}

/* Value of a tag in the previous game, for "#". */
static const char *previous_value(struct reader *r, const char *name)
{
    if (r->set->n < 2)
        return NULL;
    return pbn_tag_get(&r->set->games[r->set->n - 2], name);
}

/* "#" and "##" (PBN 4.8): the value "#" stands for the previous game's, and "##v" is v, in
 * force for the games after too (r->inherit). name and *value are NUL-terminated; *value is
 * what the tag gets. */
static enum pd_status inherit_value(struct reader *r, const char *name, const char **value)
{
    if (strcmp(*value, "#") == 0) {
        *value = previous_value(r, name);
        if (!*value)
            *value = "?"; /* nothing to repeat: unknown */
        return PD_OK;
    }
    *value += 2;
    return pbn_tag_set(&r->inherit->games[0], name, *value, r->e);
}

/* The tag name[0..name_len) of value[0..n) (a value ends at a NUL: the text's bytes after it
 * are not the value's), its text from start (source line line). */
static enum pd_status add_tag(struct reader *r, const char *name, size_t name_len,
                              const char *value, size_t n, const char *start, int line)
{
    enum pd_status rc;
    struct pbn_tag *t;

    if (!r->game && (rc = start_game(r)) != PD_OK)
        return rc;
    if (n > 0 && value[0] == '#' && (n == 1 || value[1] == '#')) {
        char *copy = strndup(name, name_len), *v = strndup(value, n);
        const char *got = v;

        rc = copy && v ? inherit_value(r, copy, &got) : no_memory(r);
        if (rc == PD_OK)
            rc = pbn_tag_add(r->game, copy, got, r->e);
        free(copy);
        free(v);
    } else {
        rc = pbn_tag_add_n(r->game, name, name_len, value, n, r->e); /* repeats too, in order */
    }
    if (rc != PD_OK)
        return rc;
    t = &r->game->tags[r->game->ntags - 1];
    t->pre_off = (size_t)(r->chunk - r->text);
    t->pre_len = (size_t)(start - r->chunk); /* the tag's bytes follow: at pre_off + pre_len */
    t->sourced = true;
    t->line = line;
    r->last = t;
    return PD_OK;
}

/* Moves p forward to q, counting lines. */
static void move_to(struct reader *r, const char *q)
{
    const char *nl;

    while (r->p < q && (nl = memchr(r->p, '\n', (size_t)(q - r->p))) != NULL) {
        r->line++;
        r->line_start = nl + 1;
        r->p = nl + 1;
    }
    r->p = q;
}

/* Import's reading of one scan (pbn/tag_scan.c): the first fault, an empty name or a name longer
 * than 255 characters stops the file; the message points where it is. */
static enum pd_status scan_failed(struct reader *r, const struct pbn_tag_scan *t)
{
    static const char *const why[] = {
        [PBN_SCAN_NOT_QUOTED] = "a tag value must be a string in double quotes",
        [PBN_SCAN_UNCLOSED] = "the tag value's string is not closed on its line",
        [PBN_SCAN_NO_CLOSE] = "\"]\" expected after the tag value",
    };
    const char *at = t->stop;
    const char *what = why[t->fault];

    if (t->name_len == 0) {
        at = t->name;
        what = "a tag name must follow \"[\"";
    } else if (t->name_len > MAX_NAME) {
        at = t->name + MAX_NAME; /* where a value should start */
        what = why[PBN_SCAN_NOT_QUOTED];
    }
    move_to(r, at);
    return fail_here(r, at, what);
}

/* s[0..n) in UTF-8 (from Windows-1252 when the file is not UTF-8) into out, which has room for
 * 3n + 1 (pd_cp1252_to_utf8). */
static void text_to_utf8(const struct reader *r, const char *s, size_t n, char *out)
{
    if (!r->latin1) {
        memcpy(out, s, n);
        out[n] = '\0';
        return;
    }
    pd_cp1252_to_utf8(s, n, out);
}

/* [Name "value"] starting at r->p == '[': the tokens may be apart, over lines (import). A
 * plain value of a UTF-8 text is taken from the text as it is; another is unescaped and
 * converted on the stack (the heap for a long one). The tag copies it (into the set's arena). */
static enum pd_status read_tag(struct reader *r)
{
    const char *start = r->p, *value;
    int line = r->line;
    struct pbn_tag_scan t = {.end = r->end, .flags = PBN_SCAN_LINES};
    char local[1024], *buf = local;
    enum pd_status rc;
    size_t n, need;

    pbn_scan_tag(&t, start);
    if (t.fault != PBN_SCAN_OK || t.name_len == 0 || t.name_len > MAX_NAME)
        return scan_failed(r, &t);
    value = t.value;
    n = t.value_len;
    if (!t.plain || r->latin1) {
        /* the unescaped value, then (Windows-1252) its UTF-8, at most three times as long */
        need = t.value_len + 1 + (r->latin1 ? 3 * t.value_len + 1 : 0);
        buf = need <= sizeof local ? local : malloc(need);
        if (!buf)
            return no_memory(r);
        n = pbn_scan_value(&t, buf);
        value = buf;
        if (r->latin1) {
            text_to_utf8(r, buf, n, buf + n + 1);
            value = buf + n + 1;
        }
        n = strlen(value); /* to a NUL the text held */
    }
    if (t.lines) /* (the usual tag stands on its line: no line to count) */
        move_to(r, t.stop);
    else
        r->p = t.stop;
    rc = add_tag(r, t.name, t.name_len, value, n, start, line);
    if (buf != local)
        free(buf);
    if (rc == PD_OK) {
        r->last->raw_len = (size_t)(r->p - start);
        r->chunk = r->p;
    }
    return rc;
}

/* A "{...}" comment, which may span lines (and hold empty lines): kept as the game's
 * commentary, or as the next game's when it comes between games. */
static enum pd_status read_brace_comment(struct reader *r)
{
    const char *start = r->p;
    int line = r->line;
    const char *ls = r->line_start;
    char *text;

    while (r->p < r->end && *r->p != '}')
        advance(r);
    if (r->p >= r->end) {
        r->line = line;
        r->line_start = ls;
        return fail_here(r, start, "comment \"{\" is never closed");
    }
    text = text_dup(r, start + 1, (size_t)(r->p - start - 1));
    r->p++;
    if (!text)
        return no_memory(r);
    if (r->game)
        return push_comment(&r->game->comments, &r->game->ncomments, text, r);
    return push_comment(&r->pending, &r->npending, text, r);
}

static enum pd_status end_game(struct reader *r)
{
    struct pbn_game *ig = &r->inherit->games[0];
    enum pd_status rc = PD_OK;

    if (!r->game)
        return PD_OK;
    r->game->tail_off = (size_t)(r->chunk - r->text);
    r->game->tail_len = (size_t)(r->p - r->chunk);
    r->chunk = r->p;
    for (size_t i = 0; rc == PD_OK && i < ig->ntags; i++)
        if (!pbn_tag_find(r->game, ig->tags[i].name)) {
            rc = pbn_tag_add(r->game, ig->tags[i].name, ig->tags[i].value, r->e);
            if (rc == PD_OK)
                r->game->tags[r->game->ntags - 1].implicit = true;
        }
    r->game = NULL;
    r->last = NULL;
    return rc;
}

/* Text outside tags on a line: section data for the last tag (Auction, Play, tables). Quoted
 * strings in it (names in score tables) may hold ";", "{" or "[". */
static enum pd_status read_section_text(struct reader *r)
{
    const char *q = r->p;
    char *line;
    size_t n;
    enum pd_status rc;

    if (!r->last)
        return fail_here(r, r->p, "text outside a tag, and no tag takes a section here");
    while (q < r->end && *q != '\n' && *q != '[' && *q != ';' && *q != '{') {
        if (*q == '"')
            while (q + 1 < r->end && q[1] != '"' && q[1] != '\n')
                q++;
        if (q < r->end && *q != '\n')
            q++;
    }
    n = (size_t)(q - r->p);
    while (n > 0 && isspace((unsigned char)r->p[n - 1]))
        n--;
    line = text_dup(r, r->p, n);
    if (!line)
        return no_memory(r);
    rc = pbn_tag_section_add(r->game, r->last, line, r->e);
    free(line);
    /* The tag's bytes now reach to the end of this line's data. */
    r->last->raw_len = (size_t)(r->p + n - r->text) - r->last->pre_off - r->last->pre_len;
    r->chunk = r->p + n;
    r->p = q;
    return rc;
}

static enum pd_status read_line(struct reader *r)
{
    enum pd_status rc = PD_OK;

    if (*r->p == '%') { /* escape line: kept as text, as are "% PBN" and "% EXPORT" */
        next_line(r);
        return PD_OK;
    }
    if (pbn_text_blank_line(r->p, r->end)) {
        next_line(r);
        return end_game(r);
    }
    if (!r->game && !r->last) {
        const char *q = r->p;

        while (q < r->end && pbn_text_space(*q))
            q++;
        /* Text outside any game, such as the statistics dealer prints after its PBN: import
         * skips it (predup check reports it). */
        if (q < r->end && *q != '[' && *q != ';' && *q != '{' && *q != '\n') {
            next_line(r);
            return PD_OK;
        }
    }
    while (rc == PD_OK && r->p < r->end && *r->p != '\n') {
        char c = *r->p;

        if (pbn_text_space(c))
            r->p++;
        else if (c == ';')
            while (r->p < r->end && *r->p != '\n')
                r->p++;
        else if (c == '{')
            rc = read_brace_comment(r);
        else if (c == '[')
            rc = read_tag(r);
        else
            rc = read_section_text(r);
    }
    if (rc == PD_OK)
        next_line(r);
    return rc;
}

static enum pd_status read_text(struct reader *r)
{
    struct pbn_game *ig;
    enum pd_status rc = pbn_set_new(&r->inherit, r->e);

    if (rc == PD_OK)
        rc = pbn_game_add(r->inherit, &ig, r->e);
    while (rc == PD_OK && r->p < r->end)
        rc = read_line(r);
    if (rc == PD_OK)
        rc = end_game(r);
    if (rc == PD_OK && r->set->n > 0) { /* the text after the last game is its tail */
        struct pbn_game *g = &r->set->games[r->set->n - 1];

        g->tail_len = (size_t)(r->end - r->text) - g->tail_off;
        /* Comments after the last game are its own; push_comment takes each (or frees it). */
        for (size_t i = 0; i < r->npending; i++)
            if (rc == PD_OK)
                rc = push_comment(&g->comments, &g->ncomments, r->pending[i], r);
            else
                free(r->pending[i]);
        r->npending = 0;
    }
    for (size_t i = 0; i < r->npending; i++)
        free(r->pending[i]);
    free(r->pending);
    pbn_set_free(r->inherit);
    return rc;
}

enum pd_status pbn_read_mem(const char *name, const char *text, size_t len,
                            struct pbn_set **out, struct pd_err *e)
{
    /* text may lack a final NUL (fuzzers, mapped files), and messages copy the source line to
     * its end: the parser works on a terminated copy, which the set keeps as its source. */
    char *copy = len < UINT32_MAX ? malloc(len + 1) : NULL;

    if (len >= UINT32_MAX) /* tags keep 32-bit offsets into the text (pbn/pbn.h) */
        return pd_fail_at(e, PD_ERR_RANGE, name, 0, 0, NULL,
                          "4 GB or more: predup reads PBN files under 4 GB");
    if (!copy)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    memcpy(copy, text, len);
    copy[len] = '\0';
    return pbn_read_adopt(name, copy, len, out, e);
}

enum pd_status pbn_read_adopt(const char *name, char *text, size_t len, struct pbn_set **out,
                              struct pd_err *e)
{
    if (len >= UINT32_MAX) { /* tags keep 32-bit offsets into the text (pbn/pbn.h) */
        free(text);
        return pd_fail_at(e, PD_ERR_RANGE, name, 0, 0, NULL,
                          "4 GB or more: predup reads PBN files under 4 GB");
    }
    char *fitted = realloc(text, len + 1); /* a file's buffer may have grown past its text */

    return read_owned(name, fitted ? fitted : text, len, false, out, e);
}

enum pd_status pbn_read_mapped(const char *name, char *text, size_t len, struct pbn_set **out,
                               struct pd_err *e)
{
    return read_owned(name, text, len, true, out, e);
}

/* Reads the text copy[0..len) (copy[len] == '\0'), which the set takes over: malloc'd, or
 * mapped (pbn_read_mapped); given back (freed or unmapped) on failure. */
static enum pd_status read_owned(const char *name, char *copy, size_t len, bool mapped,
                                 struct pbn_set **out, struct pd_err *e)
{
    struct reader r = {name, copy, copy + len, copy, 1, copy, copy, false, false,
                       NULL, NULL, NULL, NULL, NULL, 0, e};
    const char *nl;
    enum pd_status rc;

    r.latin1 = !pd_utf8_valid(copy, len);
    nl = memchr(copy, '\n', len);
    r.crlf = !nl || (nl > copy && nl[-1] == '\r');
    /* A UTF-8 byte order mark (pbn/fmt_int.h): part of the first tag's pre, kept on rewriting. */
    r.p = r.line_start = copy + pbn_text_bom(copy, len);
    rc = pbn_set_new(&r.set, e);
    if (rc != PD_OK) {
        pbn_text_free(copy, mapped ? len : 0);
        return rc;
    }
    r.set->src = copy;
    r.set->src_mapped = mapped ? len : 0;
    r.set->latin1 = r.latin1;
    rc = read_text(&r);
    if (rc == PD_OK && r.set->n == 0)
        r.set->head_len = len;
    for (size_t i = 0; i < r.set->n; i++)
        r.set->games[i].src = copy;
    for (size_t i = 0; rc == PD_OK && i < r.set->n; i++)
        rc = pbn_game_parse(&r.set->games[i], name, e);
    if (rc != PD_OK) {
        pbn_set_free(r.set);
        return rc;
    }
    *out = r.set;
    return PD_OK;
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

bool pbn_dd_from_table(const struct pbn_game *g, struct dd_table *dd)
{
    const struct pbn_tag *t = pbn_tag_find_id(g, PBN_ID_OptimumResultTable);
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
    const char *v = pbn_tag_get_id(g, PBN_ID_DoubleDummyTricks);

    g->has_dd = v && pbn_dd_from_hex(v, &g->dd);
    if (!g->has_dd)
        g->has_dd = pbn_dd_from_table(g, &g->dd);
    v = pbn_tag_get_id(g, PBN_ID_OptimumScore);
    const char *pc = pbn_tag_get_id(g, PBN_ID_ParContract);

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
    /* Another program's makeable-only table is no analysis: neither it nor a par beside it
     * (computed from it, or not: nothing tells) is kept; analyze solves the board again. */
    g->dd_makeable = g->has_dd && dd_table_makeable_only(&g->dd);
    if (g->dd_makeable)
        g->has_dd = g->has_par = false;
    return PD_OK;
}

/* A copy of a Deal value with "-" written for a void suit ("AKQ.-.JT9.8765", as some programs
 * write) taken out; a "-" standing for a whole hand stays (unknown hand). */
static char *deal_without_void_dashes(const char *v)
{
    char *out = strdup(v), *w = out;

    if (!out)
        return NULL;
    for (const char *p = v; *p; p++)
        if (!(*p == '-' && ((p > v && p[-1] == '.') || p[1] == '.')))
            *w++ = *p;
    *w = '\0';
    return out;
}

static enum pd_status parse_deal(struct pbn_game *g, const char *v, const char *file,
                                 struct pd_err *e)
{
    struct pd_err de;
    /* the usual Deal has no "-": read as it is, with no copy */
    char *deal = strchr(v, '-') ? deal_without_void_dashes(v) : (char *)v;
    enum pd_status rc;

    if (!deal)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    rc = deal_from_pbn(deal, &g->deal, &g->known, &de);
    if (deal != v)
        free(deal);
    if (rc != PD_OK)
        return pd_fail_at(e, PD_ERR_SYNTAX, file, g->line, 0, NULL,
                          "game at line %d: Deal \"%s\": %s (column %d of the value)", g->line,
                          v, de.msg, de.col);
    return PD_OK;
}

/* Fills the parsed fields of g from its tags. */
static enum pd_status pbn_game_parse(struct pbn_game *g, const char *file, struct pd_err *e)
{
    const char *v;

    g->board = 0;
    if ((v = pbn_tag_get_id(g, PBN_ID_Board)) && *v && strcmp(v, "?") != 0) {
        char *end;
        long b = strtol(v, &end, 10);

        if (*end || b < 1 || b > BOARD_MAX)
            return game_fail(g, file, e, "Board must be a positive number, not", v);
        g->board = (int)b;
    }
    g->has_dealer = false;
    if ((v = pbn_tag_get_id(g, PBN_ID_Dealer)) && *v && strcmp(v, "?") != 0) {
        int s = seat_from_char(*v);

        if (s < 0 || v[1])
            return game_fail(g, file, e, "Dealer must be N, E, S or W, not", v);
        g->dealer = (enum seat)s;
        g->has_dealer = true;
    }
    g->has_vul = false;
    if ((v = pbn_tag_get_id(g, PBN_ID_Vulnerable)) && *v && strcmp(v, "?") != 0) {
        if (!parse_vul(v, &g->vul))
            return game_fail(g, file, e, "Vulnerable must be None, NS, EW or All, not", v);
        g->has_vul = true;
    }
    g->known = 0;
    if ((v = pbn_tag_get_id(g, PBN_ID_Deal)) && *v && strcmp(v, "?") != 0) { /* "?": unknown */
        enum pd_status rc = parse_deal(g, v, file, e);

        if (rc != PD_OK)
            return rc;
    }
    return parse_dd(g);
}

/* The fields that fix a board, each a slot of pbn_game_repeats' table of first tags. */
static const char *const board_fields[] = {"Board", "Deal", "Dealer", "Vulnerable", "DealId"};
enum { BOARD_FIELDS = sizeof board_fields / sizeof board_fields[0] };

static int board_field(const char *name) /* its slot, or -1 */
{
    for (int i = 0; i < BOARD_FIELDS; i++)
        if (strcmp(name, board_fields[i]) == 0)
            return i;
    return -1;
}

/* One pass: the first tag of each field is kept as it is met, so each later one is answered
 * at once (linear in the game's tags, however many precede or repeat). */
void pbn_game_repeats(const struct pbn_game *g, pbn_repeat_fn *found, void *ctx)
{
    const struct pbn_tag *first[BOARD_FIELDS] = {0};

    for (size_t i = 0; i < g->ntags; i++) {
        const struct pbn_tag *t = &g->tags[i];
        int k = t->implicit ? -1 : board_field(t->name);

        if (k >= 0 && first[k])
            found(ctx, g, t, first[k]);
        else if (k >= 0)
            first[k] = t;
    }
}
