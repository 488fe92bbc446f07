/* pbn/fmt_int.h - internal to pbn/: the table of file formats and the helpers their readers and
 * writers share (card numbering, board numbering, building games from deals). Layouts and their
 * sources are in pbn/FORMATS.md. */
#ifndef PREDUP_PBN_FMT_INT_H
#define PREDUP_PBN_FMT_INT_H

#include "pbn/pbn.h"

/* The 15 tags of PBN's Mandatory Tag Set in the order export puts them (PBN 2.1 section 3):
 * the writer's order, the checker's rules and a dealt board's tags all come from here. */
enum { PBN_MTS_COUNT = 15 };
extern const char *const pbn_mts[];
/* Rank of name among pbn_mts, or -1 when it is not a mandatory tag. */
int pbn_mts_rank(const char *name);

enum fmt_flags {
    FMT_POSITIONAL = 1, /* no board numbers: the k-th record is board k (from 1) */
    FMT_LAW2 = 2,       /* no dealer or vulnerability: Law 2 from the board number */
    FMT_CONSECUTIVE = 4 /* holds one run of consecutive boards */
};

/* One reader: fills set (empty on entry) from the bytes; name is for messages. On failure the
 * message names the board and the byte or line of the first fault. */
typedef enum pd_status (*fmt_read_fn)(const char *name, const unsigned char *p, size_t n,
                                      struct pbn_set *set, struct pd_err *e);
/* One writer: the set has passed fmt_check_set for this format. */
typedef enum pd_status (*fmt_write_fn)(FILE *out, const struct pbn_set *set, struct pd_err *e);

struct fmt {
    const char *name;   /* "dup", as in --format */
    const char *ext;    /* ".dup" */
    unsigned flags;     /* enum fmt_flags */
    int max_board;      /* highest board number it holds; 0 = no limit */
    fmt_read_fn read;
    fmt_write_fn write;
};

/* The writer's board number of game i: its Board tag, or i + 1 when it has none. */
int fmt_board(const struct pbn_set *set, size_t i);
/* Dealer and vulnerability of game i: its tags, else Law 2 from fmt_board. */
struct board_info fmt_board_info(const struct pbn_set *set, size_t i);

/* seat[c] = seat holding card c (0 = spade ace .. 51 = club two) of a complete deal. */
void fmt_card_seats(const struct deal *d, unsigned char seat[DEAL_NCARDS]);

/* Appends a game for a complete deal read from a file with no tags of its own: board, dealer,
 * vulnerability and Deal set, the other mandatory tags as a dealing program writes them. */
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

/* Checks a deal read from a file: 13 cards a hand, no card twice. why gets the first fault. */
bool fmt_deal_ok(const struct deal *d, char *why, size_t n);

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

/* The formats, in pbn/dup.c, pbn/dlm.c, pbn/text.c, pbn/kops.c. */
enum pd_status fmt_bri_read(const char *, const unsigned char *, size_t, struct pbn_set *,
                            struct pd_err *);
enum pd_status fmt_bri_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_dge_read(const char *, const unsigned char *, size_t, struct pbn_set *,
                            struct pd_err *);
enum pd_status fmt_dge_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_dup_read(const char *, const unsigned char *, size_t, struct pbn_set *,
                            struct pd_err *);
enum pd_status fmt_dup_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_dupblind_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_dlm_read(const char *, const unsigned char *, size_t, struct pbn_set *,
                            struct pd_err *);
enum pd_status fmt_dlm_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_dlmblind_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_lin_read(const char *, const unsigned char *, size_t, struct pbn_set *,
                            struct pd_err *);
enum pd_status fmt_lin_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_csv_read(const char *, const unsigned char *, size_t, struct pbn_set *,
                            struct pd_err *);
enum pd_status fmt_csv_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_ber_read(const char *, const unsigned char *, size_t, struct pbn_set *,
                            struct pd_err *);
enum pd_status fmt_ber_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_bhg_read(const char *, const unsigned char *, size_t, struct pbn_set *,
                            struct pd_err *);
enum pd_status fmt_bhg_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_rzd_read(const char *, const unsigned char *, size_t, struct pbn_set *,
                            struct pd_err *);
enum pd_status fmt_rzd_write(FILE *, const struct pbn_set *, struct pd_err *);
enum pd_status fmt_cds_read(const char *, const unsigned char *, size_t, struct pbn_set *,
                            struct pd_err *);
enum pd_status fmt_cds_write(FILE *, const struct pbn_set *, struct pd_err *);

#endif
