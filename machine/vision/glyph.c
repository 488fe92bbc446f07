/* machine/vision/glyph.c - finding the corner index in a region's ink maps and cutting it into
 * a template. The index is a rank (one glyph, or two side by side as in "10") over the suit's
 * pip: the ink is split into connected blobs, and the index is the leftmost rank-shaped blob
 * with a blob of the pip starting under it (nothing on a card's face is left of its index;
 * the pictures and the big pips are to its right; ink left of it is a second card or dirt,
 * and no reading). The rank and the pip are then scaled by the rank's height, their shapes
 * kept, so the index may be anywhere in the region and a little larger or smaller than at
 * calibration. A blob that touches the region's edge is cut by it and never read as a rank;
 * a pip may be (the frame's foot cuts it on a feeder camera). */
#include "machine/vision/vis_int.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Ink (channel 0) above INK_LEAST is a glyph's pixel; a blob of fewer than BLOB_LEAST pixels
 * is a speck. */
#define INK_LEAST 0.3f
enum { BLOB_LEAST = 8, BLOB_MAX = 512 };

struct blob {
    struct vis_box b;
    int n;
    double ink;
    bool edge; /* touches an edge of the region */
};

static int box_w(const struct vis_box *b)
{
    return b->x1 - b->x0;
}

static int box_h(const struct vis_box *b)
{
    return b->y1 - b->y0;
}

/* The blob of pixel start (8-connected ink not yet taken), marked taken in seen; stack holds
 * w * h ints. */
static struct blob flood(const struct vis_feat *f, int start, unsigned char *seen, int *stack)
{
    struct blob bl = {{f->w, f->h, 0, 0}, 0, 0};
    int top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top) {
        int i = stack[--top], x = i % f->w, y = i / f->w;
        bl.n++;
        bl.ink += f->v[(size_t)i * VIS_CH];
        bl.b.x0 = x < bl.b.x0 ? x : bl.b.x0, bl.b.x1 = x + 1 > bl.b.x1 ? x + 1 : bl.b.x1;
        bl.b.y0 = y < bl.b.y0 ? y : bl.b.y0, bl.b.y1 = y + 1 > bl.b.y1 ? y + 1 : bl.b.y1;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = x + dx, ny = y + dy, j = ny * f->w + nx;
                if (nx < 0 || ny < 0 || nx >= f->w || ny >= f->h || seen[j] ||
                    f->v[(size_t)j * VIS_CH] <= INK_LEAST)
                    continue;
                seen[j] = 1;
                stack[top++] = j;
            }
    }
    return bl;
}

/* The blobs of f that are not specks, left to right (by x0, then y0); returns how many (at
 * most BLOB_MAX), -1 on no memory. */
static int cmp_blob(const void *a, const void *b)
{
    const struct blob *p = a, *q = b;
    if (p->b.x0 != q->b.x0)
        return p->b.x0 < q->b.x0 ? -1 : 1;
    return (p->b.y0 > q->b.y0) - (p->b.y0 < q->b.y0);
}

static int blobs_of(const struct vis_feat *f, struct blob *out)
{
    size_t n = (size_t)f->w * f->h;
    unsigned char *seen = calloc(n, 1);
    int *stack = malloc(sizeof *stack * n), m = 0;
    if (!seen || !stack) {
        free(seen), free(stack);
        return -1;
    }
    for (size_t i = 0; i < n && m < BLOB_MAX; i++) {
        if (seen[i] || f->v[i * VIS_CH] <= INK_LEAST)
            continue;
        struct blob bl = flood(f, (int)i, seen, stack);
        bl.edge = bl.b.x0 == 0 || bl.b.y0 == 0 || bl.b.x1 == f->w || bl.b.y1 == f->h;
        if (bl.n >= BLOB_LEAST)
            out[m++] = bl;
    }
    free(seen), free(stack);
    qsort(out, (size_t)m, sizeof *out, cmp_blob);
    return m;
}

/* ---------------------------------------------------------------- the index's shape */

/* The proportions of an index, in units of the rank's height h: a rank between RANK_LEAST and
 * RANK_MOST of the region's height, at most RANK_WIDEST h wide; a second glyph of the rank
 * ("10") level with the first (top and bottom within LEVEL h) and at most GLYPH_GAP h to its
 * right. The pip's blobs: within PIP_HALF_W h either side of the rank's centre, starting
 * within PIP_START h under its foot, one at least PIP_LEAST h tall (a feeder camera may cut
 * the pip's lower part off: the window is read as far as the region goes). */
#define RANK_LEAST 0.06
#define RANK_MOST 0.6
#define RANK_WIDEST 2.0
#define LEVEL 0.2
#define GLYPH_GAP 0.5
#define PIP_HALF_W 0.45
#define PIP_H 0.8
#define PIP_ABOVE 0.1
#define PIP_START 1.5
#define PIP_LEAST 0.15

static bool level_with(const struct vis_box *a, const struct vis_box *b)
{
    double h = box_h(a);
    return abs(b->y0 - a->y0) <= LEVEL * h && abs(b->y1 - a->y1) <= LEVEL * h &&
           b->x0 >= a->x1 - 1 && b->x0 - a->x1 <= GLYPH_GAP * h;
}

/* Where the pip's blobs may be under rank: PIP_HALF_W h either side of its centre. */
static struct vis_box pip_zone(const struct vis_box *rank)
{
    double h = box_h(rank), c = (rank->x0 + rank->x1) / 2.0;
    return (struct vis_box){(int)lround(c - PIP_HALF_W * h), rank->y1,
                            (int)lround(c + PIP_HALF_W * h), (int)lround(rank->y1 + PIP_H * h)};
}

/* The window the pip is read in: centred across on the pip's blob, from PIP_ABOVE h over
 * its top down PIP_H h (its box may leave the region: patch() reads 0 there). Anchored on
 * the pip's own top, which the frame never cuts, not on the rank's foot. */
static struct vis_box pip_window(const struct vis_box *rank, const struct vis_box *pip)
{
    double h = box_h(rank), c = (pip->x0 + pip->x1) / 2.0, top = pip->y0 - PIP_ABOVE * h;
    return (struct vis_box){(int)lround(c - PIP_HALF_W * h), (int)lround(top),
                            (int)lround(c + PIP_HALF_W * h), (int)lround(top + PIP_H * h)};
}

/* Blob p starts a pip under rank: its top within PIP_START h of the rank's foot, its centre
 * inside the zone, at least PIP_LEAST h tall. */
static bool pip_under(const struct vis_box *rank, const struct vis_box *p)
{
    double h = box_h(rank), pc = (p->x0 + p->x1) / 2.0;
    struct vis_box w = pip_zone(rank);
    return p->y0 >= rank->y1 && p->y0 - rank->y1 <= PIP_START * h && pc >= w.x0 && pc < w.x1 &&
           box_h(p) >= PIP_LEAST * h;
}

/* Blob i as a rank (with a level neighbour to its right, if any) over a pip: true and idx
 * filled when it is one. */
static bool index_at(const struct blob *bl, int n, int i, int region_h, struct vis_index *idx)
{
    struct vis_box r = bl[i].b;
    double h = box_h(&r);
    if (bl[i].edge || h < RANK_LEAST * region_h || h > RANK_MOST * region_h)
        return false;
    double ink = bl[i].ink;
    int pixels = bl[i].n;
    for (int j = 0; j < n; j++)
        if (j != i && !bl[j].edge && level_with(&bl[i].b, &bl[j].b)) {
            r.x1 = bl[j].b.x1 > r.x1 ? bl[j].b.x1 : r.x1;
            r.y0 = bl[j].b.y0 < r.y0 ? bl[j].b.y0 : r.y0;
            r.y1 = bl[j].b.y1 > r.y1 ? bl[j].b.y1 : r.y1;
            ink += bl[j].ink, pixels += bl[j].n;
            break;
        }
    if (box_w(&r) > RANK_WIDEST * h)
        return false;
    int pip = -1; /* the biggest blob under the rank */
    for (int j = 0; j < n; j++)
        if (j != i && pip_under(&r, &bl[j].b) && (pip < 0 || bl[j].n > bl[pip].n))
            pip = j;
    if (pip < 0)
        return false;
    idx->rank = r;
    idx->suit = pip_window(&r, &bl[pip].b);
    idx->contrast = (float)(ink / pixels);
    return true;
}

/* Some blob other than specks wholly left of the index found, beside its rank or pip: ink
 * where a card has none (nothing on its face is left of its index), so a second card's edge
 * and index, or dirt. Such a frame is no reading: in a double feed the other card's index may
 * be the leftmost, and reading it would name a card that is not the one being fed. */
static bool ink_beside(const struct blob *bl, int n, const struct vis_index *idx)
{
    for (int j = 0; j < n; j++)
        if (bl[j].b.x1 <= idx->rank.x0 && bl[j].b.y1 > idx->rank.y0 &&
            bl[j].b.y0 < idx->suit.y1)
            return true;
    return false;
}

bool vis_index_find(const struct vis_feat *f, struct vis_index *idx)
{
    struct blob *bl = malloc(sizeof *bl * BLOB_MAX);
    int n = bl ? blobs_of(f, bl) : -1;
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        found = index_at(bl, n, i, f->h, idx);
    found = found && !ink_beside(bl, n, idx);
    free(bl);
    return found;
}

/* ---------------------------------------------------------------- templates */

/* Channel c of f at (x, y), bilinear; 0 outside. */
static float sample(const struct vis_feat *f, double x, double y, int c)
{
    int x0 = (int)floor(x), y0 = (int)floor(y);
    double ax = x - x0, ay = y - y0, v = 0;
    for (int dy = 0; dy <= 1; dy++)
        for (int dx = 0; dx <= 1; dx++) {
            int xx = x0 + dx, yy = y0 + dy;
            if (xx < 0 || yy < 0 || xx >= f->w || yy >= f->h)
                continue;
            v += (dx ? ax : 1 - ax) * (dy ? ay : 1 - ay) * f->v[((size_t)yy * f->w + xx) * VIS_CH + c];
        }
    return (float)v;
}

/* Channel c of f averaged over the s x s square centred on (x, y), from SUPER x SUPER
 * bilinear samples (a patch pixel spans s pixels of f: no aliasing). */
enum { SUPER = 3 };
static float area(const struct vis_feat *f, double x, double y, double s, int c)
{
    double v = 0;
    for (int j = 0; j < SUPER; j++)
        for (int i = 0; i < SUPER; i++)
            v += sample(f, x + s * ((i + 0.5) / SUPER - 0.5), y + s * ((j + 0.5) / SUPER - 0.5), c);
    return (float)(v / (SUPER * SUPER));
}

/* Box b of f as a pw x ph patch of channels c0..c1-1, s pixels of f a patch pixel, centred on
 * the box, as gradients: out holds, for each channel, the patch's differences across x then
 * across y (central, 0 at the patch's edge). The gradients are the glyph's outline: a heart
 * and a diamond, a six and an eight differ there, where their ink alone is much alike.
 * Returns how many rows from the top lie inside the region with their neighbours (a feeder
 * camera's frame may cut the pip). */
static int patch(const struct vis_feat *f, const struct vis_box *b, double s, int pw, int ph,
                 int c0, int c1, float *out)
{
    int nc = c1 - c0, n = pw * ph, rows = 0;
    double cx = (b->x0 + b->x1) / 2.0, cy = (b->y0 + b->y1) / 2.0;
    float *ink = malloc(sizeof *ink * n);
    memset(out, 0, sizeof *out * n * 2 * nc);
    if (!ink)
        return 0;
    while (rows < ph && cy + (rows + 2 - ph / 2.0) * s + s / 2 <= f->h)
        rows++;
    for (int c = 0; c < nc; c++) {
        for (int y = 0; y < ph; y++)
            for (int x = 0; x < pw; x++)
                ink[y * pw + x] = area(f, cx + (x + 0.5 - pw / 2.0) * s - 0.5,
                                       cy + (y + 0.5 - ph / 2.0) * s - 0.5, s, c0 + c);
        float *gx = out + (size_t)c * 2 * n, *gy = gx + n;
        for (int y = 0; y < rows; y++)
            for (int x = 0; x < pw; x++) {
                int i = y * pw + x;
                gx[i] = x > 0 && x < pw - 1 ? ink[i + 1] - ink[i - 1] : 0;
                gy[i] = y > 0 && y < ph - 1 ? ink[i + pw] - ink[i - pw] : 0;
            }
    }
    free(ink);
    return rows;
}

/* v (n values) made unit norm. */
static void unit(float *v, int n)
{
    double ss = 0;
    for (int k = 0; k < n; k++)
        ss += (double)v[k] * v[k];
    float inv = ss > 0 ? (float)(1 / sqrt(ss)) : 0;
    for (int k = 0; k < n; k++)
        v[k] *= inv;
}

void vis_tmpl_cut(const struct vis_feat *f, const struct vis_index *idx, struct vis_tmpl *t)
{
    double s = (double)box_h(&idx->rank) / VIS_RANK_PX;
    patch(f, &idx->rank, s, VIS_RW, VIS_RH, 0, 1, t->v);
    unit(t->v, VIS_RN);
    t->rows = patch(f, &idx->suit, s, VIS_SW, VIS_SH, 0, VIS_CH, t->v + VIS_RN);
    t->energy = idx->contrast;
}

/* The pip's parts are compared on the rows both views show (SUIT_ROWS_LEAST at least, else
 * -1: no suit can be told), each made unit norm over those rows. */
enum { SUIT_ROWS_LEAST = VIS_SH / 3 };
void vis_tmpl_ncc(const struct vis_tmpl *a, const struct vis_tmpl *b, float *rank, float *suit)
{
    double r = 0, ab = 0, aa = 0, bb = 0;
    for (int k = 0; k < VIS_RN; k++)
        r += (double)a->v[k] * b->v[k];
    *rank = (float)r;
    int rows = a->rows < b->rows ? a->rows : b->rows;
    for (int part = 0; part < 2 * VIS_CH; part++) {
        const float *pa = a->v + VIS_RN + part * VIS_SW * VIS_SH;
        const float *pb = b->v + VIS_RN + part * VIS_SW * VIS_SH;
        for (int k = 0; k < rows * VIS_SW; k++)
            ab += (double)pa[k] * pb[k], aa += (double)pa[k] * pa[k], bb += (double)pb[k] * pb[k];
    }
    *suit = rows >= SUIT_ROWS_LEAST && aa > 0 && bb > 0 ? (float)(ab / sqrt(aa * bb)) : -1;
}
