/* printing/pr_int.h - internal to printing/: the PDF document wrapper (pdfdoc.c), text fitting
 * helpers, QR drawing (qr.c), the row of the print kinds' table (kind.c), the web pages
 * (web.c) and the layouts hand_record.c, curtain.c and sheet.c (the teaching layouts' are in
 * teach_int.h). */
#ifndef PREDUP_PR_INT_H
#define PREDUP_PR_INT_H

#include "printing/hpdf_lib.h" /* libharu, loaded on first use */

#include "printing/printing.h"

/* A document being built: libharu's handler records the first error here and returns, so
 * every call can be made in a row and the status checked once in pdoc_save (no longjmp, so
 * nothing of ours leaks when libharu fails half-way). */
struct pdoc {
    HPDF_Doc doc;
    HPDF_Font reg, bold;
    HPDF_Page page;      /* current page */
    float width, height; /* page size, points */
    bool ten10;          /* the ten as "10" rather than "T" (pr_options.ten_as_10) */
    bool one_set;        /* no "Set:" line (pr_options.one_set) */
    HPDF_STATUS error, detail; /* first libharu error, 0 if none */
    struct pdoc_glyphs *glyphs; /* the faces' character maps, read with FreeType (pdfdoc.c) */
    const struct pr_terms *terms; /* the words in the language printed (terms.c); NULL: en */
};

/* Creates the document with compression and both DejaVu faces embedded, loading libharu and
 * FreeType first (pr_hpdf: every libharu call follows this one). Errors: a library that does
 * not load (PD_ERR_INTERNAL naming it, its Debian package and the loader's reason), a missing
 * font file (PD_ERR_IO naming it), libharu failure. On failure everything is released. */
enum pd_status pdoc_open(struct pdoc *d, const struct pr_options *o, struct pd_err *e);
void pdoc_close(struct pdoc *d);
/* Adds a page of the paper size and makes it current. */
void pdoc_add_page(struct pdoc *d, enum pr_paper paper);
/* Saves to memory (*out malloc'd). Fails if any libharu call failed before. */
enum pd_status pdoc_save(struct pdoc *d, unsigned char **out, size_t *len, struct pd_err *e);
/* Rewrites the ToUnicode map of every font of the saved PDF *pdf (malloc'd; replaced) as a
 * ToUnicode CMap, which libharu 2.3 does not write (printing/tounicode.c). */
enum pd_status pdoc_mend_tounicode(unsigned char **pdf, size_t *len, struct pd_err *e);
/* True when both faces can draw code point cp (ctx is the struct pdoc): FreeType reads their
 * character maps, which libharu's public API does not show. */
bool pdoc_has_glyph(void *ctx, unsigned cp);

/* ---------------------------------------------------------------- the words printed (terms.c)
 * Every word on paper comes from the terms of the language printed: one table per language,
 * printing/terms/LANG.ini (key = value; English, en.ini, has every key), embedded at build
 * time (the Makefile writes pr_terms_builtin), with a club's own file laid over it. A new word
 * is a new key in every table and a pr_term call: never a literal in a layout. */
struct pr_terms;
struct pr_terms_table {
    const char *lang, *text; /* "de", the contents of printing/terms/de.ini */
};
extern const struct pr_terms_table pr_terms_builtin[];
extern const size_t pr_terms_builtin_n;

/* The terms of o->lang (en when NULL), o->terms_file laid over them (its errors name
 * file:line:col: a line that is not KEY = VALUE, a key English does not have, a key twice, an
 * empty value, a {N} the key does not take, bytes that are not UTF-8), then o->intl_honours.
 * PD_ERR_USAGE for an unknown language. Free with pr_terms_free. */
enum pd_status pr_terms_load(const struct pr_options *o, struct pr_terms **out, struct pd_err *e);
void pr_terms_free(struct pr_terms *t);
/* Every value as it will be drawn: clean is pr_text_clean (a character the fonts cannot draw
 * shows as "[U+XXXX]", as in the set's own texts). It is passed in, not called by name, so that
 * the tables stay below the text drawing that reads them (no link cycle terms.c <-> fit_text.c). */
typedef char *pr_clean_fn(const char *s, bool (*has_glyph)(void *ctx, unsigned cp), void *ctx);
enum pd_status pr_terms_clean(struct pr_terms *t, pr_clean_fn *clean,
                              bool (*has_glyph)(void *ctx, unsigned cp), void *ctx,
                              struct pd_err *e);
/* The value of key (t NULL: English); a key English does not have is a program error: a
 * message on stderr and abort(), never the key on paper (tests/cli/print_terms_keys.sh finds
 * every key the code asks in every table). */
const char *pr_term(const struct pr_terms *t, const char *key);
/* The value of key with {1}, {2} ... replaced by args[0], args[1] ... (NULL-terminated), cut
 * to fit n. Returns out. PR_TERMF(t, "board", buf, sizeof buf, num) for a list in place. */
char *pr_term_fill(const struct pr_terms *t, const char *key, char *out, size_t n,
                   const char *const args[]);
#define PR_TERMF(t, key, out, n, ...) \
    pr_term_fill(t, key, out, n, (const char *const[]){__VA_ARGS__, NULL})
/* Shorthands: the seat's letter ("seat.N") and name ("name.N"), the vulnerability ("vul.NS"),
 * side 0 NS or 1 EW ("side.NS"), a rank (honours "rank.A" ..., the rest as their pips, the ten as --ten says). */
const char *pr_term_seat(const struct pr_terms *t, enum seat s);
const char *pr_term_seat_name(const struct pr_terms *t, enum seat s);
const char *pr_term_vul(const struct pr_terms *t, enum vul v);
const char *pr_term_side(const struct pr_terms *t, int side);
const char *pr_term_rank(const struct pr_terms *t, int rank, bool ten10, char buf[3]);
/* True when an honour is written with more than one character (sv "Kn"): holdings are then
 * spaced, "E Kn 10 5", so that the letters do not run together. */
bool pr_terms_wide_ranks(const struct pr_terms *t);

/* pr_par_text (printing.h) in the language of t (NULL: English). */
void pr_par_text_in(const struct pr_terms *t, const struct dd_par *par, char *out, size_t n);

/* Colours. */
void pdoc_black(struct pdoc *d);
void pdoc_red(struct pdoc *d);
void pdoc_grey(struct pdoc *d, float g);

/* Draws text with its baseline at y, left at x, in at most maxw points: condensed down to 70 %
 * horizontal scale, then a smaller font, never wider than maxw. Every suit symbol ♥ and ♦ in
 * it is drawn red, the rest in the current fill colour. Returns the width drawn. */
float pdoc_text_fit(struct pdoc *d, HPDF_Font f, float size, float x, float y, float maxw,
                    const char *utf8);
/* As pdoc_text_fit, right-aligned at x. */
float pdoc_text_right(struct pdoc *d, HPDF_Font f, float size, float x, float y, float maxw,
                      const char *utf8);
/* As pdoc_text_fit, centred on cx. */
void pdoc_text_centre(struct pdoc *d, HPDF_Font f, float size, float cx, float y, float maxw,
                      const char *utf8);

/* Word-wraps utf8 into lines of at most maxw points at size; returns the number of lines and,
 * when draw is set, draws them from baseline y down with leading lead, at most max_lines (the
 * last line then ends in an ellipsis). Words longer than a line are broken between characters. */
int pdoc_wrap(struct pdoc *d, HPDF_Font f, float size, float x, float y, float maxw, float lead,
              int max_lines, bool draw, const char *utf8);

/* One line of a hand: the suit symbol, a space, then the holding ("AKJ5", "—" for a void;
 * spaced "A K J 5" when spaced is set; the ten as d->ten10 says), fitted into maxw. */
void pdoc_suit_line(struct pdoc *d, float size, float x, float y, float maxw, enum suit s,
                    unsigned holding, bool spaced);

extern const char *const PR_SUIT_SYMBOL[4]; /* "♠" "♥" "♦" "♣" in UTF-8 */

/* Draws the QR code of text with its top-left corner at (x, top) and side size points
 * (quiet zone not included: keep 4 modules clear around it), loading libqrencode on first use.
 * PD_ERR_INTERNAL when it does not load (naming it, its Debian package and the loader's
 * reason) or fails. */
enum pd_status pr_qr_draw(struct pdoc *d, const char *text, float x, float top, float size,
                          struct pd_err *e);
/* The modules on a side of text's code (0 if libqrencode fails or does not load). */
int pr_qr_modules(const char *text);

/* The pieces of a board (diagram.c), at (x, y) in a frame with y downward: the four suit lines
 * of a hand (baseline of the first at y); the compass box, w x 54, with the HCP of the seats in
 * the mask shown; the trick grid at k times 94 x 52; the makeable contracts at k times 8 pt. */
void pr_diag_hand(struct pdoc *d, uint64_t hand, float x, float y, float maxw);
void pr_diag_compass(struct pdoc *d, const struct pr_board *b, unsigned shown, float x, float y,
                     float w);
void pr_diag_grid(struct pdoc *d, const struct dd_table *t, float x, float y, float k);
void pr_diag_makeable(struct pdoc *d, const struct dd_table *t, float x, float y, float w,
                      float k);

/* Title block data from the set's first game: Event (or title when not NULL), Site, Date, and the set label and key
 * commitment from the Generator tag predup writes. Strings are cleaned for drawing. */
struct pr_title {
    char event[256];
    char where[256];      /* "Site, 2025-03-03" or "" (the date as the language writes it) */
    char date[64];        /* "2025-03-03", "03.03.2025" ... or "" */
    char label[PD_LABEL_MAX * 2 + 1]; /* "original" or "": the whole label, spaces too */
    char commitment[72];  /* 64 hex digits or "" */
};
void pr_title_from_set(const struct pbn_set *set, const char *title, struct pdoc *d,
                       struct pr_title *t);
/* The page number ("Page 1/3"), the board's heading ("Board 7") and its dealer and
 * vulnerability ("Dealer: North   Vul: None") in d's language, into out. Return out. */
char *pr_page_number(const struct pdoc *d, int page, int pages, char *out, size_t n);
char *pr_board_title(const struct pdoc *d, int number, char *out, size_t n);
char *pr_dealer_vul(const struct pdoc *d, const struct pr_board *b, char *out, size_t n);
/* The page grids of a layout that sets its boards in a grid (a record, a Minibridge sheet):
 * X(boards a page, columns), the rows being boards / columns. The one home of the counts a page
 * (PP_STANDARD in printing/kind.c: --per-page, its help and its message) and of their grids
 * (pr_page_grid). */
#define PR_PAGE_GRIDS(X) X(1, 1) X(2, 1) X(4, 2) X(6, 2) X(9, 3)
/* The grid of per_page boards on a page (a count the kind's row allows): cols columns of rows
 * boards (printing/board.c, from PR_PAGE_GRIDS). */
void pr_page_grid(int per_page, int *cols, int *rows);
/* Board index of a layout of per boards a page: its slot on the page in *slot; true when it
 * opens a page (a new page is added for each but the first): the caller draws the header. */
bool pr_page_slot(struct pdoc *d, enum pr_paper paper, size_t index, int per, int *slot);
/* The board as the record's QR code holds it, in QR alphanumeric characters only so that it
 * fits version 4 (33 modules) at level M: board, dealer, vulnerability (NONE NS EW ALL) and the
 * PBN deal from the dealer, "1 N NONE N:Q87.AK7.AJT953.2 ...". The event is left out: the
 * page's title shows it, and its bytes made the code a version 8 to 11 (printing/README.md). */
enum { PR_BOARD_QR_LEN = 32 + DEAL_PBN_LEN, PR_BOARD_QR_MODULES = 33 };
void pr_board_qr(const struct pr_board *b, char *out, size_t n);

/* The layouts: each adds its pages to d. */
/* Hand records for a website (printing/web.c): DIR/index.html, DIR/board-N.html, DIR/style.css
 * and the set as DIR/pbn_name, each written whole (pd_outfile; flags: PD_OUT_FORCE replaces
 * files that differ), readable by all. The set is analysed already when it should show it. */
enum pd_status pr_write_web(const struct pbn_set *set, const struct pr_options *o,
                            const char *dir, const char *pbn_name, unsigned flags,
                            struct pd_err *e);
/* Solves deals[0..n) into tabs, batch deals a libdds call, on a thread of its own, showing the
 * boards done and the time gone on stderr when show; after max_seconds (0: no bound) gives up
 * with PD_ERR_LIMIT, the solve left running (printing/solve_watch.c). */
enum pd_status pr_solve_watched(const struct deal *deals, size_t n, struct dd_table *tabs,
                                size_t batch, bool show, unsigned max_seconds, struct pd_err *e);
/* A row of the print kinds' table (printing/kind.c). A PDF kind draws into the open document
 * (draw; the engine saves it atomically); a kind whose output is no single PDF (a folder of
 * web pages) writes it itself (write, given the input's and the output's paths and the
 * pd_outfile flags; draw NULL). */
typedef enum pd_status pr_draw_fn(struct pdoc *d, const struct pbn_set *set,
                                  const struct pr_options *o, struct pd_err *e);
typedef enum pd_status pr_write_fn(const struct pbn_set *set, const struct pr_options *o,
                                   const char *in, const char *path, unsigned out_flags,
                                   struct pd_err *e);
enum pr_analysis {
    PR_ANALYSIS_NONE,   /* never analysed */
    PR_ANALYSIS_ALWAYS, /* the set is analysed first when it holds no analysis */
    PR_ANALYSIS_SHOWN,  /* only when the analysis is printed (--dd not none, every hand shown) */
    PR_ANALYSIS_DD,     /* unless --dd none */
};
struct pr_kind {
    const char *name;    /* predup print NAME, print = NAME, the output's SET-NAME.pdf */
    const char *summary; /* one line, for predup print --help */
    pr_draw_fn *draw;
    pr_write_fn *write;
    const char *ext;     /* the output's extension beside the set (".pdf"; "" for a folder) */
    enum pr_analysis analysis;
    unsigned per_page;   /* bit n: n boards a page allowed (pr_page_grid); 0: its own pages */
    const char *options; /* help lines of the options only it reads; NULL: none */
};
bool pr_kind_needs_analysis(const struct pr_kind *k, const struct pr_options *o);
enum pd_status pr_draw_record(struct pdoc *d, const struct pbn_set *set,
                              const struct pr_options *o, struct pd_err *e);
enum pd_status pr_draw_curtain(struct pdoc *d, const struct pbn_set *set,
                               const struct pr_options *o, struct pd_err *e);
enum pd_status pr_draw_sheet(struct pdoc *d, const struct pbn_set *set,
                             const struct pr_options *o, struct pd_err *e);

#endif
