/* machine/link.c - the controller's link to the machine (machine/ctl.c fills the boards over
 * it): the open protocol's primitives (MACH_PROTOCOL_OPS: requests with retransmission, hello
 * and the version negotiation, PROTOCOL.md), reconnecting to any driver's machine after it was
 * lost, the operator's prompts and their RESUME, and the words prompts and notes use. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "machine/ctl_int.h"
#include "machine/transport.h"

double mach_since(const struct timespec *t0)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

void mach_note(struct ctl *c, int board, const char *fmt, ...)
{
    char text[300];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (c->ui && c->ui->note)
        c->ui->note(c->ui->ctx, board, text);
}

/* "board B", or "board B, copy C of N" when several copies are filled: copy 2 must not read
 * like copy 1 at the machine. */
const char *mach_which_board(struct ctl *c, int board)
{
    int copies = c->job->copies > 1 ? c->job->copies : 1;

    if (copies > 1)
        snprintf(c->which, sizeof c->which, "board %d, copy %d of %d", board, c->copy, copies);
    else
        snprintf(c->which, sizeof c->which, "board %d", board);
    return c->which;
}

/* ---------------------------------------------------------------- requests */

void mach_close_transport(struct ctl *c)
{
    if (c->open && c->ops && c->ops->close)
        c->ops->close(c->dev);
    c->open = false;
}

/* One request and its reply, retransmitted (same sequence number: the machine answers a
 * repeat without acting twice) after a timeout or a damaged reply. PD_ERR_DEVICE when the
 * machine is lost or refuses the request. */
static enum pd_status xfer(struct ctl *c, uint8_t type, const uint8_t *payload, size_t n,
                           struct mp_msg *r, struct pd_err *e)
{
    struct mp_msg q = {.type = type, .seq = ++c->seq, .len = (uint16_t)n};
    uint8_t out[MP_MAX_FRAME], in[MP_MAX_FRAME];
    size_t olen, got;
    enum pd_status rc;
    struct pd_err sub = {0};

    if (!c->open)
        return pd_fail(e, PD_ERR_DEVICE, "no connection to the machine");
    if (n)
        memcpy(q.payload, payload, n);
    olen = mp_encode(&q, out, sizeof out);
    for (int try = 0; try <= c->p->retries; try++) {
        rc = c->t.send(c->t.self, out, olen, &sub);
        if (rc != PD_OK)
            return pd_fail(e, PD_ERR_DEVICE, "%s: send: %s", c->t.name, sub.msg);
        /* a late reply to an earlier request is read past, not answered with a resend */
        for (int stale = 0; stale < 4; stale++) {
            rc = c->t.recv(c->t.self, in, sizeof in, &got, c->p->timeout_ms, &sub);
            if (rc != PD_OK || mp_decode(in, got, r, NULL) != PD_OK || r->seq == q.seq)
                break;
        }
        if (rc == PD_ERR_LIMIT)
            continue;
        if (rc != PD_OK)
            return pd_fail(e, PD_ERR_DEVICE, "%s: receive: %s", c->t.name, sub.msg);
        if (mp_decode(in, got, r, NULL) != PD_OK || r->seq != q.seq)
            continue;
        if (r->type == MP_NAK && r->len >= 1 && r->payload[0] == MPN_FRAME)
            continue; /* our frame arrived damaged */
        if (r->type == MP_NAK)
            return pd_fail(e, PD_ERR_DEVICE, "the machine refused message 0x%02x (reason %d)",
                           type, r->len ? r->payload[0] : 0);
        return PD_OK;
    }
    return pd_fail(e, PD_ERR_DEVICE, "%s: no answer after %d tr%s of %d ms", c->t.name,
                   c->p->retries + 1, c->p->retries == 0 ? "y" : "ies", c->p->timeout_ms);
}

/* Protocol 1.1: tells the machine the profile's settings (SETUP). An older machine (1.0)
 * cannot be told: a profile that needs them is refused, before any board is begun. */
static enum pd_status setup(struct ctl *c, struct mach_hello *h, unsigned flags,
                            struct pd_err *e)
{
    const struct mach_profile *p = c->p;
    uint8_t q[6] = {(uint8_t)p->card_index, p->stop_card};
    const char *cannot = NULL;
    struct mp_msg r = {0};
    enum pd_status rc;

    c->minor = h->minor;
    h->any_board = h->minor >= 1 && (flags & MP_FLAG_ANY_BOARD) && h->reads_numbers;
    if (c->minor == 0 && p->card_index != MI_STANDARD)
        return pd_fail(e, PD_ERR_DEVICE, "the machine speaks protocol 1.%d, which cannot be "
                       "told card_index = %s (1.1 can): fill decks with standard indices "
                       "(card_index = standard) or update its firmware", c->minor,
                       MACH_INDEX_NAME[p->card_index]);
    if (p->stop_card && (c->minor == 0 || !(flags & MP_FLAG_STOP_CARDS)))
        return pd_fail(e, PD_ERR_DEVICE, "the machine drops no stop cards (protocol 1.%d%s): "
                       "set stop_card = no in profile %s", c->minor,
                       c->minor ? ", no dispenser" : "", p->name);
    if (c->minor == 0)
        return PD_OK; /* an older machine: the host maps seats to pockets, as ever */
    for (int i = 0; i < 4; i++)
        q[2 + i] = (uint8_t)p->pocket[i];
    rc = xfer(c, MP_SETUP, q, 6, &r, e);
    if (rc == PD_OK && r.type == MP_ACK)
        return PD_OK;
    if (r.type != MP_NAK || r.len < 2 || r.payload[0] != MPN_SETTING)
        return rc != PD_OK ? rc : pd_fail(e, PD_ERR_DEVICE, "the machine answered 0x%02x to "
                                                          "SETUP", r.type);
    if (r.payload[1] == MP_SET_INDEX)
        cannot = "read the indices of card_index =";
    else if (r.payload[1] == MP_SET_STOP_CARD)
        cannot = "drop stop cards: stop_card =";
    if (cannot)
        return pd_fail(e, PD_ERR_DEVICE, "the machine cannot %s %s (profile %s)", cannot,
                       r.payload[1] == MP_SET_INDEX ? MACH_INDEX_NAME[p->card_index] : "yes",
                       p->name);
    if (r.payload[1] == MP_SET_POCKETS && r.len >= 6)
        return pd_fail(e, PD_ERR_DEVICE, "the machine's pockets are wired %c %c %c %c, not as "
                       "the profile's pockets = %c %c %c %c: correct it (profile %s)",
                       SEAT_LETTER[r.payload[2] & 3], SEAT_LETTER[r.payload[3] & 3],
                       SEAT_LETTER[r.payload[4] & 3], SEAT_LETTER[r.payload[5] & 3],
                       SEAT_LETTER[p->pocket[0]], SEAT_LETTER[p->pocket[1]],
                       SEAT_LETTER[p->pocket[2]], SEAT_LETTER[p->pocket[3]], p->name);
    return pd_fail(e, PD_ERR_DEVICE, "the machine refused setting %d of SETUP", r.payload[1]);
}

/* *lost tells a machine that did not answer (worth another try within the wait) from one
 * that answered wrongly (another protocol: no wait cures it). */
static enum pd_status proto_hello(void *dev, struct mach_hello *h, bool *lost,
                                  struct pd_err *e)
{
    struct ctl *c = dev;
    uint8_t p[2] = {MP_VERSION_MAJOR, MP_VERSION_MINOR};
    struct mp_msg r;
    enum pd_status rc = xfer(c, MP_HELLO, p, 2, &r, e);
    char model[100] = "", fw[100] = "";
    size_t ml, fl;

    *lost = rc != PD_OK;
    if (rc != PD_OK)
        return rc;
    if (r.type != MP_HELLO_R || r.len < 7 || r.payload[0] != MP_VERSION_MAJOR)
        return pd_fail(e, PD_ERR_DEVICE, "the machine speaks another protocol version");
    h->methods = r.payload[2];
    h->reads_numbers = r.payload[4] & MP_FLAG_BOARD_NUMBERS;
    h->minor = r.payload[1] < MP_VERSION_MINOR ? r.payload[1] : MP_VERSION_MINOR;
    snprintf(h->machine, sizeof h->machine, "%s", c->t.machine ? c->t.machine : c->t.name);
    ml = r.payload[5];
    if (r.payload[3] != 4 || 6 + ml + 1 > r.len || h->methods == 0 ||
        (h->methods & ~(unsigned)(MACH_OCR | MACH_BARCODE)))
        return pd_fail(e, PD_ERR_DEVICE, "the machine's hello is malformed");
    mp_printable(model, sizeof model, r.payload + 6, ml);
    fl = r.payload[6 + ml];
    if (7 + ml + fl <= r.len)
        mp_printable(fw, sizeof fw, r.payload + 7 + ml, fl);
    mach_note(c, 0, "machine %s, firmware %s, protocol %d.%d, reads %s", model, fw, r.payload[0],
              r.payload[1], mp_methods_name(h->methods));
    return setup(c, h, r.payload[4], e);
}

static enum pd_status proto_begin(void *dev, int board, struct mp_msg *r, struct pd_err *e)
{
    uint8_t p[2];

    mp_put_u16(p, board);
    return xfer(dev, MP_BOARD_BEGIN, p, 2, r, e);
}

static enum pd_status proto_feed(void *dev, struct mp_msg *r, struct pd_err *e)
{
    return xfer(dev, MP_FEED, NULL, 0, r, e);
}

static enum pd_status proto_place(void *dev, int seq, int pocket, bool then_feed,
                                  struct mp_msg *r, struct pd_err *e)
{
    uint8_t p[4];

    mp_put_u16(p, seq);
    p[2] = (uint8_t)pocket;
    p[3] = then_feed;
    return xfer(dev, MP_PLACE, p, 4, r, e);
}

static enum pd_status proto_counts(void *dev, struct mp_msg *r, struct pd_err *e)
{
    return xfer(dev, MP_BOARD_END, NULL, 0, r, e);
}

static enum pd_status proto_resume(void *dev, enum mach_action act, int board,
                                   struct mp_msg *r, struct pd_err *e)
{
    uint8_t p[3] = {(uint8_t)act, 0, 0};

    mp_put_u16(p + 1, board);
    return xfer(dev, MP_RESUME, p, 3, r, e);
}

static void proto_close(void *dev)
{
    struct ctl *c = dev;

    if (c->t.close)
        c->t.close(c->t.self);
}

const struct mach_ops MACH_PROTOCOL_OPS = {proto_hello, proto_begin, proto_feed, proto_place,
                                           proto_counts, proto_resume, proto_close};

/* The machine connected now, as the journal names it. */
const char *mach_machine_id(const struct ctl *c)
{
    return c->ident;
}

/* Opens the machine once: a transport for the protocol, or the driver's own primitives. */
static enum pd_status open_machine(struct ctl *c, int wait_ms, struct pd_err *e)
{
    if (c->conn->open_dev)
        return c->conn->open_dev(c->conn->ctx, wait_ms, &c->ops, &c->dev, e);
    c->ops = &MACH_PROTOCOL_OPS;
    c->dev = c;
    return c->conn->open(c->conn->ctx, wait_ms, &c->t, e);
}

/* Says hello and keeps what the machine said of itself. */
static enum pd_status hello(struct ctl *c, bool *lost, struct pd_err *e)
{
    struct mach_hello h = {0};
    enum pd_status rc = c->ops->hello(c->dev, &h, lost, e);

    c->methods = h.methods;
    c->reads_numbers = h.reads_numbers;
    c->any_board = h.any_board;
    c->minor = h.minor;
    snprintf(c->ident, sizeof c->ident, "%s", h.machine);
    return rc;
}

/* (Re)connects and says hello; waits up to wait_ms for the machine to come back when it was
 * lost. A machine still leaving the bus can be opened and then not answer: that is retried
 * too, until the wait is over. */
enum pd_status mach_reconnect(struct ctl *c, int wait_ms, struct pd_err *e)
{
    struct timespec t0, nap = {0, 20 * 1000000L};
    enum pd_status rc;
    bool lost;

    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        int left = wait_ms - (int)(mach_since(&t0) * 1000);

        mach_close_transport(c);
        rc = open_machine(c, left > 0 ? left : 0, e);
        if (rc != PD_OK)
            return rc;
        c->open = true;
        rc = hello(c, &lost, e);
        if (rc == PD_OK && c->machine[0] && strcmp(c->machine, mach_machine_id(c)) != 0)
            return pd_fail(e, PD_ERR_DEVICE, "another machine (%s) answered, not the one "
                                             "this fill runs on (%s)", mach_machine_id(c),
                           c->machine);
        if (rc == PD_OK || !lost || mach_since(&t0) * 1000 >= wait_ms)
            return rc;
        nanosleep(&nap, NULL);
    }
}

bool mach_is_fault(const struct mp_msg *r, enum mp_fault f)
{
    return r->type == MP_FAULT && r->len >= 1 && r->payload[0] == f;
}

/* The operator is asked, then the machine told it is done. */
enum outcome mach_ask_operator(struct ctl *c, enum mach_action act, int board, const char *text,
                                      struct pd_err *e)
{
    struct mp_msg r;
    char full[300];

    /* every prompt of copy 2 names it: it must not read like copy 1's */
    snprintf(full, sizeof full, "%s", text);
    if (c->job->copies > 1 && !strstr(text, ", copy "))
        snprintf(full, sizeof full, "copy %d of %d: %s", c->copy, c->job->copies, text);
    if (c->ui && c->ui->prompt && c->ui->prompt(c->ui->ctx, act, board, full, &c->stop) != PD_OK)
        return OUT_STOP;
    if (c->ops->resume(c->dev, act, board, &r, e) != PD_OK)
        return OUT_LOST;
    if (mach_is_fault(&r, MPF_RESET))
        return mach_lost(e, "the machine restarted (reset)");
    return r.type == MP_ACK ? OUT_GOOD
                            : mach_lost(e, "the machine answered 0x%02x to RESUME", r.type);
}

/* The machine is counted as lost (reconnect, redo the board); e says why. */
enum outcome mach_lost(struct pd_err *e, const char *fmt, ...)
{
    char text[200];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    pd_fail(e, PD_ERR_DEVICE, "%s", text);
    return OUT_LOST;
}
