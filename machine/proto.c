/* machine/proto.c - frames of the open dealing-machine protocol (machine/PROTOCOL.md): magic,
 * length, type, sequence, payload, CRC-32; and what a host makes of a machine's words: a
 * card's readings judged against the methods announced, the device's strings escaped. The CRC is
 * IEEE 802.3 (reflected polynomial 0xEDB88320): zlib's crc32 (zlib is linked: printing's ToUnicode maps use it too). */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "machine/mach_int.h"

uint32_t mp_crc32(const uint8_t *p, size_t n)
{
    return (uint32_t)crc32_z(0, p, n);
}

size_t mp_encode(const struct mp_msg *m, uint8_t *buf, size_t cap)
{
    size_t n = (size_t)MP_HEADER + m->len + 4;
    uint32_t crc;

    if (m->len > MP_MAX_PAYLOAD || cap < n)
        return 0;
    buf[0] = 'P';
    buf[1] = 'D';
    buf[2] = (uint8_t)(m->len & 0xFF);
    buf[3] = (uint8_t)(m->len >> 8);
    buf[4] = m->type;
    buf[5] = m->seq;
    memcpy(buf + MP_HEADER, m->payload, m->len);
    crc = mp_crc32(buf, MP_HEADER + m->len);
    for (int i = 0; i < 4; i++)
        buf[MP_HEADER + m->len + i] = (uint8_t)(crc >> (8 * i));
    return n;
}

enum pd_status mp_decode(const uint8_t *buf, size_t len, struct mp_msg *out, struct pd_err *e)
{
    size_t plen;
    uint32_t crc = 0;

    if (len < (size_t)MP_HEADER + 4)
        return pd_fail(e, PD_ERR_DEVICE, "short frame: %zu byte%s", len,
                       len == 1 ? "" : "s");
    if (buf[0] != 'P' || buf[1] != 'D')
        return pd_fail(e, PD_ERR_DEVICE, "bad frame magic 0x%02x%02x", buf[0], buf[1]);
    plen = (size_t)buf[2] | (size_t)buf[3] << 8;
    if (plen > MP_MAX_PAYLOAD)
        return pd_fail(e, PD_ERR_DEVICE, "frame payload of %zu bytes (at most %d)", plen,
                       (int)MP_MAX_PAYLOAD);
    if (len != (size_t)MP_HEADER + plen + 4)
        return pd_fail(e, PD_ERR_DEVICE, "frame of %zu bytes, its header says %zu", len,
                       (size_t)MP_HEADER + plen + 4);
    for (int i = 0; i < 4; i++)
        crc |= (uint32_t)buf[MP_HEADER + plen + i] << (8 * i);
    if (crc != mp_crc32(buf, MP_HEADER + plen))
        return pd_fail(e, PD_ERR_DEVICE, "frame CRC mismatch");
    out->type = buf[4];
    out->seq = buf[5];
    out->len = (uint16_t)plen;
    memcpy(out->payload, buf + MP_HEADER, plen);
    return PD_OK;
}

const char *mach_card_name(int idx)
{
    static const char names[52][3] = {
        "SA", "SK", "SQ", "SJ", "ST", "S9", "S8", "S7", "S6", "S5", "S4", "S3", "S2",
        "HA", "HK", "HQ", "HJ", "HT", "H9", "H8", "H7", "H6", "H5", "H4", "H3", "H2",
        "DA", "DK", "DQ", "DJ", "DT", "D9", "D8", "D7", "D6", "D5", "D4", "D3", "D2",
        "CA", "CK", "CQ", "CJ", "CT", "C9", "C8", "C7", "C6", "C5", "C4", "C3", "C2",
    };

    return idx >= 0 && idx < 52 ? names[idx] : "??";
}

const char *const MACH_FAULT_NAME[MF_COUNT] = {
    [MF_MISREAD] = "misread",       [MF_UNREADABLE] = "unreadable",
    [MF_DOUBLE_FEED] = "double-feed", [MF_JAM] = "jam",
    [MF_SHORT_DECK] = "short-deck", [MF_EXTRA_CARD] = "extra-card",
    [MF_OTHER_DECK] = "other-deck", [MF_DUP_CARD] = "duplicate-card",
    [MF_UNPLUG] = "unplug",         [MF_RESET] = "reset",
    [MF_COVER_OPEN] = "cover-open", [MF_NO_BOARD] = "no-board",
    [MF_UNPLUG_CAMERA] = "unplug-camera", [MF_UNPLUG_BOARD] = "unplug-board",
};

void mach_profile_default(struct mach_profile *p)
{
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "default");
    p->kind = MACH_NONE; /* a profile, or the command, says which machine */
    p->vid = 0x1209;
    p->pid = 0x0dea;
    p->interface = 0;
    p->ep_out = 0x01;
    p->ep_in = 0x81;
    p->timeout_ms = 2000;
    p->send_timeout_ms = 1000;
    p->retries = 3;
    p->replug_wait_ms = 30000;
    for (int i = 0; i < 4; i++)
        p->pocket[i] = (enum seat)i;
    p->min_confidence = 80;
    p->max_attempts = 3;
    p->sim.seed = 1;
    p->sim.methods = MACH_OCR | MACH_BARCODE;
    p->sim.reads_board_numbers = true;
    p->sim.ocr_unreadable_ppm = 5000;
    p->sim.ocr_confusion_ppm = 1000;
    p->sim.barcode_unreadable_ppm = 500;
    p->sim.replug_after = 2;
    p->sim.minor = MP_VERSION_MINOR;
    p->sim.stop_dispenser = true;
    p->sim.stop_cards = 1000;
    p->camera = (struct mach_camera_opts){.feeder_pin = 2, .sensor_pin = 3, .diverter_pin = 9,
                                          .angle = {20, 55, 90, 125, 160},
                                          .gate_pin = MACH_CAM_NO_PIN, .gate_angle = 45,
                                          .settle_ms = 150, .pass_ms = 300};
}

/* The fault names joined by ", ", for the message that lists them (from the one table). */
static void fault_names_joined(char *buf, size_t cap)
{
    pd_join_words(MACH_FAULT_NAME, MF_COUNT, ", ", ", ", buf, cap);
}

/* Dealer4's card-index sets (shared/reference/languages.md), named by their language. */
const char *const MACH_INDEX_NAME[MI_COUNT] = {"standard", "de", "fr", "nl", "sv", "da"};

static const char *index_honours[MI_COUNT][4];
static pthread_once_t index_honours_once = PTHREAD_ONCE_INIT;

/* Every set has its row (tests/check_machine.c); the standard set is English's. */
static void index_honours_fill(void)
{
    for (int i = 0; i < MI_COUNT; i++) {
        const struct deal_honours *h = deal_honours_of(i ? MACH_INDEX_NAME[i] : "en");

        for (int k = 0; k < 4; k++)
            index_honours[i][k] = h->letter[k];
    }
}

const mach_index_row *mach_index_honours(void)
{
    pthread_once(&index_honours_once, index_honours_fill);
    return (const mach_index_row *)index_honours;
}

int mach_index_from_name(const char *name)
{
    for (int i = 0; i < MI_COUNT; i++)
        if (strcmp(name, MACH_INDEX_NAME[i]) == 0)
            return i;
    return -1;
}

int mach_fault_from_name(const char *name)
{
    for (int i = 0; i < MF_COUNT; i++)
        if (strcmp(name, MACH_FAULT_NAME[i]) == 0)
            return i;
    return -1;
}

enum pd_status mach_fault_parse(const char *spec, struct mach_fault_at *out, struct pd_err *e)
{
    char name[32], names[160];
    const char *at = strchr(spec, '@');
    const char *colon;
    char num[8]; /* the board number's digits */
    unsigned long long board, card;
    int kind;

    if (!at || (size_t)(at - spec) >= sizeof name)
        return pd_fail(e, PD_ERR_RANGE, "fault \"%s\": write KIND@BOARD:CARD, e.g. jam@3:17",
                       spec);
    memcpy(name, spec, (size_t)(at - spec));
    name[at - spec] = '\0';
    kind = mach_fault_from_name(name);
    if (kind < 0) {
        fault_names_joined(names, sizeof names);
        return pd_fail(e, PD_ERR_RANGE, "unknown fault \"%s\" (%s)", name, names);
    }
    colon = strchr(at + 1, ':');
    snprintf(num, sizeof num, "%.*s", colon ? (int)(colon - at - 1) : 0, at + 1);
    if (!colon || colon - at - 1 >= (ptrdiff_t)sizeof num ||
        pd_parse_number(num, 1, 9999, "", &board, NULL) != PD_OK)
        return pd_fail(e, PD_ERR_RANGE, "fault \"%s\": bad board number", spec);
    if (pd_parse_number(colon + 1, 0, 52, "", &card, NULL) != PD_OK ||
        (card == 0) != (kind == MF_NO_BOARD))
        return pd_fail(e, PD_ERR_RANGE, "fault \"%s\": the card is 1..52 (0 for %s)", spec,
                       MACH_FAULT_NAME[MF_NO_BOARD]);
    *out = (struct mach_fault_at){(int)board, (int)card, (enum mach_fault)kind};
    return PD_OK;
}

/* ---------------------------------------------------------------- what the machine says */

void mp_printable(char *out, size_t cap, const uint8_t *in, size_t n)
{
    size_t used = 0;

    for (size_t i = 0; i < n && used + 5 < cap; i++)
        used += (size_t)(in[i] >= ' ' && in[i] <= '~' && in[i] != '\\'
                             ? snprintf(out + used, cap - used, "%c", in[i])
                             : snprintf(out + used, cap - used, "\\x%02x", in[i]));
    out[used] = '\0';
}

const char *mp_methods_name(unsigned methods)
{
    return methods == (MACH_OCR | MACH_BARCODE) ? "OCR and barcodes"
           : methods == (MACH_OCR | MACH_FRAME2) ? "the index in two frames"
           : methods == MACH_OCR                ? "OCR"
                                                : "barcodes";
}

/* The readings are exactly the methods announced, each once: a two-method machine that
 * sends one reading, or two of one method, is not checking itself. */
static bool as_announced(const struct mp_msg *r, int nread, unsigned methods)
{
    unsigned seen = 0;

    for (int i = 0; i < nread; i++) {
        unsigned m = r->payload[3 + 3 * i];

        if ((m != MACH_OCR && m != MACH_BARCODE && m != MACH_FRAME2) || !(methods & m) ||
            (seen & m))
            return false;
        seen |= m;
    }
    return seen == methods;
}

int mp_judge_card(const struct mp_msg *r, unsigned methods, int min_confidence, char *why,
                  size_t n)
{
    int card = -1, nread = r->len >= 3 ? r->payload[2] : 0;

    if (nread < 1 || r->len < 3 + 3 * nread || !as_announced(r, nread, methods)) {
        snprintf(why, n, "card %d came with %d reading%s, not one by each method announced "
                         "(%s)", r->len >= 2 ? mp_get_u16(r->payload) : 0, nread,
                 nread == 1 ? "" : "s", mp_methods_name(methods));
        return MP_UNTRUSTED;
    }
    for (int i = 0; i < nread; i++) {
        const uint8_t *rd = r->payload + 3 + 3 * i;

        if (rd[1] >= 52) {
            snprintf(why, n, "unreadable");
            return -1;
        }
        if (rd[2] < min_confidence) {
            snprintf(why, n, "%s read with confidence %d", mach_card_name(rd[1]), rd[2]);
            return -1;
        }
        if (card >= 0 && rd[1] != card) {
            snprintf(why, n, "read as %s and as %s", mach_card_name(card),
                     mach_card_name(rd[1]));
            return -1;
        }
        card = rd[1];
    }
    return card;
}

/* ---------------------------------------------------------------- the index language */

int mp_index_suspect(const struct mp_msg *r, unsigned methods, int miss[4], int *streak)
{
    int ocr = -2, bar = -2, n = r->len >= 3 ? r->payload[2] : 0;

    for (int i = 0; i < n && 3 + 3 * i + 2 < r->len; i++) {
        int card = r->payload[4 + 3 * i];

        card = card < 52 ? card : -1;
        if (r->payload[3 + 3 * i] == MACH_OCR)
            ocr = card;
        else if (r->payload[3 + 3 * i] == MACH_BARCODE)
            bar = card;
    }
    if (ocr == -2)
        return -1; /* no OCR: indices are not read */
    if ((methods & MACH_BARCODE) && bar >= 0) {
        int honour = bar % 13; /* Pavlicek's order: ace 0, king 1, queen 2, jack 3 */

        if (honour > 3)
            return -1;
        miss[honour] = ocr == bar ? 0 : miss[honour] + 1;
        return miss[honour] >= MP_INDEX_MISSES ? honour : -1;
    }
    if (methods & (MACH_BARCODE | MACH_FRAME2))
        return -1; /* a camera machine's templates are learned from the deck: no index set */
    *streak = ocr < 0 ? *streak + 1 : 0; /* OCR alone cannot tell an honour: any card */
    return *streak >= MP_INDEX_STREAK ? 4 : -1;
}
