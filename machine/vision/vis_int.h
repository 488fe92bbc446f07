/* machine/vision/vis_int.h - internal to machine/vision/: libvips started once (image.c), the
 * ink maps (feat.c), the index and its templates (glyph.c), the calibration's insides (cal.c,
 * read.c). */
#ifndef PREDUP_MACHINE_VIS_INT_H
#define PREDUP_MACHINE_VIS_INT_H

#include "machine/vision/vision.h"

#include <vips/vips.h>

/* Starts libvips once per process (thread-safe); PD_ERR_INTERNAL when it cannot. */
enum pd_status vis_vips_start(struct pd_err *e);

/* The working scale: a region is scaled to VIS_WORK_H rows (the profile's region fixes the
 * scale). A region is at least VIS_MIN_SIDE pixels each way. */
enum { VIS_WORK_H = 144, VIS_MIN_SIDE = 24, VIS_CH = 2 };

/* A region's ink maps: w x h pixels of VIS_CH floats each, interleaved: ink in green (every
 * ink), ink in red (black ink only), each 0 (paper) .. 1 (black) relative to its paper. */
struct vis_feat {
    int w, h;
    float *v;
};
enum pd_status vis_feat_of(const struct vis_image *frame, const struct vis_rect *region,
                           struct vis_feat *f, struct pd_err *e);
void vis_feat_free(struct vis_feat *f);

/* The corner index found in a region (glyph.c): the box of the rank (its one or two glyphs)
 * and the box of the suit's pip under it, x0 y0 inclusive, x1 y1 exclusive; contrast: the
 * mean ink of the rank's pixels. */
struct vis_box {
    int x0, y0, x1, y1;
};
struct vis_index {
    struct vis_box rank, suit;
    float contrast;
};
bool vis_index_find(const struct vis_feat *f, struct vis_index *idx);

/* One learned view of a card's index, scaled so that the rank is VIS_RANK_PX pixels high (its
 * shape kept) into two patches: the rank VIS_RW x VIS_RH of ink in green (the rank is read
 * whatever its colour), then the pip's window VIS_SW x VIS_SH of both channels (its shape,
 * and black or red), each as its gradients across x and y. The rank's part has unit norm, so
 * a dot product of two is their correlation; the pip's is compared on the rows both show. */
enum { VIS_RANK_PX = 20, VIS_RW = 24, VIS_RH = 24, VIS_SW = 18, VIS_SH = 16,
       VIS_RN = VIS_RW * VIS_RH * 2, VIS_SN = VIS_SW * VIS_SH * VIS_CH * 2,
       VIS_TN = VIS_RN + VIS_SN };
struct vis_tmpl {
    int card;
    float energy; /* the index's contrast (vis_index.contrast) */
    int rows;     /* the pip's rows inside the frame, from the top (0..VIS_SH) */
    float v[VIS_TN];
};
void vis_tmpl_cut(const struct vis_feat *f, const struct vis_index *idx, struct vis_tmpl *t);
/* The normalised correlations of a and b: rank parts, pip parts. */
void vis_tmpl_ncc(const struct vis_tmpl *a, const struct vis_tmpl *b, float *rank, float *suit);

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
    bool learning;         /* vis_cal_new'd, not loaded: may learn more frames */
    int threshold;    /* the least margin accepted, 0..VIS_CONF_MAX */
    float min_score;  /* the least correlation of the best rank and of the best suit */
    float min_energy; /* the least contrast of an index: below, the feeder is empty */
};

/* The reading of the index seen (a template cut from a frame) against cal's templates,
 * template skip (or -1) left out: the calibration's own check. Fills out; does not apply the
 * acceptance thresholds when raw; *best_score: the lesser of the best rank's and the best
 * suit's correlation. */
void vis_match(const struct vis_cal *cal, const struct vis_tmpl *seen, int skip, bool raw,
               struct vis_reading *out, float *best_score);
/* The card a barcode on frame names in cal (-1: none); data gets the first symbol's text
 * (cap bytes, may be NULL). */
int vis_barcode(const struct vis_cal *cal, const struct vis_image *frame, char *data,
                size_t cap);

#endif
