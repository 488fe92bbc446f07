/* machine/vision/read.c - reading one frame: a barcode first (zbar), then the corner index
 * (glyph.c finds it and cuts its rank and pip into a template), its rank and its suit each
 * judged by normalised correlation with every learned template. The confidence is the best
 * card's score minus the best other card's, times VIS_CONF_MAX. The acceptance rules (cal.c
 * fixes their values from the calibration frames): an index found, with enough contrast (else
 * the feeder is empty), correlations not below min_score, a margin not below threshold.
 * Anything less is card -1: a reject costs a redo, a wrong card a board. */
#include "machine/vision/vis_int.h"

#include <stdlib.h>
#include <string.h>
#include <zbar.h>

/* A rank's score is its best template's rank correlation, a suit's its best template's pip
 * correlation; the card is the best rank of the best suit. A card's score being the sum of
 * the two, the margin between the best card and the best other card is the lesser of the two
 * margins (best rank over the next rank, best suit over the next suit): two independent
 * decisions, both of which must be clear. */
static void best_two(const float *score, int n, int *b, int *s2)
{
    *b = *s2 = -1;
    for (int i = 0; i < n; i++) {
        if (score[i] < -1)
            continue;
        if (*b < 0 || score[i] > score[*b])
            *s2 = *b, *b = i;
        else if (*s2 < 0 || score[i] > score[*s2])
            *s2 = i;
    }
}

void vis_match(const struct vis_cal *cal, const struct vis_tmpl *seen, int skip, bool raw,
               struct vis_reading *out, float *best_score)
{
    float rank[13], suit[4];
    for (int i = 0; i < 13; i++)
        rank[i] = -2;
    for (int i = 0; i < 4; i++)
        suit[i] = -2;
    for (int i = 0; i < cal->n; i++) {
        if (i == skip)
            continue;
        float r, s;
        int c = cal->t[i].card;
        vis_tmpl_ncc(seen, &cal->t[i], &r, &s);
        rank[c % 13] = r > rank[c % 13] ? r : rank[c % 13];
        suit[c / 13] = s > suit[c / 13] ? s : suit[c / 13];
    }
    int r1, r2, s1, s2;
    best_two(rank, 13, &r1, &r2);
    best_two(suit, 4, &s1, &s2);
    memset(out, 0, sizeof *out);
    out->card = out->second = -1;
    *best_score = 0;
    if (r1 < 0 || s1 < 0)
        return;
    float rm = r2 < 0 ? 1 : rank[r1] - rank[r2], sm = s2 < 0 ? 1 : suit[s1] - suit[s2];
    float conf = rm < sm ? rm : sm;
    out->card = s1 * 13 + r1;
    out->second = rm < sm ? (r2 < 0 ? -1 : s1 * 13 + r2) : (s2 < 0 ? -1 : s2 * 13 + r1);
    out->confidence = (int)(conf * VIS_CONF_MAX + 0.5f);
    out->confidence = out->confidence > VIS_CONF_MAX ? VIS_CONF_MAX : out->confidence;
    out->method = VIS_INDEX;
    *best_score = rank[r1] < suit[s1] ? rank[r1] : suit[s1];
    if (!raw && (seen->energy < cal->min_energy || *best_score < cal->min_score ||
                 out->confidence < cal->threshold)) {
        out->card = -1;
        out->method = VIS_NONE;
    }
}

/* ---------------------------------------------------------------- barcodes */

/* The frame as 8-bit grey (Y800) for zbar: the mean of R, G, B. */
static unsigned char *grey_of(const struct vis_image *frame)
{
    unsigned char *g = malloc((size_t)frame->width * frame->height);
    if (!g)
        return NULL;
    for (int y = 0; y < frame->height; y++) {
        const unsigned char *row = frame->pixels + (size_t)y * frame->stride;
        for (int x = 0; x < frame->width; x++)
            g[(size_t)y * frame->width + x] =
                frame->channels == 1
                    ? row[x]
                    : (unsigned char)((row[3 * x] + row[3 * x + 1] + row[3 * x + 2]) / 3);
    }
    return g;
}

int vis_barcode(const struct vis_cal *cal, const struct vis_image *frame, char *data,
                size_t cap)
{
    if (data && cap)
        data[0] = 0;
    unsigned char *g = grey_of(frame);
    zbar_image_scanner_t *sc = g ? zbar_image_scanner_create() : NULL;
    zbar_image_t *img = sc ? zbar_image_create() : NULL;
    int card = -1;
    if (img) {
        zbar_image_scanner_set_config(sc, 0, ZBAR_CFG_ENABLE, 1);
        /* SQ Code off: no deck prints it, and libzbar 0.23.92's SQ finder leaks on some
         * frames of a card's corner (LeakSanitizer, a feeder photograph of the heart two) */
        zbar_image_scanner_set_config(sc, ZBAR_SQCODE, ZBAR_CFG_ENABLE, 0);
        zbar_image_set_format(img, zbar_fourcc('Y', '8', '0', '0'));
        zbar_image_set_size(img, (unsigned)frame->width, (unsigned)frame->height);
        zbar_image_set_data(img, g, (unsigned long)frame->width * frame->height, NULL);
        if (zbar_scan_image(sc, img) > 0) {
            const zbar_symbol_t *sym = zbar_image_first_symbol(img);
            const char *text = zbar_symbol_get_data(sym);
            if (data && cap)
                snprintf(data, cap, "%s", text);
            for (int i = 0; cal && i < cal->nbar; i++)
                if (strcmp(cal->bar[i].data, text) == 0)
                    card = cal->bar[i].card;
        }
        zbar_image_destroy(img);
    }
    if (sc)
        zbar_image_scanner_destroy(sc);
    free(g);
    return card;
}

enum pd_status vis_read_card(const struct vis_cal *cal, const struct vis_image *frame,
                             const struct vis_rect *region, struct vis_reading *out,
                             struct pd_err *e)
{
    memset(out, 0, sizeof *out);
    out->card = out->second = -1;
    struct vis_feat f;
    enum pd_status st = vis_feat_of(frame, region, &f, e);
    if (st != PD_OK)
        return st;
    int bar = cal->nbar ? vis_barcode(cal, frame, NULL, 0) : -1;
    struct vis_index idx;
    if (bar >= 0) {
        *out = (struct vis_reading){bar, VIS_CONF_MAX, -1, VIS_BARCODE};
    } else if (vis_index_find(&f, &idx)) {
        struct vis_tmpl *seen = malloc(sizeof *seen);
        float score;
        if (!seen) {
            vis_feat_free(&f);
            return pd_fail(e, PD_ERR_NOMEM, "no memory for a template");
        }
        vis_tmpl_cut(&f, &idx, seen);
        vis_match(cal, seen, -1, false, out, &score);
        free(seen);
    }
    vis_feat_free(&f);
    return PD_OK;
}
