/* machine/mach_int.h - internal to machine/: the journal of a fill (journal.c), used by the
 * controller (ctl.c); the operator interface (fill_ui.c); and what the fill front-end
 * (cmd_fill.c) shares with sim's (cmd_sim.c). */
#ifndef PREDUP_MACHINE_MACH_INT_H
#define PREDUP_MACHINE_MACH_INT_H

#include "machine/machine.h"

/* What the journal says of a board (of one copy). */
enum jstate { J_NONE, J_BEGUN, J_GOOD, J_BAD };

struct journal {
    int fd;            /* -1 while not open */
    char *path;
    int max_board;     /* the highest board number of the set */
    uint8_t *state;    /* [copy 1..MACH_MAX_COPIES][board 0..max_board]: enum jstate */
    int *attempts;     /* the same: "begin" records */
    long places;       /* "place" records read */
    bool fresh;        /* nothing placed yet: journal_bind starts it over */
    uint8_t hash[32];  /* the deals it is bound to */
    char machine[MACH_ID_MAX]; /* the machine its header names ("" while fresh) */
};

/* The state and attempts of copy (1..MACH_MAX_COPIES) of board (1..max_board). */
uint8_t *mach_journal_state(struct journal *j, int copy, int board);
int *mach_journal_attempts(struct journal *j, int copy, int board);

/* Opens (creating it 0600 when missing) and locks the journal, then replays it strictly. A
 * journal in which no card was placed is left fresh (j->fresh): journal_bind starts it over,
 * whatever it was for. Its states count for nothing until journal_bind agreed on the machine.
 * Errors: PD_ERR_IO (also: not a regular file), PD_ERR_DEVICE (in use by another process,
 * named), PD_ERR_MISMATCH (started for other deals, or of format 2 which names no machine,
 * with cards placed), PD_ERR_SYNTAX (damaged: file:line). A last line without its newline (a
 * write torn by a power cut) is cut off. */
enum pd_status mach_journal_open(struct journal *j, const char *path, const uint8_t hash[32],
                                 int max_board, struct pd_err *e);
/* The machine connected is machine (mach_transport.machine): a fresh journal is started over
 * for it; any other journal must name the very same machine, else PD_ERR_MISMATCH (its boards
 * were filled on another machine, or rehearsed on the simulator: none is done on this one). */
enum pd_status mach_journal_bind(struct journal *j, const char *machine, struct pd_err *e);
/* Reads the journal without locking or changing it (fill --status). */
enum pd_status mach_journal_read(struct journal *j, const char *path, const uint8_t hash[32],
                                 int max_board, struct pd_err *e);
/* Appends one record (no newline in fmt) with its checksum and fsyncs it: only then does the
 * record count. */
enum pd_status mach_journal_add(struct journal *j, struct pd_err *e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Closes (and unlocks) the journal; safe on one that never opened (fd -1). */
void mach_journal_close(struct journal *j);

/* ---------------------------------------------------------------- proto.c, for ctl.c */

enum { MP_UNTRUSTED = -2 }; /* mp_judge_card: not the readings the machine announced */
/* The card a CARD message's readings agree on (each readable, at least min_confidence), or
 * -1 with the reason in why (the card is re-fed), or MP_UNTRUSTED with the reason when the
 * readings are not exactly one by each method of methods (what the hello announced). */
int mp_judge_card(const struct mp_msg *r, unsigned methods, int min_confidence, char *why,
                  size_t n);
/* A deck whose indices the machine was not told (card_index) reads its honours as nothing
 * (or as another honour): the host suspects the profile after MP_INDEX_MISSES cards of one
 * honour rank in a row whose OCR reading is not the barcode's (on a machine with both), or
 * MP_INDEX_STREAK unreadable OCR readings in a row (OCR alone, which cannot tell an honour);
 * never on the first. Returns the honour (0 ace .. 3 jack; 4: any card) that reached it, or
 * -1; miss[4] and *streak carry the counts from card to card. */
enum { MP_INDEX_MISSES = 4, MP_INDEX_STREAK = 8 };
int mp_index_suspect(const struct mp_msg *r, unsigned methods, int miss[4], int *streak);
/* The device's own text (model, firmware), fit for a terminal and a log: bytes outside
 * printable ASCII, and the backslash, as \xNN; cut to fit cap. */
void mp_printable(char *out, size_t cap, const uint8_t *in, size_t n);
/* "OCR and barcodes", "OCR" or "barcodes". */
const char *mp_methods_name(unsigned methods);

/* ---------------------------------------------------------------- fill_ui.c */

struct mach_bad {
    int copy, board;
};

/* The operator interface of fill and sim (fill_ui.c). */
struct fill_ui {
    bool yes, quiet, drawing;
    char *resume_cmd;        /* "predup fill set.pbn --machine m.conf --resume" */
    struct mach_bad *bad;    /* every bad board, in the order found */
    size_t nbad, capbad;
    bool bad_lost;           /* out of memory while listing */
    const struct mach_watch *watch; /* the operator page (fill --web), or NULL */
    /* a rehearsal's audit (its driver's, NULL: none): each board-copy reported good in this
     * run is checked in the pockets as it is finished, before the next copy empties them */
    bool (*audit)(void *run, int board, const struct deal *d, char *why, size_t n);
    void *audit_run;
    const struct pbn_set *set;
    int copies, nboards;
    int checked, wrong;
    double paused_s; /* spent waiting for the operator: not the machine's time */
};
void mach_ui_init(struct fill_ui *u, struct mach_ui *ui); /* ui: the operator side of u */
void mach_ui_free(struct fill_ui *u);
void mach_ui_end_line(struct fill_ui *u);
/* The command that resumes this run: "predup CMD ARGS..." with args shell-quoted; args ends
 * with NULL. */
void mach_ui_resume_cmd(struct fill_ui *u, const char *cmd, const char *const *args);
/* From now until release, Ctrl-C (SIGINT, SIGTERM) prints the resume command on stderr before
 * the process dies of the signal (exit status 130 for Ctrl-C). */
void mach_ui_catch_interrupt(const struct fill_ui *u);
void mach_ui_release_interrupt(void);
/* What to check when no USB machine with the profile's ids is on the bus. */
void mach_ui_no_machine(const struct mach_profile *p);
void mach_ui_summary(const struct fill_ui *u, const char *set_path, const struct mach_result *r);
/* The audit's count (fill_ui.sim set); PD_ERR_INTERNAL when a board reported good is wrong. */
enum pd_status mach_ui_audit(const struct fill_ui *u, struct pd_err *e);

#endif
