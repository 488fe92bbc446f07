/* machine/vision/render.c - what the simulated feeder camera sees: the top-left corner of a
 * card (its index, rank over suit, in the deck's letters, DejaVu through FreeType) on the dark
 * feeder, then the camera's faults in the order light meets them: the card's placement and
 * turn, a worn corner, a second card, glare, colour cast, blur, sensor noise. Every random
 * choice comes from one generator seeded by opts->seed and the card: the same inputs give the
 * same pixels. The corner's place mimics a feeder camera's 224 x 224 crop (the index fills
 * about half the height), scaled to the frame asked for. */
#include "machine/vision/vis_int.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* fonts-dejavu-core's folder (printing/ draws its PDFs from the same files). */
static const char FONT_DIR[] = "/usr/share/fonts/truetype/dejavu";
static const char *const SUIT_GLYPH[4] = {"\u2660", "\u2665", "\u2666", "\u2663"};
static const char *const RANKS[13] = {NULL, NULL, NULL, NULL, "10", "9", "8",
                                      "7",  "6",  "5",  "4",  "3", "2"};
static const char *const STANDARD[4] = {"A", "K", "Q", "J"};

void vis_render_defaults(struct vis_render_opts *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->second_card = -1;
}

/* ---------------------------------------------------------------- randomness */

static uint64_t next_u64(uint64_t *s) /* splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double uniform(uint64_t *s)
{
    return (double)(next_u64(s) >> 11) / 9007199254740992.0;
}

static double gaussian(uint64_t *s)
{
    double u = uniform(s), v = uniform(s);
    return sqrt(-2 * log(u + 1e-300)) * cos(2 * M_PI * v);
}

/* ---------------------------------------------------------------- the card, upright */

/* A plane of card space: paper 1, ink 0 (grey), with a red flag per pixel. */
struct plane {
    int w, h;
    float *ink;          /* 0 paper .. 1 full ink */
    unsigned char *red;  /* the ink at this pixel is red */
};

/* UTF-8 text drawn with face at pixel size px, its top-left at (x, y): ink where the glyphs
 * cover. Returns the advance. */
static int draw_text(struct plane *p, FT_Face face, const char *text, int px, int x, int y,
                     bool red)
{
    FT_Set_Pixel_Sizes(face, 0, (FT_UInt)px);
    int pen = x, top = y + (int)(face->size->metrics.ascender >> 6);
    for (const unsigned char *s = (const unsigned char *)text; *s;) {
        uint32_t cp = *s++;
        if (cp >= 0xe0) { /* the suit symbols: three-byte UTF-8 */
            cp = (cp & 0x0f) << 12 | (s[0] & 0x3fu) << 6 | (s[1] & 0x3fu);
            s += 2;
        }
        if (FT_Load_Char(face, cp, FT_LOAD_RENDER) != 0)
            continue;
        FT_GlyphSlot g = face->glyph;
        for (unsigned r = 0; r < g->bitmap.rows; r++)
            for (unsigned c = 0; c < g->bitmap.width; c++) {
                int px_x = pen + g->bitmap_left + (int)c, px_y = top - g->bitmap_top + (int)r;
                float a = g->bitmap.buffer[r * (unsigned)g->bitmap.pitch + c] / 255.0f;
                if (px_x < 0 || px_y < 0 || px_x >= p->w || px_y >= p->h || a <= 0)
                    continue;
                size_t i = (size_t)px_y * p->w + px_x;
                p->ink[i] = fmaxf(p->ink[i], a);
                p->red[i] = red;
            }
        pen += (int)(g->advance.x >> 6);
    }
    return pen - x;
}

struct faces {
    FT_Library lib;
    FT_Face bold, plain;
};

static enum pd_status open_faces(struct faces *f, struct pd_err *e)
{
    char bold[200], plain[200];
    snprintf(bold, sizeof bold, "%s/DejaVuSans-Bold.ttf", FONT_DIR);
    snprintf(plain, sizeof plain, "%s/DejaVuSans.ttf", FONT_DIR);
    memset(f, 0, sizeof *f);
    if (FT_Init_FreeType(&f->lib) != 0)
        return pd_fail(e, PD_ERR_INTERNAL, "FreeType did not start");
    if (FT_New_Face(f->lib, bold, 0, &f->bold) != 0 ||
        FT_New_Face(f->lib, plain, 0, &f->plain) != 0) {
        if (f->bold)
            FT_Done_Face(f->bold);
        FT_Done_FreeType(f->lib);
        return pd_fail(e, PD_ERR_IO, "%s: cannot read DejaVu Sans (fonts-dejavu-core)",
                       FONT_DIR);
    }
    return PD_OK;
}

static void close_faces(struct faces *f)
{
    FT_Done_Face(f->bold);
    FT_Done_Face(f->plain);
    FT_Done_FreeType(f->lib);
}

/* The index of card on p (card space: 224-pixel units, the card's corner at (0, 0)). */
static void draw_index(struct plane *p, const struct faces *f, int card,
                       const char *const honours[4])
{
    int rank = card % 13;
    bool red = card / 13 == SUIT_H || card / 13 == SUIT_D;
    const char *text = rank < 4 ? (honours[rank] ? honours[rank] : STANDARD[rank]) : RANKS[rank];
    int px = strlen(text) > 1 ? 40 : 50; /* "10", "Kn" narrower, as printed */
    draw_text(p, f->bold, text, px, 8, 18, red);
    draw_text(p, f->plain, SUIT_GLYPH[card / 13], 46, 8, 80, red);
}

/* ---------------------------------------------------------------- the frame */

enum { UNIT = 224, CARD_X = 100, CARD_Y = 36, CORNER_R = 10, SECOND_DX = -26, SECOND_DY = 8 };

struct scene {
    const struct vis_render_opts *o;
    struct plane card, second; /* second.w == 0: none */
    double cosr, sinr, scale;  /* frame pixels per card-space unit */
    double ox, oy;             /* the card's corner in the frame, in units */
    double wear_phase[2];
};

/* The ink of p at card-space (u, v), bilinear; -1 outside the card (its rounded corner too). */
static float ink_at(const struct plane *p, double u, double v)
{
    if (u < 0 || v < 0 || u >= p->w - 1 || v >= p->h - 1)
        return u >= 0 && v >= 0 ? 0 : -1;
    double du = u - CORNER_R, dv = v - CORNER_R;
    if (du < 0 && dv < 0 && du * du + dv * dv > CORNER_R * CORNER_R)
        return -1;
    int x = (int)u, y = (int)v;
    double fx = u - x, fy = v - y;
    const float *k = p->ink + (size_t)y * p->w + x;
    return (float)((k[0] * (1 - fx) + k[1] * fx) * (1 - fy) +
                   (k[p->w] * (1 - fx) + k[p->w + 1] * fx) * fy);
}

/* The colour of one card at card-space (u, v) into rgb; false off the card. */
static bool card_colour(const struct scene *s, const struct plane *p, double u, double v,
                        bool worn, float rgb[3])
{
    float ink = ink_at(p, u, v);
    if (ink < 0)
        return false;
    if (worn && s->o->worn > 0 && u < 70 && v < 140) {
        double m = 0.5 + 0.5 * sin(u * 0.21 + s->wear_phase[0]) * sin(v * 0.17 + s->wear_phase[1]);
        ink *= (float)(1 - s->o->worn * m);
    }
    int x = (int)fmin(fmax(u, 0), p->w - 1), y = (int)fmin(fmax(v, 0), p->h - 1);
    bool red = p->red[(size_t)y * p->w + x];
    const float paper[3] = {236, 232, 226}, black[3] = {28, 28, 34}, redink[3] = {196, 32, 44};
    for (int c = 0; c < 3; c++)
        rgb[c] = paper[c] * (1 - ink) + (red ? redink[c] : black[c]) * ink;
    return true;
}

/* The scene's colour at frame pixel (fx, fy), before glare, cast, blur and noise. */
static void scene_colour(const struct scene *s, int fx, int fy, float rgb[3])
{
    double x = fx / s->scale - s->ox, y = fy / s->scale - s->oy;
    double u = s->cosr * x + s->sinr * y, v = -s->sinr * x + s->cosr * y;
    double fy_units = fy / s->scale;
    const float feeder[3] = {70, 68, 92}, lid[3] = {205, 176, 182};
    if (fy_units < 22 + 6 * sin(fx / s->scale * 0.05)) { /* the feeder's lid, in front */
        memcpy(rgb, lid, sizeof lid);
        return;
    }
    if (!s->o->empty && card_colour(s, &s->card, u, v, true, rgb))
        return;
    if (!s->o->empty && s->second.w &&
        card_colour(s, &s->second, u - SECOND_DX, v - SECOND_DY, false, rgb))
        return;
    for (int c = 0; c < 3; c++)
        rgb[c] = feeder[c] + (float)(fy_units * 0.08);
}

/* Gaussian blur of sigma pixels over the w x h RGB floats, in place (separable). */
static void blur(float *img, int w, int h, double sigma)
{
    int r = (int)ceil(3 * sigma);
    float *k = malloc(sizeof *k * (2 * r + 1)), *tmp = malloc(sizeof *tmp * w * h * 3);
    if (!k || !tmp) {
        free(k), free(tmp);
        return; /* no memory: the frame stays sharp, which a test would see */
    }
    double sum = 0;
    for (int i = -r; i <= r; i++)
        sum += k[i + r] = (float)exp(-i * i / (2 * sigma * sigma));
    for (int i = 0; i <= 2 * r; i++)
        k[i] /= (float)sum;
    for (int pass = 0; pass < 2; pass++) {
        float *src = pass ? tmp : img, *dst = pass ? img : tmp;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                for (int c = 0; c < 3; c++) {
                    float acc = 0;
                    for (int i = -r; i <= r; i++) {
                        int xx = pass ? x : x + i, yy = pass ? y + i : y;
                        xx = xx < 0 ? 0 : xx >= w ? w - 1 : xx;
                        yy = yy < 0 ? 0 : yy >= h ? h - 1 : yy;
                        acc += k[i + r] * src[((size_t)yy * w + xx) * 3 + c];
                    }
                    dst[((size_t)y * w + x) * 3 + c] = acc;
                }
    }
    free(k);
    free(tmp);
}

/* Glare, cast, blur and noise on the scene's floats, then into img's bytes. */
static void camera(const struct scene *s, float *f, struct vis_image *img, uint64_t *rng)
{
    const struct vis_render_opts *o = s->o;
    double gx = (s->ox + 30) * s->scale, gy = (s->oy + 70) * s->scale, gr = 28 * s->scale;
    for (int y = 0; y < img->height; y++)
        for (int x = 0; x < img->width; x++) {
            double d2 = ((x - gx) * (x - gx) + (y - gy) * (y - gy)) / (2 * gr * gr);
            float glare = (float)(o->glare * 300 * exp(-d2));
            for (int c = 0; c < 3; c++)
                f[((size_t)y * img->width + x) * 3 + c] += glare + (float)o->cast_rgb[c];
        }
    if (o->blur > 0)
        blur(f, img->width, img->height, o->blur * s->scale * 224 / UNIT);
    for (int y = 0; y < img->height; y++)
        for (int x = 0; x < img->width * 3; x++) {
            double v = f[(size_t)y * img->width * 3 + x] + (o->noise > 0 ? o->noise * gaussian(rng) : 0);
            img->pixels[(size_t)y * img->stride + x] = (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v + 0.5);
        }
}

static enum pd_status check_opts(int card, const struct vis_render_opts *o, struct pd_err *e)
{
    if (card < 0 || card >= DEAL_NCARDS)
        return pd_fail(e, PD_ERR_RANGE, "render: card %d: 0 to 51", card);
    if (fabs(o->rotation_deg) > 30 || o->blur < 0 || o->blur > 8 || o->noise < 0 ||
        o->noise > 64 || o->glare < 0 || o->glare > 1 || o->worn < 0 || o->worn > 1 ||
        o->second_card < -1 || o->second_card >= DEAL_NCARDS || abs(o->shift_x) > 60 ||
        abs(o->shift_y) > 60)
        return pd_fail(e, PD_ERR_RANGE, "render: a fault out of range (rotation 30, blur 8, "
                       "noise 64, glare 1, worn 1, shift 60)");
    for (int c = 0; c < 3; c++)
        if (abs(o->cast_rgb[c]) > 128)
            return pd_fail(e, PD_ERR_RANGE, "render: a colour cast over 128");
    for (int i = 0; i < 4; i++)
        if (o->honours[i] && (!o->honours[i][0] || strlen(o->honours[i]) > 3))
            return pd_fail(e, PD_ERR_RANGE, "render: an index letter of 1 to 3 bytes");
    int w = o->width ? o->width : UNIT, h = o->height ? o->height : UNIT;
    if (w < 2 * VIS_MIN_SIDE || h < 2 * VIS_MIN_SIDE || w > 4096 || h > 4096)
        return pd_fail(e, PD_ERR_RANGE, "render: a frame of %d x %d: %d to 4096 each way", w, h,
                       2 * VIS_MIN_SIDE);
    return PD_OK;
}

static enum pd_status plane_of(struct plane *p, const struct faces *f, int card,
                               const char *const honours[4], struct pd_err *e)
{
    p->w = p->h = UNIT;
    p->ink = calloc((size_t)UNIT * UNIT, sizeof *p->ink);
    p->red = calloc((size_t)UNIT * UNIT, 1);
    if (!p->ink || !p->red)
        return pd_fail(e, PD_ERR_NOMEM, "no memory to draw a card");
    draw_index(p, f, card, honours);
    return PD_OK;
}

static enum pd_status draw_scene(struct scene *s, int card, struct vis_image *img,
                                 uint64_t *rng, struct pd_err *e)
{
    struct faces f;
    enum pd_status st = open_faces(&f, e);
    if (st != PD_OK)
        return st;
    st = plane_of(&s->card, &f, card, s->o->honours, e);
    if (st == PD_OK && s->o->second_card >= 0)
        st = plane_of(&s->second, &f, s->o->second_card, s->o->honours, e);
    close_faces(&f);
    float *fl = st == PD_OK ? malloc(sizeof *fl * img->width * img->height * 3) : NULL;
    if (st == PD_OK && !fl)
        st = pd_fail(e, PD_ERR_NOMEM, "no memory to draw a frame");
    if (st == PD_OK) {
        for (int y = 0; y < img->height; y++)
            for (int x = 0; x < img->width; x++)
                scene_colour(s, x, y, fl + ((size_t)y * img->width + x) * 3);
        camera(s, fl, img, rng);
    }
    free(fl);
    return st;
}

enum pd_status vis_render_card(int card, const struct vis_render_opts *opts,
                               struct vis_image *img, struct pd_err *e)
{
    memset(img, 0, sizeof *img);
    enum pd_status st = check_opts(card, opts, e);
    int w = opts->width ? opts->width : UNIT, h = opts->height ? opts->height : UNIT;
    if (st == PD_OK)
        st = vis_image_new(img, w, h, 3, e);
    if (st != PD_OK)
        return st;
    uint64_t rng = opts->seed ^ (0x5bd1e995ULL * (uint64_t)(card + 1));
    double a = opts->rotation_deg * M_PI / 180;
    struct scene s = {.o = opts, .cosr = cos(a), .sinr = sin(a), .scale = h / (double)UNIT};
    s.ox = CARD_X + opts->shift_x + 4 * (uniform(&rng) - 0.5);
    s.oy = CARD_Y + opts->shift_y + 4 * (uniform(&rng) - 0.5);
    s.wear_phase[0] = 6.3 * uniform(&rng);
    s.wear_phase[1] = 6.3 * uniform(&rng);
    st = draw_scene(&s, card, img, &rng, e);
    free(s.card.ink), free(s.card.red), free(s.second.ink), free(s.second.red);
    if (st != PD_OK)
        vis_image_free(img);
    return st;
}

struct vis_rect vis_render_corner(const struct vis_render_opts *opts)
{
    int w = opts->width ? opts->width : UNIT, h = opts->height ? opts->height : UNIT;
    return (struct vis_rect){0, 0, w, h};
}
