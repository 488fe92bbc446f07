/* machine/vision/vis_int.h - internal to machine/vision/: libvips started once (image.c), the
 * ink maps and the correlation (feat.c), the calibration's insides (cal.c, read.c). */
#ifndef PREDUP_MACHINE_VIS_INT_H
#define PREDUP_MACHINE_VIS_INT_H

#include "machine/vision/vision.h"

#include <vips/vips.h>

/* Starts libvips once per process (thread-safe); PD_ERR_INTERNAL when it cannot. */
enum pd_status vis_vips_start(struct pd_err *e);

/* The working scale: a region is scaled to VIS_WORK_H rows. A template is VIS_TW x VIS_TH
 * pixels of VIS_CH channels (ink in green, ink in red) at that scale: about the rank and the
 * suit below it when the index fills half the region's height. */
enum { VIS_WORK_H = 112, VIS_TW = 22, VIS_TH = 60, VIS_CH = 2, VIS_TN = VIS_TW * VIS_TH * VIS_CH };

/* A region's ink maps: w x h pixels of VIS_CH floats each, interleaved. */
struct vis_feat {
    int w, h;
    float *v;
};
enum pd_status vis_feat_of(const struct vis_image *frame, const struct vis_rect *region,
                           struct vis_feat *f, struct pd_err *e);
void vis_feat_free(struct vis_feat *f);

/* One learned view of a card's index: zero mean per channel, unit norm (feat.c). */
struct vis_tmpl {
    int card;
    float energy; /* the ink's standard deviation before normalising */
    float v[VIS_TN];
};
void vis_tmpl_cut(const struct vis_feat *f, int x, int y, struct vis_tmpl *t);
float vis_ncc_at(const struct vis_feat *f, const struct vis_tmpl *t, int x, int y, int step,
                 float *energy);
float vis_ncc_rows(const struct vis_feat *f, const struct vis_tmpl *t, int x, int y, int row0,
                   int row1);
void vis_feat_inkiest(const struct vis_feat *f, int *x, int *y);

enum { VIS_BAR_MAX = 64 }; /* bytes of a barcode's data kept */
struct vis_bar {
    int card;
    char data[VIS_BAR_MAX];
};

struct vis_cal {
    struct vis_tmpl *t;
    int n, cap;
    struct vis_bar *bar;
    int nbar, capbar;
    struct vis_feat *seen; /* while learning: each template's whole frame, for vis_cal_finish */
    int threshold;    /* the least margin accepted, 0..VIS_CONF_MAX */
    float min_score;  /* the least correlation of the best card accepted */
    float min_energy; /* the least ink under the best match: below, the feeder is empty */
};

/* The reading of f against cal's templates, template skip (or -1) left out: the calibration's
 * own check. Fills out; does not apply the acceptance thresholds when raw. */
void vis_match(const struct vis_cal *cal, const struct vis_feat *f, int skip, bool raw,
               struct vis_reading *out, float *best_score, float *best_energy);
/* The card a barcode on frame names in cal (-1: none); data gets the first symbol's text
 * (cap bytes, may be NULL). */
int vis_barcode(const struct vis_cal *cal, const struct vis_image *frame, char *data,
                size_t cap);

#endif
