/* printing/qr.c - QR codes (libqrencode, ISO/IEC 18004) drawn as filled rectangles: each dark
 * run of modules in a row is one rectangle and the whole code one fill, so the code stays
 * vector and small. Level M (15 % of the code may be lost); libqrencode splits the text into
 * numeric, alphanumeric and byte segments, so that the record's code (pr_board_qr) is all
 * alphanumeric. The codes hold ASCII only and carry no ECI (printing/README.md). */
#include <qrencode.h>

#include "printing/pr_int.h"

static QRcode *encode(const char *text)
{
    return QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
}

int pr_qr_modules(const char *text)
{
    QRcode *qr = encode(text);
    int width = 0;

    if (qr) {
        width = qr->width;
        QRcode_free(qr);
    }
    return width;
}

bool pr_qr_draw(struct pdoc *d, const char *text, float x, float top, float size)
{
    QRcode *qr = encode(text);
    float m, ov;

    if (!qr)
        return false;
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
            HPDF_Page_Rectangle(d->page, x + (float)c * m, top - (float)(r + 1) * m - ov,
                                (float)run * m, m + ov);
            c += run;
        }
    }
    HPDF_Page_Fill(d->page);
    QRcode_free(qr);
    return true;
}
