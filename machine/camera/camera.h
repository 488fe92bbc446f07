/* machine/camera/camera.h - the camera module's face: the one table through which the rest of
 * predup reaches the camera machine (machine/camera/) and the vision room (machine/vision/).
 * Their code is built into a module of its own, predup-camera.so, linked with libvips,
 * GStreamer and zbar; predup itself links none of them and loads the module on first use
 * (mach_camera_module, machine/camera_module.c), as it loads libdds: those libraries' ~110
 * shared objects cost every start 25 ms. The module exports this table alone (module.c); it
 * calls back only the few functions of predup the Makefile exports to it
 * (module-host.list). */
#ifndef PREDUP_MACHINE_CAMERA_H
#define PREDUP_MACHINE_CAMERA_H

#include "machine/machine.h"
#include "machine/vision/vision.h"

/* machine calibrate's engine: a calibration learned from the labelled frames of a TSV (a
 * header line naming the columns `file` and `card`, paths relative to the TSV), saved to out.
 * Errors name the TSV's line and column; a deck with a card missing is refused unless
 * partial. */
struct cam_calibrate_opts {
    const char *images, *out;
    const struct vis_rect *region; /* where the corner index is, or NULL: the whole frame */
    bool partial, force;
};
struct cam_calibrate_report {
    int frames, cards, threshold; /* frames learned, of how many cards; the least confidence
                                   * accepted */
};

/* Bumped whenever the table or a structure it passes changes shape; the module and the program
 * must agree on it and on the sizes below (a module of another build is refused). */
enum { CAM_MODULE_ABI = 1 };
#define CAM_MODULE_SIZES                                                                     \
    (sizeof(struct cam_module) ^ sizeof(struct mach_profile) << 8 ^                          \
     sizeof(struct mach_connector) << 24 ^ sizeof(struct pd_err) << 32 ^                     \
     sizeof(struct vis_reading) << 48)

struct cam_module {
    struct pd_module_id id; /* CAM_MODULE_ABI, CAM_MODULE_SIZES (pd_module_open checks them) */
    /* The camera machine's row of the drivers' table (machine/drivers.c, struct mach_driver);
     * its rehearsal is p->camera.simulated, answered without the module. */
    enum pd_status (*start)(const struct mach_profile *p, void **run,
                            struct mach_connector *conn, struct pd_err *e);
    bool (*audit)(void *run, int board, const struct deal *d, char *why, size_t n);
    void (*stop)(void *run);
    /* machine calibrate (config/commands/cmd_machine.c). */
    enum pd_status (*calibrate)(const struct cam_calibrate_opts *o,
                                struct cam_calibrate_report *out, struct pd_err *e);
    /* machine recognize: a calibration file loaded, an image file read with it (vision.h's
     * vis_cal_load, vis_read_card, vis_cal_free, vis_card_label). */
    enum pd_status (*cal_load)(const char *path, struct vis_cal **cal, struct pd_err *e);
    enum pd_status (*read_file)(const struct vis_cal *cal, const char *path,
                                const struct vis_rect *region, struct vis_reading *out,
                                struct pd_err *e);
    void (*cal_free)(struct vis_cal *cal);
    const char *(*card_label)(int card, char buf[4]);
};

/* The table, loaded once (thread-safe): from this program itself when it was linked with the
 * camera's objects (the Check suites), else from predup-camera.so next to the program (its
 * real path, /proc/self/exe), else from PREFIX/lib/predup/ (make install). NULL and
 * PD_ERR_INTERNAL (exit code 70) naming every file tried and the loader's reason when none
 * loads, or when the one found is of another build. */
const struct cam_module *mach_camera_module(struct pd_err *e);

#endif
