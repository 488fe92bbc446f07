/* printing/qr.c - QR codes (libqrencode, ISO/IEC 18004) drawn as filled rectangles: each dark
 * run of modules in a row is one rectangle and the whole code one fill, so the code stays
 * vector and small. Level M (15 % of the code may be lost); libqrencode splits the text into
 * numeric, alphanumeric and byte segments, so that the record's code (pr_board_qr) is all
 * alphanumeric. The codes hold ASCII only and carry no ECI (printing/README.md). */
#include <qrencode.h>

#include "printing/pr_int.h"

/* libqrencode is loaded on first use, not linked (HACKING.md "Libraries loaded on first use"):
 * each entry point is a field of qrenc, of the header's own type. qrencode.h has no
 * version macro: the soname is Debian's. */
#define QR_ENTRY_POINTS(X) X(encode_string, QRcode_encodeString) X(free, QRcode_free)
#define QR_SYMBOL(field, f) {#f, (void **)&qrenc.field},
static struct {
    QR_ENTRY_POINTS(PD_LIB_FIELD)
} qrenc;
static const struct pd_lib_symbol qr_symbols[] = {QR_ENTRY_POINTS(QR_SYMBOL){NULL, NULL}};
static struct pd_lib qr_lib = {.name = "libqrencode", .soname = "libqrencode.so.4",
                               .package = "libqrencode4", .symbols = qr_symbols};

/* text's code into *out; PD_ERR_INTERNAL when libqrencode does not load or fails. */
static enum pd_status encode(const char *text, QRcode **out, struct pd_err *e)
{
    enum pd_status rc = pd_lib_ready(&qr_lib, e);

    *out = rc == PD_OK ? qrenc.encode_string(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) : NULL;
    if (rc == PD_OK && !*out)
        rc = pd_fail(e, PD_ERR_INTERNAL, "libqrencode failed to encode \"%s\"", text);
    return rc;
}

int pr_qr_modules(const char *text)
{
    QRcode *qr;
    int width = 0;

    if (encode(text, &qr, NULL) == PD_OK) {
        width = qr->width;
        qrenc.free(qr);
    }
    return width;
}

enum pd_status pr_qr_draw(struct pdoc *d, const char *text, float x, float top, float size,
                          struct pd_err *e)
{
    QRcode *qr;
    float m, ov;
    enum pd_status rc = encode(text, &qr, e);

    if (rc != PD_OK)
        return rc;
    m = size / (float)qr->width;
    ov = m * 0.08f;
    pdoc_black(d);
    for (int r = 0; r < qr->width; r++) {
        const unsigned char *row = qr->data + (size_t)r * (size_t)qr->width;

        for (int c = 0; c < qr->width;) {
            int run = 0;

            if (!(row[c] & 1)) {
                c++;
                continue;
            }
            while (c + run < qr->width && (row[c + run] & 1))
                run++;
            /* A hair of overlap downward: abutting rows would leave anti-aliased seams that
             * make some decoders miss the code at some resolutions. */
            pr_hpdf.Page_Rectangle(d->page, x + (float)c * m, top - (float)(r + 1) * m - ov,
                                   (float)run * m, m + ov);
            c += run;
        }
    }
    pr_hpdf.Page_Fill(d->page);
    qrenc.free(qr);
    return PD_OK;
}
