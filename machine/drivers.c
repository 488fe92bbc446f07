/* machine/drivers.c - the one table of machine drivers (machine.h section 4: mach_driver_of, mach_driver_named):
 * the built-in simulator and a USB machine, both of the open protocol (machine/PROTOCOL.md),
 * and the camera machine (machine/camera/). A row says how a run starts, how the controller
 * opens the machine, and, for a rehearsal, how its pockets are audited; the controller
 * (machine/ctl.c) keeps every rule for all of them. */
#include <string.h>

#include "machine/camera/camera.h"
#include "machine/driver.h"
#include "machine/mach_int.h"
#include "machine/transport.h"

/* ---------------------------------------------------------------- sim: in-process */

static bool always(const struct mach_profile *p)
{
    (void)p;
    return true;
}

static bool never(const struct mach_profile *p)
{
    (void)p;
    return false;
}

static enum pd_status sim_open(void *ctx, int wait_ms, struct mach_transport *out,
                               struct pd_err *e)
{
    enum pd_status rc = PD_ERR_DEVICE;

    (void)wait_ms; /* simulated time: each attempt is one poll of the bus */
    for (int i = 0; i < 1000 && rc != PD_OK; i++)
        rc = mach_fake_open(ctx, out, e);
    return rc;
}

static enum pd_status sim_start(const struct mach_profile *p, void **run,
                                struct mach_connector *conn, struct pd_err *e)
{
    struct mach_sim *sim = NULL;
    enum pd_status rc = mach_sim_new(&p->sim, p->pocket, NULL, &sim, e);

    *run = sim;
    *conn = (struct mach_connector){sim, sim_open, NULL};
    return rc;
}

static bool sim_audit(void *run, int board, const struct deal *d, char *why, size_t n)
{
    return mach_sim_board_matches(run, board, d, why, n);
}

static void sim_stop(void *run)
{
    mach_sim_free(run);
}

/* ---------------------------------------------------------------- usb: libusb */

static enum pd_status usb_open(void *ctx, int wait_ms, struct mach_transport *out,
                               struct pd_err *e)
{
    return mach_usb_open(ctx, wait_ms, out, e);
}

static enum pd_status usb_start(const struct mach_profile *p, void **run,
                                struct mach_connector *conn, struct pd_err *e)
{
    struct mach_usb *usb = NULL;
    enum pd_status rc = mach_usb_new(p, &usb, e); /* one libusb context for the whole run */

    *run = usb;
    *conn = (struct mach_connector){usb, usb_open, NULL};
    return rc;
}

static void usb_explain(void *run, const struct mach_profile *p)
{
    if (mach_usb_absent(run))
        mach_ui_no_machine(p);
}

static void usb_stop(void *run)
{
    mach_usb_free(run);
}

/* ---------------------------------------------------------------- camera: a module

 * The camera machine's code is in its module (machine/camera/camera.h), loaded when a run
 * starts; a rehearsal is a profile's setting, known without it. */

static bool camera_rehearsal(const struct mach_profile *p)
{
    return p->camera.simulated;
}

static enum pd_status camera_start(const struct mach_profile *p, void **run,
                                   struct mach_connector *conn, struct pd_err *e)
{
    const struct cam_module *m = mach_camera_module(e);

    *run = NULL;
    return m ? m->start(p, run, conn, e) : PD_ERR_INTERNAL;
}

/* audit and stop follow a start, which loaded the module. */
static bool camera_audit(void *run, int board, const struct deal *d, char *why, size_t n)
{
    return mach_camera_module(NULL)->audit(run, board, d, why, n);
}

static void camera_stop(void *run)
{
    if (run)
        mach_camera_module(NULL)->stop(run);
}

/* ---------------------------------------------------------------- the table */

static const struct mach_driver drivers[MACH_KINDS] = {
    [MACH_SIM] = {MACH_SIM, "sim", "the built-in simulator", "built-in simulator", always,
                  sim_start, sim_audit, NULL, sim_stop},
    [MACH_USB] = {MACH_USB, "usb", "a USB machine with the default ids", "usb (default ids)",
                  never, usb_start, NULL, usb_explain, usb_stop},
    [MACH_CAMERA] = {MACH_CAMERA, "camera", "a camera and a Firmata board (predup reads the "
                     "cards)", "camera (no pins set)", camera_rehearsal, camera_start,
                     camera_audit, NULL, camera_stop},
};

const struct mach_driver *mach_driver_of(int kind)
{
    return kind > MACH_NONE && kind < MACH_KINDS && drivers[kind].name ? &drivers[kind] : NULL;
}

const struct mach_driver *mach_driver_named(const char *name)
{
    for (int k = 0; k < MACH_KINDS; k++)
        if (mach_driver_of(k) && strcmp(drivers[k].name, name) == 0)
            return &drivers[k];
    return NULL;
}

void mach_driver_names(const char *sep, const char *last, char *buf, size_t cap)
{
    const char *names[MACH_KINDS];
    size_t n = 0;

    for (int k = 0; k < MACH_KINDS; k++)
        if (mach_driver_of(k))
            names[n++] = drivers[k].name;
    pd_join_words(names, n, sep, last, buf, cap);
}
