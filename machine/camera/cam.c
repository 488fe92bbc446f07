/* machine/camera/cam.c - the camera machine's driver: its primitives (machine/driver.h) and
 * its row's functions. A card is read at the feeder's mouth in two frames (the OCR and FRAME2
 * readings the controller judges: they must agree and reach min_confidence), then the
 * diverter turns to its pocket's angle and the feed motor runs until the card has passed the
 * sensor. No pocket counts: the counts are predup's own tally of the cards it moved. A frame
 * that shows no card is checked with the motor, the diverter on the reject tray: a card that
 * passes was unreadable (it is in the tray), none means the feeder is empty. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "machine/camera/cam_int.h"

struct cam_dev {
    const struct mach_profile *p;
    struct cam_world *world;      /* simulated: the world, else NULL */
    struct cam_capture *capture;  /* a real camera */
    struct vis_cal *own_cal;      /* a real camera's calibration */
    struct fm_board board;
    int seq, tally[5];            /* cards fed in this board; placed per pocket and tray */
    bool in_tray;                 /* the card read as nothing is in the tray already */
};

struct cam_run {
    const struct mach_profile *p;
    struct cam_world *world;
};

static enum pd_status frame(struct cam_dev *d, int no, struct vis_image *img, struct pd_err *e)
{
    if (d->world)
        return cam_world_frame(d->world, no, img, e);
    return cam_capture_frame(d->capture, 2000, img, e);
}

static const struct vis_cal *cal_of(const struct cam_dev *d)
{
    return d->world ? cam_world_cal(d->world) : d->own_cal;
}

/* One frame's reading, on a thread of its own (vis_read_card reads a const calibration). */
struct reading_job {
    const struct vis_cal *cal;
    struct vis_image img;
    struct vis_rect region;
    struct vis_reading r;
    struct pd_err e;
    enum pd_status rc;
};

static void *read_job(void *arg)
{
    struct reading_job *j = arg;

    j->rc = vis_read_card(j->cal, &j->img, j->region.width ? &j->region : NULL, &j->r, &j->e);
    return NULL;
}

/* The card at the feeder's mouth in two frames, taken one after the other, then read at once
 * (two cores read them in the time of one). */
static enum pd_status read_frames(struct cam_dev *d, struct vis_reading *a,
                                  struct vis_reading *b, struct pd_err *e)
{
    const int *g = d->p->camera.region;
    struct reading_job j[2] = {{.region = {g[0], g[1], g[2], g[3]}}};
    enum pd_status rc = frame(d, 0, &j[0].img, e);
    pthread_t second;
    bool threaded;

    if (rc == PD_OK)
        rc = frame(d, 1, &j[1].img, e);
    for (int i = 0; i < 2; i++) {
        j[i].cal = cal_of(d);
        /* the simulator's region is known once its recognizer has learned, at the first frame */
        j[i].region = d->world ? cam_world_corner(d->world) : j[0].region;
    }
    if (rc == PD_OK) {
        threaded = pthread_create(&second, NULL, read_job, &j[1]) == 0;
        read_job(&j[0]);
        if (threaded)
            pthread_join(second, NULL);
        else
            read_job(&j[1]);
        rc = j[0].rc != PD_OK ? (*e = j[0].e, j[0].rc) : j[1].rc != PD_OK ? (*e = j[1].e, j[1].rc)
                                                                          : PD_OK;
    }
    *a = j[0].r, *b = j[1].r;
    vis_image_free(&j[0].img);
    vis_image_free(&j[1].img);
    return rc;
}

/* The motor runs until a card has passed: 1 passed, 0 none came (feeder empty), -2 stuck
 * (jam), -3 two at once (double feed), -1 the board is gone. */
static int move_card(struct cam_dev *d, int to, struct pd_err *e)
{
    const struct mach_camera_opts *c = &d->p->camera;
    struct timespec t0, t1, settle = {c->settle_ms / 1000, (c->settle_ms % 1000) * 1000000L};
    int up, down;

    if (fm_servo(&d->board, c->diverter_pin, c->angle[to], e) != PD_OK)
        return -1;
    nanosleep(&settle, NULL);
    if (fm_write(&d->board, c->feeder_pin, 1, e) != PD_OK)
        return -1;
    up = fm_wait(&d->board, c->sensor_pin, 1, 4 * c->pass_ms, e);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    down = up == 1 ? fm_wait(&d->board, c->sensor_pin, 0, 4 * c->pass_ms, e) : up;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (up < 0 || down < 0 || fm_write(&d->board, c->feeder_pin, 0, e) != PD_OK)
        return -1;
    if (up == 0)
        return 0;
    if (down == 0)
        return -2;
    if ((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000 > c->pass_ms)
        return -3;
    return 1;
}

static void fault(struct mp_msg *r, enum mp_fault f, int seq)
{
    *r = (struct mp_msg){.type = MP_FAULT, .len = 3, .payload = {(uint8_t)f}};
    mp_put_u16(r->payload + 1, seq);
}

/* ---------------------------------------------------------------- the primitives */

static enum pd_status cam_hello(void *dev, struct mach_hello *h, bool *lost, struct pd_err *e)
{
    struct cam_dev *d = dev;

    *lost = false;
    if (d->p->stop_card && d->p->camera.gate_pin == MACH_CAM_NO_PIN)
        return pd_fail(e, PD_ERR_DEVICE, "the camera machine has no stop-card gate (gate_pin): "
                       "set stop_card = no in profile %s", d->p->name);
    h->methods = MACH_OCR | MACH_FRAME2;
    h->minor = 1;
    snprintf(h->machine, sizeof h->machine, "%s", d->world ? "camera-sim" : "camera");
    return PD_OK;
}

static enum pd_status cam_begin(void *dev, int board, struct mp_msg *r, struct pd_err *e)
{
    (void)dev, (void)e, (void)board;
    /* it reads no board number (0): the operator's prompt named the board */
    *r = (struct mp_msg){.type = MP_BOARD_READY, .len = 2};
    return PD_OK;
}

static enum pd_status cam_feed(void *dev, struct mp_msg *r, struct pd_err *e)
{
    struct cam_dev *d = dev;
    struct vis_reading a, b;
    int moved;

    if (read_frames(d, &a, &b, e) != PD_OK)
        return PD_ERR_DEVICE;
    d->seq++;
    if (a.card < 0 && b.card < 0) { /* nothing to read: a card nobody can read, or none */
        moved = move_card(d, MACH_CAM_TRAY, e);
        if (moved == -1)
            return PD_ERR_DEVICE;
        if (moved == 0 || moved == -2 || moved == -3) {
            fault(r, moved == 0 ? MPF_FEEDER_EMPTY : moved == -2 ? MPF_JAM : MPF_DOUBLE_FEED,
                  d->seq);
            d->tally[MACH_CAM_TRAY] += moved == -3 ? 2 : 0;
            return PD_OK;
        }
        d->in_tray = true;
    }
    *r = (struct mp_msg){.type = MP_CARD, .len = 9};
    mp_put_u16(r->payload, d->seq);
    r->payload[2] = 2;
    r->payload[3] = MACH_OCR;
    r->payload[4] = a.card < 0 ? MP_CARD_NONE : (uint8_t)a.card;
    r->payload[5] = (uint8_t)(a.confidence / 10);
    r->payload[6] = MACH_FRAME2;
    r->payload[7] = b.card < 0 ? MP_CARD_NONE : (uint8_t)b.card;
    r->payload[8] = (uint8_t)(b.confidence / 10);
    return PD_OK;
}

static enum pd_status cam_place(void *dev, int seq, int pocket, bool then_feed,
                                struct mp_msg *r, struct pd_err *e)
{
    struct cam_dev *d = dev;
    int moved = 1;

    (void)then_feed; /* the next card is fed by the next FEED */
    if (!(d->in_tray && pocket == MACH_CAM_TRAY))
        moved = move_card(d, pocket, e);
    d->in_tray = false;
    if (moved == -1)
        return PD_ERR_DEVICE;
    if (moved != 1) { /* nothing passed, stuck, or two went: the pocket is not known */
        fault(r, moved == -3 ? MPF_DOUBLE_FEED : MPF_JAM, seq);
        return PD_OK;
    }
    d->tally[pocket]++;
    *r = (struct mp_msg){.type = MP_PLACED, .len = 4};
    mp_put_u16(r->payload, seq);
    r->payload[2] = (uint8_t)pocket;
    r->payload[3] = (uint8_t)d->tally[pocket];
    return PD_OK;
}

static enum pd_status cam_counts(void *dev, struct mp_msg *r, struct pd_err *e)
{
    struct cam_dev *d = dev;
    const struct mach_camera_opts *c = &d->p->camera;
    bool stop = false;

    if (d->p->stop_card && c->gate_pin != MACH_CAM_NO_PIN) { /* the gate drops one */
        struct timespec t = {0, 200 * 1000000L};

        stop = fm_servo(&d->board, c->gate_pin, c->gate_angle, e) == PD_OK;
        nanosleep(&t, NULL);
        stop = stop && fm_servo(&d->board, c->gate_pin, 0, e) == PD_OK;
        if (!stop)
            return PD_ERR_DEVICE;
    }
    *r = (struct mp_msg){.type = MP_COUNTS, .len = 7};
    for (int i = 0; i < 5; i++)
        r->payload[i] = (uint8_t)d->tally[i];
    r->payload[6] = stop;
    return PD_OK;
}

static enum pd_status cam_resume(void *dev, enum mach_action act, int board, struct mp_msg *r,
                                 struct pd_err *e)
{
    struct cam_dev *d = dev;

    (void)e;
    if (act == MA_START || act == MA_REDO) {
        memset(d->tally, 0, sizeof d->tally);
        d->seq = 0;
    }
    if (act == MA_REFEED)
        d->tally[MACH_CAM_TRAY] = 0;
    if (d->world)
        cam_world_operator(d->world, act, board);
    *r = (struct mp_msg){.type = MP_ACK};
    return PD_OK;
}

static void cam_close(void *dev)
{
    struct cam_dev *d = dev;

    fm_close(&d->board);
    cam_capture_close(d->capture);
    vis_cal_free(d->own_cal);
    free(d);
}

static const struct mach_ops cam_ops = {cam_hello, cam_begin, cam_feed, cam_place, cam_counts,
                                        cam_resume, cam_close};

/* ---------------------------------------------------------------- the row */

static enum pd_status set_pins(struct cam_dev *d, struct pd_err *e)
{
    const struct mach_camera_opts *c = &d->p->camera;
    enum pd_status rc = fm_mode(&d->board, c->feeder_pin, FM_OUTPUT, e);

    if (rc == PD_OK)
        rc = fm_mode(&d->board, c->sensor_pin, FM_INPUT, e);
    if (rc == PD_OK)
        rc = fm_mode(&d->board, c->diverter_pin, FM_SERVO, e);
    if (rc == PD_OK && c->gate_pin != MACH_CAM_NO_PIN)
        rc = fm_mode(&d->board, c->gate_pin, FM_SERVO, e);
    if (rc == PD_OK)
        rc = fm_write(&d->board, c->feeder_pin, 0, e);
    return rc;
}

static enum pd_status cam_open(void *ctx, int wait_ms, const struct mach_ops **ops, void **dev,
                               struct pd_err *e)
{
    struct cam_run *run = ctx;
    struct cam_dev *d = calloc(1, sizeof *d);
    char path[256];
    enum pd_status rc = PD_ERR_DEVICE;

    if (!d)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the camera machine");
    d->p = run->p, d->world = run->world, d->board.fd = -1;
    snprintf(path, sizeof path, "%s", run->p->camera.board);
    for (int i = 0; run->world && i < 1000 && rc != PD_OK; i++) /* simulated: polls */
        rc = cam_world_plug(run->world, path, sizeof path, e);
    if (run->world && rc != PD_OK)
        return free(d), rc;
    rc = fm_open(&d->board, path, wait_ms < 3000 ? 3000 : wait_ms, e);
    if (rc == PD_OK)
        rc = set_pins(d, e);
    if (rc == PD_OK && !run->world)
        rc = vis_cal_load(run->p->camera.calibration, &d->own_cal, e);
    if (rc == PD_OK && !run->world)
        rc = cam_capture_open(run->p->camera.pipeline, &d->capture, e);
    if (rc != PD_OK)
        return cam_close(d), rc == PD_ERR_NOMEM ? rc : PD_ERR_DEVICE;
    *ops = &cam_ops;
    *dev = d;
    return PD_OK;
}

enum pd_status mach_camera_start(const struct mach_profile *p, void **run,
                                 struct mach_connector *conn, struct pd_err *e)
{
    struct cam_run *r = calloc(1, sizeof *r);
    enum pd_status rc = PD_OK;

    *run = r;
    if (!r)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the camera machine");
    r->p = p;
    if (!p->camera.simulated && (!p->camera.pipeline[0] || !p->camera.board[0] ||
                                 !p->camera.calibration[0]))
        return pd_fail(e, PD_ERR_USAGE, "profile %s: a camera machine needs pipeline, board "
                       "and calibration under [camera] (machine/README.md, \"Build your own "
                       "machine\")", p->name);
    if (p->camera.simulated)
        rc = cam_world_new(p, &r->world, e);
    *conn = (struct mach_connector){r, NULL, cam_open};
    return rc;
}

bool mach_camera_audit(void *run, int board, const struct deal *d, char *why, size_t n)
{
    struct cam_run *r = run;

    return r->world && cam_world_matches(r->world, board, d, why, n);
}

void mach_camera_stop(void *run)
{
    struct cam_run *r = run;

    if (r)
        cam_world_free(r->world);
    free(r);
}
