/* machine/usb.c - the libusb transport: one vendor-specific interface with one bulk OUT and
 * one bulk IN endpoint (PROTOCOL.md, "USB"); one frame per bulk transfer. libusb's negative
 * LIBUSB_ERROR_* codes become PD_ERR_DEVICE (gone) or PD_ERR_LIMIT (timeout, stall cleared)
 * here, once.
 *
 * One libusb context lives for the whole run (struct mach_usb); a transport is one open
 * handle on it. Opening enumerates the bus and matches the profile's VID/PID itself (rather
 * than libusb_open_device_with_vid_pid, which hides why an open failed), so that a permission
 * problem is told apart from an absent machine. Every transient failure (not on the bus yet,
 * node gone mid-open, interface busy or vanished during claim) is retried until the wait
 * ends, by the clock: a re-plugged machine shows up in steps (sysfs, node, claim) and a loaded
 * host sees any of those steps fail once. */
#include <ctype.h>
#include <libusb.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "machine/mach_int.h"
#include "machine/transport.h"

/* libusb-1.0 is loaded on first use, not linked (HACKING.md "Libraries loaded on first use"):
 * with the libudev it brings it costs every start of predup, and only the USB machine and fill
 * --list use it. Each entry point is a field of libusb, of the header's own type (call
 * libusb.open for libusb_open); mach_usb_new and mach_usb_list load it before any other call
 * (an error's text, usb_error_text, loads it too). libusb.h has no soname macro: the soname is
 * Debian's. */
#define USB_ENTRY_POINTS(X)                                                                      \
    X(init) X(exit) X(strerror) X(get_device_list) X(free_device_list) X(ref_device)            \
    X(unref_device) X(get_device) X(get_device_descriptor) X(get_bus_number)                    \
    X(get_device_address) X(get_port_numbers) X(open) X(close) X(claim_interface)               \
    X(release_interface) X(set_auto_detach_kernel_driver) X(clear_halt) X(bulk_transfer)        \
    X(get_string_descriptor_ascii)
#define USB_FIELD(f) __typeof__(libusb_##f) *f;
#define USB_SYMBOL(f) {"libusb_" #f, (void **)&libusb.f},
static struct {
    USB_ENTRY_POINTS(USB_FIELD)
} libusb;
static const struct pd_lib_symbol usb_symbols[] = {USB_ENTRY_POINTS(USB_SYMBOL){NULL, NULL}};
static struct pd_lib usb_loader = {.name = "libusb-1.0", .soname = "libusb-1.0.so.0",
                                   .package = "libusb-1.0-0", .symbols = usb_symbols};

/* Loads libusb-1.0 once; PD_ERR_INTERNAL with the loader's reason when it cannot. */
static enum pd_status usb_ready(struct pd_err *e)
{
    return pd_lib_ready(&usb_loader, e);
}

/* libusb's text for err (the library loaded for it when it is not yet). */
static const char *usb_error_text(int err)
{
    return usb_ready(NULL) == PD_OK ? libusb.strerror(err) : "libusb-1.0 does not load";
}

struct mach_usb {
    libusb_context *ctx;
    const struct mach_profile *p;
    bool absent; /* the last open found no device with the profile's ids on the bus */
};

struct usb {
    libusb_device_handle *h;
    int iface;
    uint8_t ep_out, ep_in;
    unsigned send_timeout_ms;
    char machine[MACH_ID_MAX]; /* "usb VID:PID serial S", for the journal */
};

static enum pd_status usb_fail(struct pd_err *e, int err, const char *what)
{
    enum pd_status rc = pd_fail(e, PD_ERR_DEVICE, "USB %s: %s", what, usb_error_text(err));

    if (e)
        e->sys = err;
    return rc;
}

static enum pd_status usb_send(void *self, const uint8_t *buf, size_t len, struct pd_err *e)
{
    struct usb *u = self;
    int done = 0, err;

    err = libusb.bulk_transfer(u->h, u->ep_out, (unsigned char *)buf, (int)len, &done,
                               u->send_timeout_ms);
    if (err == LIBUSB_ERROR_PIPE) { /* a halted endpoint: clear it and try once more */
        libusb.clear_halt(u->h, u->ep_out);
        err = libusb.bulk_transfer(u->h, u->ep_out, (unsigned char *)buf, (int)len, &done,
                                   u->send_timeout_ms);
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
    int n = 0, err = libusb.bulk_transfer(u->h, u->ep_in, buf, (int)cap, &n,
                                          (unsigned)timeout_ms);

    if (err == LIBUSB_ERROR_TIMEOUT && n == 0)
        return pd_fail(e, PD_ERR_LIMIT, "no reply within %d ms", timeout_ms);
    if (err == LIBUSB_ERROR_PIPE) {
        libusb.clear_halt(u->h, u->ep_in);
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
        libusb.release_interface(u->h, u->iface);
        libusb.close(u->h);
    }
    free(u);
}

enum pd_status mach_usb_new(const struct mach_profile *p, struct mach_usb **out,
                            struct pd_err *e)
{
    struct mach_usb *m = calloc(1, sizeof *m);
    int err;

    *out = NULL;
    if (usb_ready(e) != PD_OK) {
        free(m);
        return PD_ERR_INTERNAL;
    }
    if (!m)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the USB transport");
    err = libusb.init(&m->ctx);
    if (err < 0) {
        free(m);
        return usb_fail(e, err, "init");
    }
    m->p = p;
    *out = m;
    return PD_OK;
}

void mach_usb_free(struct mach_usb *m)
{
    if (!m)
        return;
    libusb.exit(m->ctx);
    free(m);
}

enum pd_status mach_usb_open_error(const struct mach_profile *p, int err, const char *step,
                                   int bus, int addr, struct pd_err *e)
{
    if (err == LIBUSB_ERROR_ACCESS)
        return pd_fail(e, PD_ERR_DEVICE,
                       "permission denied on USB machine %04x:%04x (bus %03d device %03d): add "
                       "the udev rule of machine/README.md for %04x:%04x to "
                       "/etc/udev/rules.d/70-predup.rules, run udevadm control --reload, plug "
                       "it in again",
                       p->vid, p->pid, bus, addr, p->vid, p->pid);
    if (err == LIBUSB_ERROR_NOT_FOUND)
        return pd_fail(e, PD_ERR_DEVICE, "USB machine %04x:%04x has no interface %d (profile "
                                         "%s, key interface)", p->vid, p->pid, p->interface,
                       p->name);
    return pd_fail(e, PD_ERR_DEVICE, "USB machine %04x:%04x (profile %s): %s: %s", p->vid,
                   p->pid, p->name, step, usb_error_text(err));
}

/* A failure that a wait can cure: the machine is not (or no longer, or not yet fully) on
 * the bus, or another program holds it for a moment. */
static bool transient(int err)
{
    return err == LIBUSB_ERROR_NO_DEVICE || err == LIBUSB_ERROR_BUSY ||
           err == LIBUSB_ERROR_IO || err == LIBUSB_ERROR_INTERRUPTED ||
           err == LIBUSB_ERROR_OTHER;
}

/* "1-1.4": the bus, then the port numbers from the root, as Linux names the device. */
static void port_path(libusb_device *dev, char *out, size_t cap)
{
    uint8_t ports[8];
    int n = libusb.get_port_numbers(dev, ports, (int)sizeof ports);
    size_t used = (size_t)snprintf(out, cap, "%d", libusb.get_bus_number(dev));

    for (int i = 0; i < n && used + 5 < cap; i++)
        used += (size_t)snprintf(out + used, cap - used, "%c%d", i ? '.' : '-', ports[i]);
}

/* The serial number string of dev (raw, NUL-terminated), read with a short open; false when
 * it cannot be read (no permission, gone). "" when the device has none. */
static bool read_serial(libusb_device *dev, char *out, size_t cap)
{
    struct libusb_device_descriptor d;
    libusb_device_handle *h = NULL;
    int n = 0;

    out[0] = '\0';
    if (libusb.get_device_descriptor(dev, &d) != 0)
        return false;
    if (!d.iSerialNumber)
        return true;
    if (libusb.open(dev, &h) != 0)
        return false;
    n = libusb.get_string_descriptor_ascii(h, d.iSerialNumber, (unsigned char *)out,
                                           (int)cap - 1);
    libusb.close(h);
    out[n > 0 ? n : 0] = '\0';
    return n >= 0;
}

/* dev may be the profile's machine: its ids, and its port path and serial number when the
 * profile names them (a serial that cannot be read is not a refusal: the open will say why). */
static bool candidate(const struct mach_profile *p, libusb_device *dev)
{
    struct libusb_device_descriptor d;
    char path[32], serial[64];

    if (libusb.get_device_descriptor(dev, &d) != 0 || d.idVendor != p->vid ||
        d.idProduct != p->pid)
        return false;
    port_path(dev, path, sizeof path);
    if (p->usb_path[0] && strcmp(path, p->usb_path) != 0)
        return false;
    return !p->serial[0] || !read_serial(dev, serial, sizeof serial) ||
           strcmp(serial, p->serial) == 0;
}

/* The one device that may be the profile's machine, referenced; NULL when there is none
 * (*count 0) or more than one (*count, their port paths in paths): two machines of one model
 * are never chosen between by the order of the bus. */
static libusb_device *find_device(const struct mach_usb *m, int *count, char *paths,
                                  size_t cap)
{
    libusb_device **list, *found = NULL;
    ssize_t n = libusb.get_device_list(m->ctx, &list);
    size_t used = 0;

    *count = 0;
    paths[0] = '\0';
    for (ssize_t i = 0; i < n; i++) {
        if (!candidate(m->p, list[i]))
            continue;
        if (used + 32 < cap) {
            used += (size_t)snprintf(paths + used, cap - used, "%s", *count ? ", " : "");
            port_path(list[i], paths + used, cap - used);
            used = strlen(paths);
        }
        if (++*count == 1)
            found = list[i];
    }
    found = *count == 1 ? libusb.ref_device(found) : NULL;
    if (n >= 0)
        libusb.free_device_list(list, 1);
    return found;
}

/* "usb VID:PID serial S": the serial number string (escaped as %XX outside [A-Za-z0-9._-],
 * "-" when the device has none), so that the journal tells two machines of one model apart.
 * 0, or the LIBUSB_ERROR_* of reading it. */
static int identify(libusb_device_handle *h, const struct mach_profile *p, char *out,
                    size_t cap)
{
    struct libusb_device_descriptor d;
    unsigned char serial[64] = "-";
    int n = 1, used;

    if (libusb.get_device_descriptor(libusb.get_device(h), &d) == 0 && d.iSerialNumber)
        n = libusb.get_string_descriptor_ascii(h, d.iSerialNumber, serial, sizeof serial);
    if (n < 0)
        return n;
    used = snprintf(out, cap, "usb %04x:%04x serial ", p->vid, p->pid);
    for (int i = 0; i < n && (size_t)used + 4 < cap; i++) {
        bool plain = serial[i] < 128 && (isalnum(serial[i]) || (serial[i] && strchr("._-", serial[i])));

        used += plain ? snprintf(out + used, cap - (size_t)used, "%c", serial[i])
                      : snprintf(out + used, cap - (size_t)used, "%%%02X", serial[i]);
    }
    return 0;
}

/* One attempt: 0 with *h open and claimed, else the LIBUSB_ERROR_* (1: not on the bus; 2:
 * more than one that may be it, their port paths in id) and the step that failed. */
static int try_open(struct mach_usb *m, libusb_device_handle **h, const char **step, int *bus,
                    int *addr, char *id, size_t idcap)
{
    int count, err;
    libusb_device *dev = find_device(m, &count, id, idcap);

    *h = NULL;
    *step = "not on the bus";
    if (!dev)
        return count > 1 ? 2 : 1;
    *bus = libusb.get_bus_number(dev);
    *addr = libusb.get_device_address(dev);
    *step = "open";
    err = libusb.open(dev, h);
    libusb.unref_device(dev);
    if (err < 0)
        return err;
    libusb.set_auto_detach_kernel_driver(*h, 1);
    *step = "claim interface";
    err = libusb.claim_interface(*h, m->p->interface);
    if (err == 0) {
        *step = "read its serial number"; /* a failed read is retried as a transient one */
        err = identify(*h, m->p, id, idcap) < 0 ? LIBUSB_ERROR_IO : 0;
        if (err < 0)
            libusb.release_interface(*h, m->p->interface);
    }
    if (err < 0) {
        libusb.close(*h);
        *h = NULL;
    }
    return err;
}

static double now_ms(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000 + (double)t.tv_nsec / 1e6;
}

static void nap_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};

    nanosleep(&ts, NULL);
}

enum pd_status mach_usb_open(struct mach_usb *m, int wait_ms, struct mach_transport *out,
                             struct pd_err *e)
{
    const struct mach_profile *p = m->p;
    libusb_device_handle *h = NULL;
    const char *step = "";
    double end = now_ms() + wait_ms;
    int err, bus = 0, addr = 0;
    char id[MACH_ID_MAX];
    struct usb *u;

    while ((err = try_open(m, &h, &step, &bus, &addr, id, sizeof id)) != 0) {
        if (err < 0 && !transient(err))
            return mach_usb_open_error(p, err, step, bus, addr, e);
        if (err == 2)
            return pd_fail(e, PD_ERR_USAGE, "more than one USB machine %04x:%04x%s is plugged "
                           "in (at %s): name one in profile %s by serial = ... or usb_path = "
                           "... (predup fill --list shows them)", p->vid, p->pid,
                           p->serial[0] || p->usb_path[0] ? " of that serial and path" : "",
                           id, p->name);
        if (now_ms() >= end)
            break;
        nap_ms(20);
    }
    m->absent = err == 1;
    if (err == 1)
        return pd_fail(e, PD_ERR_DEVICE, "no USB machine %04x:%04x (profile %s)%s", p->vid,
                       p->pid, p->name, wait_ms > 0 ? " came within the wait" : "");
    if (err < 0)
        return mach_usb_open_error(p, err, step, bus, addr, e);
    u = calloc(1, sizeof *u);
    if (!u) {
        libusb.release_interface(h, p->interface);
        libusb.close(h);
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the USB transport");
    }
    *u = (struct usb){h, p->interface, p->ep_out, p->ep_in, (unsigned)p->send_timeout_ms, ""};
    snprintf(u->machine, sizeof u->machine, "%s", id);
    *out = (struct mach_transport){"usb", u, usb_send, usb_recv, usb_close, u->machine};
    return PD_OK;
}

bool mach_usb_choice_set(struct mach_profile *p, const char *name, const char *value)
{
    bool serial = !strcmp(name, "serial");
    size_t n = strlen(value), cap = serial ? sizeof p->serial : sizeof p->usb_path;

    if (n == 0 || n >= cap)
        return false;
    for (size_t i = 0; i < n; i++)
        if (value[i] < ' ' || value[i] > '~' || (!serial && !strchr("0123456789-.", value[i])))
            return false;
    if (!serial && (!isdigit((unsigned char)value[0]) || !strchr(value, '-')))
        return false;
    snprintf(serial ? p->serial : p->usb_path, cap, "%s", value);
    return true;
}

bool mach_usb_absent(const struct mach_usb *m)
{
    return m && m->absent;
}

/* ---------------------------------------------------------------- fill --list */

/* What one device says of itself, and whether this user may open it. */
static void describe(libusb_device *dev, struct mach_usb_dev *out)
{
    struct libusb_device_descriptor d;
    libusb_device_handle *h = NULL;

    memset(out, 0, sizeof *out);
    out->bus = libusb.get_bus_number(dev);
    out->addr = libusb.get_device_address(dev);
    if (libusb.get_device_descriptor(dev, &d) == 0) {
        out->vid = d.idVendor;
        out->pid = d.idProduct;
    }
    port_path(dev, out->path, sizeof out->path);
    out->open_err = libusb.open(dev, &h);
    out->denied = out->open_err == LIBUSB_ERROR_ACCESS;
    if (out->open_err == 0 && d.iSerialNumber) {
        unsigned char text[64];
        int n = libusb.get_string_descriptor_ascii(h, d.iSerialNumber, text, sizeof text);

        if (n > 0)
            mp_printable(out->serial, sizeof out->serial, text, (size_t)n);
    }
    if (out->open_err == 0 && d.iProduct) {
        unsigned char text[64];
        int n = libusb.get_string_descriptor_ascii(h, d.iProduct, text, sizeof text);

        if (n > 0)
            mp_printable(out->product, sizeof out->product, text, (size_t)n);
    }
    if (h)
        libusb.close(h);
}

enum pd_status mach_usb_list(mach_usb_dev_fn fn, void *ctx, int *n, struct pd_err *e)
{
    libusb_context *lc;
    libusb_device **list;
    ssize_t count;
    int err;

    *n = 0;
    if (usb_ready(e) != PD_OK)
        return PD_ERR_INTERNAL;
    err = libusb.init(&lc);
    if (err < 0)
        return usb_fail(e, err, "init");
    count = libusb.get_device_list(lc, &list);
    if (count < 0) {
        libusb.exit(lc);
        return usb_fail(e, (int)count, "list the devices");
    }
    for (ssize_t i = 0; i < count; i++) {
        struct mach_usb_dev d;

        describe(list[i], &d);
        fn(ctx, &d);
        (*n)++;
    }
    libusb.free_device_list(list, 1);
    libusb.exit(lc);
    return PD_OK;
}

const char *mach_usb_error_name(int err)
{
    return usb_error_text(err);
}
