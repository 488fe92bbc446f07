/* machine/vision/vision.h - the vision room (machine/vision/): reading a playing card from a
 * camera frame on the host (issue 31), for machines that do not read cards themselves.
 *   image.c   - struct vis_image: load (PNG, JPEG, anything libvips reads), convert, free
 *   cal.c     - struct vis_cal: the templates learned from one sorted deck or labelled images,
 *               saved to and loaded from a calibration file
 *   read.c    - vis_read_card: barcode first (zbar), then the corner index by correlation
 *               with the learned templates; the confidence is the margin best vs second best
 *   render.c  - vis_render_card: real-looking corners drawn with DejaVu through FreeType,
 *               with the camera's faults, for the simulator and the tests
 * Includes dealer/deal/deal.h only: the machine room (drivers, controller) and the front-ends
 * call it; it knows nothing of profiles, pockets or boards. */
#ifndef PREDUP_MACHINE_VISION_H
#define PREDUP_MACHINE_VISION_H

#include "dealer/deal/deal.h"

/* ---------------------------------------------------------------- images */

/* An 8-bit image, grey (channels 1) or RGB (channels 3, interleaved R G B). Row y starts at
 * pixels + y * stride (stride >= width * channels). The image owns pixels: vis_image_free. */
struct vis_image {
    int width, height;
    int channels; /* 1 grey, 3 RGB */
    int stride;   /* bytes from one row to the next */
    unsigned char *pixels;
};

/* A blank (zeroed) image of the size and channels given: PD_ERR_RANGE for a size outside
 * 1..VIS_MAX_SIDE or channels other than 1 and 3, PD_ERR_NOMEM. */
enum { VIS_MAX_SIDE = 8192 };
enum pd_status vis_image_new(struct vis_image *img, int width, int height, int channels,
                             struct pd_err *e);
/* Reads an image file (PNG, JPEG: whatever libvips reads) as RGB (a grey or alpha file is
 * converted). PD_ERR_IO when it cannot be opened, PD_ERR_SYNTAX when it is not an image. */
enum pd_status vis_image_load(const char *path, struct vis_image *img, struct pd_err *e);
/* Writes img as PNG (for the simulator's frames, tests and calibration views). */
enum pd_status vis_image_save_png(const struct vis_image *img, const char *path,
                                  struct pd_err *e);
/* Frees the pixels and zeroes *img; a zeroed image may be freed again. */
void vis_image_free(struct vis_image *img);

/* A rectangle of a frame in pixels; x, y the top-left corner. */
struct vis_rect {
    int x, y, width, height;
};

/* ---------------------------------------------------------------- calibration */

/* The templates of one deck as one camera sees it: for each card, a few corner-index images
 * learned from labelled frames, and which barcode (if any) names it. Opaque. */
struct vis_cal;

/* An empty calibration, to be taught with vis_cal_learn (NULL on no memory). */
struct vis_cal *vis_cal_new(void);
/* Learns one frame of a known card (card index 0..51, deal.h's order: 0 = spade ace .. 51 =
 * club two); region as for vis_read_card. A barcode found on the frame is bound to the card.
 * PD_ERR_RANGE for a card out of range or a frame too small to hold an index. */
enum pd_status vis_cal_learn(struct vis_cal *cal, const struct vis_image *frame,
                             const struct vis_rect *region, int card, struct pd_err *e);
/* A sorted deck fed from the spade ace down is learned by calling vis_cal_learn with card 0, 1
 * .. 51 in feed order; a folder of labelled frames, with each frame's card.
 * After learning: fixes the acceptance thresholds from the calibration frames themselves (each
 * frame read against the templates of the others; a card learned once is not checked), so
 * that no frame read later tunes them. PD_ERR_RANGE when nothing was learned. */
enum pd_status vis_cal_finish(struct vis_cal *cal, struct pd_err *e);
/* The first card (0..51) the calibration has no frame of, or -1 when it has the whole deck:
 * a machine refuses a calibration that is not whole (a card never learned is read as another). */
int vis_cal_missing(const struct vis_cal *cal);
/* Saves and loads a calibration file (a versioned binary file, written atomically). Save
 * refuses to replace a file with other bytes (PD_ERR_EXISTS) unless force (vis_cal_save_ex).
 * Load: PD_ERR_SYNTAX with file and a reason for a file that is not a calibration or is
 * damaged. */
enum pd_status vis_cal_save(const struct vis_cal *cal, const char *path, struct pd_err *e);
enum pd_status vis_cal_save_ex(const struct vis_cal *cal, const char *path, bool force,
                               struct pd_err *e);
enum pd_status vis_cal_load(const char *path, struct vis_cal **cal, struct pd_err *e);
/* How many frames were learned of card (0..51), for the calibration's report. */
int vis_cal_frames(const struct vis_cal *cal, int card);
/* The least confidence the calibration accepts (vis_cal_finish fixed it), 0..VIS_CONF_MAX. */
int vis_cal_threshold(const struct vis_cal *cal);
void vis_cal_free(struct vis_cal *cal);

/* ---------------------------------------------------------------- reading a card */

enum vis_method { VIS_NONE = 0, VIS_BARCODE = 1, VIS_INDEX = 2 };

/* What one frame shows. card is deal.h's card index (0..51), or -1: no card, an empty feeder,
 * or no reading clear enough to accept. confidence is the margin between the best card and
 * the second best, on the scale 0..1000 (VIS_CONF_MAX): for the index, 1000 times the
 * difference of their normalised correlations; a barcode that names a learned card is 1000.
 * A caller accepts a card only when card >= 0 (predup already refuses a margin below the
 * calibration's threshold) and, on a machine, only when two readings agree and the confidence
 * reaches the profile's min_confidence. */
enum { VIS_CONF_MAX = 1000 };
struct vis_reading {
    int card;             /* 0..51, or -1 */
    int confidence;       /* 0..VIS_CONF_MAX: best minus second best */
    int second;           /* the second-best card, or -1 */
    enum vis_method method;
};

/* Reads frame with cal. region: where the corner index is in the frame (the profile's
 * `corner`), or NULL for the whole frame; the index may move a few pixels within it between
 * frames (the match slides). Fails only on bad arguments (PD_ERR_RANGE: a region outside the
 * frame) or no memory; an unreadable frame is a reading of card -1, not an error. */
enum pd_status vis_read_card(const struct vis_cal *cal, const struct vis_image *frame,
                             const struct vis_rect *region, struct vis_reading *out,
                             struct pd_err *e);

/* ---------------------------------------------------------------- rendering (simulator) */

/* What the simulated camera sees. Every random choice comes from seed: the same card, options
 * and seed give the same pixels. The faults are off at zero. */
struct vis_render_opts {
    const char *honours[4]; /* the index letters of ace, king, queen, jack ("A","K","D","B");
                             * NULL entries: "A","K","Q","J". The caller passes its table's
                             * row (machine.h's MACH_INDEX_HONOURS) */
    int width, height;      /* the frame; 0: 224 x 224, as a feeder camera's crop */
    unsigned long long seed;
    double rotation_deg;    /* the card turned by this much (either way, up to 30) */
    double blur;            /* Gaussian sigma in pixels (0..8) */
    double noise;           /* sensor noise, standard deviation in grey levels (0..64) */
    int cast_rgb[3];        /* colour cast added to each channel (-128..128) */
    double glare;           /* a bright spot over the index: 0 none .. 1 burnt out */
    double worn;            /* a worn corner: 0 none .. 1 the index half rubbed off */
    bool empty;             /* an empty feeder: no card at all (card is ignored) */
    int second_card;        /* two cards at once: the other card (0..51) peeking out, or -1;
                             * 0 is the spade ace, so set -1 for none */
    int shift_x, shift_y;   /* the card's placement, in pixels, from where calibration saw it */
};
/* The default options: no fault, standard letters, 224 x 224, second_card -1. */
void vis_render_defaults(struct vis_render_opts *opts);
/* Draws card (0..51) as the camera sees it into *img (RGB, allocated; vis_image_free).
 * PD_ERR_RANGE for a card or option out of range, PD_ERR_IO when the DejaVu font cannot be
 * read (fonts-dejavu-core). */
enum pd_status vis_render_card(int card, const struct vis_render_opts *opts,
                               struct vis_image *img, struct pd_err *e);
/* Where vis_render_card's corner index is in a frame of that size (for the simulator's
 * profile and the tests): the region to pass to vis_read_card. */
struct vis_rect vis_render_corner(const struct vis_render_opts *opts);

/* ---------------------------------------------------------------- card names */

/* "SA", "H10", "CJ" (suit letter, then rank: A K Q J 10 9 .. 2), as the labels of
 * ../shared/cards and the calibrate command's TSV write them. Returns the card index, or -1. */
int vis_card_from_label(const char *label);
/* The label of card 0..51 ("SA"); buf at least 4 bytes. */
const char *vis_card_label(int card, char buf[4]);

#endif
