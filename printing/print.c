/* printing/print.c - the print engine: a set printed as one of the kinds of printing/kind.c's
 * table, its PDF rendered into memory and written atomically (pd_outfile), so that a failure at
 * any point leaves no PDF behind; a kind that shows the analysis analyses a set without it.
 * `predup print` (config/commands/cmd_print.c) and the event ceremony (config/ceremony.c) call
 * pr_print_file. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "printing/teach_int.h"

void pr_options_default(struct pr_options *o)
{
    *o = (struct pr_options){.paper = PR_PAPER_A4, .per_page = 6, .dd = PR_DD_GRID, .qr = true,
                             .commitment = true, .ten_as_10 = true, .comments = true,
                             .hands = PR_HANDS_ALL, .stage = 1};
}

/* One item of --hands: a seat letter, a pair or "all". */
static unsigned hands_item(const char *s, size_t n)
{
    static const struct {
        const char *name;
        unsigned mask;
    } names[] = {{"N", 1u << SEAT_N}, {"E", 1u << SEAT_E}, {"S", 1u << SEAT_S},
                 {"W", 1u << SEAT_W}, {"NS", 1u << SEAT_N | 1u << SEAT_S},
                 {"EW", 1u << SEAT_E | 1u << SEAT_W}, {"all", PR_HANDS_ALL}};

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strlen(names[i].name) == n && strncasecmp(s, names[i].name, n) == 0)
            return names[i].mask;
    return 0;
}

enum pd_status pr_parse_hands(const char *arg, unsigned *mask, struct pd_err *e)
{
    *mask = 0;
    for (const char *p = arg;; p++) {
        size_t n = strcspn(p, ",");
        unsigned m = hands_item(p, n);

        if (!m)
            return pd_fail(e, PD_ERR_USAGE, "--hands takes NS, EW, N, E, S, W or all (a comma "
                           "list is fine), not \"%.*s\"", (int)n, p);
        *mask |= m;
        p += n;
        if (!*p)
            return PD_OK;
    }
}

enum pd_status pr_render(const struct pr_kind *kind, const struct pbn_set *set,
                         const struct pr_options *o, unsigned char **pdf, size_t *len,
                         struct pd_err *e)
{
    struct pdoc d;
    enum pd_status rc = pr_kind_check(kind, o, e);

    if (rc != PD_OK)
        return rc;
    if (!kind->draw)
        return pd_fail(e, PD_ERR_USAGE, "print %s writes no PDF", kind->name);
    if (set->n == 0)
        return pd_fail(e, PD_ERR_RANGE, "the set has no boards");
    struct pr_terms *terms = NULL;
    rc = pr_terms_load(o, &terms, e);
    if (rc == PD_OK)
        rc = pdoc_open(&d, o, e);
    if (rc != PD_OK) {
        pr_terms_free(terms);
        return rc;
    }
    d.terms = terms;
    rc = pr_terms_clean(terms, pr_text_clean, pdoc_has_glyph, &d, e); /* drawn as the set's texts are */
    if (rc == PD_OK)
        rc = kind->draw(&d, set, o, e);
    if (rc == PD_OK)
        rc = pdoc_save(&d, pdf, len, e);
    pdoc_close(&d);
    pr_terms_free(terms);
    return rc;
}

/* Renders into the open output and commits it; aborts it on any failure. */
static enum pd_status render_into(const struct pr_kind *kind, const struct pbn_set *set,
                                  const struct pr_options *o, struct pd_outfile *out,
                                  struct pd_err *e)
{
    unsigned char *pdf = NULL;
    size_t len = 0;
    enum pd_status rc = pr_render(kind, set, o, &pdf, &len, e);

    if (rc == PD_OK && fwrite(pdf, 1, len, out->f) != len)
        rc = pd_fail(e, PD_ERR_IO, "%s: cannot write", out->path);
    if (rc == PD_OK)
        rc = pd_outfile_commit(out, e);
    else
        pd_outfile_abort(out);
    free(pdf);
    return rc;
}

enum pd_status pr_write(const struct pr_kind *kind, const struct pbn_set *set, const struct pr_options *o,
                        const char *path, struct pd_err *e)
{
    struct pd_outfile out;
    enum pd_status rc = pd_outfile_open(&out, path, e);

    return rc == PD_OK ? render_into(kind, set, o, &out, e) : rc;
}

/* Empties the play tags of g that are one table's: the auction, contract and result of a
 * board that several tables played say nothing of the board. */
static enum pd_status forget_play(struct pbn_game *g, struct pd_err *e)
{
    static const char *const play_tags[] = {"Auction", "Play", "Contract", "Declarer", "Result"};
    enum pd_status rc = PD_OK;

    for (size_t i = 0; rc == PD_OK && i < sizeof play_tags / sizeof play_tags[0]; i++)
        if (pbn_tag_find(g, play_tags[i]))
            rc = pbn_tag_set(g, play_tags[i], "", e);
    return rc;
}

static bool same_board(const struct pbn_game *a, const struct pbn_game *b)
{
    return a->board > 0 && a->board == b->board && a->known == 0xF && b->known == 0xF &&
           memcmp(&a->deal, &b->deal, sizeof a->deal) == 0;
}

/* A scorer's results file holds a game per table: the paper shows each board once, the first
 * game of it, with no table's play. A game of the same number and another deal stays. Linear:
 * each game is compared with the first kept game of its number alone. */
static enum pd_status boards_once(struct pbn_set *set, struct pd_err *e)
{
    size_t *first = calloc(BOARD_MAX + 1, sizeof *first), kept = 0; /* index + 1, 0: none */
    enum pd_status rc = first ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    if (rc != PD_OK)
        return rc;
    for (size_t i = 0; i < set->n; i++) { /* to the end, whatever rc: no game is left twice */
        struct pbn_game *g = &set->games[i];
        size_t *at = g->board > 0 && g->board <= BOARD_MAX ? &first[g->board] : NULL;

        if (at && *at && same_board(&set->games[*at - 1], g)) {
            if (rc == PD_OK)
                rc = forget_play(&set->games[*at - 1], e);
            pbn_game_clear(g);
            continue;
        }
        if (at && !*at)
            *at = kept + 1;
        set->games[kept++] = *g;
    }
    for (size_t i = kept; i < set->n; i++)
        memset(&set->games[i], 0, sizeof set->games[i]); /* moved or cleared */
    set->n = kept;
    free(first);
    return rc;
}

void pr_print_default_out(const char *in, const struct pr_kind *kind, char *out, size_t n)
{
    char stem[PATH_MAX];

    pr_input_stem(in, stem, sizeof stem);
    pr_kind_out_name(stem, kind, out, n);
}

/* The analysis when the kind shows it, then the output: a PDF kind's through pd_outfile, opened
 * before the analysis (an unwritable file is reported at once), or what the kind writes itself
 * (its row's write). */
static enum pd_status print_out(const struct pr_print_opts *o, struct pbn_set *set,
                                struct pd_err *e)
{
    struct pd_outfile out;
    bool pdf = o->kind->write == NULL;
    enum pd_status rc = pdf ? pd_outfile_open_ex(&out, o->out, o->out_flags, e) : PD_OK;

    if (rc != PD_OK)
        return rc;
    if (pr_kind_needs_analysis(o->kind, &o->o))
        rc = pr_analyze_set(set, o->threads, pd_progress_wanted(o->quiet), NULL, e);
    if (!pdf)
        return rc == PD_OK ? o->kind->write(set, &o->o, o->in, o->out, o->out_flags, e) : rc;
    if (rc == PD_OK)
        return render_into(o->kind, set, &o->o, &out, e);
    pd_outfile_abort(&out);
    return rc;
}

/* The words' table read once and let go: a bad --terms file is refused before the analysis,
 * which can take minutes, rather than after it. */
static enum pd_status check_terms(const struct pr_options *o, struct pd_err *e)
{
    struct pr_terms *terms = NULL;
    enum pd_status rc = pr_terms_load(o, &terms, e);

    pr_terms_free(terms);
    return rc;
}

enum pd_status pr_print_file(const struct pr_print_opts *o, size_t *boards, struct pd_err *e)
{
    struct pbn_set *set = NULL;
    const char *as_set = strcmp(o->out, "-") != 0 ? pbn_format_from_path(o->out) : NULL;
    enum pd_status rc = pr_kind_check(o->kind, &o->o, e);

    if (rc == PD_OK && as_set)
        rc = pd_fail(e, PD_ERR_USAGE, "%s is a %s file's name: a PDF goes to OUT.pdf (-o), never "
                     "under a set's name", o->out, as_set);
    if (rc == PD_OK)
        rc = pbn_read_any(o->in, NULL, &set, e);
    if (rc == PD_OK)
        rc = boards_once(set, e);
    /* --boards: a lost page or card printed again, numbered and labelled as the first time. */
    if (rc == PD_OK && o->boards)
        rc = pbn_set_keep_boards(set, o->boards, o->in, e);
    /* Fonts, words and output first: a missing font, a bad words' table or an unwritable file
     * should not wait for the analysis to be reported. A kind that writes its own output draws
     * no PDF: no fonts. */
    if (rc == PD_OK && !o->kind->write)
        rc = pr_check_fonts(&o->o, e);
    if (rc == PD_OK)
        rc = check_terms(&o->o, e);
    if (rc == PD_OK)
        rc = print_out(o, set, e);
    *boards = set ? set->n : 0;
    pbn_set_free(set);
    return rc;
}

void pr_print_report(const char *out, const char *kind_name, size_t boards)
{
    if (strcmp(out, "-") != 0)
        printf("%s: %s of %zu board%s\n", out, kind_name, boards, boards == 1 ? "" : "s");
}
