/* pbn/pbn.h - PBN 2.1 sets in memory, their writer and reader, and the machine and interchange
 * file formats (DUP, DLM, BRI, DGE, LIN, CSV, BER ...): the one public header of pbn/.
 *
 * A set is a list of games; a game is an ordered list of tags, each with the lines of its
 * section (OptimumResultTable rows, Auction calls ...). Parsed fields (board, dealer, deal ...)
 * are kept beside the tags so that formats without tags share one model.
 * Rules: PBN 2.1 (tistis.nl/pbn), export format when writing, import format when reading. */
#ifndef PREDUP_PBN_H
#define PREDUP_PBN_H

#include "dealer/dealer.h"

struct pbn_tag {
    char *name;      /* owned */
    char *value;     /* owned, unescaped */
    char **section;  /* owned lines that followed the tag (no end of line) */
    size_t nsection;
};

struct pbn_game {
    struct pbn_tag *tags; /* in the order read or set */
    size_t ntags, cap;
    size_t hint;          /* pbn_tag_set looks here first: the slot after the last one set */
    int line;             /* source line of the first tag; 0 when built in memory */
    /* Parsed from the tags by pbn_game_parse, or set by the builder: */
    int board;            /* 0 when unknown */
    enum seat dealer;
    enum vul vul;
    bool has_dealer, has_vul;
    struct deal deal;
    unsigned known;       /* seats whose hands are given (1 << seat); 0 when no Deal */
    bool has_dd;          /* DoubleDummyTricks or OptimumResultTable present */
    struct dd_table dd;
    bool has_par;         /* OptimumScore and ParContract present */
    struct dd_par par;
};

struct pbn_set {
    struct pbn_game *games;
    size_t n, cap;
};

enum pd_status pbn_set_new(struct pbn_set **out, struct pd_err *e);
void pbn_set_free(struct pbn_set *set); /* NULL is fine */
/* Appends an empty game; the pointer is valid until the next pbn_game_add. */
enum pd_status pbn_game_add(struct pbn_set *set, struct pbn_game **out, struct pd_err *e);
/* Sets a tag (replacing a previous value, keeping its place); value is copied. */
enum pd_status pbn_tag_set(struct pbn_game *g, const char *name, const char *value,
                           struct pd_err *e);
/* The tag's value or NULL; borrowed, valid while the game is unchanged. */
const char *pbn_tag_get(const struct pbn_game *g, const char *name);
struct pbn_tag *pbn_tag_find(const struct pbn_game *g, const char *name);
/* Appends a section line to tag name (which must exist). */
enum pd_status pbn_section_add(struct pbn_game *g, const char *name, const char *line,
                               struct pd_err *e);

/* Event data for a set of generated boards. Strings may be NULL ("?" is written). */
struct pbn_event {
    const char *event, *site, *date; /* date as YYYY.MM.DD */
    const char *generator;           /* Generator tag value, e.g. "predup 0.1.0 set original" */
};
/* Fills g with the tags of one generated board: the 15 mandatory tags (players, Declarer,
 * Contract, Result are "" as PBN says for a dealing program), Generator, DealId (the decimal
 * deal number, when num is not NULL), and the parsed fields. */
enum pd_status pbn_game_from_board(struct pbn_game *g, const struct pbn_event *ev,
                                   struct board_info bi, const struct deal *d,
                                   const deal_num *num, struct pd_err *e);
/* Sets DoubleDummyTricks, OptimumResultTable (with its 20 rows), OptimumScore and ParContract
 * from the analysis (par may be NULL), and has_dd/has_par. */
enum pd_status pbn_game_set_dd(struct pbn_game *g, const struct dd_table *dd,
                               const struct dd_par *par, struct pd_err *e);

/* DoubleDummyTricks text: 20 hex digits, declarers N, S, E, W, each over NT, S, H, D, C. */
void pbn_dd_to_hex(const struct dd_table *dd, char out[21]);
bool pbn_dd_from_hex(const char *text, struct dd_table *dd);

/* Writes the set in PBN 2.1 export format: CRLF, "% PBN 2.1" and "% EXPORT", the mandatory tags
 * in order, then the others alphabetically, an empty line before each game after the first. */
enum pd_status pbn_write(FILE *out, const struct pbn_set *set, struct pd_err *e);
/* Streaming: the two header lines, then each game (index 0 for the first, which is not preceded
 * by the empty line that separates games). pbn_write is exactly header + every game. */
void pbn_write_header(FILE *out);
enum pd_status pbn_write_game(FILE *out, const struct pbn_game *g, size_t index,
                              struct pd_err *e);
/* Frees a game's tags, for a game not owned by a set (a reusable one on the stack). */
void pbn_game_clear(struct pbn_game *g);
/* The same, to a temporary name, fsynced and renamed ("-" = stdout). */
enum pd_status pbn_write_file(const char *path, const struct pbn_set *set, struct pd_err *e);

/* Reads PBN in import format. Errors name file, line and column. Each game's parsed fields
 * are filled (pbn_game_parse). name is used in messages. */
enum pd_status pbn_read_mem(const char *name, const char *text, size_t len,
                            struct pbn_set **out, struct pd_err *e);
enum pd_status pbn_read_file(const char *path, struct pbn_set **out, struct pd_err *e);
/* Fills the parsed fields of g from its tags. */
enum pd_status pbn_game_parse(struct pbn_game *g, const char *file, struct pd_err *e);

/* ---------------------------------------------------------------- file formats
 * Machine and interchange files (layouts and sources in pbn/FORMATS.md). Format names:
 * pbn, dup, dupblind, dlm, dlmblind, bri, dge, lin, csv, ber, bhg, rzd, cds. */

/* The format a file name's extension names (".dup" -> "dup"), or NULL. */
const char *pbn_format_from_path(const char *path);
/* True when name is one of the format names above. */
bool pbn_format_known(const char *name);

/* Checks that set fits format (complete deals, board numbers the format can hold, dealer and
 * vulnerability it can carry) and writes it to out. PD_ERR_RANGE naming the board otherwise;
 * PD_ERR_USAGE for an unknown format. */
enum pd_status pbn_write_format(FILE *out, const char *format, const struct pbn_set *set,
                                struct pd_err *e);
/* Writes set to path in each of the comma-separated formats ("pbn,dup,dlm"); formats NULL = pick
 * from path's extension. With several formats, path's extension is replaced per format
 * (set.pbn -> set.dup, set.dlm). Each file atomically (pd_outfile). Every format's limits are
 * checked before any file is written. */
enum pd_status pbn_write_formats(const char *path, const char *formats, const struct pbn_set *set,
                                 struct pd_err *e);

/* Reads data in format (NULL: guess from the contents). Games get board, dealer, vulnerability
 * and Deal (Law 2 where the format has neither) and the mandatory PBN tags. On a fault the
 * message names the board and the byte or line. The caller frees *out with pbn_set_free. */
enum pd_status pbn_read_format_mem(const char *name, const char *format, const void *data,
                                   size_t len, struct pbn_set **out, struct pd_err *e);
/* Reads any supported format, from format (a --from name) or else the extension or contents. */
enum pd_status pbn_read_any(const char *path, const char *format, struct pbn_set **out,
                            struct pd_err *e);

/* predup check: lists every departure of PBN text from the export format and every impossible
 * deal to report as "name:LINE: what is wrong" lines, and sets *nfaults (0 = a clean file). */
enum pd_status pbn_check_mem(const char *name, const char *text, size_t len, FILE *report,
                             size_t *nfaults, struct pd_err *e);

/* Subcommands implemented in pbn/ (argv[0] is the subcommand name). */
enum pd_status cmd_deal(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_verify(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_check(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_convert(int argc, char **argv, struct pd_err *e);
/* SquareDeal events (pbn/cmd_squaredeal.c): cmd_deal and cmd_verify hand over to these when
 * pbn_has_option(argc, argv, "--squaredeal"), i.e. when the option is among the arguments
 * (before any "--"). */
bool pbn_has_option(int argc, char **argv, const char *name);
enum pd_status cmd_deal_squaredeal(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_verify_squaredeal(int argc, char **argv, struct pd_err *e);

#endif
