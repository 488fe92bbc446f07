/* printing/tounicode.c - a correct ToUnicode CMap for the PDF libharu 2.3 writes.
 *
 * libharu's UTF-8 fonts (Type0, Identity-H) draw each character with its Unicode code point as
 * a two-byte code, but their ToUnicode stream is an encoding CMap (CMapType 1, "begincidrange
 * <0000> <FFFF> 0"), which a ToUnicode map may not hold: poppler warns on every page and text
 * extraction rests on each viewer's fallback. libharu's public API cannot replace that stream,
 * so the saved file is mended instead: every Type0 font's ToUnicode object is rewritten as a
 * ToUnicode CMap (CMapType 2) that maps each code to the same code point (bfrange, surrogates
 * left out), Flate-compressed like the rest, and the cross-reference table is rebuilt with the
 * new offsets. Same input, same bytes. printing/README.md says why this way. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "printing/pr_int.h"

/* An object of the file: its number and where its bytes lie. */
struct pdf_obj {
    int num;
    size_t off, end;
    bool to_unicode; /* a ToUnicode stream of a Type0 font: rewritten */
};

/* The file as libharu writes it: objects, one cross-reference section "0 n", a trailer. */
struct pdf_file {
    const unsigned char *p;
    size_t len;
    size_t xref;          /* offset of "xref" */
    size_t trailer;       /* offset of "trailer" */
    int n;                /* entries of the section, object 0 included */
    struct pdf_obj *objs; /* in file order */
    int nobjs;
};

static enum pd_status bad_pdf(struct pd_err *e, const char *what)
{
    return pd_fail(e, PD_ERR_INTERNAL, "the PDF libharu wrote is not as expected (%s): its "
                   "ToUnicode maps cannot be mended", what);
}

/* The first s within bytes [from, to) of the file, or NULL. */
static const unsigned char *find(const struct pdf_file *f, size_t from, size_t to, const char *s)
{
    if (to > f->len)
        to = f->len;
    if (from >= to)
        return NULL;
    return memmem(f->p + from, to - from, s, strlen(s));
}

/* A decimal number at *at (digits only), moving past it. */
static bool read_number(const struct pdf_file *f, size_t *at, size_t *out)
{
    size_t v = 0, i = *at;

    while (i < f->len && f->p[i] >= '0' && f->p[i] <= '9' && v < (size_t)1 << 40)
        v = v * 10 + (size_t)(f->p[i++] - '0');
    if (i == *at)
        return false;
    *at = i;
    *out = v;
    return true;
}

static int by_offset(const void *a, const void *b)
{
    const struct pdf_obj *x = a, *y = b;

    return (x->off > y->off) - (x->off < y->off);
}

/* startxref, the section header "xref\n0 N\n", its N entries of 20 bytes, the trailer. */
static enum pd_status read_xref(struct pdf_file *f, struct pd_err *e)
{
    const unsigned char *sx = NULL, *hit;
    size_t at, n, k = 0;

    for (size_t from = f->len > 64 ? f->len - 64 : 0; (hit = find(f, from, f->len, "startxref"));
         from = (size_t)(hit - f->p) + 1)
        sx = hit;
    at = sx ? (size_t)(sx - f->p) + 10 : 0;
    if (!sx || !read_number(f, &at, &f->xref) || f->xref + 9 > f->len ||
        memcmp(f->p + f->xref, "xref\n0 ", 7) != 0)
        return bad_pdf(e, "no cross-reference table");
    at = f->xref + 7;
    if (!read_number(f, &at, &n) || n < 2 || n > 1000000 || f->p[at] != '\n' ||
        at + 1 + 20 * n > f->len)
        return bad_pdf(e, "no cross-reference section 0");
    f->n = (int)n;
    f->trailer = at + 1 + 20 * n;
    if (f->trailer + 7 > f->len || memcmp(f->p + f->trailer, "trailer", 7) != 0)
        return bad_pdf(e, "no trailer after the cross-reference table");
    f->objs = calloc(n, sizeof *f->objs);
    if (!f->objs)
        return pd_fail(e, PD_ERR_NOMEM, "out of memory mending the PDF");
    for (size_t i = 1; i < n; i++) {
        size_t ent = at + 1 + 20 * i, off;

        if (f->p[ent + 17] != 'n')
            continue; /* a free entry: copied as it is */
        if (!read_number(f, &ent, &off) || off >= f->xref)
            return bad_pdf(e, "a cross-reference entry");
        f->objs[k++] = (struct pdf_obj){.num = (int)i, .off = off};
    }
    f->nobjs = (int)k;
    qsort(f->objs, k, sizeof *f->objs, by_offset);
    for (size_t i = 0; i < k; i++)
        f->objs[i].end = i + 1 < k ? f->objs[i + 1].off : f->xref;
    return PD_OK;
}

static struct pdf_obj *object(struct pdf_file *f, int num)
{
    for (int i = 0; i < f->nobjs; i++)
        if (f->objs[i].num == num)
            return &f->objs[i];
    return NULL;
}

/* Marks the ToUnicode stream of every Type0 font. Only dictionaries are searched, never the
 * bytes of a stream (page text is compressed, but a stream may hold anything). */
static enum pd_status mark_maps(struct pdf_file *f, struct pd_err *e)
{
    int found = 0;

    for (int i = 0; i < f->nobjs; i++) {
        const struct pdf_obj *o = &f->objs[i];
        const unsigned char *s = find(f, o->off, o->end, "stream\r\n");
        size_t dict_end = s ? (size_t)(s - f->p) : o->end, at, num;
        const unsigned char *tu = find(f, o->off, dict_end, "/ToUnicode ");
        struct pdf_obj *map;

        if (!tu || !find(f, o->off, dict_end, "/Subtype /Type0"))
            continue;
        at = (size_t)(tu - f->p) + 11;
        if (!read_number(f, &at, &num) || num > INT32_MAX || !(map = object(f, (int)num)) ||
            !find(f, map->off, map->end, "/Type /CMap"))
            return bad_pdf(e, "a font's ToUnicode reference");
        map->to_unicode = true;
        found++;
    }
    return found ? PD_OK : bad_pdf(e, "no Type0 font");
}

/* The ToUnicode CMap (PDF 1.7, 9.10.3): every two-byte code to the code point it is, in ranges
 * of at most 256 codes that keep within one last byte (as bfrange asks), at most 100 a block. */
static size_t cmap_text(char *buf, size_t cap)
{
    size_t n = 0;
    int ranges = 0;

    n += (size_t)snprintf(buf + n, cap - n,
                          "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
                          "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> "
                          "def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
                          "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
    for (int hi = 0; hi < 256; hi++) {
        int lo = hi == 0 ? 0x20 : 0, top = hi == 0xFF ? 0xFD : 0xFF;

        if (hi >= 0xD8 && hi <= 0xDF)
            continue; /* surrogates: no character */
        if (ranges % 100 == 0)
            n += (size_t)snprintf(buf + n, cap - n, "%s%d beginbfrange\n",
                                  ranges ? "endbfrange\n" : "", 248 - ranges < 100 ? 248 - ranges
                                                                                    : 100);
        n += (size_t)snprintf(buf + n, cap - n, "<%02X%02X> <%02X%02X> <%02X%02X>\n", hi, lo, hi,
                              top, hi, lo);
        ranges++;
    }
    n += (size_t)snprintf(buf + n, cap - n, "endbfrange\nendcmap\nCMapName currentdict /CMap "
                          "defineresource pop\nend\nend\n");
    return n;
}

/* The new ToUnicode object's bytes, the same for every font. */
static enum pd_status map_stream(unsigned char **out, size_t *len, struct pd_err *e)
{
    static char text[8192];
    size_t n = cmap_text(text, sizeof text);
    uLongf zlen = compressBound((uLong)n);
    unsigned char *z = malloc(zlen);

    if (!z || compress2(z, &zlen, (const Bytef *)text, (uLong)n, 9) != Z_OK) {
        free(z);
        return pd_fail(e, PD_ERR_NOMEM, "out of memory mending the PDF");
    }
    *out = z;
    *len = zlen;
    return PD_OK;
}

/* Writes the objects, each at its new offset, then the table and the trailer. */
static void write_mended(FILE *m, struct pdf_file *f, const unsigned char *z, size_t zlen,
                         size_t *offsets)
{
    fwrite(f->p, 1, f->objs[0].off, m);
    for (int i = 0; i < f->nobjs; i++) {
        const struct pdf_obj *o = &f->objs[i];

        offsets[o->num] = (size_t)ftell(m);
        if (!o->to_unicode) {
            fwrite(f->p + o->off, 1, o->end - o->off, m);
            continue;
        }
        fprintf(m, "%d 0 obj\n<<\n/Length %zu\n/Filter /FlateDecode\n>>\nstream\r\n", o->num,
                zlen);
        fwrite(z, 1, zlen, m);
        fputs("\nendstream\nendobj\n", m);
    }
    size_t xref = (size_t)ftell(m);
    size_t ents = f->trailer - 20 * (size_t)f->n; /* the entries */
    const unsigned char *sx = find(f, f->trailer, f->len, "startxref");

    fprintf(m, "xref\n0 %d\n", f->n);
    for (int i = 0; i < f->n; i++) {
        if (f->p[ents + 20 * (size_t)i + 17] == 'n')
            fprintf(m, "%010zu 00000 n\r\n", offsets[i]);
        else
            fwrite(f->p + ents + 20 * (size_t)i, 1, 20, m);
    }
    fwrite(f->p + f->trailer, 1, (size_t)(sx - f->p) - f->trailer, m);
    fprintf(m, "startxref\n%zu\n%%%%EOF\n", xref);
}

enum pd_status pdoc_mend_tounicode(unsigned char **pdf, size_t *len, struct pd_err *e)
{
    struct pdf_file f = {.p = *pdf, .len = *len};
    unsigned char *z = NULL, *out = NULL;
    size_t zlen = 0, outlen = 0, *offsets = NULL;
    FILE *m = NULL;
    enum pd_status rc = read_xref(&f, e);

    if (rc == PD_OK && f.nobjs == 0)
        rc = bad_pdf(e, "no objects");
    if (rc == PD_OK)
        rc = mark_maps(&f, e);
    if (rc == PD_OK)
        rc = map_stream(&z, &zlen, e);
    if (rc == PD_OK && (!(offsets = calloc((size_t)f.n, sizeof *offsets)) ||
                        !(m = open_memstream((char **)&out, &outlen))))
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory mending the PDF");
    if (rc == PD_OK)
        write_mended(m, &f, z, zlen, offsets);
    if (m && (fclose(m) != 0 || !out) && rc == PD_OK)
        rc = pd_fail(e, PD_ERR_NOMEM, "out of memory mending the PDF");
    if (rc == PD_OK) {
        free(*pdf);
        *pdf = out;
        *len = outlen;
    } else
        free(out);
    free(offsets);
    free(z);
    free(f.objs);
    return rc;
}
