/* pbn/pbn.h - PBN 2.1 sets in memory, their writer and reader, and the machine and interchange
 * file formats (DUP, DLM, BRI, DGE, LIN, CSV, BER ...): the one public header of pbn/.
 *
 * A set is a list of games; a game is an ordered list of tags, each with the lines of its
 * section (OptimumResultTable rows, Auction calls ...). Parsed fields (board, dealer, deal ...)
 * are kept beside the tags so that formats without tags share one model.
 * Rules: PBN 2.1 (tistis.nl/pbn): import format when reading; a set read from PBN is written
 * back as it was read, a set built in memory in export format (pbn/FORMATS.md). */
#ifndef PREDUP_PBN_H
#define PREDUP_PBN_H

#include "dealer/run/run.h"

/* Sets of 100,000 games hold some 17 tags a game: a tag is kept small (32-bit counts and
 * offsets: pbn_read_mem reads texts under 4 GB). */
struct pbn_tag {
    char *name;      /* owned (or a shared string: pbn/set.c) */
    char *value;     /* owned (or shared), unescaped, UTF-8 */
    char **section;  /* owned lines that followed the tag (no end of line), UTF-8 */
    uint32_t nsection;
    /* Where the tag came from in its game's source text (pbn_game.src), so that an unchanged
     * game is written back byte for byte: pre is the text before the tag (comments, ";" and
     * "%" lines, spaces, the empty line that opened the game), raw the tag and its section
     * lines as read, right after pre (at pre_off + pre_len). raw_len is 0 once the tag is
     * changed (or for a tag built in memory). */
    uint32_t pre_off, pre_len, raw_len;
    bool sourced : 1;  /* read from the source text (pre_off is meaningful) */
    bool implicit : 1; /* filled in from an earlier game's "##" value: not in the source text */
    bool own_name : 1, own_value : 1; /* the strings are the tag's own (else shared, read-only) */
    bool section_fixed : 1; /* section (the array) is in the game's arena: copied out to grow */
    uint8_t id;      /* the name's number among the names pbn/set.c knows (0: another name),
                      * so that finding a tag compares a byte, not a string */
    int line;        /* the source line of its "[" when sourced (verify names it) */
};

struct pbn_arena; /* pbn/arena.c */

struct pbn_game {
    struct pbn_tag *tags; /* in the order read or set */
    size_t ntags, cap;
    /* The set's arena, where the game's own strings are (and its tags, once the game is whole:
     * tags_fixed), all freed with the set; NULL for a game of no set (a reused one on the
     * stack), whose strings are malloc'd one by one. */
    struct pbn_arena *arena;
    bool tags_fixed;      /* tags is in the arena, cap == ntags: copied out to grow */
    bool heap_sections;   /* a tag's section array is malloc'd (else all are in the arena) */
    /* (the small fields together: 16 bytes less a game, in sets of 100,000) */
    bool latin1;          /* its source is ISO 8859-1: changed tags are written back so */
    bool crlf;            /* its source ends lines with CRLF: changed tags are written so */
    int line;             /* source line of the first tag; 0 when built in memory */
    size_t hint;          /* pbn_tag_set looks here first: the slot after the last one set */
    size_t *index;        /* hash of first tags by name (slot = tag number + 1; 0 = empty) */
    size_t index_cap;     /* slots in index: 0 until the game has many tags */
    const char *src;      /* the set's source text (owned by the set); NULL when built */
    size_t tail_off, tail_len; /* source text after the last tag, to the game's end */
    char **comments;      /* owned "{ }" comments of the game in file order, UTF-8 */
    size_t ncomments;
    /* Parsed from the tags by pbn_game_parse, or set by the builder: */
    int board;            /* 0 when unknown */
    enum seat dealer;
    enum vul vul;
    bool has_dealer, has_vul;
    /* Read lean (pbn_read_any_ex's PBN_READ_LEAN) from a format of deals only: the game holds
     * no tags, its fields say all; its tags are pbn_game_from_board's of them, with DealId
     * (pbn_game_fill_tags makes them; the PBN writer, one game at a time). */
    bool deal_only;
    struct deal deal;
    unsigned known;       /* seats whose hands are given (1 << seat); 0 when no Deal */
    bool has_dd;          /* DoubleDummyTricks or OptimumResultTable present, a whole table */
    bool dd_makeable;     /* it was there, but lists only the contracts that make
                           * (dd_table_makeable_only): has_dd and has_par are then false */
    struct dd_table dd;
    bool has_par;         /* OptimumScore and ParContract present */
    struct dd_par par;
};

struct pbn_set {
    struct pbn_game *games;
    size_t n, cap;
    char *src;            /* owned: the PBN text the set was read from; NULL when built */
    size_t src_mapped;    /* src is a file's mapping of that many bytes (0: malloc'd) */
    struct pbn_arena *arena; /* owned: its games' memory (pbn/arena.c) */
    size_t head_len;      /* src text before the first game when the file has none */
    bool latin1;          /* the text was not UTF-8 and was read as ISO 8859-1 */
    bool lean;            /* games of deals-only formats are read deal_only (PBN_READ_LEAN) */
};

enum pd_status pbn_set_new(struct pbn_set **out, struct pd_err *e);
void pbn_set_free(struct pbn_set *set); /* NULL is fine */
/* --boards of print and convert: keeps the games whose board is in spec (a list as
 * board_range_parse reads it: "7", "1-12,25"), in the set's order. PD_ERR_USAGE naming a board
 * the set lacks and the boards name (its file) holds. A set cut short loses its source text:
 * it is written as export, from its tags. */
enum pd_status pbn_set_keep_boards(struct pbn_set *set, const char *spec, const char *name,
                                   struct pd_err *e);
/* The complete deal of board in set (its first game with that board and all four hands), or
 * NULL: the deal a machine fills and a fill's audit checks. */
const struct deal *pbn_set_deal_of(const struct pbn_set *set, int board);
/* Appends an empty game; the pointer is valid until the next pbn_game_add. */
enum pd_status pbn_game_add(struct pbn_set *set, struct pbn_game **out, struct pd_err *e);
/* Sets a tag (replacing a previous value, keeping its place); value is copied. */
enum pd_status pbn_tag_set(struct pbn_game *g, const char *name, const char *value,
                           struct pd_err *e);
/* The tag's value or NULL; borrowed, valid while the game is unchanged. */
const char *pbn_tag_get(const struct pbn_game *g, const char *name);
struct pbn_tag *pbn_tag_find(const struct pbn_game *g, const char *name);
/* All { } commentary of the game (before, between and after its tags), paragraphs in file
 * order separated by "\n", in UTF-8; NULL when none. The caller frees it. */
char *pbn_game_commentary(const struct pbn_game *g);
/* Appends a tag even when the game has one of that name (PBN import keeps repeated Note tags,
 * in order); value is copied. */
enum pd_status pbn_tag_add(struct pbn_game *g, const char *name, const char *value,
                           struct pd_err *e);
/* Appends a section line to the tag t of g. */
enum pd_status pbn_tag_section_add(struct pbn_game *g, struct pbn_tag *t, const char *line,
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

/* DoubleDummyTricks' 20 hex digits (declarers N, S, E, W; strains NT, S, H, D, C) to a table and
 * back (verify compares a set's tag with a fresh solve's). */
bool pbn_dd_from_hex(const char *text, struct dd_table *dd);
void pbn_dd_to_hex(const struct dd_table *dd, char out[21]);
/* The table of g's OptimumResultTable rows ("N NT  7", PBN 5.7), when all 20 are there. */
bool pbn_dd_from_table(const struct pbn_game *g, struct dd_table *dd);

/* Writes a set read from PBN text as it was read: every game nothing changed byte for byte, a
 * changed tag in place, new tags after the game's last (in the source's line ends and
 * encoding); its "% EXPORT" line only when the result passes predup check. Writes a set built in
 * memory in PBN 2.1 export format: CRLF, "% PBN 2.1" and "% EXPORT", the mandatory tags in
 * order, then the others alphabetically, an empty line before each game after the first, text
 * in ISO 8859-1 where it fits (UTF-8 otherwise). */
enum pd_status pbn_write(FILE *out, const struct pbn_set *set, struct pd_err *e);
/* Streaming: the two header lines, then each game (index 0 for the first, which is not preceded
 * by the empty line that separates games). pbn_write is exactly header + every game. */
void pbn_write_header(FILE *out, bool export); /* "% EXPORT" only when export is true */
/* The encoding rule (pbn/FORMATS.md, "Encoding"), one home: a set predup builds is written in
 * ISO 8859-1 when every character of every text fits it, else wholly in UTF-8 (no byte-order
 * mark), and pbn_write / deal say so on stderr (pbn_note_utf8). The test: the first character
 * of s[0..n) that ISO 8859-1 cannot hold (U+FFFD for bytes that are no UTF-8), 0 when all
 * fit. _event: the same over a dealt board's texts (Event, Site, Generator), *where naming the
 * tag. */
unsigned pbn_beyond_latin1(const char *s, size_t n);
/* A text (a whole file) that needs UTF-8: valid UTF-8 with a character beyond ISO 8859-1, its
 * code point (the first); 0 for a text ISO 8859-1 could hold. Such a file is UTF-8 by
 * necessity: predup check accepts its UTF-8, and it does not claim "% EXPORT" (export is
 * ISO 8859-1), so that the line keeps its strict meaning. */
unsigned pbn_text_needs_utf8(const char *text, size_t len);
unsigned pbn_event_beyond_latin1(const struct pbn_event *ev, const char **where);
/* "note: NAME is written in UTF-8, not ISO 8859-1 ...: tag WHERE holds U+XXXX ..." on stderr;
 * NAME NULL or "-" (standard output) is said "the PBN set". */
void pbn_note_utf8(const char *name, unsigned cp, const char *where);
enum pd_status pbn_write_game(FILE *out, const struct pbn_game *g, size_t index,
                              struct pd_err *e);
/* A set `predup deal` streams (pbn/dealt_writer.c): each board is the game pbn_game_from_board
 * makes of it for ev (with DealId when deal_id, and then num given to pbn_dealt_add, else NULL),
 * written as pbn_write_game writes that game at index (0 for the set's first), the text that
 * does not change from board to board formatted once. pbn_dealt_add keeps the board's text,
 * pbn_dealt_flush writes what was kept with one fwrite. */
struct pbn_dealt_writer;
enum pd_status pbn_dealt_writer_new(struct pbn_dealt_writer **out, const struct pbn_event *ev,
                                    bool deal_id, struct pd_err *e);
enum pd_status pbn_dealt_add(struct pbn_dealt_writer *w, struct board_info bi,
                             const struct deal *d, const deal_num *num, size_t index,
                             struct pd_err *e);
enum pd_status pbn_dealt_flush(struct pbn_dealt_writer *w, FILE *out, struct pd_err *e);
void pbn_dealt_writer_free(struct pbn_dealt_writer *w); /* NULL: nothing */
/* Frees a game's tags, for a game not owned by a set (a reusable one on the stack). */
void pbn_game_clear(struct pbn_game *g);
/* The same, to a temporary name, fsynced and renamed ("-" = stdout); refuses to replace a
 * different existing file (pd_outfile). _ex takes PD_OUT_FORCE / PD_OUT_PUBLIC flags. */
enum pd_status pbn_write_file(const char *path, const struct pbn_set *set, struct pd_err *e);
enum pd_status pbn_write_file_ex(const char *path, unsigned flags, const struct pbn_set *set,
                                 struct pd_err *e);

/* Reads PBN in import format. Errors name file, line and column. Each game's parsed fields
 * are filled (pbn_game_parse). name is used in messages. */
enum pd_status pbn_read_mem(const char *name, const char *text, size_t len,
                            struct pbn_set **out, struct pd_err *e);
/* The same on a text the set takes over (malloc'd, text[len] == '\0'; freed on failure): no
 * copy of a file read whole (pbn_read_any). */
enum pd_status pbn_read_adopt(const char *name, char *text, size_t len, struct pbn_set **out,
                              struct pd_err *e);
/* Import keeps a game's repeated tags, and its parsed fields come from the first of each name:
 * a verifier must see the others. Calls found for each Board, Deal, Dealer, Vulnerable or
 * DealId tag of g (read from the source, not inherited) that repeats an earlier one, in order;
 * each tag's line is the source line of its "[". */
typedef void pbn_repeat_fn(void *ctx, const struct pbn_game *g, const struct pbn_tag *again,
                           const struct pbn_tag *first);
void pbn_game_repeats(const struct pbn_game *g, pbn_repeat_fn *found, void *ctx);

/* ---------------------------------------------------------------- file formats
 * Machine and interchange files (layouts and sources in pbn/FORMATS.md). Format names:
 * pbn, dup, dupblind, dlm, dlmblind, bri, dge, lin, csv, ber, bhg, rzd, cds. */

/* The format a file name's extension names (".dup" -> "dup"), or NULL. */
const char *pbn_format_from_path(const char *path);
/* True when name is one of the format names above. */
bool pbn_format_known(const char *name);
/* The format table (pbn/fmt.c), the one list of formats that help, messages and the bash
 * completion read: the i-th format's name ("dupblind") and extension (".dup"), NULL past the
 * last. pbn_format_list joins the names with sep into buf; files: instead the upper-case
 * extensions, each once ("PBN, DUP, DLM ..."), as a file's kind. */
const char *pbn_format_name(size_t i);
const char *pbn_format_ext(size_t i);
void pbn_format_list(char *buf, size_t cap, const char *sep, bool files);

/* Checks that set fits format (complete deals, board numbers the format can hold, dealer and
 * vulnerability it can carry) and writes it to out. PD_ERR_RANGE naming the board otherwise;
 * PD_ERR_USAGE for an unknown format. */
enum pd_status pbn_write_format(FILE *out, const char *format, const struct pbn_set *set,
                                struct pd_err *e);
/* Writes set to path in each of the comma-separated formats ("pbn,dup,dlm"); formats NULL = pick
 * from path's extension. With several formats, path's extension is replaced per format
 * (set.pbn -> set.dup, set.dlm). All or nothing: every format's limits are checked, then every
 * file written and synced under a temporary name, and only then all renamed (pd_outfile). A
 * different existing file is refused unless PD_OUT_FORCE (_ex, with PD_OUT_* flags). */
enum pd_status pbn_write_formats(const char *path, const char *formats, const struct pbn_set *set,
                                 struct pd_err *e);
enum pd_status pbn_write_formats_ex(const char *path, const char *formats, unsigned flags,
                                    const struct pbn_set *set, struct pd_err *e);
/* A flag of pbn_write_formats_ex beside PD_OUT_*: a format that carries no dealer or
 * vulnerability (DUP, DLM, BRI ...: Law 2 from the board number) is written even for a set
 * whose dealer or vulnerability differ, with a note on stderr naming what it shows instead
 * (deal and convert --drop-conditions); without it such a set is refused. */
enum { PBN_OUT_DROP_CONDITIONS = 0x100 };

/* Reads data in format (NULL: guess from the contents). Games get board, dealer, vulnerability
 * and Deal (Law 2 where the format has neither) and the mandatory PBN tags. On a fault the
 * message names the board and the byte or line. The caller frees *out with pbn_set_free. */
enum pd_status pbn_read_format_mem(const char *name, const char *format, const void *data,
                                   size_t len, struct pbn_set **out, struct pd_err *e);
/* Reads any supported format: format (a --from name), else the one its contents show, else its
 * extension's. Every command that takes a set reads it with this. */
enum pd_status pbn_read_any(const char *path, const char *format, struct pbn_set **out,
                            struct pd_err *e);
/* The same; with PBN_READ_LEAN, a format of deals only (DUP, BRI, BER, RZD ...) gives
 * deal_only games: some 270 bytes a game, not 1,200 (a set of 100,000 BER boards, a 5 MB
 * file, was 22 times its size in memory). For a caller that writes the set with
 * pbn_write_formats_ex after pbn_set_tags_for, and reads no tag itself (convert). */
enum { PBN_READ_LEAN = 1 };
enum pd_status pbn_read_any_ex(const char *path, const char *format, unsigned flags,
                               struct pbn_set **out, struct pd_err *e);
/* Gives every deal_only game of set its tags (as pbn_read_any's games have them) unless each
 * format that pbn_write_formats_ex(path, formats ...) would write reads none: PBN (its writer
 * makes a game's tags as it writes it) and the formats of deals only. */
enum pd_status pbn_set_tags_for(struct pbn_set *set, const char *path, const char *formats,
                                struct pd_err *e);
/* The tags of one deal_only game, which then is one no more. */
enum pd_status pbn_game_fill_tags(struct pbn_game *g, struct pd_err *e);

/* The format pbn_read_any would read path as (with no format given), or NULL when it cannot
 * tell (or cannot read the file). */
const char *pbn_format_guess(const char *path);
/* How many games of set the format leaves out when it writes it: a format of partial deals
 * (LIN) cannot hold a board with no hand, and names them in a note; 0 for an unknown name. */
size_t pbn_format_left_out(const char *format, const struct pbn_set *set);
/* True when the format carries no dealer or vulnerability (its boards read as Law 2's). */
bool pbn_format_law2(const char *name);

/* predup check: lists every departure of PBN text from the export format and every impossible
 * deal to report as "name:LINE: what is wrong" lines, and sets *nfaults (0 = a clean file).
 * report NULL: count only. */
enum pd_status pbn_check_mem(const char *name, const char *text, size_t len, FILE *report,
                             size_t *nfaults, struct pd_err *e);
/* The lines of PBN text outside any game (as check reads the games) that hold a "[", which
 * import ignores and a lenient reader takes for another board: found(ctx, line) for each.
 * verify calls it on the text of a set it checks. */
typedef void pbn_outside_fn(void *ctx, int line);
enum pd_status pbn_check_outside(const char *text, size_t len, pbn_outside_fn *found, void *ctx,
                                 struct pd_err *e);

/* The Generator tag of a keyed set (pbn/generator.c): what `predup verify` reads back. */
struct pbn_generator {
    char event[65];                /* record digest of an event set; "" otherwise */
    char commitment[65];
    char boards[256];              /* the set's board range, "" when not given */
    int dealer, vul;               /* -1: Law 2 */
    char script[65];               /* SHA-256 of the script; "" for none */
    int dealing;                   /* dealing version of a script set (DEALING_V1 ..); 0 without
                                    * a script; -1: a dealing= field that is not a number */
    char label[PD_LABEL_MAX + 1];  /* the label or set name (may hold spaces) */
    bool has_label;
};
void pbn_generator_format(char *buf, size_t n, const struct pbn_generator *g);
/* A PBN Date value: "YYYY.MM.DD", any digit may be "?" (PBN 3.4: unknown parts). */
bool pbn_date_valid(const char *d);
/* False when tag is NULL or not written by predup. */
bool pbn_generator_parse(const char *tag, struct pbn_generator *g);

#endif
