/* machine/usb.c - the libusb transport: one vendor-specific interface with one bulk OUT and
 * one bulk IN endpoint (PROTOCOL.md, "USB"); one frame per bulk transfer. libusb's negative
 * LIBUSB_ERROR_* codes become PD_ERR_DEVICE (gone) or PD_ERR_LIMIT (timeout, stall cleared)
 * here, once. Waiting for a device polls the bus, so a re-plugged machine is found again. */
#include <libusb.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "machine/machine.h"
#include "machine/transport.h"

struct usb {
    libusb_context *ctx;
    libusb_device_handle *h;
    int iface;
    uint8_t ep_out, ep_in;
};

static enum pd_status usb_fail(struct pd_err *e, int err, const char *what)
{
    enum pd_status rc = pd_fail(e, PD_ERR_DEVICE, "USB %s: %s", what, libusb_strerror(err));

    if (e)
        e->sys = err;
    return rc;
}

static enum pd_status usb_send(void *self, const uint8_t *buf, size_t len, struct pd_err *e)
{
    struct usb *u = self;
    int done = 0, err;

    err = libusb_bulk_transfer(u->h, u->ep_out, (unsigned char *)buf, (int)len, &done, 1000);
    if (err == LIBUSB_ERROR_PIPE) { /* a halted endpoint: clear it and try once more */
        libusb_clear_halt(u->h, u->ep_out);
        err = libusb_bulk_transfer(u->h, u->ep_out, (unsigned char *)buf, (int)len, &done,
                                   1000);
    }
    if (err < 0)
        return usb_fail(e, err, "bulk OUT");
    if (done != (int)len)
        return pd_fail(e, PD_ERR_DEVICE, "USB bulk OUT: %d of %zu bytes sent", done, len);
    return PD_OK;
}

static enum pd_status usb_recv(void *self, uint8_t *buf, size_t cap, size_t *got,
                               int timeout_ms, struct pd_err *e)
{
    struct usb *u = self;
    int n = 0, err = libusb_bulk_transfer(u->h, u->ep_in, buf, (int)cap, &n,
                                          (unsigned)timeout_ms);

    if (err == LIBUSB_ERROR_TIMEOUT && n == 0)
        return pd_fail(e, PD_ERR_LIMIT, "no reply within %d ms", timeout_ms);
    if (err == LIBUSB_ERROR_PIPE) {
        libusb_clear_halt(u->h, u->ep_in);
        return pd_fail(e, PD_ERR_LIMIT, "bulk IN stalled (cleared)");
    }
    if (err < 0 && err != LIBUSB_ERROR_TIMEOUT)
        return usb_fail(e, err, "bulk IN");
    *got = (size_t)n;
    return PD_OK;
}

static void usb_close(void *self)
{
    struct usb *u = self;

    if (u->h) {
        libusb_release_interface(u->h, u->iface);
        libusb_close(u->h);
    }
    if (u->ctx)
        libusb_exit(u->ctx);
    free(u);
}

static void nap_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};

    nanosleep(&ts, NULL);
}

enum pd_status mach_usb_open(const struct mach_profile *p, int wait_ms,
                             struct mach_transport *out, struct pd_err *e)
{
    struct usb *u = calloc(1, sizeof *u);
    int err, waited = 0;

    if (!u)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the USB transport");
    u->iface = p->interface;
    u->ep_out = p->ep_out;
    u->ep_in = p->ep_in;
    err = libusb_init(&u->ctx);
    if (err < 0) {
        u->ctx = NULL;
        usb_close(u);
        return usb_fail(e, err, "init");
    }
    for (;;) {
        u->h = libusb_open_device_with_vid_pid(u->ctx, p->vid, p->pid);
        if (u->h || waited >= wait_ms)
            break;
        nap_ms(50);
        waited += 50;
    }
    if (!u->h) {
        usb_close(u);
        return pd_fail(e, PD_ERR_DEVICE, "no USB machine %04x:%04x (profile %s)%s", p->vid,
                       p->pid, p->name, wait_ms > 0 ? " came within the wait" : "");
    }
    libusb_set_auto_detach_kernel_driver(u->h, 1);
    err = libusb_claim_interface(u->h, u->iface);
    if (err < 0) {
        usb_close(u);
        return usb_fail(e, err, "claim interface");
    }
    *out = (struct mach_transport){"usb", u, usb_send, usb_recv, usb_close};
    return PD_OK;
}
