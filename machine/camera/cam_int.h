/* machine/camera/cam_int.h - internal to machine/camera/, the camera machine: a camera reads
 * every card on the host (machine/vision/), a board running StandardFirmata moves them.
 *   firmata.c  - the host side of Firmata over a serial port (pins, servos, the card sensor)
 *   capture.c  - frames from a GStreamer pipeline (a USB webcam's v4l2src, or image files)
 *   world.c    - the simulator (camera-sim.conf): the cards, the fake Firmata board on a
 *                pseudo-terminal that moves them, the rendered frames, the injected faults
 *   cam.c      - the driver's primitives and its row's functions (machine/driver.h)
 *   calibrate.c - machine calibrate's and recognize's engines, from image files
 *   module.c   - the module's one table (camera.h), which predup loads */
#ifndef PREDUP_MACHINE_CAMERA_CAM_INT_H
#define PREDUP_MACHINE_CAMERA_CAM_INT_H

#include "machine/camera/camera.h"
#include "machine/driver.h"
#include "machine/vision/vision.h"

/* ---------------------------------------------------------------- firmata.c */

struct fm_board {
    int fd;
    uint8_t port[16]; /* the digital ports' input bits, as the board last reported them */
    uint8_t out[16];  /* the digital ports' output bits, as the host last wrote them */
    int major, minor; /* the Firmata version it announced */
};
/* Opens the serial port (raw, 57600 baud) and waits up to wait_ms for the board's version.
 * PD_ERR_DEVICE naming the port and what failed. */
enum pd_status fm_open(struct fm_board *b, const char *path, int wait_ms, struct pd_err *e);
void fm_close(struct fm_board *b);
/* SET_PIN_MODE (FM_INPUT, FM_OUTPUT, FM_SERVO, FM_PULLUP), and for an input, its port's
 * reports (REPORT_DIGITAL). */
enum { FM_INPUT = 0, FM_OUTPUT = 1, FM_SERVO = 4, FM_PULLUP = 11 };
enum pd_status fm_mode(struct fm_board *b, int pin, int mode, struct pd_err *e);
enum pd_status fm_write(struct fm_board *b, int pin, int value, struct pd_err *e);
enum pd_status fm_servo(struct fm_board *b, int pin, int degrees, struct pd_err *e);
/* Waits up to timeout_ms for pin to read level: 1 when it does, 0 on timeout, -1 when the
 * board is gone (e says why). */
int fm_wait(struct fm_board *b, int pin, int level, int timeout_ms, struct pd_err *e);

/* ---------------------------------------------------------------- capture.c */

struct cam_capture;
/* Starts pipeline (a GStreamer source description) ending in an appsink. */
enum pd_status cam_capture_open(const char *pipeline, struct cam_capture **out,
                                struct pd_err *e);
/* The next frame (RGB), waiting up to timeout_ms. PD_ERR_DEVICE: the camera is gone. */
enum pd_status cam_capture_frame(struct cam_capture *c, int timeout_ms, struct vis_image *img,
                                 struct pd_err *e);
void cam_capture_close(struct cam_capture *c);

/* ---------------------------------------------------------------- world.c */

struct cam_world;
/* The simulated machine of profile p (its [sim] seed and faults, its [camera] pins); its
 * recognizer learns the rendered deck at the first frame. */
enum pd_status cam_world_new(const struct mach_profile *p, struct cam_world **out,
                             struct pd_err *e);
void cam_world_free(struct cam_world *w);
/* The cards in slot (0..3 pockets, 4 the tray, 5 lost) into out (at most 128): for tests. */
int cam_world_slot(struct cam_world *w, int slot, int *out);
/* A connection attempt: the path of a new fake board's pty, or PD_ERR_DEVICE while the
 * board (or the camera) is unplugged. */
enum pd_status cam_world_plug(struct cam_world *w, char *path, size_t n, struct pd_err *e);
/* The frame the camera sees now (the feeder's bottom card). PD_ERR_DEVICE: unplugged. */
enum pd_status cam_world_frame(struct cam_world *w, int frame_no, struct vis_image *img,
                               struct pd_err *e);
/* The model operator does act (a careful one: START and REDO put board's deck in the feeder). */
void cam_world_operator(struct cam_world *w, enum mach_action act, int board);
/* The ground truth: board's pockets hold deal d (else why). */
bool cam_world_matches(struct cam_world *w, int board, const struct deal *d, char *why,
                       size_t n);
/* Where the rendered corner is, and the calibration the simulator's recognizer uses (after
 * the first frame). */
struct vis_rect cam_world_corner(const struct cam_world *w);
const struct vis_cal *cam_world_cal(const struct cam_world *w);

/* ---------------------------------------------------------------- calibrate.c */

/* The table's calibrate and read_file (camera.h). */
enum pd_status cam_calibrate(const struct cam_calibrate_opts *o,
                             struct cam_calibrate_report *out, struct pd_err *e);
enum pd_status cam_read_file(const struct vis_cal *cal, const char *path,
                             const struct vis_rect *region, struct vis_reading *out,
                             struct pd_err *e);

#endif
