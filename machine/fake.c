/* machine/fake.c - the in-process transport to the simulator: a sent frame is handed to the
 * simulated firmware at once and its reply waits for the next recv. An unplugged simulator
 * fails both ways, as a vanished USB device does. */
#include <stdlib.h>
#include <string.h>

#include "machine/machine.h"
#include "machine/transport.h"

struct fake {
    struct mach_sim *sim;
    uint8_t reply[MP_MAX_FRAME];
    size_t len; /* 0: nothing to receive */
};

static enum pd_status fake_send(void *self, const uint8_t *buf, size_t len, struct pd_err *e)
{
    struct fake *f = self;

    if (mach_sim_unplugged(f->sim))
        return pd_fail(e, PD_ERR_DEVICE, "simulated machine unplugged");
    mach_sim_handle(f->sim, buf, len, f->reply, sizeof f->reply, &f->len);
    return PD_OK;
}

static enum pd_status fake_recv(void *self, uint8_t *buf, size_t cap, size_t *got,
                                int timeout_ms, struct pd_err *e)
{
    struct fake *f = self;

    if (mach_sim_unplugged(f->sim))
        return pd_fail(e, PD_ERR_DEVICE, "simulated machine unplugged");
    if (f->len == 0)
        return pd_fail(e, PD_ERR_LIMIT, "no reply within %d ms", timeout_ms);
    if (f->len > cap)
        return pd_fail(e, PD_ERR_DEVICE, "reply of %zu bytes overflows %zu", f->len, cap);
    memcpy(buf, f->reply, f->len);
    *got = f->len;
    f->len = 0;
    return PD_OK;
}

static void fake_close(void *self)
{
    free(self);
}

enum pd_status mach_fake_open(struct mach_sim *sim, struct mach_transport *out,
                              struct pd_err *e)
{
    struct fake *f;

    if (!mach_sim_try_connect(sim))
        return pd_fail(e, PD_ERR_DEVICE, "simulated machine not on the bus");
    f = calloc(1, sizeof *f);
    if (!f)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the fake transport");
    f->sim = sim;
    /* every simulator is the same machine, and none is a real one */
    *out = (struct mach_transport){"fake", f, fake_send, fake_recv, fake_close, "sim"};
    return PD_OK;
}
