/* machine/vision/calfile.c - a calibration's file: "predup-vision-cal 2\n", then unsigned
 * 32-bit little-endian words (a float is its IEEE-754 bits): the threshold, min_score,
 * min_energy, the number of templates and of barcodes, VIS_RW, VIS_RH, VIS_SW * 256 + VIS_SH; each template
 * (card, energy, the pip's rows, VIS_TN values); each barcode (card, then VIS_BAR_MAX bytes, NUL-padded).
 * Written through pd_outfile (a temporary name, then renamed: never a partial file). */
#include "machine/vision/vis_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char CAL_MAGIC[] = "predup-vision-cal 2\n";
enum { MAX_TEMPLATES = 52 * 64 };

static void put_u32(FILE *f, uint32_t v)
{
    unsigned char b[4] = {v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >> 24};
    fwrite(b, 1, 4, f);
}

static void put_float(FILE *f, float x)
{
    uint32_t v;
    memcpy(&v, &x, 4);
    put_u32(f, v);
}

enum pd_status vis_cal_save(const struct vis_cal *cal, const char *path, struct pd_err *e)
{
    return vis_cal_save_ex(cal, path, false, e);
}

enum pd_status vis_cal_save_ex(const struct vis_cal *cal, const char *path, bool force,
                               struct pd_err *e)
{
    struct pd_outfile o;
    enum pd_status st =
        pd_outfile_open_ex(&o, path, PD_OUT_PUBLIC | (force ? PD_OUT_FORCE : 0), e);
    if (st != PD_OK)
        return st;
    fputs(CAL_MAGIC, o.f);
    uint32_t head[] = {(uint32_t)cal->threshold, 0, 0, (uint32_t)cal->n, (uint32_t)cal->nbar,
                       VIS_RW, VIS_RH, VIS_SW * 256 + VIS_SH};
    memcpy(&head[1], &cal->min_score, 4);
    memcpy(&head[2], &cal->min_energy, 4);
    for (size_t i = 0; i < sizeof head / sizeof *head; i++)
        put_u32(o.f, head[i]);
    for (int i = 0; i < cal->n; i++) {
        put_u32(o.f, (uint32_t)cal->t[i].card);
        put_float(o.f, cal->t[i].energy);
        put_u32(o.f, (uint32_t)cal->t[i].rows);
        for (int k = 0; k < VIS_TN; k++)
            put_float(o.f, cal->t[i].v[k]);
    }
    for (int i = 0; i < cal->nbar; i++) {
        char data[VIS_BAR_MAX] = {0};
        memcpy(data, cal->bar[i].data, strnlen(cal->bar[i].data, VIS_BAR_MAX - 1));
        put_u32(o.f, (uint32_t)cal->bar[i].card);
        fwrite(data, 1, VIS_BAR_MAX, o.f);
    }
    if (ferror(o.f)) {
        pd_outfile_abort(&o);
        return pd_fail(e, PD_ERR_IO, "%s: write failed", path);
    }
    return pd_outfile_commit(&o, e);
}

/* ---------------------------------------------------------------- loading */

struct reader {
    const unsigned char *p, *end;
    bool short_read;
};

static uint32_t get_u32(struct reader *r)
{
    if (r->end - r->p < 4) {
        r->short_read = true;
        return 0;
    }
    uint32_t v = r->p[0] | (uint32_t)r->p[1] << 8 | (uint32_t)r->p[2] << 16 |
                 (uint32_t)r->p[3] << 24;
    r->p += 4;
    return v;
}

static float get_float(struct reader *r)
{
    uint32_t v = get_u32(r);
    float x;
    memcpy(&x, &v, 4);
    return x;
}

static enum pd_status bad(const char *path, const char *why, struct pd_err *e)
{
    return pd_fail_at(e, PD_ERR_SYNTAX, path, 0, 0, NULL, "not a predup calibration: %s", why);
}

/* The templates and barcodes after the header; the card numbers checked. */
static enum pd_status read_body(struct reader *r, struct vis_cal *cal, const char *path,
                                struct pd_err *e)
{
    for (int i = 0; i < cal->n && !r->short_read; i++) {
        struct vis_tmpl *t = &cal->t[i];
        t->card = (int)get_u32(r);
        t->energy = get_float(r);
        t->rows = (int)get_u32(r);
        for (int k = 0; k < VIS_TN; k++)
            t->v[k] = get_float(r);
        if (t->card < 0 || t->card >= DEAL_NCARDS || !(t->energy >= 0) || t->rows < 0 ||
            t->rows > VIS_SH)
            return bad(path, "a template of no card", e);
    }
    for (int i = 0; i < cal->nbar && !r->short_read; i++) {
        cal->bar[i].card = (int)get_u32(r);
        if (r->end - r->p < VIS_BAR_MAX || cal->bar[i].card < 0 ||
            cal->bar[i].card >= DEAL_NCARDS || r->p[VIS_BAR_MAX - 1] != 0)
            return bad(path, "a damaged barcode entry", e);
        memcpy(cal->bar[i].data, r->p, VIS_BAR_MAX);
        r->p += VIS_BAR_MAX;
    }
    if (r->short_read)
        return bad(path, "the file ends early", e);
    return r->p == r->end ? PD_OK : bad(path, "bytes after the end", e);
}

static enum pd_status parse(const char *path, const unsigned char *text, size_t len,
                            struct vis_cal *cal, struct pd_err *e)
{
    size_t m = sizeof CAL_MAGIC - 1, stem = sizeof "predup-vision-cal " - 1;
    if (len >= m && memcmp(text, CAL_MAGIC, stem) == 0 && memcmp(text, CAL_MAGIC, m) != 0)
        return bad(path, "made by another predup's recognizer (not version 2): calibrate again",
                   e);
    if (len < m || memcmp(text, CAL_MAGIC, m) != 0)
        return bad(path, "it does not start with \"predup-vision-cal 2\"", e);
    struct reader r = {text + m, text + len, false};
    cal->threshold = (int)get_u32(&r);
    cal->min_score = get_float(&r);
    cal->min_energy = get_float(&r);
    uint32_t n = get_u32(&r), nbar = get_u32(&r);
    uint32_t tw = get_u32(&r), th = get_u32(&r), ch = get_u32(&r);
    if (r.short_read || tw != VIS_RW || th != VIS_RH || ch != VIS_SW * 256 + VIS_SH)
        return bad(path, "another template size (made by another predup)", e);
    if (n == 0 || n > MAX_TEMPLATES || nbar > MAX_TEMPLATES || cal->threshold < 0 ||
        cal->threshold > VIS_CONF_MAX)
        return bad(path, "counts out of range", e);
    cal->t = calloc(n, sizeof *cal->t);
    cal->bar = calloc(nbar ? nbar : 1, sizeof *cal->bar);
    if (!cal->t || !cal->bar)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for %u templates", n);
    cal->n = cal->cap = (int)n;
    cal->nbar = cal->capbar = (int)nbar;
    return read_body(&r, cal, path, e);
}

enum pd_status vis_cal_load(const char *path, struct vis_cal **out, struct pd_err *e)
{
    char *text = NULL;
    size_t len = 0;
    *out = NULL;
    enum pd_status st = pd_read_input(path, "a calibration", &text, &len, e);
    if (st != PD_OK)
        return st;
    struct vis_cal *cal = vis_cal_new();
    st = cal ? parse(path, (const unsigned char *)text, len, cal, e)
             : pd_fail(e, PD_ERR_NOMEM, "no memory for a calibration");
    free(text);
    if (st != PD_OK) {
        vis_cal_free(cal);
        return st;
    }
    *out = cal;
    return PD_OK;
}
