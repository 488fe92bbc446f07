/* machine/camera_module.c - the camera module (machine/camera/camera.h) loaded on first use:
 * predup-camera.so holds the camera machine and the vision room, linked with libvips,
 * GStreamer and zbar, which predup itself does not link (their ~110 libraries cost 25 ms a
 * start, and only a camera needs them). Looked for next to the running program (make builds
 * it beside build/predup and ./predup), then in PREFIX/lib/predup/ (make install). A file
 * found that does not load is an error, not a reason to try the next place: the operator sees
 * why. The module is never unloaded (its libraries' threads live to the end of the process). */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "machine/camera/camera.h"

#ifndef PREDUP_LIBDIR
#define PREDUP_LIBDIR "/usr/local/lib/predup" /* the Makefile sets it from PREFIX */
#endif

static const char MODULE_FILE[] = "predup-camera.so";

/* The table itself when this program was linked with the camera's objects (the Check suites,
 * the Firmata test): nothing to load. Weak: predup links no such object. */
extern const struct cam_module cam_module __attribute__((weak));

static const struct cam_module *loaded;
static char load_error[2 * PATH_MAX + 400]; /* why not, when loaded is NULL */
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/* path: the running program's folder (its real path), a slash and MODULE_FILE; "" when the
 * program's path cannot be read. */
static void beside_program(char *path, size_t cap)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash;

    path[0] = 0;
    if (n <= 0)
        return;
    exe[n] = 0;
    slash = strrchr(exe, '/');
    if (slash && snprintf(path, cap, "%.*s/%s", (int)(slash - exe), exe, MODULE_FILE) >= (int)cap)
        path[0] = 0;
}

/* The table of the module at path, or NULL with load_error saying why. */
static const struct cam_module *open_module(const char *path)
{
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    const struct cam_module *m;

    if (!lib) {
        snprintf(load_error, sizeof load_error, "cannot load the camera module %s: %s", path,
                 dlerror());
        return NULL;
    }
    m = dlsym(lib, "cam_module");
    if (!m || m->abi != CAM_MODULE_ABI || m->sizes != CAM_MODULE_SIZES) {
        snprintf(load_error, sizeof load_error, "%s is not a camera module of this predup "
                 "(%s): build and install both from one tree", path,
                 m ? "another build" : "no table cam_module");
        return NULL; /* not unloaded: dlclose could run a foreign module's finalisers */
    }
    return m;
}

static void load(void)
{
    char here[PATH_MAX + 64];
    const char *installed = PREDUP_LIBDIR "/predup-camera.so";

    if (&cam_module) {
        loaded = &cam_module;
        return;
    }
    beside_program(here, sizeof here);
    if (here[0] && access(here, F_OK) == 0)
        loaded = open_module(here);
    else if (access(installed, F_OK) == 0)
        loaded = open_module(installed);
    else
        snprintf(load_error, sizeof load_error, "the camera module is missing: no %s%s%s "
                 "(make builds it beside predup, make install puts it in %s)", here,
                 here[0] ? " nor " : "", installed, PREDUP_LIBDIR);
}

const struct cam_module *mach_camera_module(struct pd_err *e)
{
    pthread_once(&load_once, load);
    if (!loaded)
        pd_fail(e, PD_ERR_INTERNAL, "%s", load_error);
    return loaded;
}
