/* printing/teach_int.h - internal to printing/: what the teaching layouts share (teach.c: PBN
 * suit escapes, a board's commentary, the words they print, the page head without the key's
 * commitment), the auction, contract, lead and result of a played board (auction.c), the
 * student handout (handout.c) and Minibridge (minibridge.c, its rules; minisheet.c, its page). */
#ifndef PREDUP_TEACH_INT_H
#define PREDUP_TEACH_INT_H

#include "printing/pr_int.h"

/* ---------------------------------------------------------------- teach.c */

/* s with PBN's suit escapes (PBN 2.1 section 3.8: "\S", "\H", "\D", "\C" in commentary)
 * replaced by the suit symbols ♠ ♥ ♦ ♣; every other byte as it was. malloc'd, NULL when out of
 * memory. */
char *pr_suit_escapes(const char *s);
/* The board's commentary as drawn: its { } commentary, else its Description or Note tag; suit
 * escapes made symbols, each paragraph cleaned for drawing (pr_text_clean), joined by "\n".
 * NULL when it has none; *fail is set when out of memory. */
char *pr_commentary(struct pdoc *d, const struct pbn_game *g, bool *fail);

/* A board's heading at (x, 0) in a frame with y downward: "Board 7" in bold at size, the dealer
 * and the vulnerability on a line each below it, at most w wide (in d's language). */
void pr_teach_heading(struct pdoc *d, const struct pr_board *b, float x, float size, float w);

/* A teaching page's head: the title, the place and date, the page number; neither the set's
 * label nor the key's commitment (a handout is not for checking a set). Returns its height. */
float pr_teach_header(struct pdoc *d, const struct pr_title *t, int page, int pages);
enum { PR_TEACH_MARGIN = 30, PR_TEACH_HEAD_H = 40 };

/* ---------------------------------------------------------------- auction.c */

/* What a played board's tags say: the auction ([Auction] and its section: calls in order from
 * the seat its tag names), the contract, declarer, result (tricks) and the opening lead (the
 * first card of [Play]). Fields a file does not hold are left empty (n 0, "" texts). */
enum { PR_AUCTION_MAX = 96 };
struct pr_play {
    int first;                          /* seat of the first call; -1: no auction */
    int n;                              /* calls */
    char call[PR_AUCTION_MAX][16];      /* as printed: "1♠", "2NT", "Pass", "X", "XX" */
    bool all_pass;                      /* the auction ends with AP */
    char contract[24];                  /* "4♠", "3NTx", "Pass"; "" unknown */
    int level;                          /* 1..7; 0 for a pass-out or unknown */
    int declarer;                       /* seat, -1 unknown */
    int result;                         /* declarer's tricks, -1 unknown */
    char lead[12];                      /* "♥K", "" unknown */
};
void pr_play_from_game(const struct pr_terms *t, const struct pbn_game *g, bool ten10,
                       struct pr_play *p);
/* The contract line: "Contract: 4♠ S   Lead: ♥K   Result: 4♠+1" (the parts known); "" when
 * the file holds none of them. The words, seats, NT and honours in t's language (NULL: en). */
void pr_play_line(const struct pr_terms *t, const struct pr_play *p, char *out, size_t n);
/* Rows of the auction table (a heading row and the calls), 0 without an auction. */
int pr_auction_rows(const struct pr_play *p);
/* Draws the auction table with its top at (x, y) in a frame with y downward: four columns of
 * w / 4, W N E S, rows of lead points. */
void pr_auction_draw(struct pdoc *d, const struct pr_play *p, float x, float y, float w,
                     float size, float lead);

/* ---------------------------------------------------------------- minibridge.c */

/* Minibridge's reading of a deal (shared/reference/languages.md, "Minibridge"): each hand's
 * points (HP: A 4, K 3, Q 2, J 1), the sides' points, the declaring side (the one with more)
 * and declarer (its stronger hand; at equal points the one that announces first, i.e. the
 * first in dealing order from the dealer), the guide's tricks and level for the side's
 * points; for the second stage the distribution points (doubleton 1, singleton 2, void 3)
 * and the declaring side's longest combined suit (at equal length the higher-ranking). */
struct pr_mini {
    int hp[4];          /* by seat */
    int side_hp[2];     /* NS, EW */
    int side;           /* 0 NS, 1 EW; -1 at 20-20 (dealt again) */
    int declarer;       /* seat, -1 at 20-20 */
    int guide_tricks;   /* 7..13, 0 at 20-20 */
    int dp[4];          /* distribution points, by seat */
    int fit_suit;       /* enum suit of the longest combined suit of the side, -1 at 20-20 */
    int fit_len;        /* its cards, both hands */
};
void pr_mini_read(const struct deal *deal, enum seat dealer, struct pr_mini *m);
/* Tricks the guide expects from a side's points (21-22 7 ... 37-40 13); 0 below 21. */
int pr_mini_guide(int side_points);
enum { PR_MINI_FIT = 8 }; /* a fit: eight cards or more together */

/* ---------------------------------------------------------------- the layouts */

/* The student handout (handout.c): the shown hands only, at a size that fills the page with
 * as many boards as fit, the auction, contract, lead, result and commentary of each board. */
enum pd_status pr_draw_handout(struct pdoc *d, const struct pbn_set *set,
                               const struct pr_options *o, struct pd_err *e);
/* The Minibridge sheet (minisheet.c): every board with its points, declarer, the guide's
 * tricks beside the double-dummy tricks; at stage 2 distribution points and the fit. The
 * games must hold their analysis. */
enum pd_status pr_draw_minibridge(struct pdoc *d, const struct pbn_set *set,
                                  const struct pr_options *o, struct pd_err *e);

#endif
