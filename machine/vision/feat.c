/* machine/vision/feat.c - what the matcher compares: a frame's region turned into ink maps,
 * and the normalised correlation of a template with them.
 *
 * The region is scaled (libvips) so that its height is VIS_WORK_H pixels: the profile's region
 * fixes the scale, so calibration and reading see the index at the same size. Each pixel's
 * "white" is the darkest of the brightest pixels within VIS_REACH to its left, right, above and
 * below: inside a card, ink is enclosed by paper on all four sides; the background beside the
 * card, the card's edge and an empty feeder are not, so they carry no ink. Two channels:
 * ink in green (every ink: red ink absorbs green) and ink in red (black ink only), each
 * measured against its own channel's white, so a colour cast moves both sides alike. */
#include "machine/vision/vis_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { VIS_REACH = 16 };

void vis_feat_free(struct vis_feat *f)
{
    free(f->v);
    memset(f, 0, sizeof *f);
}

static enum pd_status feat_alloc(struct vis_feat *f, int w, int h, struct pd_err *e)
{
    memset(f, 0, sizeof *f);
    f->v = calloc((size_t)w * h * VIS_CH, sizeof *f->v);
    if (!f->v)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for a %d x %d ink map", w, h);
    f->w = w;
    f->h = h;
    return PD_OK;
}

/* The region of frame, scaled to height VIS_WORK_H, as RGB bytes (a grey frame made RGB);
 * vips_resize reduces with a box filter first, so no aliasing. *out is g_malloc'd. */
static enum pd_status scaled_region(const struct vis_image *frame, const struct vis_rect *r,
                                    unsigned char **out, int *w, int *h, struct pd_err *e)
{
    VipsImage *in = vips_image_new_from_memory(frame->pixels,
                                               (size_t)frame->stride * frame->height,
                                               frame->stride / frame->channels, frame->height,
                                               frame->channels, VIPS_FORMAT_UCHAR);
    VipsImage *crop = NULL, *small = NULL, *rgb = NULL;
    double scale = (double)VIS_WORK_H / r->height;
    int ok = in && vips_extract_area(in, &crop, r->x, r->y, r->width, r->height, NULL) == 0 &&
             vips_resize(crop, &small, scale, "kernel", VIPS_KERNEL_LINEAR, NULL) == 0 &&
             vips_colourspace(small, &rgb, VIPS_INTERPRETATION_sRGB, NULL) == 0 &&
             rgb->Bands == 3;
    size_t n = 0;
    *out = NULL;
    if (ok) {
        *out = vips_image_write_to_memory(rgb, &n);
        *w = rgb->Xsize;
        *h = rgb->Ysize;
    }
    VipsImage *all[] = {in, crop, small, rgb};
    for (size_t i = 0; i < 4; i++)
        if (all[i])
            g_object_unref(all[i]);
    if (!*out || n != (size_t)*w * *h * 3) {
        g_free(*out);
        vips_error_clear();
        return pd_fail(e, PD_ERR_INTERNAL, "libvips could not scale the region");
    }
    return PD_OK;
}

/* For each pixel of plane p (w x h): the least of the greatest values within VIS_REACH on
 * each of the four sides (the pixel itself excluded); the border counts as dark. */
static void enclosing_white(const float *p, int w, int h, float *white)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float side[4] = {0, 0, 0, 0};
            for (int d = 1; d <= VIS_REACH; d++) {
                if (x - d >= 0 && p[y * w + x - d] > side[0])
                    side[0] = p[y * w + x - d];
                if (x + d < w && p[y * w + x + d] > side[1])
                    side[1] = p[y * w + x + d];
                if (y - d >= 0 && p[(y - d) * w + x] > side[2])
                    side[2] = p[(y - d) * w + x];
                if (y + d < h && p[(y + d) * w + x] > side[3])
                    side[3] = p[(y + d) * w + x];
            }
            float m = side[0];
            for (int s = 1; s < 4; s++)
                m = side[s] < m ? side[s] : m;
            white[y * w + x] = m;
        }
}

/* Channel c of f: ink of RGB channel src (1 green, 0 red), white minus value, never below 0. */
static void ink_channel(const unsigned char *rgb, int src, struct vis_feat *f, int c,
                        float *plane, float *white)
{
    int n = f->w * f->h;
    for (int i = 0; i < n; i++)
        plane[i] = rgb[3 * i + src];
    enclosing_white(plane, f->w, f->h, white);
    for (int i = 0; i < n; i++) {
        float ink = white[i] - plane[i];
        f->v[i * VIS_CH + c] = ink > 0 ? ink : 0;
    }
}

enum pd_status vis_feat_of(const struct vis_image *frame, const struct vis_rect *region,
                           struct vis_feat *f, struct pd_err *e)
{
    struct vis_rect whole = {0, 0, frame->width, frame->height};
    const struct vis_rect *r = region ? region : &whole;
    memset(f, 0, sizeof *f);
    if (!frame->pixels || (frame->channels != 1 && frame->channels != 3))
        return pd_fail(e, PD_ERR_RANGE, "a frame without pixels or of %d channels",
                       frame->channels);
    if (r->x < 0 || r->y < 0 || r->width < VIS_TW || r->height < VIS_TH ||
        r->x + r->width > frame->width || r->y + r->height > frame->height)
        return pd_fail(e, PD_ERR_RANGE,
                       "the corner region %dx%d+%d+%d is not inside the %dx%d frame, or "
                       "smaller than %dx%d", r->width, r->height, r->x, r->y, frame->width,
                       frame->height, VIS_TW, VIS_TH);
    enum pd_status st = vis_vips_start(e);
    unsigned char *rgb = NULL;
    int w = 0, h = 0;
    if (st == PD_OK)
        st = scaled_region(frame, r, &rgb, &w, &h, e);
    if (st == PD_OK && w < VIS_TW)
        st = pd_fail(e, PD_ERR_RANGE, "the corner region is too narrow for its height");
    if (st == PD_OK)
        st = feat_alloc(f, w, h, e);
    float *plane = st == PD_OK ? malloc(sizeof(float) * 2 * w * h) : NULL;
    if (st == PD_OK && !plane)
        st = pd_fail(e, PD_ERR_NOMEM, "no memory for an ink map");
    if (st == PD_OK) {
        ink_channel(rgb, 1, f, 0, plane, plane + w * h);
        ink_channel(rgb, 0, f, 1, plane, plane + w * h);
    } else {
        vis_feat_free(f);
    }
    free(plane);
    g_free(rgb);
    return st;
}

/* ---------------------------------------------------------------- correlation */

/* The window of f at (x, y), VIS_TW x VIS_TH, copied into t->v (zero mean per channel, joint
 * unit norm); t->energy: its standard deviation before normalising (how much ink it holds). */
void vis_tmpl_cut(const struct vis_feat *f, int x, int y, struct vis_tmpl *t)
{
    double sum[VIS_CH] = {0}, ss = 0;
    for (int j = 0; j < VIS_TH; j++)
        for (int i = 0; i < VIS_TW * VIS_CH; i++) {
            float v = f->v[((size_t)(y + j) * f->w + x) * VIS_CH + i];
            t->v[j * VIS_TW * VIS_CH + i] = v;
            sum[i % VIS_CH] += v;
        }
    for (int k = 0; k < VIS_TN; k++) {
        t->v[k] -= (float)(sum[k % VIS_CH] / (VIS_TW * VIS_TH));
        ss += (double)t->v[k] * t->v[k];
    }
    t->energy = (float)sqrt(ss / VIS_TN);
    float inv = ss > 0 ? (float)(1 / sqrt(ss)) : 0;
    for (int k = 0; k < VIS_TN; k++)
        t->v[k] *= inv;
}

/* The normalised correlation of t with f's window at (x, y): -1..1; 0 for a flat window.
 * step 2 samples every other row and column (a coarse look). *energy (may be NULL): the
 * window's standard deviation. */
float vis_ncc_at(const struct vis_feat *f, const struct vis_tmpl *t, int x, int y, int step,
                 float *energy)
{
    double dot = 0, sum[VIS_CH] = {0}, ss = 0;
    int m = 0;
    for (int j = 0; j < VIS_TH; j += step) {
        const float *row = f->v + ((size_t)(y + j) * f->w + x) * VIS_CH;
        const float *trow = t->v + (size_t)j * VIS_TW * VIS_CH;
        for (int i = 0; i < VIS_TW; i += step)
            for (int c = 0; c < VIS_CH; c++) {
                float v = row[i * VIS_CH + c];
                dot += (double)v * trow[i * VIS_CH + c];
                sum[c] += v;
                ss += (double)v * v;
            }
        m += (VIS_TW + step - 1) / step;
    }
    for (int c = 0; c < VIS_CH; c++)
        ss -= sum[c] * sum[c] / m;
    if (energy)
        *energy = ss > 0 ? (float)sqrt(ss / (m * VIS_CH)) : 0;
    return ss > 1e-6 ? (float)(dot / sqrt(ss) * step) : 0;
}

/* The normalised correlation of rows row0..row1-1 of t with the same rows of f's window at
 * (x, y), both made zero mean per channel and unit norm over those rows alone. */
float vis_ncc_rows(const struct vis_feat *f, const struct vis_tmpl *t, int x, int y, int row0,
                   int row1)
{
    double ts[VIS_CH] = {0}, fs[VIS_CH] = {0}, tt = 0, ff = 0, tf = 0;
    int n = (row1 - row0) * VIS_TW;
    for (int j = row0; j < row1; j++)
        for (int i = 0; i < VIS_TW * VIS_CH; i++) {
            double a = t->v[j * VIS_TW * VIS_CH + i];
            double b = f->v[((size_t)(y + j) * f->w + x) * VIS_CH + i];
            ts[i % VIS_CH] += a, fs[i % VIS_CH] += b;
            tt += a * a, ff += b * b, tf += a * b;
        }
    for (int c = 0; c < VIS_CH; c++) {
        tt -= ts[c] * ts[c] / n;
        ff -= fs[c] * fs[c] / n;
        tf -= ts[c] * fs[c] / n;
    }
    return tt > 1e-12 && ff > 1e-6 ? (float)(tf / sqrt(tt * ff)) : 0;
}

/* The window of f holding the most ink (channel 0), VIS_TW x VIS_TH: where calibration cuts a
 * card's template. Every window, its ink sampled every other pixel; ties to the top-left. */
void vis_feat_inkiest(const struct vis_feat *f, int *bx, int *by)
{
    double best = -1;
    *bx = *by = 0;
    for (int y = 0; y + VIS_TH <= f->h; y++)
        for (int x = 0; x + VIS_TW <= f->w; x++) {
            double s = 0;
            for (int j = 0; j < VIS_TH; j += 2)
                for (int i = 0; i < VIS_TW; i += 2)
                    s += f->v[((y + j) * f->w + x + i) * VIS_CH];
            if (s > best) {
                best = s;
                *bx = x;
                *by = y;
            }
        }
}
