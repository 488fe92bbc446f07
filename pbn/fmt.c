/* pbn/fmt.c - the table of file formats; choosing one by name, extension or contents; checking a
 * set against a format's limits before writing; writing several formats at once. The helpers the
 * formats share are in pbn/fmt_help.c (so that no format's file calls back into this one).
 * Layouts: pbn/FORMATS.md. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pbn/fmt_int.h"

static enum pd_status pbn_fmt_read(const char *name, const unsigned char *p, size_t n,
                                   struct pbn_set *set, struct pd_err *e)
{
    struct pbn_set *got = NULL;
    enum pd_status rc = pbn_read_mem(name, (const char *)p, n, &got, e);

    if (rc != PD_OK)
        return rc;
    /* Hand the games over: set is empty on entry. */
    free(set->games);
    pbn_arena_free(set->arena);
    *set = *got;
    free(got);
    return PD_OK;
}

static enum pd_status pbn_fmt_write(FILE *out, const struct pbn_set *set, struct pd_err *e)
{
    return pbn_write(out, set, e);
}

static const struct fmt fmt_table[] = {
    {"pbn", ".pbn", 0, 0, pbn_fmt_read, pbn_fmt_write},
    {"dup", ".dup", FMT_DEALS | FMT_POSITIONAL | FMT_LAW2, 99, fmt_dup_read, NULL,
     fmt_dup_write},
    {"dupblind", ".dup", FMT_DEALS | FMT_POSITIONAL | FMT_LAW2 | FMT_BLIND, 99, fmt_dup_read,
     NULL, fmt_dup_write},
    {"dlm", ".dlm", FMT_LAW2 | FMT_CONSECUTIVE, 99, fmt_dlm_read, NULL, fmt_dlm_write},
    {"dlmblind", ".dlm", FMT_LAW2 | FMT_CONSECUTIVE | FMT_BLIND, 99, fmt_dlm_read, NULL, fmt_dlm_write},
    {"bri", ".bri", FMT_DEALS | FMT_POSITIONAL | FMT_LAW2, 0, fmt_bri_read, fmt_bri_write},
    {"dge", ".dge", FMT_DEALS | FMT_POSITIONAL | FMT_LAW2, 0, fmt_dge_read, fmt_dge_write},
    {"lin", ".lin", FMT_PARTIAL, 0, fmt_lin_read, fmt_lin_write},
    {"csv", ".csv", FMT_DEALS, 0, fmt_csv_read, fmt_csv_write},
    {"ber", ".ber", FMT_DEALS | FMT_POSITIONAL | FMT_LAW2, 0, fmt_ber_read, fmt_ber_write},
    {"bhg", ".bhg", FMT_DEALS | FMT_POSITIONAL | FMT_LAW2, 0, fmt_bhg_read, fmt_bhg_write},
    {"rzd", ".rzd", FMT_DEALS | FMT_POSITIONAL | FMT_LAW2, 65535, fmt_rzd_read,
     fmt_rzd_write},
    {"cds", ".cds", FMT_DEALS | FMT_LAW2, 255, fmt_cds_read, fmt_cds_write},
};
enum { NFORMATS = sizeof fmt_table / sizeof fmt_table[0] };

static const struct fmt *fmt_by_name(const char *name, size_t len)
{
    for (int i = 0; i < NFORMATS; i++)
        if (strlen(fmt_table[i].name) == len && strncasecmp(fmt_table[i].name, name, len) == 0)
            return &fmt_table[i];
    return NULL;
}

bool pbn_format_known(const char *name)
{
    return fmt_by_name(name, strlen(name)) != NULL;
}

const char *pbn_format_name(size_t i)
{
    return i < NFORMATS ? fmt_table[i].name : NULL;
}

const char *pbn_format_ext(size_t i)
{
    return i < NFORMATS ? fmt_table[i].ext : NULL;
}

/* Whether format i is the first of the table with its extension (dup, not dupblind). */
static bool first_of_ext(size_t i)
{
    for (size_t k = 0; k < i; k++)
        if (strcmp(fmt_table[k].ext, fmt_table[i].ext) == 0)
            return false;
    return true;
}

void pbn_format_list(char *buf, size_t cap, const char *sep, bool files)
{
    const char *words[NFORMATS];
    char upper[NFORMATS][8];
    size_t n = 0;

    for (size_t i = 0; i < NFORMATS; i++) {
        if (!files) {
            words[n++] = fmt_table[i].name;
            continue;
        }
        if (!first_of_ext(i))
            continue;
        snprintf(upper[n], sizeof upper[n], "%s", fmt_table[i].ext + 1);
        for (char *c = upper[n]; *c; c++)
            *c = (char)toupper((unsigned char)*c);
        words[n] = upper[n];
        n++;
    }
    pd_join_words(words, n, sep, sep, buf, cap);
}

/* The extension's first format: ".dup" is dup, not dupblind. */
static const struct fmt *fmt_by_path(const char *path)
{
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');

    if (!dot || (slash && dot < slash))
        return NULL;
    for (int i = 0; i < NFORMATS; i++)
        if (strcasecmp(dot, fmt_table[i].ext) == 0)
            return &fmt_table[i];
    return NULL;
}

/* A path whose extension names no format: the message lists the extensions, from the table. */
static enum pd_status no_extension(const char *path, struct pd_err *e)
{
    const char *exts[NFORMATS];
    char known[160];
    size_t n = 0;

    for (size_t i = 0; i < NFORMATS; i++)
        if (first_of_ext(i))
            exts[n++] = fmt_table[i].ext;
    pd_join_words(exts, n, ", ", " or ", known, sizeof known);
    return pd_fail(e, PD_ERR_USAGE, "cannot tell the format of %s from its extension (name it "
                   "%s)", path, known);
}

const char *pbn_format_from_path(const char *path)
{
    const struct fmt *f = fmt_by_path(path);

    return f ? f->name : NULL;
}

/* ---------------------------------------------------------------- limits */

/* True when board i's dealer or vulnerability is not Law 2's, which f cannot carry. */
static bool law2_differs(const struct fmt *f, const struct pbn_set *set, size_t i)
{
    struct board_info law = board_law2(fmt_board(set, i)), bi = fmt_board_info(set, i);

    return (f->flags & FMT_LAW2) && (bi.dealer != law.dealer || bi.vul != law.vul);
}

/* The games of set with no hand at all: a format of partial deals (LIN) cannot hold them. */
static size_t handless(const struct pbn_set *set)
{
    size_t n = 0;

    for (size_t i = 0; i < set->n; i++)
        n += set->games[i].known == 0;
    return n;
}

/* The set as a partial format writes it: its games that hold a hand, each keeping its board
 * number; view->games is malloc'd (the games themselves are set's, shared). NULL when no game
 * is left out: the set is written as it is. */
static enum pd_status handless_view(const struct pbn_set *set, struct pbn_set *view,
                                    struct pd_err *e)
{
    *view = *set;
    view->games = malloc((set->n ? set->n : 1) * sizeof *view->games);
    if (!view->games)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory");
    view->n = 0;
    view->src = NULL;
    for (size_t i = 0; i < set->n; i++)
        if (set->games[i].known) {
            view->games[view->n] = set->games[i];
            view->games[view->n++].board = fmt_board(set, i);
        }
    return PD_OK;
}

size_t pbn_format_left_out(const char *format, const struct pbn_set *set)
{
    const struct fmt *f = format ? fmt_by_name(format, strlen(format)) : NULL;

    return f && (f->flags & FMT_PARTIAL) ? handless(set) : 0;
}

/* What a partial format left out, said once per file (on stderr: the file may be stdout). */
static void note_handless(const struct fmt *f, const char *path, const struct pbn_set *set)
{
    char list[200];
    size_t n = 0, at = 0;

    if (!(f->flags & FMT_PARTIAL) || handless(set) == 0)
        return;
    for (size_t i = 0; i < set->n && at < sizeof list - 16; i++)
        if (!set->games[i].known)
            at += (size_t)snprintf(list + at, sizeof list - at, "%s%d", n++ ? ", " : "",
                                   fmt_board(set, i));
    fprintf(stderr, "%s: note: %s cannot hold a board without a hand: left out %zu board%s with "
            "no deal (%s%s)\n", path, f->name, handless(set), handless(set) == 1 ? "" : "s",
            list, n < handless(set) ? ", ..." : "");
}

static enum pd_status check_game(const struct fmt *f, const struct pbn_set *set, size_t i,
                                 unsigned flags, struct pd_err *e)
{
    const struct pbn_game *g = &set->games[i];
    int b = fmt_board(set, i);
    struct board_info law = board_law2(b), bi = fmt_board_info(set, i);
    char why[120];

    if (g->known != 0xF && !(f->flags & FMT_PARTIAL))
        return pd_fail(e, PD_ERR_RANGE, "board %d: %s needs all four hands", b, f->name);
    if (!g->known) /* a partial format leaves it out (handless_view), or refuses a set of none */
        return handless(set) < set->n ? PD_OK
                                      : pd_fail(e, PD_ERR_RANGE, "board %d: %s needs one hand at "
                                                "least, and no board of the set has one", b,
                                                f->name);
    if (!fmt_hands_ok(&g->deal, g->known, why, sizeof why))
        return pd_fail(e, PD_ERR_RANGE, "board %d: not a %s deal: %s", b,
                       g->known == 0xF ? "complete" : "possible", why);
    if (f->max_board && b > f->max_board)
        return pd_fail(e, PD_ERR_RANGE, "board %d: %s holds boards 1-%d", b, f->name,
                       f->max_board);
    if ((f->flags & FMT_POSITIONAL) && b != (int)i + 1)
        return pd_fail(e, PD_ERR_RANGE,
                       "board %d: %s has no board numbers (its k-th deal is board k), so it "
                       "holds boards 1, 2, 3 ... in order; this set's deal %zu is board %d "
                       "(write PBN, DLM, LIN or CSV, which carry board numbers)",
                       b, f->name, i + 1, b);
    if ((f->flags & FMT_CONSECUTIVE) && i > 0 && b != fmt_board(set, i - 1) + 1)
        return pd_fail(e, PD_ERR_RANGE,
                       "board %d: %s holds one run of consecutive boards, and board %d "
                       "comes after board %d",
                       b, f->name, b, fmt_board(set, i - 1));
    if (law2_differs(f, set, i) && !(flags & PBN_OUT_DROP_CONDITIONS)) {
        pd_fail(e, PD_ERR_RANGE,
                "board %d: dealer %c and vulnerability %s differ from Law 2 (%c, %s), and %s "
                "cannot carry them", b, SEAT_LETTER[bi.dealer], VUL_PBN[bi.vul],
                SEAT_LETTER[law.dealer], VUL_PBN[law.vul], f->name);
        pd_err_hint(e, " (--drop-conditions writes it all the same, showing Law 2's)");
        return PD_ERR_RANGE;
    }
    return PD_OK;
}

/* Writes set in format f (the blind variant's writer told which it is). */
static enum pd_status fmt_write(const struct fmt *f, FILE *out, const struct pbn_set *set,
                                struct pd_err *e)
{
    if ((f->flags & FMT_PARTIAL) && handless(set) > 0) {
        struct pbn_set view;
        enum pd_status rc = handless_view(set, &view, e);

        if (rc == PD_OK)
            rc = f->write(out, &view, e);
        free(view.games);
        return rc;
    }
    if (f->write)
        return f->write(out, set, e);
    f->write_blind(out, set, (f->flags & FMT_BLIND) != 0);
    return PD_OK;
}

static enum pd_status check_set(const struct fmt *f, const struct pbn_set *set, unsigned flags,
                                struct pd_err *e)
{
    if (f->write == pbn_fmt_write)
        return PD_OK; /* PBN holds anything a set holds */
    if (set->n == 0)
        return pd_fail(e, PD_ERR_RANGE, "%s: the set has no boards", f->name);
    for (size_t i = 0; i < set->n; i++) {
        enum pd_status rc = check_game(f, set, i, flags, e);

        if (rc != PD_OK)
            return rc;
    }
    return PD_OK;
}

static enum pd_status unknown_format(const char *name, size_t len, struct pd_err *e)
{
    char known[160];

    pbn_format_list(known, sizeof known, ", ", false);
    return pd_fail(e, PD_ERR_USAGE, "unknown format \"%.*s\" (known: %s)", (int)len, name,
                   known);
}

enum pd_status pbn_write_format(FILE *out, const char *format, const struct pbn_set *set,
                                struct pd_err *e)
{
    const struct fmt *f = fmt_by_name(format, strlen(format));
    enum pd_status rc;

    if (!f)
        return unknown_format(format, strlen(format), e);
    rc = check_set(f, set, 0, e);
    if (rc == PD_OK)
        rc = fmt_write(f, out, set, e);
    if (rc == PD_OK && ferror(out))
        rc = pd_fail(e, PD_ERR_IO, "write error");
    return rc;
}

/* ---------------------------------------------------------------- several files */

enum { MAX_OUT = 16 };

struct out_plan {
    const struct fmt *f[MAX_OUT];
    char path[MAX_OUT][1024];
    int n;
};

static enum pd_status plan_path(struct out_plan *pl, const char *path, bool replace_ext,
                                struct pd_err *e)
{
    const struct fmt *f = pl->f[pl->n];
    char *dst = pl->path[pl->n];
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    bool has_ext = dot && !(slash && dot < slash);
    size_t stem = replace_ext && has_ext ? (size_t)(dot - path) : strlen(path);

    if (snprintf(dst, sizeof pl->path[0], "%.*s%s", (int)stem, path,
                 replace_ext ? f->ext : "") >= (int)sizeof pl->path[0])
        return pd_fail(e, PD_ERR_USAGE, "output path too long: %s", path);
    for (int k = 0; k < pl->n; k++)
        if (strcmp(pl->path[k], dst) == 0)
            return pd_fail(e, PD_ERR_USAGE, "formats %s and %s would both write %s",
                           pl->f[k]->name, f->name, dst);
    return PD_OK;
}

static enum pd_status make_plan(const char *path, const char *formats, struct out_plan *pl,
                                struct pd_err *e)
{
    const char *p = formats;
    bool several = formats && strchr(formats, ',');

    pl->n = 0;
    if (!formats || !*formats) {
        pl->f[0] = fmt_by_path(path);
        if (!pl->f[0]) {
            if (strcmp(path, "-") != 0)
                return no_extension(path, e);
            pl->f[0] = &fmt_table[0]; /* stdout: PBN */
        }
        snprintf(pl->path[0], sizeof pl->path[0], "%s", path);
        pl->n = 1;
        return PD_OK;
    }
    if (several && strcmp(path, "-") == 0)
        return pd_fail(e, PD_ERR_USAGE, "several formats need an output file, not stdout");
    while (*p) {
        size_t len = strcspn(p, ",");
        enum pd_status rc;

        if (pl->n == MAX_OUT)
            return pd_fail(e, PD_ERR_USAGE, "at most %d formats at once", MAX_OUT);
        pl->f[pl->n] = fmt_by_name(p, len);
        if (!pl->f[pl->n])
            return unknown_format(p, len, e);
        rc = plan_path(pl, path, several, e);
        if (rc != PD_OK)
            return rc;
        pl->n++;
        p += len;
        if (*p == ',')
            p++;
    }
    if (pl->n == 0)
        return pd_fail(e, PD_ERR_USAGE, "--format names no format");
    return PD_OK;
}

/* --drop-conditions: what a file written without the set's dealer and vulnerability shows
 * instead, said once per file (on stderr: the file may be stdout). */
static void note_dropped(const struct fmt *f, const char *path, const struct pbn_set *set)
{
    size_t n = 0, first = 0;

    for (size_t i = set->n; i-- > 0;)
        if (law2_differs(f, set, i)) {
            n++;
            first = i;
        }
    if (n == 0)
        return;
    struct board_info law = board_law2(fmt_board(set, first)), bi = fmt_board_info(set, first);

    fprintf(stderr, "%s: note: %s carries no dealer or vulnerability: on %zu board%s the "
            "machine and the file show Law 2's, not the set's (board %d: dealer %c, %s; the "
            "set has %c, %s); verify reads them as Law 2's\n", path, f->name, n,
            n == 1 ? "" : "s", fmt_board(set, first), SEAT_LETTER[law.dealer],
            VUL_PBN[law.vul], SEAT_LETTER[bi.dealer], VUL_PBN[bi.vul]);
}

/* Opens the output and writes one format into its temporary file; nothing is renamed yet. */
static enum pd_status write_one(const struct fmt *f, struct pd_outfile *o, const char *path,
                                unsigned flags, const struct pbn_set *set, struct pd_err *e)
{
    enum pd_status rc = pd_outfile_open_ex(o, path, flags, e);

    if (rc != PD_OK)
        return rc;
    /* PBN through pbn_write_named: its UTF-8 note names the file */
    rc = f->write == pbn_fmt_write ? pbn_write_named(o->f, path, set, e)
                                   : fmt_write(f, o->f, set, e);
    if (rc == PD_OK && ferror(o->f))
        rc = pd_fail(e, PD_ERR_IO, "%s: write error", path);
    if (rc == PD_OK)
        rc = pd_outfile_finish(o, e);
    return rc;
}

enum pd_status pbn_write_formats_ex(const char *path, const char *formats, unsigned flags,
                                    const struct pbn_set *set, struct pd_err *e)
{
    struct out_plan pl;
    struct pd_outfile out[MAX_OUT];
    const char *files[MAX_OUT];
    int opened = 0;
    unsigned out_flags = flags & ~(unsigned)PBN_OUT_DROP_CONDITIONS; /* pd_outfile's own */
    enum pd_status rc = make_plan(path, formats, &pl, e);

    /* All limits first, so that a set unfit for one format writes no file at all. */
    for (int i = 0; rc == PD_OK && i < pl.n; i++) {
        rc = check_set(pl.f[i], set, flags, e);
        files[i] = pl.path[i];
    }
    /* A write of this set that a kill cut off between its renames is completed (or, with
     * --force, redone by this one) before anything else. */
    if (rc == PD_OK)
        rc = pd_outset_recover(path, files, pl.n, out_flags, e);
    /* All or nothing: every file is written and synced under its temporary name (and checked
     * against what it would replace) before any is renamed. */
    for (; rc == PD_OK && opened < pl.n; opened++)
        rc = write_one(pl.f[opened], &out[opened], pl.path[opened], out_flags, set, e);
    if (rc == PD_OK) {
        rc = pd_outset_commit(path, out, opened, e);
        for (int i = 0; rc == PD_OK && i < pl.n; i++) {
            note_dropped(pl.f[i], pl.path[i], set);
            note_handless(pl.f[i], pl.path[i], set);
        }
        return rc;
    }
    for (int i = 0; i < opened; i++)
        pd_outfile_abort(&out[i]);
    return rc;
}

enum pd_status pbn_write_formats(const char *path, const char *formats, const struct pbn_set *set,
                                 struct pd_err *e)
{
    return pbn_write_formats_ex(path, formats, 0, set, e);
}

enum pd_status pbn_set_tags_for(struct pbn_set *set, const char *path, const char *formats,
                                struct pd_err *e)
{
    struct out_plan pl;
    bool tags = false;
    /* A plan that fails here fails pbn_write_formats_ex's first step with the same words. */
    enum pd_status rc = set->lean ? make_plan(path, formats, &pl, e) : PD_OK;

    for (int i = 0; rc == PD_OK && set->lean && i < pl.n; i++)
        tags |= !(pl.f[i]->flags & FMT_DEALS) && pl.f[i]->write != pbn_fmt_write;
    for (size_t i = 0; rc == PD_OK && tags && i < set->n; i++)
        if (set->games[i].deal_only)
            rc = pbn_game_fill_tags(&set->games[i], e);
    return rc;
}

/* ---------------------------------------------------------------- reading */

static bool all_in(const unsigned char *p, size_t n, const char *chars)
{
    for (size_t i = 0; i < n; i++)
        if (!p[i] || !strchr(chars, p[i]))
            return false;
    return true;
}

/* Guesses a format from the first bytes; NULL when nothing fits. */
static const struct fmt *sniff(const unsigned char *p, size_t n)
{
    size_t skip = 0;

    if (n >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
        skip = 3;
    while (skip < n && (p[skip] == ' ' || p[skip] == '\r' || p[skip] == '\n' || p[skip] == '\t'))
        skip++;
    if (n - skip >= 10 && memcmp(p + skip, "[Document]", 10) == 0)
        return fmt_by_name("dlm", 3);
    if (n > skip && (p[skip] == '[' || p[skip] == '%' || p[skip] == ';' || p[skip] == '{'))
        return &fmt_table[0];
    if (memmem(p, n, "md|", 3) || memmem(p, n, "qx|", 3))
        return fmt_by_name("lin", 3);
    if (n > 0 && p[0] == '"')
        return fmt_by_name("csv", 3);
    /* BER before DUP and BRI: 52 digits 1-4 cannot open their BRI part (26 ascending card
     * numbers would need digits 1-4 only, and only 16 such numbers exist). */
    if (n >= 52 && all_in(p, 52, "1234"))
        return fmt_by_name("ber", 3);
    if (n >= 156 && n % 156 == 0 && all_in(p, 78, "0123456789"))
        return fmt_by_name("dup", 3);
    if (n >= 78 && all_in(p, 78, "0123456789"))
        return fmt_by_name("bri", 3);
    if (n >= 1 && p[0] == 6)
        return fmt_by_name("dge", 3);
    return NULL;
}

/* The format a file's contents show, else its extension's (RZD, CDS and DGE's variants have
 * no signature), else PBN for an empty file (an empty set); NULL when none. */
static const struct fmt *by_content(const char *path, const unsigned char *p, size_t n)
{
    const struct fmt *f = sniff(p, n);

    if (!f && path)
        f = fmt_by_path(path);
    if (!f && n == 0)
        f = &fmt_table[0];
    return f;
}

/* The reading to try when content fitting f's signature is not f: BRI records of 128 bytes
 * have DUP's signature in a file of 39, 78 ... boards (78 digits first, a multiple of 156 bytes
 * long), and no DUP reads as BRI (its bytes 78-127 are its DGE part, not BRI's padding). */
static const struct fmt *sniff_alternative(const struct fmt *f)
{
    return strcmp(f->name, "dup") == 0 ? fmt_by_name("bri", 3) : NULL;
}

/* flags: pbn_read_any_ex's */
static enum pd_status read_as(const struct fmt *f, const char *name, const void *data,
                              size_t len, unsigned flags, struct pbn_set **out, struct pd_err *e)
{
    struct pbn_set *set = NULL;
    enum pd_status rc = pbn_set_new(&set, e);

    if (rc == PD_OK) {
        set->lean = (flags & PBN_READ_LEAN) && (f->flags & FMT_DEALS);
        rc = f->read(name, data, len, set, e);
    }
    if (rc == PD_OK && set->n == 0 && f->read != pbn_fmt_read)
        rc = pd_fail_at(e, PD_ERR_SYNTAX, name, 0, 0, NULL, "no boards in this %s file",
                        f->name);
    if (rc != PD_OK) {
        pbn_set_free(set);
        return rc;
    }
    *out = set;
    return PD_OK;
}

/* Reads data as f, the format its contents showed, or as f's alternative when f refuses it and
 * the alternative reads it whole; else f's fault. *used: the format read (may be NULL). */
static enum pd_status read_sniffed(const struct fmt *f, const char *name, const void *data,
                                   size_t len, unsigned flags, struct pbn_set **out,
                                   const struct fmt **used, struct pd_err *e)
{
    const struct fmt *alt = sniff_alternative(f);
    enum pd_status rc = read_as(f, name, data, len, flags, out, e);
    struct pd_err ae;

    if (rc != PD_OK && rc != PD_ERR_NOMEM && alt &&
        read_as(alt, name, data, len, flags, out, &ae) == PD_OK) {
        f = alt;
        rc = PD_OK;
    }
    if (used)
        *used = f;
    return rc;
}

static enum pd_status not_a_set(const char *name, struct pd_err *e)
{
    return pd_fail_at(e, PD_ERR_SYNTAX, name, 0, 0, NULL,
                      "not a set predup reads: its contents match none of pbn, dup, dlm, "
                      "bri, dge, lin, csv, ber, bhg (and its extension names no format)");
}

enum pd_status pbn_read_format_mem(const char *name, const char *format, const void *data,
                                   size_t len, struct pbn_set **out, struct pd_err *e)
{
    const struct fmt *f;

    if (format) {
        f = fmt_by_name(format, strlen(format));
        return f ? read_as(f, name, data, len, 0, out, e) : unknown_format(format, strlen(format), e);
    }
    f = sniff(data, len);
    return f ? read_sniffed(f, name, data, len, 0, out, NULL, e) : not_a_set(name, e);
}

bool pbn_format_law2(const char *name)
{
    const struct fmt *f = fmt_by_name(name, strlen(name));

    return f && (f->flags & FMT_LAW2);
}

const char *pbn_format_guess(const char *path)
{
    char *text = NULL;
    size_t len = 0;
    struct pd_err ignored;
    const struct fmt *f = NULL;
    struct pbn_set *set = NULL;

    if (pd_read_file(path, &text, &len, &ignored) == PD_OK) {
        f = by_content(path, (const unsigned char *)text, len);
        if (f && sniff_alternative(f))
            read_sniffed(f, path, text, len, 0, &set, &f, &ignored);
    }
    pbn_set_free(set);
    free(text);
    return f ? f->name : NULL;
}

/* The one reader of every command: format given, else the contents tell it (pbn/FORMATS.md,
 * "Which file is which"), else the extension (formats without a signature: RZD, CDS, DGE's
 * variants). */
/* The file's text: mapped (*mapped > 0), or read whole (malloc'd); refused as pd_read_input
 * refuses (a binary file, a key). */
static enum pd_status input_text(const char *path, char **text, size_t *len, size_t *mapped,
                                 struct pd_err *e)
{
    static const char kind[] = "a set of boards";
    enum pd_status rc;

    *text = pbn_map_file(path, mapped);
    if (!*text)
        return pd_read_input(path, kind, text, len, e);
    *len = *mapped;
    rc = pd_refuse_input(path, kind, *text, *len, e);
    if (rc != PD_OK) {
        pd_wipe(*text, *len);
        pbn_text_free(*text, *mapped);
        *text = NULL;
    }
    return rc;
}

enum pd_status pbn_read_any_ex(const char *path, const char *format, unsigned flags,
                               struct pbn_set **out, struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0, mapped = 0;
    enum pd_status rc = input_text(path, &text, &len, &mapped, e);
    const struct fmt *f;

    if (rc != PD_OK)
        return rc;
    f = format ? fmt_by_name(format, strlen(format))
               : by_content(path, (const unsigned char *)text, len);
    if (f && f->read == pbn_fmt_read && mapped) /* the set keeps the text: no copy of it */
        return pbn_read_mapped(path, text, len, out, e);
    if (f && f->read == pbn_fmt_read)
        return pbn_read_adopt(path, text, len, out, e);
    if (format)
        rc = f ? read_as(f, path, text, len, flags, out, e)
               : unknown_format(format, strlen(format), e);
    else
        rc = f ? read_sniffed(f, path, text, len, flags, out, NULL, e) : not_a_set(path, e);
    pbn_text_free(text, mapped);
    return rc;
}

enum pd_status pbn_read_any(const char *path, const char *format, struct pbn_set **out,
                            struct pd_err *e)
{
    return pbn_read_any_ex(path, format, 0, out, e);
}
