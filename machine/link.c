/* machine/link.c - the controller's link to the machine (machine/ctl.c fills the boards over
 * it): requests with retransmission, hello and the version negotiation, reconnecting after
 * the machine was lost, the operator's prompts and their RESUME, and the words prompts and
 * notes use (PROTOCOL.md). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "machine/ctl_int.h"
#include "machine/transport.h"

double since(const struct timespec *t0)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

void note(struct ctl *c, int board, const char *fmt, ...)
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
const char *which(struct ctl *c, int board)
{
    int copies = c->job->copies > 1 ? c->job->copies : 1;

    if (copies > 1)
        snprintf(c->which, sizeof c->which, "board %d, copy %d of %d", board, c->copy, copies);
    else
        snprintf(c->which, sizeof c->which, "board %d", board);
    return c->which;
}

/* ---------------------------------------------------------------- requests */

void close_transport(struct ctl *c)
{
    if (c->open && c->t.close)
        c->t.close(c->t.self);
    c->open = false;
}

/* One request and its reply, retransmitted (same sequence number: the machine answers a
 * repeat without acting twice) after a timeout or a damaged reply. PD_ERR_DEVICE when the
 * machine is lost or refuses the request. */
enum pd_status xfer(struct ctl *c, uint8_t type, const uint8_t *payload, size_t n,
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

/* *lost tells a machine that did not answer (worth another try within the wait) from one
 * that answered wrongly (another protocol: no wait cures it). */
static enum pd_status hello(struct ctl *c, bool *lost, struct pd_err *e)
{
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
    c->methods = r.payload[2];
    c->reads_numbers = r.payload[4] & MP_FLAG_BOARD_NUMBERS;
    ml = r.payload[5];
    if (r.payload[3] != 4 || 6 + ml + 1 > r.len || c->methods == 0 ||
        (c->methods & ~(unsigned)(MACH_OCR | MACH_BARCODE)))
        return pd_fail(e, PD_ERR_DEVICE, "the machine's hello is malformed");
    mp_printable(model, sizeof model, r.payload + 6, ml);
    fl = r.payload[6 + ml];
    if (7 + ml + fl <= r.len)
        mp_printable(fw, sizeof fw, r.payload + 7 + ml, fl);
    note(c, 0, "machine %s, firmware %s, protocol %d.%d, reads %s", model, fw, r.payload[0],
         r.payload[1], mp_methods_name(c->methods));
    return PD_OK;
}

/* The machine connected now, as the journal names it. */
const char *machine_id(const struct ctl *c)
{
    return c->t.machine ? c->t.machine : c->t.name;
}

/* (Re)connects and says hello; waits up to wait_ms for the machine to come back when it was
 * lost. A machine still leaving the bus can be opened and then not answer: that is retried
 * too, until the wait is over. */
enum pd_status reconnect(struct ctl *c, int wait_ms, struct pd_err *e)
{
    struct timespec t0, nap = {0, 20 * 1000000L};
    enum pd_status rc;
    bool lost;

    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        int left = wait_ms - (int)(since(&t0) * 1000);

        close_transport(c);
        rc = c->conn->open(c->conn->ctx, left > 0 ? left : 0, &c->t, e);
        if (rc != PD_OK)
            return rc;
        c->open = true;
        rc = hello(c, &lost, e);
        if (rc == PD_OK && c->machine[0] && strcmp(c->machine, machine_id(c)) != 0)
            return pd_fail(e, PD_ERR_DEVICE, "another machine (%s) answered, not the one "
                                             "this fill runs on (%s)", machine_id(c),
                           c->machine);
        if (rc == PD_OK || !lost || since(&t0) * 1000 >= wait_ms)
            return rc;
        nanosleep(&nap, NULL);
    }
}

bool is_fault(const struct mp_msg *r, enum mp_fault f)
{
    return r->type == MP_FAULT && r->len >= 1 && r->payload[0] == f;
}

/* The operator is asked, then the machine told it is done. */
enum outcome operator(struct ctl *c, enum mach_action act, int board, const char *text,
                             struct pd_err *e)
{
    uint8_t p[3] = {(uint8_t)act, 0, 0};
    struct mp_msg r;
    char full[300];

    /* every prompt of copy 2 names it: it must not read like copy 1's */
    snprintf(full, sizeof full, "%s", text);
    if (c->job->copies > 1 && !strstr(text, ", copy "))
        snprintf(full, sizeof full, "copy %d of %d: %s", c->copy, c->job->copies, text);
    if (c->ui && c->ui->prompt && c->ui->prompt(c->ui->ctx, act, board, full, &c->stop) != PD_OK)
        return OUT_STOP;
    mp_put_u16(p + 1, board);
    if (xfer(c, MP_RESUME, p, 3, &r, e) != PD_OK)
        return OUT_LOST;
    if (is_fault(&r, MPF_RESET))
        return lost(e, "the machine restarted (reset)");
    return r.type == MP_ACK ? OUT_GOOD
                            : lost(e, "the machine answered 0x%02x to RESUME", r.type);
}

/* The machine is counted as lost (reconnect, redo the board); e says why. */
enum outcome lost(struct pd_err *e, const char *fmt, ...)
{
    char text[200];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    pd_fail(e, PD_ERR_DEVICE, "%s", text);
    return OUT_LOST;
}
