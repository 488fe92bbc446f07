/* machine/transport.h - the byte pipe to a dealing machine, internal to machine/ and its tests:
 * usb.c (libusb bulk endpoints), fake.c (the in-process simulator) and the tests' faulty
 * transports fill this one struct of function pointers. */
#ifndef PREDUP_MACHINE_TRANSPORT_H
#define PREDUP_MACHINE_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

#include "dealer/run/run.h"

struct mach_transport {
    const char *name; /* "usb", "fake": for messages */
    void *self;       /* the implementation's own state */
    /* Sends one whole frame. PD_ERR_DEVICE when the machine is gone (unplugged, reset by the
     * bus); the controller then closes the transport and reconnects. */
    enum pd_status (*send)(void *self, const uint8_t *buf, size_t len, struct pd_err *e);
    /* Receives one whole frame (at most cap bytes) into buf, its length in *got. PD_ERR_LIMIT
     * when nothing came within timeout_ms (the controller retransmits); PD_ERR_DEVICE when the
     * machine is gone. A stall is cleared by the transport and reported as PD_ERR_LIMIT. */
    enum pd_status (*recv)(void *self, uint8_t *buf, size_t cap, size_t *got, int timeout_ms,
                           struct pd_err *e);
    void (*close)(void *self); /* may be NULL: nothing to release */
    /* Which machine this is, as the journal records it (NULL: name): "sim", or "usb VID:PID
     * serial S" (S escaped as %XX outside [A-Za-z0-9._-], "-" when the device has none).
     * Printable ASCII, shorter than MACH_ID_MAX. */
    const char *machine;
};

#endif
