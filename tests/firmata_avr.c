/* tests/firmata_avr.c - predup's Firmata code (machine/camera/firmata.c) against the very
 * firmware a club flashes: the compiled StandardFirmata for the Arduino Uno, run by simavr (an
 * ATmega328P at 16 MHz) with its serial port on a pseudo-terminal (simavr's uart_pty part).
 * The host side sets the pin modes of a camera machine (feed motor output, card sensor input,
 * diverter servo), and this program watches the pins the firmware drives: the motor's pin
 * must go high and low as told, the servo's pulses must have the width of the angle written,
 * and the card sensor raised and lowered on the chip must come back as the firmware's digital
 * port reports. Run by tests/cli/machine_firmata_avr.sh:
 *   build/firmata_avr STANDARDFIRMATA.hex
 * Exit 0 and "firmata_avr: ok ..." when every reply is right; 1 with what was wrong. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "avr_ioport.h"
#include "parts/uart_pty.h"
#include "sim_avr.h"
#include "sim_hex.h"

#include "machine/camera/cam_int.h"

enum { FEEDER = 2, SENSOR = 3, DIVERTER = 9 }; /* PD2, PD3, PB1 on an Uno */

static avr_t *avr;
static atomic_int stop, feeder_level, pulse_us, sensor_want = -1;
static uint64_t rise_cycle;

static void on_feeder(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq, (void)param;
    feeder_level = (int)value;
}

/* The Servo library drives pin 9 high for 544..2400 us every 20 ms. */
static void on_diverter(avr_irq_t *irq, uint32_t value, void *param)
{
    (void)irq, (void)param;
    if (value)
        rise_cycle = avr->cycle;
    else if (rise_cycle)
        pulse_us = (int)((avr->cycle - rise_cycle) * 1000000 / avr->frequency);
}

static void *run(void *arg)
{
    (void)arg;
    while (!stop) {
        int want = sensor_want;

        if (want >= 0) { /* the card sensor's pin, set between two instructions */
            avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), SENSOR), (uint32_t)want);
            sensor_want = -1;
        }
        int state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed)
            break;
    }
    return NULL;
}

static long now_ms(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

/* Waits up to 3 s for *v to be within want +- slack. */
static bool settles(atomic_int *v, int want, int slack)
{
    long end = now_ms() + 3000;
    struct timespec nap = {0, 5000000};

    while (now_ms() < end) {
        if (abs(*v - want) <= slack)
            return true;
        nanosleep(&nap, NULL);
    }
    return false;
}

static int failed(const char *what, struct fm_board *b)
{
    printf("firmata_avr: %s\n", what);
    fm_close(b);
    stop = 1;
    return 1;
}

static int start_chip(const char *hex, uart_pty_t *uart)
{
    ihex_chunk_p chunk = NULL;
    int n = read_ihex_chunks(hex, &chunk); /* read_ihex_file would leak its list */

    avr = n > 0 ? avr_make_mcu_by_name("atmega328p") : NULL;
    if (!avr || avr_init(avr) != 0) {
        printf("firmata_avr: %s: not an Intel HEX firmware, or no ATmega328P in simavr\n", hex);
        return 1;
    }
    avr->frequency = 16000000;
    for (int i = 0; i < n; i++) /* the flash: the firmware's chunks where they belong */
        avr_loadcode(avr, chunk[i].data, chunk[i].size, chunk[i].baseaddr);
    free_ihex_chunks(chunk); /* the chunks' data: simavr 1.6 leaves their list */
    free(chunk);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), FEEDER), on_feeder,
                            NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), 1), on_diverter,
                            NULL);
    uart_pty_init(avr, uart);
    uart_pty_connect(uart, '0');
    return 0;
}

/* A servo angle written, then the pulse width the firmware makes of it (544 + angle * 1856 /
 * 180 us, the Servo library's default range), within 16 us. */
static bool servo_at(struct fm_board *b, int angle, struct pd_err *e)
{
    return fm_servo(b, DIVERTER, angle, e) == PD_OK &&
           settles(&pulse_us, 544 + angle * (2400 - 544) / 180, 16);
}

int main(int argc, char **argv)
{
    static uart_pty_t uart;
    struct fm_board b = {.fd = -1};
    struct pd_err e = {0};
    pthread_t chip;

    if (argc != 2 || start_chip(argv[1], &uart) != 0)
        return argc != 2 ? (fprintf(stderr, "usage: firmata_avr FIRMWARE.hex\n"), 2) : 1;
    pthread_create(&chip, NULL, run, NULL);
    if (fm_open(&b, uart.port[0].slavename, 5000, &e) != PD_OK)
        return failed(e.msg, &b);
    if (b.major != 2 || b.minor < 3)
        return failed("the firmware announced no Firmata 2.3 or later", &b);
    if (fm_mode(&b, FEEDER, FM_OUTPUT, &e) != PD_OK || fm_mode(&b, SENSOR, FM_INPUT, &e) ||
        fm_mode(&b, DIVERTER, FM_SERVO, &e) != PD_OK)
        return failed(e.msg, &b);
    if (fm_write(&b, FEEDER, 1, &e) != PD_OK || !settles(&feeder_level, 1, 0))
        return failed("the feed motor's pin 2 did not go high", &b);
    if (fm_write(&b, FEEDER, 0, &e) != PD_OK || !settles(&feeder_level, 0, 0))
        return failed("the feed motor's pin 2 did not go low", &b);
    for (int angle = 20; angle <= 160; angle += 35)
        if (!servo_at(&b, angle, &e)) {
            printf("firmata_avr: servo angle %d: a pulse of %d us\n", angle, (int)pulse_us);
            return failed("the diverter's pulses do not match the angles written", &b);
        }
    sensor_want = 1;
    if (fm_wait(&b, SENSOR, 1, 3000, &e) != 1)
        return failed("the card sensor raised on pin 3 was not reported high", &b);
    sensor_want = 0;
    if (fm_wait(&b, SENSOR, 0, 3000, &e) != 1)
        return failed("the card sensor lowered on pin 3 was not reported low", &b);
    printf("firmata_avr: ok: StandardFirmata %d.%d on %s: pin 2 high and low, servo pulses for "
           "20 55 90 125 160 degrees, pin 3 reported high and low\n", b.major, b.minor,
           uart.port[0].slavename);
    fm_close(&b);
    stop = 1;
    pthread_join(chip, NULL);
    return 0; /* uart_pty_stop would end its thread with SIGINT, the process with it */
}
