/* pbn/fmt_int.h - internal to pbn/: the table of file formats (pbn/fmt.c), the helpers their
 * readers and writers share (pbn/fmt_help.c: card numbering, board numbering, building games from
 * deals, fixed-size records), the one PBN tag scanner (pbn/tag_scan.c) and each format's reader and
 * writer (one file a format). Layouts and their sources are in pbn/FORMATS.md. */
#ifndef PREDUP_PBN_FMT_INT_H
#define PREDUP_PBN_FMT_INT_H

#include "pbn/pbn.h"

/* The 15 tags of PBN's Mandatory Tag Set in the order export puts them (PBN 2.1 section 3):
 * the writer's order, the checker's rules and a dealt board's tags all come from here. */
#define PBN_MTS_NAMES(X)                                                                      \
    X(Event) X(Site) X(Date) X(Board) X(West) X(North) X(East) X(South) X(Dealer)               \
    X(Vulnerable) X(Deal) X(Scoring) X(Declarer) X(Contract) X(Result)
/* The other names the program looks for (pbn/set.c). */
#define PBN_EXTRA_NAMES(X)                                                                    \
    X(DealId) X(Generator) X(Room) X(Auction) X(Play) X(Note) X(DoubleDummyTricks)              \
    X(OptimumResultTable) X(OptimumScore) X(ParContract)
/* A known name's number, a tag's id (pbn_tag.id): 1 + its place in the two lists. */
#define PBN_ID_OF(s) PBN_ID_##s,
enum pbn_tag_id { PBN_ID_NONE, PBN_MTS_NAMES(PBN_ID_OF) PBN_EXTRA_NAMES(PBN_ID_OF) PBN_ID_COUNT };
#undef PBN_ID_OF
enum { PBN_MTS_COUNT = 15 };
_Static_assert((int)PBN_ID_Result == (int)PBN_MTS_COUNT, "the mandatory tags first");
/* pbn_tag_find and pbn_tag_get for a known name, by its id: no string compared (the hot paths:
 * import's parsed fields, the writers). */
struct pbn_tag *pbn_tag_find_id(const struct pbn_game *g, enum pbn_tag_id id);
const char *pbn_tag_get_id(const struct pbn_game *g, enum pbn_tag_id id);
extern const char *const pbn_mts[];
/* Rank of name among pbn_mts, or -1 when it is not a mandatory tag. */
int pbn_mts_rank(const char *name);
/* The same for a tag, from its id (no string compare). */
static inline int pbn_tag_mts_rank(const struct pbn_tag *t)
{
    return t->id >= 1 && t->id <= PBN_MTS_COUNT ? t->id - 1 : -1;
}

/* The values of a dealt board's own tags, which change from board to board of a set
 * (pbn/dealt.c: pbn_game_from_board's, and the dealt writer's): Board, Dealer, Vulnerable,
 * Deal and DealId (empty when num is NULL), each plain ASCII (nothing to escape). */
enum pbn_board_value { PBN_BV_BOARD, PBN_BV_DEALER, PBN_BV_VUL, PBN_BV_DEAL, PBN_BV_DEALID,
                       PBN_BV_COUNT };
struct pbn_board_values {
    const char *text[PBN_BV_COUNT];
    size_t len[PBN_BV_COUNT];
    char board[12], dealer[2], deal[DEAL_PBN_LEN], dec[40];
};
void pbn_board_values(struct pbn_board_values *v, struct board_info bi, const struct deal *d,
                      const deal_num *num);

/* The export text of g (pbn_write_game's, in g's encoding, without the empty line before a
 * game) with the values of the tags whose ids are in ids left out, each value plain (nothing
 * to escape: pbn_write_game would write it as it is): at[k] is where the k-th value left out
 * goes in text (malloc'd, len bytes), which[k] its id's place in ids; n of them. */
enum { PBN_CUT_MAX = PBN_BV_COUNT };
struct pbn_export_cuts {
    char *text;
    size_t len, n, at[PBN_CUT_MAX];
    uint8_t which[PBN_CUT_MAX];
};
enum pd_status pbn_export_cut(const struct pbn_game *g, const uint8_t ids[PBN_CUT_MAX],
                              struct pbn_export_cuts *c, struct pd_err *e);

/* pbn_write, its UTF-8 note (pbn_note_utf8) naming the file name ("-" or NULL: "the PBN
 * set"): pbn/fmt.c writes a set's PBN file by it. */
enum pd_status pbn_write_named(FILE *out, const char *name, const struct pbn_set *set,
                               struct pd_err *e);

/* The one PBN tag scanner (pbn/tag_scan.c), for import (pbn/read.c, and through it `predup
 * verify` and every command that reads a set) and `predup check` (pbn/check.c). Set text's
 * end, flags, report and ctx, then call pbn_scan_tag at a "[".
 * Between tokens it skips spaces, tabs and CRs (PBN_SCAN_LINES: also line ends, so a tag's
 * tokens may stand on several lines, as import allows); a name is letters, digits and "_"; a
 * value is a string in double quotes, closed on its line, in which \" and \\ stand for " and \
 * (any other backslash is kept, as in OptimumResultTable's "\2R").
 * Each departure from export spelling is reported as met; a fault stops the scan. What the two
 * callers make of one scan differs, and each difference is theirs:
 *   1. tokens apart: import scans the whole text (PBN_SCAN_LINES: spaces, tabs, CR, LF between
 *      tokens); check scans one line, without its line end (spaces, tabs and CRs between
 *      tokens, each tab and CR also a fault of its line);
 *   2. a NUL byte: check's line ends at it; import scans on past it (the value kept ends at it);
 *   3. an empty name: import stops ("a tag name must follow"); check reports it with a name
 *      not starting upper case (PBN_DEP_NAME_CASE) and goes on;
 *   4. a long name: import stops after 255 characters, where a value should start; check takes
 *      the whole name and names 63 characters of it in its messages;
 *   5. a fault: import stops the file at it, with line and column; check reports it, skips the
 *      line (no quoted value) or its rest (unclosed string), or records the tag when only "]"
 *      is missing, and goes on with the line;
 *   6. departures: check reports each; import passes no callback and takes them all;
 *   7. the value: import converts an ISO 8859-1 file's value to UTF-8; check keeps the bytes;
 *   8. "#" and "##" (PBN 4.8): import replaces them with the inherited value; check keeps them.
 */
enum pbn_departure {
    PBN_DEP_SPACE_AFTER_OPEN,  /* "[ Name" */
    PBN_DEP_NAME_CASE,         /* no name, or one not starting with an upper-case letter */
    PBN_DEP_NAME_SPACING,      /* not one space between the name and the value */
    PBN_DEP_SPACE_BEFORE_CLOSE /* "value" ] */
};
enum pbn_scan_fault {
    PBN_SCAN_OK,
    PBN_SCAN_NOT_QUOTED, /* no '"' where the value starts (stop: there) */
    PBN_SCAN_UNCLOSED,   /* the string meets its line's end (stop: there) */
    PBN_SCAN_NO_CLOSE    /* no "]" after the value (stop: what stands there) */
};
enum { PBN_SCAN_LINES = 1 };
struct pbn_tag_scan;
typedef void pbn_departure_fn(void *ctx, enum pbn_departure d, const struct pbn_tag_scan *t);
struct pbn_tag_scan {
    const char *end;            /* of the text: scanning never reads it or beyond */
    unsigned flags;             /* PBN_SCAN_LINES */
    pbn_departure_fn *report;   /* or NULL */
    void *ctx;
    /* out: */
    const char *name;           /* the name's characters (name_len of them; 0 when none) */
    size_t name_len;
    const char *value;          /* the string between the quotes, escapes kept (NULL: none) */
    size_t value_len;
    bool plain;                 /* no escape (\" or \\) and no NUL in it: it is the value */
    size_t lines;               /* line ends between the tokens (PBN_SCAN_LINES) */
    enum pbn_scan_fault fault;
    const char *stop;           /* after "]", or where the fault is */
};
void pbn_scan_tag(struct pbn_tag_scan *t, const char *open);
/* The value with its escapes undone into out (room for value_len + 1); returns its length. */
size_t pbn_scan_value(const struct pbn_tag_scan *t, char *out);

/* The text around tags, read alike by import, check and verify (pbn/tag_scan.c), so that every
 * command sees the same games in the same file:
 *   - a UTF-8 byte order mark opening the text is not part of it (check reports it: export
 *     writes none);
 *   - a line ends at LF; a CR anywhere in a line (one or more before its LF: CR LF, CR CR LF)
 *     is space between tokens, as are spaces and tabs (check reports what export would not
 *     write: tabs, a CR inside a line, CR CR LF);
 *   - a line of such spaces only (or of vertical tabs and form feeds) is empty: it ends the
 *     game, unless it is inside a { } comment. */
/* 3 when text opens with a UTF-8 byte order mark, else 0. */
size_t pbn_text_bom(const char *text, size_t len);
/* Space between tokens: space, tab, CR. */
bool pbn_text_space(char c);
/* True when the line at p (to its LF or end) is empty in the sense above. */
bool pbn_text_blank_line(const char *p, const char *end);

enum fmt_flags {
    FMT_POSITIONAL = 1, /* no board numbers: the k-th record is board k (from 1) */
    FMT_LAW2 = 2,       /* no dealer or vulnerability: Law 2 from the board number */
    FMT_CONSECUTIVE = 4, /* holds one run of consecutive boards */
    FMT_BLIND = 8,       /* the blind variant: the deals kept off the machine's screen */
    FMT_PARTIAL = 16,    /* holds deals with unknown hands (LIN's empty md hands) */
    FMT_DEALS = 32       /* its reader gives only fmt_add_deal's games, its writer reads no
                          * tag: a lean set (PBN_READ_LEAN) goes through as it is */
};

/* One reader: fills set (empty on entry) from the bytes; name is for messages. On failure the
 * message names the board and the byte or line of the first fault. */
typedef enum pd_status fmt_reader(const char *name, const unsigned char *p, size_t n,
                                  struct pbn_set *set, struct pd_err *e);
/* One writer: the set has passed fmt_check_set for this format. A format with a blind variant
 * (FMT_BLIND in the variant's row) has one writer for both, told which; it cannot fail. */
typedef enum pd_status fmt_writer(FILE *out, const struct pbn_set *set, struct pd_err *e);
typedef void fmt_blind_writer(FILE *out, const struct pbn_set *set, bool blind);
typedef fmt_reader *fmt_read_fn;
typedef fmt_writer *fmt_write_fn;

struct fmt {
    const char *name;   /* "dup", as in --format */
    const char *ext;    /* ".dup" */
    unsigned flags;     /* enum fmt_flags */
    int max_board;      /* highest board number it holds; 0 = no limit */
    fmt_read_fn read;
    fmt_write_fn write;              /* NULL for a format with a blind variant: */
    fmt_blind_writer *write_blind;   /* then this one */
};

/* The writer's board number of game i: its Board tag, or i + 1 when it has none. */
int fmt_board(const struct pbn_set *set, size_t i);
/* Dealer and vulnerability of game i: its tags, else Law 2 from fmt_board. */
struct board_info fmt_board_info(const struct pbn_set *set, size_t i);

/* seat[c] = seat holding card c (0 = spade ace .. 51 = club two) of a complete deal. */
void fmt_card_seats(const struct deal *d, unsigned char seat[DEAL_NCARDS]);

/* The parsed fields of a board dealt whole (pbn_game_from_board's, a lean game's): board,
 * dealer, vulnerability, the deal, all four hands known. */
void pbn_game_set_fields(struct pbn_game *g, struct board_info bi, const struct deal *d);
/* Appends a game for a complete deal read from a file with no tags of its own: board, dealer,
 * vulnerability and Deal set, the other mandatory tags as a dealing program writes them; in a
 * lean set (set->lean), a deal_only game, its fields only. */
enum pd_status fmt_add_deal(struct pbn_set *set, struct board_info bi, const struct deal *d,
                            struct pd_err *e);

/* Error helpers for readers: a binary file's fault at a byte offset (0-based, printed 0-based as
 * "byte N"), a text file's at a line and column (1-based). */
enum pd_status fmt_fail_byte(struct pd_err *e, const char *name, int board, size_t byte,
                             const char *fmt, ...) __attribute__((format(printf, 5, 6)));
enum pd_status fmt_fail_line(struct pd_err *e, const char *name, int line, int col,
                             const char *src, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* Sets tag name of g to text read from a file: UTF-8 when it is, else ISO 8859-1 converted. */
enum pd_status fmt_tag_set_text(struct pbn_game *g, const char *name, const char *text,
                                struct pd_err *e);
/* s (UTF-8) into out in ISO 8859-1 when every character fits, else as it is; truncated to n. */
void fmt_latin1(const char *s, char *out, size_t n);

/* A set's arena (pbn/arena.c): memory taken in order, freed all at once by pbn_arena_free.
 * _take: n bytes aligned to align (a power of two); _strndup: s[0..n) and a NUL. NULL when out
 * of memory. */
struct pbn_arena *pbn_arena_new(void);
void pbn_arena_free(struct pbn_arena *a); /* NULL is fine */
/* Gives all of a's memory back for reuse but its first block (a game's worth: 4 KB). */
void pbn_arena_reset(struct pbn_arena *a);
void *pbn_arena_take(struct pbn_arena *a, size_t n, size_t align);
char *pbn_arena_strndup(struct pbn_arena *a, const char *s, size_t n);
/* A read-only copy of s[0..n): the one made last for slot (below PBN_ARENA_SLOTS: the set keeps
 * one for each known tag name) when it holds the same bytes, else a new one, which becomes the
 * slot's. The values a set's games repeat (Event, Generator ...) are then held once. */
enum { PBN_ARENA_SLOTS = 32 };
const char *pbn_arena_recent(struct pbn_arena *a, unsigned slot, const char *s, size_t n);

/* pbn_read_adopt for a file's text mapped (mmap) whole, len bytes and a NUL after them (the
 * rest of its last page): the set unmaps it (pbn_text_free). */
enum pd_status pbn_read_mapped(const char *name, char *text, size_t len, struct pbn_set **out,
                               struct pd_err *e);
/* A regular file of 1 MiB or more, mapped whole (pbn/mapped.c), with its length in *mapped; NULL
 * (and *mapped 0) when it is not one: then read it. A file cut short by another program while
 * it is mapped ends predup with a message naming it and exit code 74, not a bare SIGBUS. */
char *pbn_map_file(const char *path, size_t *mapped);
/* Gives back a set's text: free, or munmap when mapped (the mapping's length; 0: malloc'd). */
void pbn_text_free(char *text, size_t mapped);

/* pbn_tag_add for a name and a value given with their lengths (not NUL-terminated): import adds
 * each tag straight from the text it reads. */
enum pd_status pbn_tag_add_n(struct pbn_game *g, const char *name, size_t name_len,
                             const char *value, size_t value_len, struct pd_err *e);

/* Gives back g's unused tag slots (pbn/set.c): a reader calls it when a game is whole, so that
 * a set of many games read from a file holds no room it will not use. A game of a set moves
 * its tags and their section arrays into the set's arena (tags_fixed, section_fixed). */
void pbn_game_shrink(struct pbn_game *g);

/* Checks a deal read from a file: 13 cards a hand, no card twice. why gets the first fault. */
bool fmt_deal_ok(const struct deal *d, char *why, size_t n);
/* The same for the hands in known (1 << seat): 13 cards each, no card in two of them; with all
 * four known, fmt_deal_ok. */
bool fmt_hands_ok(const struct deal *d, unsigned known, char *why, size_t n);

/* LIN's seats, in its order: md's hands and dealer digit (1 South .. 4 East) and pn's players
 * (the PBN tags SEAT_NAME[FMT_LIN_SEATS[k]]) go South, West, North, East. pn's writer
 * (fmt_lin_extra_write_pre) still spells the order in its own list of tags: to be read from
 * here. */
extern const enum seat FMT_LIN_SEATS[4];

/* What a LIN board holds beyond its deal (pbn/lin_play.c). The first part is per board
 * (fmt_lin_extra_reset clears it); players and the vugraph event carry over boards. */
enum { LIN_MAX_CALLS = 320 }; /* the longest auction has 319 calls */
struct lin_extra {
    char calls[LIN_MAX_CALLS][5]; /* PBN spelling: "Pass", "X", "XX", "1NT", "4S" */
    char *note[LIN_MAX_CALLS];    /* the call's explanation ("alert" for a bare "!"), or NULL */
    int ncalls;
    char cards[DEAL_NCARDS][2];   /* in the order played: suit letter, rank character */
    int ncards;
    int claim;                    /* mc: tricks for declarer, when has_claim */
    bool has_claim;
    int room;                     /* 'o' or 'c' from qx, 0 when none */
    char **nt;                    /* nt commentary */
    int nnt;
    char *players[8];             /* pn: S, W, N, E of the open room, then of the closed */
    char *event;                  /* vg's first field */
};
void fmt_lin_extra_reset(struct lin_extra *x);
void fmt_lin_extra_free(struct lin_extra *x);
/* Takes one key|value pair (pn, mb, an, pc, mc, nt, vg; others are ignored). */
enum pd_status fmt_lin_extra_pair(struct lin_extra *x, const char *key, const char *v, size_t n,
                                  int line, const char *name, struct pd_err *e);
/* Sets g's players, Event, Room, Auction and its Notes, Contract, Declarer, Play, Result and
 * commentary from x. */
enum pd_status fmt_lin_extra_apply(struct pbn_game *g, const struct lin_extra *x,
                                   struct pd_err *e);
/* Writes g's players, auction, play and claim as LIN pairs: pn before md (pre), the rest after
 * sv (post). Nothing for a game with none of them. */
void fmt_lin_extra_write_pre(FILE *out, const struct pbn_game *g);
void fmt_lin_extra_write_post(FILE *out, const struct pbn_game *g);
/* Writes vugraph's header line (vg) before game i when its Event is known and is not *written
 * (the event the last vg gave, NULL before any), and sets *written. An event with a comma or a
 * bar has no vg line (vg's fields are comma-separated). */
void fmt_lin_event_write(FILE *out, const struct pbn_set *set, size_t i, const char **written);

/* Fixed-size records shared by formats: BRI's 78 digits (pbn/bri.c) and DGE's 68 bytes
 * (pbn/dge.c) are DUP's first two parts (pbn/dup.c); Big Deal pads each to a 128-byte record. */
enum { FMT_BRI_LEN = 78, FMT_DGE_LEN = 68, FMT_REC_LEN = 128 };
void fmt_bri_put(FILE *out, const struct deal *d);
void fmt_dge_put(FILE *out, const struct deal *d);
/* Decode one BRI / DGE record at p (byte offset base in the file) into a complete deal. */
enum pd_status fmt_bri_get(const char *name, int board, const unsigned char *p, size_t base,
                           struct deal *d, struct pd_err *e);
enum pd_status fmt_dge_get(const char *name, int board, const unsigned char *p, size_t base,
                           struct deal *d, struct pd_err *e);
/* A file of fixed-size records, board k the k-th (BRI, DGE): each record's first used bytes
 * decoded by decode (from p, at byte base of the file) into a complete deal, the rest padding
 * (blanks or NULs; padding is the message when it is not). what names the format ("BRI"). */
typedef enum pd_status fmt_record_fn(const char *name, int board, const unsigned char *p,
                                     size_t base, struct deal *d, struct pd_err *e);
struct fmt_records {
    const char *what;
    size_t rec, used;
    fmt_record_fn *decode;
    const char *padding;
};
/* Reads every record into set, with Law 2's dealer and vulnerability. */
enum pd_status fmt_read_records(const char *name, const unsigned char *p, size_t n,
                                const struct fmt_records *r, struct pbn_set *set,
                                struct pd_err *e);

/* predup check's rules over a text given in pieces (pbn/check.c), for the PBN writer, which
 * checks its own output as it formats it instead of reading it back. pbn_lint_new: utf8 says
 * the text is UTF-8 whole (its UTF-8 is then no fault); report NULL counts only. pbn_lint_end
 * frees the lint and says what it found. The import reader's last word is not asked here:
 * pbn_check_mem adds it. */
struct lint;
struct pbn_lint_result {
    size_t faults;
    unsigned needs_utf8;     /* pbn_text_needs_utf8 of the whole text */
    size_t export_at, export_len; /* the first "% EXPORT" line, its LF included; len 0: none */
};
struct lint *pbn_lint_new(const char *name, FILE *report, bool utf8);
void pbn_lint_feed(struct lint *l, const char *text, size_t len);
enum pd_status pbn_lint_end(struct lint *l, struct pbn_lint_result *r, struct pd_err *e);

/* The formats, each in its file: pbn/bri.c, pbn/dge.c, pbn/dup.c, pbn/dlm.c; LIN, CSV, BER and
 * BHG in pbn/text_formats.c; RZD and CDS in pbn/kops.c. */
fmt_reader fmt_bri_read, fmt_dge_read, fmt_dup_read, fmt_dlm_read, fmt_lin_read, fmt_csv_read,
    fmt_ber_read, fmt_bhg_read, fmt_rzd_read, fmt_cds_read;
fmt_writer fmt_bri_write, fmt_dge_write, fmt_lin_write, fmt_csv_write, fmt_ber_write,
    fmt_bhg_write, fmt_rzd_write, fmt_cds_write;
fmt_blind_writer fmt_dup_write, fmt_dlm_write;

#endif
