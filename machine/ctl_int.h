/* machine/ctl_int.h - internal to machine/: the controller's state (machine/ctl.c fills the
 * boards), shared with its link to the machine (machine/link.c: requests, hello, reconnect,
 * prompts). */
#ifndef PREDUP_MACHINE_CTL_INT_H
#define PREDUP_MACHINE_CTL_INT_H

#include <time.h>

#include "machine/driver.h"
#include "machine/mach_int.h"
#include "machine/transport.h"

enum outcome { OUT_GOOD, OUT_REDO, OUT_LOST, OUT_STOP };
/* MAX_BARREN: refeeds in a row that place no card before the attempt is thrown away */
enum { MAX_LOST = 8, MAX_PROMPTS = 20, MAX_BARREN = 6 };

struct ctl {
    const struct mach_job *job;
    const struct mach_profile *p;
    struct mach_connector *conn;
    struct mach_ui *ui;
    struct mach_result *res;
    struct journal j;
    const struct mach_ops *ops; /* the connected machine's primitives (driver.h) */
    void *dev;                 /* their state: the controller itself for the protocol */
    struct mach_transport t;   /* the protocol's transport (ops MACH_PROTOCOL_OPS) */
    bool open;
    uint8_t seq;
    unsigned methods;          /* announced in hello: every card carries exactly these */
    bool reads_numbers;
    int minor;                 /* the protocol minor agreed in hello */
    bool any_board;            /* 1.1: fills whichever board of the set is inserted */
    char ident[MACH_ID_MAX];   /* the machine connected now, as its hello named it */
    int index_miss[4], ocr_streak; /* readings without a usable index (mp_index_suspect) */
    int begun_board;           /* any-board: the board read and begun, its START done */
    char machine[MACH_ID_MAX]; /* the machine the journal is bound to ("" before) */
    int pocket_of[4];          /* seat -> the machine's pocket */
    struct timespec t0;
    long cards_left;           /* in the run, for the time estimate */
    int index;                 /* 1-based place of the board in the run */
    int copy;                  /* the copy being filled */
    char why[240];             /* why the attempt was thrown away */
    char which[48];            /* "board 3" or "board 3, copy 2 of 3": what prompts name */
    struct pd_err stop;        /* the error behind OUT_STOP */
};

/* Seconds since t0 (monotonic). */
double mach_since(const struct timespec *t0);
/* A message for the operator (ui->note). */
void mach_note(struct ctl *c, int board, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* "board B", or "board B, copy C of N" when several copies are filled (in c->which). */
const char *mach_which_board(struct ctl *c, int board);
/* Closes the connected machine (its primitives' close, or the transport). */
void mach_close_transport(struct ctl *c);
/* The machine connected now, as the journal names it. */
const char *mach_machine_id(const struct ctl *c);
/* (Re)connects and says hello, waiting up to wait_ms for a lost machine to come back. */
enum pd_status mach_reconnect(struct ctl *c, int wait_ms, struct pd_err *e);
bool mach_is_fault(const struct mp_msg *r, enum mp_fault f);
/* The operator is asked (text), then the machine told it is done (RESUME act board). */
enum outcome mach_ask_operator(struct ctl *c, enum mach_action act, int board, const char *text,
                               struct pd_err *e);
/* The machine is counted as lost (reconnect, redo the board); e says why. */
enum outcome mach_lost(struct pd_err *e, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
