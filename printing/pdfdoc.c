/* printing/pdfdoc.c - a libharu 2.3 document with the two DejaVu faces embedded, errors recorded
 * by the handler and checked once, saving into memory, and the two places where libharu's
 * internals are touched (kept here, re-check them on a libharu upgrade): the ToUnicode CMap of
 * the UTF-8 fonts, which libharu writes as an invalid "begincidrange" that poppler warns about,
 * is replaced by an identity "beginbfrange" map; and glyph coverage is read from the font. */
#include <errno.h>
#include <hpdf_font.h>
#include <hpdf_fontdef.h>
#include <hpdf_streams.h>
#include <stdlib.h>
#include <string.h>

#include "printing/pr_int.h"

static const char DEFAULT_FONT_DIR[] = "/usr/share/fonts/truetype/dejavu";

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

/* Identity map from CID (= the Unicode code point with libharu's UTF-8 encoder) to Unicode,
 * one range per high byte as PDF 32000 9.10.3 wants, surrogates left out. */
static void write_tounicode(HPDF_Stream s)
{
    static const char head[] =
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
        "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
        "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n";
    static const char tail[] = "endcmap\nCMapName currentdict /CMap defineresource pop\n"
                               "end\nend\n";
    char line[64];
    int hi[256], n = 0;

    for (int h = 0; h < 256; h++)
        if (h < 0xD8 || h > 0xDF)
            hi[n++] = h;
    HPDF_Stream_WriteStr(s, head);
    for (int at = 0; at < n; at += 100) {
        int k = n - at < 100 ? n - at : 100;

        snprintf(line, sizeof line, "%d beginbfrange\n", k);
        HPDF_Stream_WriteStr(s, line);
        for (int i = at; i < at + k; i++) {
            snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", hi[i], hi[i], hi[i]);
            HPDF_Stream_WriteStr(s, line);
        }
        HPDF_Stream_WriteStr(s, "endbfrange\n");
    }
    HPDF_Stream_WriteStr(s, tail);
}

static void fix_tounicode(HPDF_Font font)
{
    HPDF_FontAttr attr = (HPDF_FontAttr)font->attr;

    if (!attr || !attr->cmap_stream || !attr->cmap_stream->stream)
        return;
    HPDF_MemStream_FreeData(attr->cmap_stream->stream);
    write_tounicode(attr->cmap_stream->stream);
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

static enum pd_status load_face(struct pdoc *d, const char *dir, const char *file, HPDF_Font *out,
                                struct pd_err *e)
{
    char path[1200];
    const char *name;

    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (check_font(path, e) != PD_OK)
        return PD_ERR_IO;
    name = HPDF_LoadTTFontFromFile(d->doc, path, HPDF_TRUE);
    if (!name || d->error)
        return pd_fail(e, PD_ERR_IO, "font file %s: libharu cannot load it (error 0x%04X)",
                       path, (unsigned)d->error);
    *out = HPDF_GetFont(d->doc, name, "UTF-8");
    if (!*out || d->error)
        return hpdf_fail(d, e, "to set up the font");
    fix_tounicode(*out);
    return PD_OK;
}

enum pd_status pdoc_open(struct pdoc *d, const struct pr_options *o, struct pd_err *e)
{
    const char *dir = o->font_dir ? o->font_dir : DEFAULT_FONT_DIR;
    enum pd_status rc;

    memset(d, 0, sizeof *d);
    d->ten10 = o->ten_as_10;
    d->doc = HPDF_New(on_error, d);
    if (!d->doc)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory starting a PDF");
    /* Compression first: streams pick their filter when they are created. */
    HPDF_SetCompressionMode(d->doc, HPDF_COMP_ALL);
    HPDF_UseUTFEncodings(d->doc);
    rc = load_face(d, dir, FACES[0], &d->reg, e);
    if (rc == PD_OK)
        rc = load_face(d, dir, FACES[1], &d->bold, e);
    if (rc != PD_OK)
        pdoc_close(d);
    return rc;
}

void pdoc_close(struct pdoc *d)
{
    if (d->doc)
        HPDF_Free(d->doc);
    d->doc = NULL;
}

void pdoc_add_page(struct pdoc *d, enum pr_paper paper)
{
    d->page = HPDF_AddPage(d->doc);
    HPDF_Page_SetSize(d->page, paper == PR_PAPER_A4 ? HPDF_PAGE_SIZE_A4 : HPDF_PAGE_SIZE_LETTER,
                      HPDF_PAGE_PORTRAIT);
    d->width = HPDF_Page_GetWidth(d->page);
    d->height = HPDF_Page_GetHeight(d->page);
    HPDF_Page_SetFontAndSize(d->page, d->reg, 10); /* TextWidth needs a font on the page */
}

enum pd_status pdoc_save(struct pdoc *d, unsigned char **out, size_t *len, struct pd_err *e)
{
    unsigned char *buf;
    HPDF_UINT32 size, got;

    if (d->error)
        return hpdf_fail(d, e, "while drawing");
    if (HPDF_SaveToStream(d->doc) != HPDF_OK || d->error)
        return hpdf_fail(d, e, "to save the PDF");
    size = HPDF_GetStreamSize(d->doc);
    buf = malloc(size ? size : 1);
    if (!buf)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory for a %u-byte PDF", (unsigned)size);
    got = size;
    HPDF_ReadFromStream(d->doc, buf, &got);
    /* Reading up to the end reports HPDF_STREAM_EOF through the handler: not a failure. */
    if (got != size) {
        free(buf);
        return hpdf_fail(d, e, "to read the PDF back");
    }
    *out = buf;
    *len = size;
    return PD_OK;
}

bool pdoc_has_glyph(void *ctx, unsigned cp)
{
    struct pdoc *d = ctx;
    HPDF_Font faces[2] = {d->reg, d->bold};

    if (cp > 0xFFFF)
        return false;
    for (int i = 0; i < 2; i++) {
        HPDF_FontAttr attr = (HPDF_FontAttr)faces[i]->attr;

        if (HPDF_TTFontDef_GetGlyphid(attr->fontdef, (HPDF_UINT16)cp) == 0)
            return false;
    }
    return true;
}

void pdoc_black(struct pdoc *d)
{
    HPDF_Page_SetRGBFill(d->page, 0, 0, 0);
}

void pdoc_red(struct pdoc *d)
{
    HPDF_Page_SetRGBFill(d->page, 0.8f, 0, 0);
}

void pdoc_grey(struct pdoc *d, float g)
{
    HPDF_Page_SetRGBFill(d->page, g, g, g);
}
