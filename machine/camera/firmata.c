/* machine/camera/firmata.c - the host side of Firmata 2.x (the protocol of the stock
 * StandardFirmata sketch) over a serial port: the version the board announces, pin modes,
 * digital outputs, servo angles, and the digital port reports of an input (the card sensor).
 * Written from the protocol's documentation (firmata/protocol: protocol.md, servos.md). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "machine/camera/cam_int.h"

enum { FM_DIGITAL_MESSAGE = 0x90, FM_ANALOG_MESSAGE = 0xE0, FM_REPORT_DIGITAL = 0xD0,
       FM_SET_PIN_MODE = 0xF4, FM_REPORT_VERSION = 0xF9,
       FM_START_SYSEX = 0xF0, FM_END_SYSEX = 0xF7 };

static long now_ms(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

static enum pd_status send_bytes(struct fm_board *b, const uint8_t *p, size_t n,
                                 struct pd_err *e)
{
    while (n) {
        ssize_t w = write(b->fd, p, n);

        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return pd_fail(e, PD_ERR_DEVICE, "the Firmata board: write: %s",
                           w < 0 ? strerror(errno) : "nothing written");
        p += w, n -= (size_t)w;
    }
    return PD_OK;
}

/* One byte within timeout_ms: 1, 0 on timeout, -1 when the port is gone. */
static int read_byte(struct fm_board *b, uint8_t *c, int timeout_ms, struct pd_err *e)
{
    struct pollfd p = {b->fd, POLLIN, 0};
    int r = poll(&p, 1, timeout_ms > 0 ? timeout_ms : 0);
    ssize_t n;

    if (r == 0)
        return 0;
    n = r > 0 ? read(b->fd, c, 1) : -1;
    if (n == 1)
        return 1;
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return 0;
    pd_fail(e, PD_ERR_DEVICE, "the Firmata board is gone (%s)", n < 0 ? strerror(errno) :
            "end of file");
    return -1;
}

/* Reads one message within timeout_ms and keeps what it says: 1 a message, 0 nothing, -1 gone.
 * Sysex messages (the firmware's name) are read past. */
static int read_message(struct fm_board *b, int timeout_ms, struct pd_err *e)
{
    uint8_t c, d[2];
    int r = read_byte(b, &c, timeout_ms, e);

    if (r <= 0)
        return r;
    if (c == FM_START_SYSEX) {
        do
            r = read_byte(b, &c, 200, e);
        while (r == 1 && c != FM_END_SYSEX);
        return r < 0 ? -1 : 1;
    }
    if ((c & 0xF0) != FM_DIGITAL_MESSAGE && c != FM_REPORT_VERSION)
        return 1; /* analog reports and the like: not ours */
    for (int i = 0; i < 2; i++)
        if ((r = read_byte(b, &d[i], 200, e)) <= 0)
            return r < 0 ? -1 : 1;
    if (c == FM_REPORT_VERSION)
        b->major = d[0], b->minor = d[1];
    else
        b->port[c & 0x0F] = (uint8_t)((d[0] & 0x7F) | (d[1] & 1) << 7);
    return 1;
}

enum pd_status fm_open(struct fm_board *b, const char *path, int wait_ms, struct pd_err *e)
{
    struct termios t;
    uint8_t ask = FM_REPORT_VERSION;
    long end = now_ms() + wait_ms;

    memset(b, 0, sizeof *b);
    b->fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (b->fd < 0)
        return pd_fail(e, PD_ERR_DEVICE, "the Firmata board %s: %s", path, strerror(errno));
    if (tcgetattr(b->fd, &t) == 0) {
        cfmakeraw(&t);
        cfsetspeed(&t, B57600);
        tcsetattr(b->fd, TCSANOW, &t);
    }
    /* a real Uno resets when the port opens and announces itself within about 2 s; ask too */
    if (send_bytes(b, &ask, 1, e) != PD_OK)
        return fm_close(b), e->code;
    while (b->major == 0 && now_ms() < end)
        if (read_message(b, (int)(end - now_ms()), e) < 0)
            return fm_close(b), e->code;
    if (b->major == 0) {
        fm_close(b);
        return pd_fail(e, PD_ERR_DEVICE, "the Firmata board %s did not announce its version "
                       "within %d ms: is StandardFirmata on it?", path, wait_ms);
    }
    return PD_OK;
}

void fm_close(struct fm_board *b)
{
    if (b->fd >= 0)
        close(b->fd);
    b->fd = -1;
}

enum pd_status fm_mode(struct fm_board *b, int pin, int mode, struct pd_err *e)
{
    uint8_t m[3] = {FM_SET_PIN_MODE, (uint8_t)pin, (uint8_t)mode};
    uint8_t rep[2] = {(uint8_t)(FM_REPORT_DIGITAL | (pin / 8)), 1};

    if (send_bytes(b, m, 3, e) != PD_OK)
        return e->code;
    return mode == FM_INPUT || mode == FM_PULLUP ? send_bytes(b, rep, 2, e) : PD_OK;
}

/* DIGITAL_MESSAGE, the pin's whole port (its other outputs as last written): every Firmata 2.x
 * reads it; SET_DIGITAL_PIN_VALUE (0xF5) is new in 2.5, and the StandardFirmata most boards
 * carry is 2.4 (tests/firmata_avr.c). */
enum pd_status fm_write(struct fm_board *b, int pin, int value, struct pd_err *e)
{
    uint8_t bit = (uint8_t)(1u << (pin % 8)), *out = &b->out[(pin / 8) & 0x0F];
    uint8_t m[3];

    *out = value ? *out | bit : *out & (uint8_t)~bit;
    m[0] = (uint8_t)(FM_DIGITAL_MESSAGE | ((pin / 8) & 0x0F));
    m[1] = *out & 0x7F;
    m[2] = *out >> 7;
    return send_bytes(b, m, 3, e);
}

enum pd_status fm_servo(struct fm_board *b, int pin, int degrees, struct pd_err *e)
{
    /* ANALOG_MESSAGE: pins 0..15, a 14-bit value in two 7-bit bytes, LSB first */
    uint8_t m[3] = {(uint8_t)(FM_ANALOG_MESSAGE | (pin & 0x0F)), (uint8_t)(degrees & 0x7F),
                    (uint8_t)((degrees >> 7) & 0x7F)};

    return send_bytes(b, m, 3, e);
}

int fm_wait(struct fm_board *b, int pin, int level, int timeout_ms, struct pd_err *e)
{
    long end = now_ms() + timeout_ms;

    for (;;) {
        int bit = b->port[pin / 8] >> (pin % 8) & 1;

        if (bit == (level != 0))
            return 1;
        if (now_ms() >= end)
            return 0;
        if (read_message(b, (int)(end - now_ms()), e) < 0)
            return -1;
    }
}
