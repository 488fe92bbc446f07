/* machine/vision/image.c - struct vis_image: new, load (libvips), save as PNG, free; the
 * card labels of the calibration TSV ("SA", "H10"). libvips is started once, on first use. */
#include "machine/vision/vis_int.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t vips_once = PTHREAD_ONCE_INIT;
static int vips_started;

static void start_vips(void)
{
    vips_started = VIPS_INIT("predup") == 0;
    if (vips_started) {
        vips_concurrency_set(1); /* predup reads one small frame at a time */
        vips_cache_set_max(0);   /* and never the same one twice */
    }
}

enum pd_status vis_vips_start(struct pd_err *e)
{
    pthread_once(&vips_once, start_vips);
    return vips_started ? PD_OK : pd_fail(e, PD_ERR_INTERNAL, "libvips did not start");
}

enum pd_status vis_image_new(struct vis_image *img, int width, int height, int channels,
                             struct pd_err *e)
{
    memset(img, 0, sizeof *img);
    if (width < 1 || height < 1 || width > VIS_MAX_SIDE || height > VIS_MAX_SIDE)
        return pd_fail(e, PD_ERR_RANGE, "an image of %d x %d pixels: 1 to %d each way", width,
                       height, VIS_MAX_SIDE);
    if (channels != 1 && channels != 3)
        return pd_fail(e, PD_ERR_RANGE, "an image of %d channels: 1 (grey) or 3 (RGB)",
                       channels);
    img->pixels = calloc((size_t)width * height, (size_t)channels);
    if (!img->pixels)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for a %d x %d image", width, height);
    img->width = width;
    img->height = height;
    img->channels = channels;
    img->stride = width * channels;
    return PD_OK;
}

void vis_image_free(struct vis_image *img)
{
    free(img->pixels);
    memset(img, 0, sizeof *img);
}

/* A VipsImage of any format as 8-bit sRGB, copied into img. Consumes in. */
static enum pd_status from_vips(VipsImage *in, const char *path, struct vis_image *img,
                                struct pd_err *e)
{
    VipsImage *rgb = NULL, *flat = NULL, *u8 = NULL;
    enum pd_status st = PD_ERR_SYNTAX;
    if (vips_colourspace(in, &rgb, VIPS_INTERPRETATION_sRGB, NULL) == 0 &&
        (vips_image_hasalpha(rgb) ? vips_flatten(rgb, &flat, NULL)
                                  : vips_copy(rgb, &flat, NULL)) == 0 &&
        vips_cast_uchar(flat, &u8, NULL) == 0 && u8->Bands >= 3) {
        st = vis_image_new(img, u8->Xsize, u8->Ysize, 3, e);
        size_t n = 0;
        void *mem = st == PD_OK ? vips_image_write_to_memory(u8, &n) : NULL;
        if (st == PD_OK && mem && n == (size_t)img->stride * img->height && u8->Bands == 3)
            memcpy(img->pixels, mem, n);
        else if (st == PD_OK)
            st = pd_fail(e, PD_ERR_SYNTAX, "%s: not an 8-bit colour image", path);
        g_free(mem);
    } else {
        st = pd_fail(e, PD_ERR_SYNTAX, "%s: not an image libvips can convert to RGB", path);
    }
    g_object_unref(in);
    if (rgb)
        g_object_unref(rgb);
    if (flat)
        g_object_unref(flat);
    if (u8)
        g_object_unref(u8);
    if (st != PD_OK)
        vis_image_free(img);
    return st;
}

enum pd_status vis_image_load(const char *path, struct vis_image *img, struct pd_err *e)
{
    memset(img, 0, sizeof *img);
    enum pd_status st = vis_vips_start(e);
    if (st != PD_OK)
        return st;
    FILE *f = fopen(path, "rb");
    if (!f) {
        int sys = errno;
        st = pd_fail(e, PD_ERR_IO, "%s: %s", path, strerror(sys));
        if (e)
            e->sys = sys;
        return st;
    }
    fclose(f);
    VipsImage *in = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!in) {
        vips_error_clear();
        return pd_fail(e, PD_ERR_SYNTAX, "%s: not an image (PNG, JPEG ...)", path);
    }
    return from_vips(in, path, img, e);
}

enum pd_status vis_image_save_png(const struct vis_image *img, const char *path,
                                  struct pd_err *e)
{
    enum pd_status st = vis_vips_start(e);
    if (st != PD_OK)
        return st;
    VipsImage *v = vips_image_new_from_memory(img->pixels, (size_t)img->stride * img->height,
                                              img->stride / img->channels, img->height,
                                              img->channels, VIPS_FORMAT_UCHAR);
    if (!v)
        return pd_fail(e, PD_ERR_INTERNAL, "libvips: %s", vips_error_buffer());
    int rc = vips_pngsave(v, path, NULL);
    g_object_unref(v);
    if (rc != 0) {
        vips_error_clear();
        return pd_fail(e, PD_ERR_IO, "%s: cannot write the PNG", path);
    }
    return PD_OK;
}

/* ---------------------------------------------------------------- card labels */

static const char SUIT_LETTERS[] = "SHDC";
static const char *const RANK_TEXT[13] = {"A", "K", "Q", "J", "10", "9", "8",
                                          "7", "6", "5", "4", "3", "2"};

int vis_card_from_label(const char *label)
{
    const char *s = strchr(SUIT_LETTERS, label[0]);
    if (!label[0] || !s)
        return -1;
    for (int r = 0; r < 13; r++)
        if (strcmp(label + 1, RANK_TEXT[r]) == 0)
            return 13 * (int)(s - SUIT_LETTERS) + r;
    return -1;
}

const char *vis_card_label(int card, char buf[4])
{
    if (card < 0 || card >= DEAL_NCARDS) {
        strcpy(buf, "?");
        return buf;
    }
    snprintf(buf, 4, "%c%s", SUIT_LETTERS[card / 13], RANK_TEXT[card % 13]);
    return buf;
}
