/* printing/pdfdoc.c - a libharu 2.3 document with the two DejaVu faces embedded, errors recorded
 * by the handler and checked once, saving into memory; and glyph coverage, read from the same
 * font files with FreeType, so that a character the font lacks is shown by name instead of an
 * empty box. libharu is used through its public API only (hpdf_lib.h defines HPDF_SHARED). */
#include <errno.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdlib.h>
#include <string.h>

#include "printing/pr_int.h"

static const char DEFAULT_FONT_DIR[] = "/usr/share/fonts/truetype/dejavu";

/* libharu (pr_hpdf, hpdf_lib.h) and FreeType are loaded on first use, not linked (HACKING.md
 * "Libraries loaded on first use"), by pdoc_open before any call of either. FreeType's entry
 * points are fields of ft, of the header's own type; its soname is Debian's (the header's
 * FREETYPE_MAJOR is 2, the soname's number 6). */
#define HPDF_SYMBOL(f) {"HPDF_" #f, (void **)&pr_hpdf.f},
struct pr_hpdf pr_hpdf;
static const struct pd_lib_symbol hpdf_symbols[] = {PR_HPDF_ENTRY_POINTS(HPDF_SYMBOL){NULL, NULL}};
static struct pd_lib hpdf_lib = {.name = "libharu", .soname = "libhpdf-" HPDF_VERSION_TEXT ".so",
                                 .package = "libhpdf-" HPDF_VERSION_TEXT, .symbols = hpdf_symbols};
#define FTLIB_ENTRY_POINTS(X)                                                                    \
    X(init, FT_Init_FreeType) X(done, FT_Done_FreeType) X(new_face, FT_New_Face)                \
    X(done_face, FT_Done_Face) X(char_index, FT_Get_Char_Index)
#define FTLIB_SYMBOL(field, f) {#f, (void **)&ft.field},
static struct {
    FTLIB_ENTRY_POINTS(PD_LIB_FIELD)
} ft;
static const struct pd_lib_symbol ft_symbols[] = {FTLIB_ENTRY_POINTS(FTLIB_SYMBOL){NULL, NULL}};
static struct pd_lib ft_lib = {.name = "FreeType", .soname = "libfreetype.so.6",
                               .package = "libfreetype6", .symbols = ft_symbols};

/* Loads both once; PD_ERR_INTERNAL with the loader's reason when one cannot. */
static enum pd_status libs_ready(struct pd_err *e)
{
    enum pd_status rc = pd_lib_ready(&hpdf_lib, e);

    return rc == PD_OK ? pd_lib_ready(&ft_lib, e) : rc;
}

/* The character maps of the two faces. */
struct pdoc_glyphs {
    FT_Library lib;
    FT_Face face[2];
};

static void on_error(HPDF_STATUS error_no, HPDF_STATUS detail_no, void *user_data)
{
    struct pdoc *d = user_data;

    if (!d->error) {
        d->error = error_no;
        d->detail = detail_no;
    }
}

static enum pd_status hpdf_fail(const struct pdoc *d, struct pd_err *e, const char *what)
{
    return pd_fail(e, PD_ERR_INTERNAL, "libharu failed %s: error 0x%04X, detail %u", what,
                   (unsigned)d->error, (unsigned)d->detail);
}

static enum pd_status check_font(const char *path, struct pd_err *e)
{
    FILE *f = fopen(path, "rb");

    if (!f) {
        int err = errno;

        pd_fail(e, PD_ERR_IO, "font file %s: %s (install fonts-dejavu-core, or --font-dir DIR)",
                path, strerror(err));
        if (e)
            e->sys = err;
        return PD_ERR_IO;
    }
    fclose(f);
    return PD_OK;
}

static const char *const FACES[2] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"};

enum pd_status pr_check_fonts(const struct pr_options *o, struct pd_err *e)
{
    char path[1200];
    enum pd_status rc = PD_OK;

    for (int i = 0; i < 2 && rc == PD_OK; i++) {
        snprintf(path, sizeof path, "%s/%s", o->font_dir ? o->font_dir : DEFAULT_FONT_DIR,
                 FACES[i]);
        rc = check_font(path, e);
    }
    return rc;
}

static enum pd_status load_face(struct pdoc *d, const char *dir, int i, HPDF_Font *out,
                                struct pd_err *e)
{
    const char *file = FACES[i];
    char path[1200];
    const char *name;

    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (check_font(path, e) != PD_OK)
        return PD_ERR_IO;
    name = pr_hpdf.LoadTTFontFromFile(d->doc, path, HPDF_TRUE);
    if (!name || d->error)
        return pd_fail(e, PD_ERR_IO, "font file %s: libharu cannot load it (error 0x%04X)",
                       path, (unsigned)d->error);
    *out = pr_hpdf.GetFont(d->doc, name, "UTF-8");
    if (!*out || d->error)
        return hpdf_fail(d, e, "to set up the font");
    if (ft.new_face(d->glyphs->lib, path, 0, &d->glyphs->face[i]) != 0)
        return pd_fail(e, PD_ERR_IO, "font file %s: FreeType cannot read it", path);
    return PD_OK;
}

enum pd_status pdoc_open(struct pdoc *d, const struct pr_options *o, struct pd_err *e)
{
    const char *dir = o->font_dir ? o->font_dir : DEFAULT_FONT_DIR;
    enum pd_status rc;

    memset(d, 0, sizeof *d);
    rc = libs_ready(e);
    if (rc != PD_OK)
        return rc;
    d->ten10 = o->ten_as_10;
    d->one_set = o->one_set;
    d->doc = pr_hpdf.New(on_error, d);
    if (!d->doc)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory starting a PDF");
    /* Compression first: streams pick their filter when they are created. */
    pr_hpdf.SetCompressionMode(d->doc, HPDF_COMP_ALL);
    pr_hpdf.UseUTFEncodings(d->doc);
    d->glyphs = calloc(1, sizeof *d->glyphs);
    if (!d->glyphs || ft.init(&d->glyphs->lib) != 0) {
        pdoc_close(d);
        return pd_fail(e, PD_ERR_NOMEM, "out of memory starting FreeType");
    }
    rc = load_face(d, dir, 0, &d->reg, e);
    if (rc == PD_OK)
        rc = load_face(d, dir, 1, &d->bold, e);
    if (rc != PD_OK)
        pdoc_close(d);
    return rc;
}

void pdoc_close(struct pdoc *d)
{
    if (d->doc)
        pr_hpdf.Free(d->doc);
    d->doc = NULL;
    if (d->glyphs) {
        for (int i = 0; i < 2; i++)
            if (d->glyphs->face[i])
                ft.done_face(d->glyphs->face[i]);
        if (d->glyphs->lib)
            ft.done(d->glyphs->lib);
        free(d->glyphs);
    }
    d->glyphs = NULL;
}

void pdoc_add_page(struct pdoc *d, enum pr_paper paper)
{
    d->page = pr_hpdf.AddPage(d->doc);
    pr_hpdf.Page_SetSize(d->page, paper == PR_PAPER_A4 ? HPDF_PAGE_SIZE_A4 : HPDF_PAGE_SIZE_LETTER,
                         HPDF_PAGE_PORTRAIT);
    d->width = pr_hpdf.Page_GetWidth(d->page);
    d->height = pr_hpdf.Page_GetHeight(d->page);
    pr_hpdf.Page_SetFontAndSize(d->page, d->reg, 10); /* TextWidth needs a font on the page */
}

enum pd_status pdoc_save(struct pdoc *d, unsigned char **out, size_t *len, struct pd_err *e)
{
    unsigned char *buf;
    HPDF_UINT32 size, got;

    if (d->error)
        return hpdf_fail(d, e, "while drawing");
    if (pr_hpdf.SaveToStream(d->doc) != HPDF_OK || d->error)
        return hpdf_fail(d, e, "to save the PDF");
    size = pr_hpdf.GetStreamSize(d->doc);
    buf = malloc(size ? size : 1);
    if (!buf)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory for a %u-byte PDF", (unsigned)size);
    got = size;
    pr_hpdf.ReadFromStream(d->doc, buf, &got);
    /* Reading up to the end reports HPDF_STREAM_EOF through the handler: not a failure. */
    if (got != size) {
        free(buf);
        return hpdf_fail(d, e, "to read the PDF back");
    }
    size_t n = size;
    enum pd_status rc = pdoc_mend_tounicode(&buf, &n, e);

    if (rc != PD_OK) {
        free(buf);
        return rc;
    }
    *out = buf;
    *len = n;
    return PD_OK;
}

bool pdoc_has_glyph(void *ctx, unsigned cp)
{
    struct pdoc *d = ctx;

    if (cp > 0xFFFF)
        return false;
    for (int i = 0; i < 2; i++)
        if (ft.char_index(d->glyphs->face[i], cp) == 0)
            return false;
    return true;
}

void pdoc_black(struct pdoc *d)
{
    pr_hpdf.Page_SetRGBFill(d->page, 0, 0, 0);
}

void pdoc_red(struct pdoc *d)
{
    pr_hpdf.Page_SetRGBFill(d->page, 0.8f, 0, 0);
}

void pdoc_grey(struct pdoc *d, float g)
{
    pr_hpdf.Page_SetRGBFill(d->page, g, g, g);
}
