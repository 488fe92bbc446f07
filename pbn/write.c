/* pbn/write.c - PBN 2.1 export format (sections 2 and 3 of the standard): CRLF line ends,
 * "% PBN 2.1" and "% EXPORT" first, the 15 mandatory tags in their fixed order, then the other
 * tags alphabetically, each tag's section lines after it, an empty line before every game after
 * the first, and strings escaped (\" and \\). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pbn/fmt_int.h"

/* A game is formatted into one buffer and written with one fwrite: a stack buffer for the usual
 * game, the heap for a long one (a game with a long commentary or play section). */
struct text {
    char *p;
    size_t n, cap;
    char local[4096];
    bool failed;
    /* The game is written in UTF-8 as it is: never a mix of the two encodings. -1 until a
     * text beyond ASCII asks (game_needs_utf8 of g): most games are ASCII and never ask. */
    int utf8;
    const struct pbn_game *g;
};

static bool game_needs_utf8(const struct pbn_game *g);

static void text_init(struct text *t, const struct pbn_game *g, int utf8)
{
    t->p = t->local;
    t->n = 0;
    t->cap = sizeof t->local;
    t->failed = false;
    t->utf8 = utf8;
    t->g = g;
}

static bool text_utf8(struct text *t)
{
    if (t->utf8 < 0)
        t->utf8 = game_needs_utf8(t->g);
    return t->utf8 != 0;
}

/* Room for len more bytes: false (and t->failed) when out of memory. */
static bool text_grow(struct text *t, size_t len)
{
    size_t cap = 2 * (t->n + len);
    char *bigger = t->p == t->local ? malloc(cap) : realloc(t->p, cap);

    if (!bigger) {
        t->failed = true;
        return false;
    }
    if (t->p == t->local)
        memcpy(bigger, t->local, t->n);
    t->p = bigger;
    t->cap = cap;
    return true;
}

static inline void text_add(struct text *t, const char *s, size_t len)
{
    if (t->n + len > t->cap && !text_grow(t, len))
        return;
    memcpy(t->p + t->n, s, len);
    t->n += len;
}

/* Appends s in ISO 8859-1 when every character fits, else as the UTF-8 it is. */
static bool fits_latin1(const char *s, size_t n)
{
    return pbn_beyond_latin1(s, n) == 0;
}

static void text_latin1(struct text *t, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i;

    size_t ascii = 0;

    while (ascii < n && u[ascii] < 0x80) /* the usual case: nothing to transcode */
        ascii++;
    if (ascii == n || text_utf8(t) || !fits_latin1(s, n)) {
        text_add(t, s, n);
        return;
    }
    for (i = 0; i < n;) { /* ASCII runs in one copy: most text has no accent at all */
        size_t run = 0;
        char c;

        while (i + run < n && u[i + run] < 0x80)
            run++;
        if (run) {
            text_add(t, s + i, run);
            i += run;
            continue;
        }
        c = (char)((u[i] & 3) << 6 | (u[i + 1] & 0x3F)); /* C2/C3 and its continuation */
        text_add(t, &c, 1);
        i += 2;
    }
}

/* Bytes of the UTF-8 character at s (1 for a stray byte), so that text_latin1 sees it whole. */
static size_t utf8_len(const char *s)
{
    unsigned char c = (unsigned char)*s;
    size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;

    for (size_t i = 1; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            return 1;
    return n;
}

/* How one tag is written: in the line ends of its game, with an end of line before the tag
 * (lead) and after its last line (trail) or not, and between its lines (the tag's and its
 * section lines'). */
struct tag_style {
    const char *eol;
    size_t eol_len;
    bool lead, trail;
};

/* Tables (PBN 5: OptimumResultTable, ScoreTable ...) give their columns as "Name\\2R": the
 * backslash is part of the column format, not an escape, and is written alone. */
static bool is_table(const char *name, size_t n)
{
    return n > 5 && memcmp(name + n - 5, "Table", 5) == 0;
}

/* Length of v when it is ASCII with nothing to escape (the usual value), else SIZE_MAX. */
static size_t plain_len(const char *v, bool table)
{
    const unsigned char *u = (const unsigned char *)v;

    for (size_t i = 0;; i++) {
        unsigned c = u[i];

        if (c == 0)
            return i;
        if (c == '"' || c >= 0x80 || (c == '\\' && !table))
            return SIZE_MAX;
    }
}

static void format_value(struct text *out, const struct pbn_tag *t, bool table)
{
    /* Escape quotes and backslashes (PBN 3.2); most values have none, so copy runs. */
    const char *v = t->value, *special = table ? "\"" : "\"\\";
    size_t plain = plain_len(v, table);

    if (plain != SIZE_MAX) {
        text_add(out, v, plain);
        return;
    }
    for (size_t run; *v; v += run) {
        run = strcspn(v, special);
        text_latin1(out, v, run);
        if (!v[run])
            break;
        text_add(out, "\\", 1);
        text_add(out, &v[run], 1);
        run++;
    }
}

static void format_tag(struct text *out, const struct pbn_tag *t, const struct tag_style *st)
{
    if (st->lead)
        text_add(out, st->eol, st->eol_len);
    size_t name_len = strlen(t->name);

    text_add(out, "[", 1);
    text_add(out, t->name, name_len);
    text_add(out, " \"", 2);
    format_value(out, t, is_table(t->name, name_len));
    text_add(out, "\"]", 2);
    for (size_t i = 0; i < t->nsection; i++) {
        text_add(out, st->eol, st->eol_len);
        text_latin1(out, t->section[i], strlen(t->section[i]));
    }
    if (st->trail)
        text_add(out, st->eol, st->eol_len);
}

static void sort_tags(const struct pbn_tag **tags, size_t n);

/* A game read from PBN text: each tag as read unless changed. A new supplemental tag (analyze's
 * DoubleDummyTricks ...) goes where export order puts it: before the first tag read whose name
 * sorts after its own among the supplemental ones, so that a game read in export order stays in
 * it (pbn/FORMATS.md); the rest (a new mandatory tag, one that sorts last) after the last tag.
 * news holds room for every tag of g. */
static void format_kept_game(struct text *out, const struct pbn_game *g,
                             const struct pbn_tag **news)
{
    const struct tag_style added = {g->crlf ? "\r\n" : "\n", g->crlf ? 2 : 1, true, false};
    const struct tag_style changed = {added.eol, added.eol_len, false, false};
    size_t nnew = 0, sup = 0, next = 0; /* news[0..sup) sorted supplemental, then mandatory */

    for (size_t i = 0; i < g->ntags; i++)
        if (!g->tags[i].sourced && !g->tags[i].implicit && pbn_tag_mts_rank(&g->tags[i]) < 0)
            news[nnew++] = &g->tags[i];
    sup = nnew;
    sort_tags(news, sup);
    for (size_t i = 0; i < g->ntags; i++)
        if (!g->tags[i].sourced && !g->tags[i].implicit && pbn_tag_mts_rank(&g->tags[i]) >= 0)
            news[nnew++] = &g->tags[i];
    for (size_t i = 0; i < g->ntags; i++) {
        const struct pbn_tag *t = &g->tags[i];

        if (t->implicit || !t->sourced)
            continue; /* its "##" is in an earlier game; a new one is placed by order */
        while (next < sup && pbn_tag_mts_rank(t) < 0 && strcmp(news[next]->name, t->name) < 0)
            format_tag(out, news[next++], &added);
        text_add(out, g->src + t->pre_off, t->pre_len);
        if (t->raw_len)
            text_add(out, g->src + t->pre_off + t->pre_len, t->raw_len);
        else /* a changed tag's pre ends its line already */
            format_tag(out, t, &changed);
    }
    while (next < nnew)
        format_tag(out, news[next++], &added);
    text_add(out, g->src + g->tail_off, g->tail_len);
}

static int by_name(const void *a, const void *b)
{
    const struct pbn_tag *const *x = a, *const *y = b;
    int c = strcmp((*x)->name, (*y)->name);

    /* Repeated tags (Note) keep their order: qsort is not stable, the addresses are. */
    return c ? c : (*x < *y ? -1 : *x > *y);
}

/* The other tags by name: a dealt board has two (Generator, DealId), where qsort's call per
 * comparison costs more than the sort. by_name is a total order, so both give one result. */
static void sort_tags(const struct pbn_tag **tags, size_t n)
{
    if (n > 8) {
        qsort(tags, n, sizeof *tags, by_name);
        return;
    }
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && by_name(&tags[j - 1], &tags[j]) > 0; j--) {
            const struct pbn_tag *x = tags[j];

            tags[j] = tags[j - 1];
            tags[j - 1] = x;
        }
}

/* The tags of g in the order export writes them: the 15 mandatory ones (for one g lacks, its
 * missing[i], "?": PBN 3.4), then the others by name. order has room for PBN_MTS_COUNT +
 * g->ntags; returns the count. */
static size_t export_order(const struct pbn_game *g, const struct pbn_tag **order,
                           struct pbn_tag missing[PBN_MTS_COUNT])
{
    const struct pbn_tag **extra = order + PBN_MTS_COUNT;
    size_t nextra = 0;

    for (int i = 0; i < PBN_MTS_COUNT; i++)
        order[i] = NULL;
    for (size_t i = 0; i < g->ntags; i++) {
        int r = pbn_tag_mts_rank(&g->tags[i]);

        if (r >= 0 && !order[r]) /* a repeated one goes with the others */
            order[r] = &g->tags[i];
        else
            extra[nextra++] = &g->tags[i];
    }
    for (int i = 0; i < PBN_MTS_COUNT; i++)
        if (!order[i]) {
            missing[i] = (struct pbn_tag){.name = (char *)pbn_mts[i], .value = (char *)"?"};
            order[i] = &missing[i];
        }
    sort_tags(extra, nextra);
    return PBN_MTS_COUNT + nextra;
}

/* Commentary a game got from another format (LIN's nt): one { } comment a line; a "}" in it
 * would close the comment early, so it is written ")". */
static void format_comments(struct text *out, const struct pbn_game *g)
{
    for (size_t i = 0; i < g->ncomments; i++) {
        text_add(out, "{", 1);
        for (const char *c = g->comments[i]; *c; c++)
            text_latin1(out, *c == '}' ? ")" : *c == '\n' || *c == '\r' ? " " : c,
                        *c == '}' || *c == '\n' || *c == '\r' ? 1 : utf8_len(c));
        text_add(out, "}\r\n", 3);
    }
}

static const struct tag_style export_style = {"\r\n", 2, false, true};

static void format_game(struct text *out, const struct pbn_game *g, const struct pbn_tag **order)
{
    struct pbn_tag missing[PBN_MTS_COUNT];
    size_t n = export_order(g, order, missing);

    for (size_t i = 0; i < n; i++)
        format_tag(out, order[i], &export_style);
    format_comments(out, g);
}

/* A game is written in ISO 8859-1 only when every text of it fits; one character outside
 * (a label with an Omega) makes the whole game UTF-8, so that a reader, which tells the encoding
 * of the whole text, reads back every value as it was. The first such character, and in *where
 * the tag that holds it ("commentary" for a { } comment); 0 when every text fits. */
static unsigned game_beyond_latin1(const struct pbn_game *g, const char **where)
{
    unsigned cp = 0;

    for (size_t i = 0; i < g->ntags && !cp; i++) {
        const struct pbn_tag *t = &g->tags[i];

        cp = pbn_beyond_latin1(t->value, strlen(t->value));
        for (size_t j = 0; j < t->nsection && !cp; j++)
            cp = pbn_beyond_latin1(t->section[j], strlen(t->section[j]));
        *where = t->name;
    }
    for (size_t i = 0; i < g->ncomments && !cp; i++) {
        cp = pbn_beyond_latin1(g->comments[i], strlen(g->comments[i]));
        *where = "commentary";
    }
    return cp;
}

/* A game kept from a UTF-8 source stays UTF-8. */
static bool game_needs_utf8(const struct pbn_game *g)
{
    const char *where;

    return g->src ? !g->latin1 : game_beyond_latin1(g, &where) != 0;
}

void pbn_note_utf8(const char *name, unsigned cp, const char *where)
{
    bool comment = strcmp(where, "commentary") == 0;

    if (!name || !strcmp(name, "-"))
        name = "the PBN set"; /* standard output, or a set with no file */

    fprintf(stderr, "note: %s is written in UTF-8, not ISO 8859-1 (PBN's character set), for its "
            "%s%s holds U+%04X, which ISO 8859-1 lacks\n", name, where, comment ? "" : " tag", cp);
}

/* Where a set's text goes: in the first pass to predup check's rules only (lint), which decide
 * whether "% EXPORT" stays; in the second to the file, that line left out when it goes (cut). */
struct sink {
    FILE *out;              /* the second pass (or a single game); NULL in the first */
    struct lint *lint;      /* the first pass */
    size_t at;              /* bytes of the text so far */
    size_t cut_at, cut_len; /* the "% EXPORT" line the file does not get; cut_len 0: none */
    struct pbn_arena *scratch; /* a deal_only game's tags, one game at a time; freed by the
                                * sink's owner */
};

static void sink_write(struct sink *k, const char *p, size_t n)
{
    if (n)
        fwrite(p, 1, n, k->out);
}

static void sink_put(struct sink *k, const char *p, size_t n)
{
    size_t cut_end = k->cut_at + k->cut_len, end = k->at + n;

    if (k->lint)
        pbn_lint_feed(k->lint, p, n);
    else if (!k->cut_len || end <= k->cut_at || cut_end <= k->at)
        sink_write(k, p, n);
    else { /* the cut line is in this piece, whole or in part */
        if (k->cut_at > k->at)
            sink_write(k, p, k->cut_at - k->at);
        if (end > cut_end)
            sink_write(k, p + (cut_end - k->at), end - cut_end);
    }
    k->at += n;
}

static enum pd_status game_to_sink(struct sink *k, const struct pbn_game *g, size_t index,
                                   bool utf8, struct pd_err *e);

/* A deal_only game (read lean) is written from the tags it would have had, made for the moment
 * in the sink's scratch arena: memory holds one game's tags, not the set's. */
static enum pd_status implied_to_sink(struct sink *k, const struct pbn_game *g, size_t index,
                                      bool utf8, struct pd_err *e)
{
    struct pbn_game whole = *g;
    enum pd_status rc;

    if (!k->scratch && !(k->scratch = pbn_arena_new()))
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    whole.arena = k->scratch;
    rc = pbn_game_fill_tags(&whole, e);
    if (rc == PD_OK)
        rc = game_to_sink(k, &whole, index, utf8, e);
    pbn_arena_reset(k->scratch);
    return rc;
}

/* Formats game number index of its set into one buffer and gives it to the sink at once. */
static enum pd_status game_to_sink(struct sink *k, const struct pbn_game *g, size_t index,
                                   bool utf8, struct pd_err *e)
{
    /* the tags in the order written (format_game, format_kept_game) */
    const struct pbn_tag *few[PBN_MTS_COUNT + 32], **extra = few;
    struct text t;
    enum pd_status rc = PD_OK;

    if (g->deal_only)
        return implied_to_sink(k, g, index, utf8, e);
    text_init(&t, g, utf8 ? 1 : -1);
    if (g->ntags > 32) {
        extra = malloc((PBN_MTS_COUNT + g->ntags) * sizeof *extra);
        if (!extra)
            return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    }
    if (g->src) {
        format_kept_game(&t, g, extra);
    } else {
        /* Export: every game after the first starts with an empty line. */
        if (index > 0)
            text_add(&t, "\r\n", 2);
        format_game(&t, g, extra);
    }
    if (t.failed)
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory");
    else
        sink_put(k, t.p, t.n);
    if (t.p != t.local)
        free(t.p);
    if (extra != few)
        free(extra);
    return rc;
}

enum pd_status pbn_write_game(FILE *out, const struct pbn_game *g, size_t index,
                              struct pd_err *e)
{
    struct sink k = {.out = out};
    enum pd_status rc = game_to_sink(&k, g, index, false, e);

    pbn_arena_free(k.scratch);
    if (rc == PD_OK && ferror(out))
        rc = pd_fail(e, PD_ERR_IO, "write error: %s", strerror(errno));
    return rc;
}

/* One encoding for a whole file: UTF-8 as soon as one game needs it. A set built in memory
 * says so (pbn_note_utf8, naming the file name); a set read keeps its own encoding without a
 * word. */
static bool set_needs_utf8(const struct pbn_set *set, const char *name)
{
    for (size_t i = 0; i < set->n; i++) {
        const struct pbn_game *g = &set->games[i];
        const char *where = "";
        unsigned cp = g->src ? 0 : game_beyond_latin1(g, &where);

        if (cp)
            pbn_note_utf8(name, cp, where);
        if (cp || (g->src && !g->latin1)) /* game_needs_utf8, without a second scan */
            return true;
    }
    return false;
}

void pbn_write_header(FILE *out, bool export)
{
    fputs(export ? "% PBN 2.1\r\n% EXPORT\r\n" : "% PBN 2.1\r\n", out);
}

unsigned pbn_event_beyond_latin1(const struct pbn_event *ev, const char **where)
{
    const char *const texts[3] = {ev->event, ev->site, ev->generator};
    static const char *const tags[3] = {"Event", "Site", "Generator"};
    unsigned cp = 0;

    for (int i = 0; i < 3 && !cp; i++) {
        cp = texts[i] ? pbn_beyond_latin1(texts[i], strlen(texts[i])) : 0;
        *where = tags[i];
    }
    return cp;
}

/* The whole text of the set, game by game, to the sink: as read, or export for a set built in
 * memory. */
static enum pd_status set_to_sink(struct sink *k, const struct pbn_set *set, bool utf8,
                                  struct pd_err *e)
{
    static const char header[] = "% PBN 2.1\r\n% EXPORT\r\n"; /* pbn_write_header's */
    enum pd_status rc = PD_OK;

    if (set->src && set->n == 0)
        sink_put(k, set->src, set->head_len);
    if (!set->src)
        sink_put(k, header, sizeof header - 1);
    for (size_t i = 0; rc == PD_OK && i < set->n; i++)
        rc = game_to_sink(k, &set->games[i], i, utf8, e);
    return rc;
}

/* The set (as read, or export for a set built in memory): its "% EXPORT" line goes only when
 * predup check finds the text in export format (a set read with repeated Note tags, a LIN's
 * notes, a value in UTF-8, a line over 255 characters is not). The writer decides it in a first
 * pass that formats each game and gives it to check's rules, line by line, without keeping the
 * text: memory holds one game's text, not the file's, and nothing is read back. The import
 * reader's last word (what check adds for a file from elsewhere) is not asked: the writer's
 * text reads back, and what it could not read is a fault of the rules already (a value no game
 * can have, a tag not closed). */
static enum pd_status write_checked(FILE *out, const char *name, const struct pbn_set *set,
                                    struct pd_err *e)
{
    bool utf8 = set_needs_utf8(set, name);
    struct sink k = {.out = out};
    struct sink first = {.lint = pbn_lint_new("output", NULL, false)};
    struct pbn_lint_result r;
    enum pd_status rc;

    if (!first.lint)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    rc = set_to_sink(&first, set, utf8, e);
    k.scratch = first.scratch; /* the second pass makes the same tags in the same room */
    if (pbn_lint_end(first.lint, &r, rc == PD_OK ? e : NULL) != PD_OK && rc == PD_OK)
        rc = PD_ERR_NOMEM;
    /* the whole line goes, its end included */
    if (rc == PD_OK && r.export_len && (r.faults || r.needs_utf8)) {
        k.cut_at = r.export_at;
        k.cut_len = r.export_len;
    }
    if (rc == PD_OK)
        rc = set_to_sink(&k, set, utf8, e);
    pbn_arena_free(k.scratch);
    return rc;
}

enum pd_status pbn_write_named(FILE *out, const char *name, const struct pbn_set *set,
                               struct pd_err *e)
{
    enum pd_status rc = write_checked(out, name, set, e);

    if (rc != PD_OK)
        return rc;
    if (ferror(out))
        return pd_fail(e, PD_ERR_IO, "write error");
    return PD_OK;
}

enum pd_status pbn_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    return pbn_write_named(out, NULL, set, e);
}

enum pd_status pbn_write_file_ex(const char *path, unsigned flags, const struct pbn_set *set,
                                struct pd_err *e)
{
    struct pd_outfile o;
    enum pd_status rc = pd_outfile_open_ex(&o, path, flags, e);

    if (rc != PD_OK)
        return rc;
    rc = pbn_write_named(o.f, path, set, e);
    if (rc == PD_OK)
        return pd_outfile_commit(&o, e);
    pd_outfile_abort(&o);
    return rc;
}

enum pd_status pbn_write_file(const char *path, const struct pbn_set *set, struct pd_err *e)
{
    return pbn_write_file_ex(path, 0, set, e);
}

/* ---------------------------------------------------------------- a text with cuts */

/* One tag of pbn_export_cut: its value left out, where it would go in *cut. */
static bool format_cut_tag(struct text *t, const struct pbn_tag *tag, size_t *cut)
{
    struct pbn_tag empty = *tag;
    size_t at = t->n + 1 + strlen(tag->name) + 2; /* after '[', the name and ' "' */

    empty.value = (char *)"";
    format_tag(t, &empty, &export_style);
    *cut = at;
    return !t->failed && t->n >= at + 2 && memcmp(t->p + at, "\"]", 2) == 0;
}

/* The place in ids of tag t's id, or -1. */
static int cut_index(const struct pbn_tag *t, const uint8_t ids[PBN_CUT_MAX])
{
    for (int k = 0; t->id && k < PBN_CUT_MAX; k++)
        if (t->id == ids[k])
            return k;
    return -1;
}

enum pd_status pbn_export_cut(const struct pbn_game *g, const uint8_t ids[PBN_CUT_MAX],
                              struct pbn_export_cuts *c, struct pd_err *e)
{
    const struct pbn_tag *order[PBN_MTS_COUNT + 32];
    struct pbn_tag missing[PBN_MTS_COUNT];
    struct text t;
    size_t n = 0;
    bool ok = g->ntags <= 32;

    text_init(&t, g, -1);
    c->n = 0;
    if (ok)
        n = export_order(g, order, missing);
    for (size_t i = 0; ok && i < n; i++) {
        int k = cut_index(order[i], ids);

        if (k < 0 || c->n == PBN_CUT_MAX) /* one cut a value: a repeated tag is written whole */
            format_tag(&t, order[i], &export_style);
        else if ((ok = format_cut_tag(&t, order[i], &c->at[c->n])))
            c->which[c->n++] = (uint8_t)k;
    }
    format_comments(&t, g);
    c->len = t.n;
    c->text = ok && !t.failed ? malloc(t.n + 1) : NULL;
    if (c->text)
        memcpy(c->text, t.p, t.n);
    if (t.p != t.local)
        free(t.p);
    if (!c->text)
        return pd_fail(e, ok ? PD_ERR_NOMEM : PD_ERR_INTERNAL,
                       ok ? "out of memory" : "a game cut where no plain value goes");
    return PD_OK;
}
