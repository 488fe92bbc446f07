/* machine/vision/feat.c - a frame's region turned into ink maps, where glyph.c finds the
 * corner index.
 *
 * The region is scaled (libvips) so that its height is VIS_WORK_H pixels: the profile's region
 * fixes the scale, so calibration and reading see the index at the same size. Each pixel's
 * "white" is the darkest of the brightest pixels within VIS_REACH to its left, to its right, and
 * above or below: inside a card, ink is enclosed by paper; the background beside the card, the
 * card's edge and an empty feeder are not, so they carry no ink. Two channels:
 * ink in green (every ink: red ink absorbs green) and ink in red (black ink only), each
 * measured against its own channel's white, so a colour cast moves both sides alike. */
#include "machine/vision/vis_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* How far a pixel looks for its paper on each side: half the working height. A pixel of a
 * stroke sees paper only beyond the stroke's end, so the reach must pass the longest stroke of
 * a glyph (a rank up to half the region's height). */
enum { VIS_REACH = VIS_WORK_H / 2 };
/* The longest line of a scaled region (vis_feat_of refuses a longer one): reach_max's buffers. */
enum { VIS_LINE_MAX = 4 * VIS_WORK_H };

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

/* The greatest of the VIS_REACH values before each of a line's n values (p[0], p[stride] ...),
 * in before[0..n), and after it, in after[0..n): the value itself excluded, 0 where there are
 * none (the border is dark), never below 0. A queue of the line's indices whose values
 * decrease (each one greater than every later one still in reach) holds the greatest at its
 * head, so each value is pushed and dropped once: O(n) whatever the reach. Maxima are exact,
 * so this is the same as comparing every value in reach. */
static void reach_max(const float *p, int n, int stride, float *before, float *after)
{
    int q[VIS_LINE_MAX];
    for (int dir = 0; dir < 2; dir++) {
        int head = 0, tail = 0;
        float *out = dir ? after : before;
        for (int k = 0; k < n; k++) {
            int i = dir ? n - 1 - k : k; /* after: the line walked backwards */
            if (k > 0) {
                int prev = dir ? i + 1 : i - 1;
                while (tail > head && p[q[tail - 1] * stride] <= p[prev * stride])
                    tail--;
                q[tail++] = prev;
            }
            while (head < tail && abs(q[head] - i) > VIS_REACH)
                head++;
            float top = head < tail ? p[q[head] * stride] : 0;
            out[i] = top > 0 ? top : 0;
        }
    }
}

/* For each pixel of plane p (w x h): its paper, the least of the greatest values within
 * VIS_REACH to its left, to its right, and above or below (the greater of those two); the
 * pixel itself excluded, the border dark. Ink has paper on both sides and above or below it:
 * so a pip that the frame's edge cuts keeps its ink, and a long stroke its ends. */
static void enclosing_white(const float *p, int w, int h, float *white)
{
    float before[VIS_LINE_MAX], after[VIS_LINE_MAX];
    for (int y = 0; y < h; y++) {
        reach_max(p + y * w, w, 1, before, after);
        for (int x = 0; x < w; x++)
            white[y * w + x] = before[x] < after[x] ? before[x] : after[x];
    }
    for (int x = 0; x < w; x++) {
        reach_max(p + x, h, w, before, after);
        for (int y = 0; y < h; y++) {
            float v = before[y] > after[y] ? before[y] : after[y];
            if (v < white[y * w + x])
                white[y * w + x] = v;
        }
    }
}

/* The value that PAPER_TOP of plane p's n values reach or pass (a 256-bin histogram): the
 * brightest paper in the region. */
#define PAPER_TOP 0.05
static float paper_level(const float *p, int n)
{
    int hist[256] = {0}, above = 0;
    for (int i = 0; i < n; i++)
        hist[(int)p[i] & 255]++;
    int v = 255;
    while (v > 0 && (above += hist[v]) < PAPER_TOP * n)
        v--;
    return (float)v;
}

/* Channel c of f: ink of RGB channel src (1 green, 0 red), relative to its white: (white -
 * value) / white, 0 (paper) .. 1 (black), never below 0; a dim or tinted light scales the
 * paper and the ink alike and leaves the ratio. A white below PAPER_LEAST of the region's
 * brightest paper is no paper (the dark feeder beside the card, an empty frame): no ink. */
#define PAPER_LEAST 0.7f
static void ink_channel(const unsigned char *rgb, int src, struct vis_feat *f, int c,
                        float *plane, float *white)
{
    int n = f->w * f->h;
    for (int i = 0; i < n; i++)
        plane[i] = rgb[3 * i + src];
    float least = PAPER_LEAST * paper_level(plane, n);
    enclosing_white(plane, f->w, f->h, white);
    for (int i = 0; i < n; i++) {
        float ink = white[i] >= least && white[i] > 0 ? (white[i] - plane[i]) / white[i] : 0;
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
    if (r->x < 0 || r->y < 0 || r->width < VIS_MIN_SIDE || r->height < VIS_MIN_SIDE ||
        r->x + r->width > frame->width || r->y + r->height > frame->height)
        return pd_fail(e, PD_ERR_RANGE,
                       "the corner region %dx%d+%d+%d is not inside the %dx%d frame, or "
                       "smaller than %dx%d", r->width, r->height, r->x, r->y, frame->width,
                       frame->height, VIS_MIN_SIDE, VIS_MIN_SIDE);
    enum pd_status st = vis_vips_start(e);
    unsigned char *rgb = NULL;
    int w = 0, h = 0;
    if (st == PD_OK)
        st = scaled_region(frame, r, &rgb, &w, &h, e);
    if (st == PD_OK && (w < VIS_MIN_SIDE || w > VIS_LINE_MAX || h > VIS_LINE_MAX))
        st = pd_fail(e, PD_ERR_RANGE, "the corner region is too narrow or too wide for its height");
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
