/* machine/driver.h - internal to machine/: what a machine driver gives the controller
 * (machine/ctl.c). A driver is a row of the drivers' table (machine/drivers.c, declared in
 * machine.h); once connected, a machine is a set of primitives (struct mach_ops) whose
 * answers are in the protocol's words (struct mp_msg: CARD, FAULT, PLACED, COUNTS ...), so
 * that every rule that judges them stays in the controller, for every driver alike. The open
 * protocol's primitives are machine/link.c's (over a struct mach_transport); the camera
 * machine's are machine/camera/cam.c's. */
#ifndef PREDUP_MACHINE_DRIVER_H
#define PREDUP_MACHINE_DRIVER_H

#include "machine/machine.h"

/* What a machine says of itself once connected (the protocol's HELLO_R, after SETUP). */
struct mach_hello {
    unsigned methods;      /* its readings of every card: MACH_OCR | MACH_BARCODE | MACH_FRAME2 */
    bool reads_numbers;    /* it reads the board's number in the slot */
    bool any_board;        /* it fills whichever board is inserted (BOARD_BEGIN 0) */
    int minor;             /* the protocol minor agreed (1: SETUP, stop cards ...) */
    char machine[MACH_ID_MAX]; /* which machine, as the journal records it */
};

/* The primitives of a connected machine. Each returns PD_ERR_DEVICE when the machine is lost
 * (the controller reconnects and redoes the board); any other answer is judged by the
 * controller. dev is the driver's own state. */
struct mach_ops {
    /* Who it is and what it reads; the profile's settings told to it. *lost: it did not
     * answer (worth another try within the wait), not that it answered wrongly. */
    enum pd_status (*hello)(void *dev, struct mach_hello *h, bool *lost, struct pd_err *e);
    /* board (0: whichever is in the slot) begins: BOARD_READY (number read) or FAULT. */
    enum pd_status (*begin)(void *dev, int board, struct mp_msg *r, struct pd_err *e);
    /* The next card fed and read: CARD (its readings) or FAULT (jam, feeder empty ...). */
    enum pd_status (*feed)(void *dev, struct mp_msg *r, struct pd_err *e);
    /* Card seq into pocket (0..3, MP_POCKET_REJECT the tray): PLACED, with the next card's
     * feed riding along when then_feed (PROTOCOL.md); FAULT when it did not get there. */
    enum pd_status (*place)(void *dev, int seq, int pocket, bool then_feed, struct mp_msg *r,
                            struct pd_err *e);
    /* The board ends: COUNTS (pockets, tray, feeder, stop card dropped). */
    enum pd_status (*counts)(void *dev, struct mp_msg *r, struct pd_err *e);
    /* The operator did act for board: ACK. */
    enum pd_status (*resume)(void *dev, enum mach_action act, int board, struct mp_msg *r,
                             struct pd_err *e);
    void (*close)(void *dev); /* may be NULL */
};

/* The protocol's primitives over a transport (machine/link.c); dev is the controller. */
extern const struct mach_ops MACH_PROTOCOL_OPS;

/* The camera machine's row (machine/camera/cam.c), inside the camera module: machine/drivers.c
 * reaches it through the module's table (machine/camera/camera.h). */
enum pd_status mach_camera_start(const struct mach_profile *p, void **run,
                                 struct mach_connector *conn, struct pd_err *e);
bool mach_camera_audit(void *run, int board, const struct deal *d, char *why, size_t n);
void mach_camera_stop(void *run);

#endif
