/* printing/printing.h - a set printed as one of the kinds of printing/kind.c's table (PDF
 * through libharu), and the double-dummy analysis of a set (libdds through dealer/): the one
 * public header of printing/. */
#ifndef PREDUP_PRINTING_H
#define PREDUP_PRINTING_H

#include "dealer/run/run.h"
#include "pbn/pbn.h"

/* ---------------------------------------------------------------- analysis */

/* One board of a set as the printers and the analysis need it: number, dealer and
 * vulnerability (from the tags, or Law 2 from the number when a tag is missing), and the
 * complete deal. */
struct pr_board {
    int number;
    enum seat dealer;
    enum vul vul;
    struct deal deal;
};

/* Checks game g (the index-th of its set, 0-based) and fills *out. Errors name the board (or the
 * game's line when it has no number): PD_ERR_RANGE for a missing or incomplete deal, a board
 * without number, dealer or vulnerability. */
enum pd_status pr_board_from_game(const struct pbn_game *g, size_t index, struct pr_board *out,
                                  struct pd_err *e);

/* Adds the double-dummy table and par (DoubleDummyTricks, OptimumResultTable, OptimumScore,
 * ParContract) to every game that lacks them: tables through dd_tables in batches, par through
 * dd_par for the game's vulnerability and dealer. Games that already have both are not solved
 * again; a game with a table but no par gets only its par. threads > 0 caps libdds's threads
 * (0: all cores). progress draws "analyze: k/n" on stderr. *solved (may be NULL) receives the
 * number of tables computed. Errors name the board. */
enum pd_status pr_analyze_set(struct pbn_set *set, int threads, bool progress, size_t *solved,
                              struct pd_err *e);

/* The analyze engine (printing/analyze.c), `predup analyze`: reads in (any set predup reads),
 * analyses every game with a full deal as pr_analyze_set does (games without one are left
 * out, counted in skipped), and writes out (NULL: in itself, which must be PBN). An existing
 * out other than in must be a set with no more games, unless flags has PD_OUT_FORCE; a key
 * file is never replaced. */
struct pr_analyze_opts {
    const char *in, *out;
    unsigned flags; /* PD_OUT_FORCE, PD_OUT_PUBLIC */
    int threads;    /* libdds threads, 0: all cores */
    bool quiet;     /* no progress */
    unsigned max_seconds; /* give up when the solve takes longer (0: no bound; MPI: none) */
};
struct pr_analyze_result {
    size_t boards, solved, skipped; /* boards analysed, of them solved now; games left out */
    size_t remade; /* of the solved, boards whose table listed only makeable contracts */
    bool written;                   /* out was written (rank 0 under mpirun) */
};
enum pd_status pr_analyze_file(const struct pr_analyze_opts *o, struct pr_analyze_result *r,
                               struct pd_err *e);
/* "analyzed N boards (...): OUT" on stdout, when the file was written and is not stdout. */
void pr_analyze_report(const char *out, const struct pr_analyze_result *r);

/* Par as printed: "Par: " then each contract as the tricks taken, the result and the declarer
 * ("3♠= NS", "4♥x-1 EW", from ParContract "NS 1S+2", "EW 4Hx-1"), then the score from
 * North-South's side ("+140", "-100", "0"). */
void pr_par_text(const struct dd_par *par, char *out, size_t n);
/* The makeable contracts of side 0 (NS) or 1 (EW): "NS: 3NT, 4♠, 2♥ N" - the highest level
 * made in each strain, the declarer named when only one of the pair makes it; "NS: —" when
 * nothing makes. */
void pr_makeable_text(const struct dd_table *t, int side, char *line, size_t n);

/* ---------------------------------------------------------------- PDF documents */

enum pr_paper { PR_PAPER_A4, PR_PAPER_LETTER };
enum pr_dd_mode {
    PR_DD_GRID,     /* the 4x5 trick table */
    PR_DD_MAKEABLE, /* the highest makeable contract per side and strain */
    PR_DD_NONE,     /* no analysis printed */
};
/* A print kind (record, curtain ...): a row of the one table of kinds (printing/kind.c), which
 * `predup print KIND`, its help and messages, an event file's print = key, the ceremony and the
 * completion read. pr_kind_find: the kind called name, any case (NULL: none); pr_kind_at: the
 * i-th of the table (NULL past the last); pr_kind_list: the names joined with sep and last;
 * pr_kind_parse: pr_kind_find, or PD_ERR_USAGE "WHAT takes record, curtain ..., not NAME". */
struct pr_kind;
const struct pr_kind *pr_kind_find(const char *name);
const struct pr_kind *pr_kind_at(size_t i);
const char *pr_kind_name(const struct pr_kind *k);
/* The extension of its output beside the set: ".pdf" for a PDF kind, "" for a folder (web). */
const char *pr_kind_ext(const struct pr_kind *k);
void pr_kind_list(char *out, size_t n, const char *sep, const char *last);
enum pd_status pr_kind_parse(const char *what, const char *name, const struct pr_kind **k,
                             struct pd_err *e);
/* `predup print --help`'s lists, from the table: a line a kind (name, summary), and the kinds'
 * own options under their names. */
void pr_kind_help(FILE *out);
void pr_kind_options_help(FILE *out);

struct pr_options {
    enum pr_paper paper;
    int per_page;         /* boards a page, of those the kind allows (pr_kind_check) */
    enum pr_dd_mode dd;   /* hand record only */
    bool qr;              /* QR code of each board (record, curtain cards) */
    bool commitment;      /* the key's commitment in the record's head (a wall copy: none) */
    bool ten_as_10;       /* the ten written "10" (true) or "T", everywhere */
    bool comments;        /* hand record: each board's { } commentary under it */
    unsigned hands;       /* seats shown, bit 1 << seat (PR_HANDS_ALL: all four) */
    const char *title;    /* page title instead of the Event tag; NULL: the tag */
    const char *font_dir; /* holds DejaVuSans.ttf and DejaVuSans-Bold.ttf; NULL = Debian's */
    const char *lang;       /* the language of every word printed: "de" ...; NULL or "": en */
    const char *terms_file; /* a club's table over lang's (--terms FILE); NULL: none */
    bool intl_honours;      /* the honours as A K Q J whatever the language */
    int stage;            /* Minibridge: 1 no trumps, 2 with trumps (distribution, fit) */
    bool one_set;         /* the event's only set (event deal): no "Set:" line */
};
#define PR_HANDS_ALL 0xFu
enum { PR_MAX_PER_PAGE = 9 };
/* The options valid for kind k, the one check of them (the front-ends pass them on): a count a
 * page the kind allows (its row). PD_ERR_USAGE. (The language is taken when it is read, by
 * pr_lang_parse: --lang, an event file's language =.) */
enum pd_status pr_kind_check(const struct pr_kind *k, const struct pr_options *o,
                             struct pd_err *e);
/* Every count a page any kind allows, joined with sep and last ("1|2|4|6|9" for help). */
void pr_per_page_list(const char *sep, const char *last, char *out, size_t n);
/* Parses "NS", "EW", "N", ..., "all", or a comma list of them ("N,E"), any case, into a seat
 * mask. PD_ERR_USAGE naming the bad item. */
enum pd_status pr_parse_hands(const char *arg, unsigned *mask, struct pd_err *e);
void pr_options_default(struct pr_options *o);

/* The languages printed (printing/terms/LANG.ini, built in): pr_lang_count of them, each a
 * name ("de") by pr_lang_name in the tables' order. pr_lang_list joins them ("de, en, ... or
 * sv"). */
size_t pr_lang_count(void);
const char *pr_lang_name(size_t i);
void pr_lang_list(char *out, size_t n);
/* The one rule of a language, wherever one is given (print --lang, an event file's language
 * =), applied once, as it is read: text names a language as people write it (de, DE, de-CH,
 * de_AT.UTF-8: the first subtag, any case) that predup prints; *name (when name is not NULL)
 * is then its one spelling, the table's ("de"), which is what is committed and printed.
 * Else PD_ERR_USAGE 'unknown language "TEXT": predup prints de, en, fr, nl, pl or sv', the
 * one message, which the event file's reader places at file:line:col. */
enum pd_status pr_lang_parse(const char *text, const char **name, struct pd_err *e);
/* The keys of English the built-in table of lang leaves out, space-separated, into missing
 * ("" when it has them all): the tables must be complete (tests). Errors: an unknown lang, a
 * table that does not read (file:line:col). */
enum pd_status pr_terms_check_table(const char *lang, char *missing, size_t n, struct pd_err *e);

/* Renders a PDF of the set into memory: *pdf (malloc'd, free it) of *len bytes (a kind that
 * writes no PDF: PD_ERR_USAGE). pr_kind_check first. The hand
 * record needs the analysis in the games unless o->dd is PR_DD_NONE (PD_ERR_RANGE naming the
 * board otherwise: run pr_analyze_set first). Errors: a bad board (see pr_board_from_game),
 * a missing font file (PD_ERR_IO naming it), a libharu failure (PD_ERR_INTERNAL). */
enum pd_status pr_render(const struct pr_kind *kind, const struct pbn_set *set, const struct pr_options *o,
                         unsigned char **pdf, size_t *len, struct pd_err *e);
/* PD_ERR_IO naming the first of the two font files that cannot be opened. */
enum pd_status pr_check_fonts(const struct pr_options *o, struct pd_err *e);
/* pr_render, then written to path through pd_outfile: nothing is left under path on failure. */
enum pd_status pr_write(const struct pr_kind *kind, const struct pbn_set *set, const struct pr_options *o,
                        const char *path, struct pd_err *e);

/* The print engine (printing/print.c), `predup print`: reads in (any set predup reads), checks
 * the fonts, opens out (out_flags: PD_OUT_FORCE, PD_OUT_PUBLIC), analyses the set first when a
 * hand record shows the analysis (threads, quiet as pr_analyze_set's), renders and writes.
 * *boards receives the number of boards printed. */
struct pr_print_opts {
    const struct pr_kind *kind;
    const char *in, *out;
    const char *boards; /* --boards: only these boards of in ("7", "1-12,25"); NULL: all */
    struct pr_options o;
    unsigned out_flags;
    int threads;
    bool quiet;
};
/* out must not name a set (x.pbn, x.dup ...: a PDF under a set's name would be taken for it):
 * PD_ERR_USAGE. */
enum pd_status pr_print_file(const struct pr_print_opts *o, size_t *boards, struct pd_err *e);
/* The output beside the set when no -o is given: SET less its extension, "-KIND" and the
 * kind's extension (club.pbn -> club-record.pdf; web, a folder: club-web), into out. */
void pr_print_default_out(const char *in, const struct pr_kind *kind, char *out, size_t n);
/* The input's path less its extension (clubs/tue.pbn -> clubs/tue; a name that begins with its
 * only dot keeps it), and where its last component begins in out. */
const char *pr_input_stem(const char *in, char *out, size_t n);
/* STEM-KIND and the kind's extension (demo-1-record.pdf), into out: the ceremony's names. */
void pr_kind_out_name(const char *stem, const struct pr_kind *kind, char *out, size_t n);
/* "OUT: KIND of N boards" on stdout, unless out is stdout ("-"). */
void pr_print_report(const char *out, const char *kind_name, size_t boards);

/* Text as it will be drawn: invalid UTF-8 bytes become U+FFFD, control characters spaces, and
 * every character the font cannot draw (has_glyph false, or above U+FFFF, which libharu cannot
 * encode) becomes the visible text "[U+XXXX]". has_glyph may be NULL (all of the BMP drawable).
 * Returns a malloc'd string or NULL when out of memory. */
char *pr_text_clean(const char *s, bool (*has_glyph)(void *ctx, unsigned cp), void *ctx);

#endif
