/* machine/camera_module.c - the camera module (machine/camera/camera.h) loaded on first use:
 * predup-camera.so holds the camera machine and the vision room, linked with libvips,
 * GStreamer and zbar, which predup itself does not link (their ~110 libraries cost 25 ms a
 * start, and only a camera needs them). Found and checked as every module of predup's is
 * (pd_module_open, dealer/base/module_open.c: beside the program, then PREFIX/lib/predup/). */
#include <limits.h>
#include <pthread.h>

#include "machine/camera/camera.h"

/* The table itself when this program was linked with the camera's objects (the Check suites,
 * the Firmata test): nothing to load. Weak: predup links no such object. */
extern const struct cam_module cam_module __attribute__((weak));

static const struct cam_module *loaded;
static char load_error[2 * PATH_MAX + 400]; /* why not, when loaded is NULL */
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void)
{
    static const struct pd_module camera = {
        .file = "predup-camera.so", .what = "camera module", .a_what = "a camera module",
        .table = "cam_module", .abi = CAM_MODULE_ABI, .sizes = CAM_MODULE_SIZES,
    };

    loaded = &cam_module ? &cam_module : pd_module_open(&camera, load_error, sizeof load_error);
}

const struct cam_module *mach_camera_module(struct pd_err *e)
{
    pthread_once(&load_once, load);
    if (!loaded)
        pd_fail(e, PD_ERR_INTERNAL, "%s", load_error);
    return loaded;
}
