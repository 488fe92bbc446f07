/* machine/camera/world.c - the camera machine's simulator (a profile with simulate = yes, as
 * config/machines/camera-sim.conf): the cards in the feeder, the pockets and the reject tray;
 * a fake Firmata board on a pseudo-terminal (a thread), written from the protocol's
 * documentation, that moves the cards as the host's pins tell it (the feed motor, the
 * diverter's angle) and reports the card sensor; the frames the camera sees, rendered by
 * machine/vision/; and the faults of the profile's [sim] section at given cards. The audit
 * reads the pockets the board's own moves filled: every card's pocket is checked. */
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "machine/camera/cam_int.h"

enum { SLOTS = 6, FLOOR = 5, MAX_CARDS = 128 }; /* pockets 0..3, the tray 4, lost cards 5 */

struct cam_world {
    const struct mach_profile *p;
    pthread_mutex_t lock;
    pthread_t thread;
    bool running;
    int master;                   /* the fake board's side of the pty, -1 while unplugged */
    int refused;                  /* connection attempts refused since the unplug */
    bool unplugged;
    int feeder[MAX_CARDS], nfeed; /* bottom card first */
    int slot[SLOTS][MAX_CARDS], nslot[SLOTS];
    int board, attempt, moved;    /* moved: cards the motor moved in this attempt */
    bool at_used[MACH_SIM_MAX_AT];
    int servo, sensor;            /* the diverter's angle, the sensor's level */
    int worn_card;                /* moved + 1 of the card an unreadable fault wore, or 0 */
    struct vis_cal *cal;
    struct vis_rect corner;
};

static unsigned long long mix(unsigned long long x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* The fault of kind at the card about to move (its first attempt only), used up once. */
static bool fault_now(struct cam_world *w, enum mach_fault kind)
{
    for (int i = 0; i < w->p->sim.nat; i++) {
        const struct mach_fault_at *f = &w->p->sim.at[i];

        if (!w->at_used[i] && f->kind == kind && f->board == w->board && w->attempt == 1 &&
            f->card == w->moved + 1) {
            w->at_used[i] = true;
            return true;
        }
    }
    return false;
}

/* ---------------------------------------------------------------- the fake board */

static void report(struct cam_world *w, int level)
{
    int pin = w->p->camera.sensor_pin;
    uint8_t bits = (uint8_t)(level << (pin % 8));
    uint8_t m[3] = {(uint8_t)(0x90 | pin / 8), (uint8_t)(bits & 0x7F), (uint8_t)(bits >> 7)};

    w->sensor = level;
    if (write(w->master, m, 3) != 3)
        w->unplugged = true;
}

static int slot_of_angle(const struct cam_world *w)
{
    for (int i = 0; i < 5; i++)
        if (w->p->camera.angle[i] == w->servo)
            return i;
    return FLOOR;
}

static void nap_ms(int ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};

    nanosleep(&t, NULL);
}

/* The feed motor runs: the bottom card leaves through the sensor into the diverter's slot;
 * a jam keeps it in the path (the sensor stays high), a double feed takes two (a long pass). */
static void motor(struct cam_world *w)
{
    int n = 1, to = slot_of_angle(w);

    if (w->nfeed == 0)
        return; /* the sensor never rises */
    if (fault_now(w, MF_UNPLUG)) { /* the hub is pulled: board and camera are gone */
        w->unplugged = true;
        close(w->master);
        w->master = -1;
        return;
    }
    report(w, 1);
    if (fault_now(w, MF_JAM)) {
        w->moved++;
        memmove(w->feeder, w->feeder + 1, (size_t)--w->nfeed * sizeof w->feeder[0]);
        return; /* stuck: the operator's redo empties everything */
    }
    if (fault_now(w, MF_DOUBLE_FEED) && w->nfeed > 1) {
        n = 2;
        nap_ms(3 * w->p->camera.pass_ms); /* two cards pass: the sensor stays high longer */
    }
    for (int i = 0; i < n; i++) {
        w->slot[to][w->nslot[to]++] = w->feeder[0];
        memmove(w->feeder, w->feeder + 1, (size_t)--w->nfeed * sizeof w->feeder[0]);
        w->moved++;
    }
    report(w, 0);
}

/* One message from the host (Firmata 2.x); *used: its bytes. */
static void on_message(struct cam_world *w, const uint8_t *m, size_t n, size_t *used)
{
    const struct mach_camera_opts *c = &w->p->camera;

    *used = 1;
    if (m[0] == 0xF9) { /* REPORT_VERSION: StandardFirmata 2.5 */
        uint8_t v[3] = {0xF9, 2, 5};

        if (write(w->master, v, 3) != 3)
            w->unplugged = true;
    } else if (m[0] == 0xF0) { /* sysex: read past */
        while (*used < n && m[*used - 1] != 0xF7)
            ++*used;
    } else if ((m[0] == 0xF4 || m[0] == 0xF5 || (m[0] & 0xF0) == 0xE0) && n >= 3) {
        *used = 3;
        if (m[0] == 0xF5 && m[1] == c->feeder_pin && m[2] == 1)
            motor(w);
        if ((m[0] & 0xF0) == 0xE0 && (m[0] & 0x0F) == c->diverter_pin)
            w->servo = m[1] | m[2] << 7;
    } else if ((m[0] & 0xF0) == 0xD0 && n >= 2) {
        *used = 2;
    } else if (n < 3 && (m[0] == 0xF4 || m[0] == 0xF5 || (m[0] & 0xF0) == 0xE0)) {
        *used = 0; /* wait for the rest */
    }
}

static void *fake_board(void *arg)
{
    struct cam_world *w = arg;
    uint8_t buf[512];
    size_t have = 0;

    for (;;) {
        struct pollfd p = {w->master, POLLIN, 0};
        ssize_t r;
        size_t used;

        pthread_mutex_lock(&w->lock);
        if (!w->running || w->unplugged) {
            pthread_mutex_unlock(&w->lock);
            return NULL;
        }
        pthread_mutex_unlock(&w->lock);
        if (poll(&p, 1, 50) <= 0)
            continue;
        r = read(w->master, buf + have, sizeof buf - have);
        if (r <= 0) {
            nap_ms(5); /* the host closed the port: wait for it to open it again */
            continue;
        }
        have += (size_t)r;
        pthread_mutex_lock(&w->lock);
        for (used = 1; have && used;) {
            on_message(w, buf, have, &used);
            memmove(buf, buf + used, have - used);
            have -= used;
        }
        pthread_mutex_unlock(&w->lock);
    }
}

static void unplug(struct cam_world *w)
{
    if (w->running) {
        pthread_mutex_lock(&w->lock);
        w->running = false;
        pthread_mutex_unlock(&w->lock);
        pthread_join(w->thread, NULL);
    }
    if (w->master >= 0)
        close(w->master);
    w->master = -1;
}

enum pd_status cam_world_plug(struct cam_world *w, char *path, size_t n, struct pd_err *e)
{
    if (w->unplugged) {
        unplug(w);
        if (w->refused++ < w->p->sim.replug_after)
            return pd_fail(e, PD_ERR_DEVICE, "the simulated board and camera are unplugged");
        w->unplugged = false;
    }
    unplug(w);
    w->refused = 0;
    w->master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (w->master < 0 || grantpt(w->master) || unlockpt(w->master) ||
        ptsname_r(w->master, path, n))
        return pd_fail(e, PD_ERR_DEVICE, "no pseudo-terminal for the fake Firmata board");
    w->running = true;
    if (pthread_create(&w->thread, NULL, fake_board, w) != 0) {
        w->running = false;
        return pd_fail(e, PD_ERR_NOMEM, "cannot start the fake Firmata board");
    }
    return PD_OK;
}

/* ---------------------------------------------------------------- the world */

static void fresh_deck(struct cam_world *w, int board)
{
    unsigned long long s = mix(w->p->sim.seed ^ mix((unsigned long long)board << 16 |
                                                    (unsigned long long)w->attempt));

    memset(w->nslot, 0, sizeof w->nslot);
    for (int i = 0; i < 52; i++)
        w->feeder[i] = i;
    for (int i = 51; i > 0; i--) { /* Fisher-Yates */
        int k = (int)((s = mix(s)) % (unsigned long long)(i + 1)), t = w->feeder[i];

        w->feeder[i] = w->feeder[k];
        w->feeder[k] = t;
    }
    w->nfeed = 52;
    w->moved = 0;
}

void cam_world_operator(struct cam_world *w, enum mach_action act, int board)
{
    pthread_mutex_lock(&w->lock);
    if (act == MA_START || act == MA_REDO) {
        w->attempt = act == MA_START || board != w->board ? 1 : w->attempt + 1;
        w->board = board;
        fresh_deck(w, board);
    } else if (act == MA_REFEED) {
        for (int i = 0; i < w->nslot[MACH_CAM_TRAY] && w->nfeed < MAX_CARDS; i++)
            w->feeder[w->nfeed++] = w->slot[MACH_CAM_TRAY][i];
        w->nslot[MACH_CAM_TRAY] = 0;
    }
    pthread_mutex_unlock(&w->lock);
}

static enum pd_status learn(struct cam_world *w, struct pd_err *e);

enum pd_status cam_world_frame(struct cam_world *w, int frame_no, struct vis_image *img,
                               struct pd_err *e)
{
    struct vis_render_opts o;
    int card;

    if (!w->cal && learn(w, e) != PD_OK) /* the recognizer learns at the first frame */
        return e->code;
    vis_render_defaults(&o);
    for (int i = 0; i < 4; i++)
        o.honours[i] = MACH_INDEX_HONOURS[w->p->sim.deck][i];
    pthread_mutex_lock(&w->lock);
    if (w->unplugged) {
        pthread_mutex_unlock(&w->lock);
        return pd_fail(e, PD_ERR_DEVICE, "the simulated camera is unplugged");
    }
    o.seed = mix(w->p->sim.seed ^ (unsigned long long)(w->board * 7919 + w->moved * 31 +
                                                        frame_no));
    o.empty = w->nfeed == 0;
    card = w->nfeed ? w->feeder[0] : 0;
    if (frame_no == 0 && fault_now(w, MF_MISREAD))
        card = (card / 13) * 13 + (card % 13 + 1) % 13; /* another rank of the suit */
    if (fault_now(w, MF_UNREADABLE))
        w->worn_card = w->moved + 1;
    if (w->worn_card == w->moved + 1)
        o.worn = 1.0, o.glare = 1.0, o.blur = 6;
    pthread_mutex_unlock(&w->lock);
    return vis_render_card(card, &o, img, e);
}

bool cam_world_matches(struct cam_world *w, int board, const struct deal *d, char *why,
                       size_t n)
{
    bool ok = true;

    pthread_mutex_lock(&w->lock);
    for (int i = 0; i < 4 && ok; i++) {
        enum seat s = w->p->pocket[i];

        ok = w->nslot[i] == 13;
        for (int k = 0; k < w->nslot[i] && ok; k++)
            ok = (d->hand[s] & card_mask_from_index(w->slot[i][k])) != 0;
        if (!ok)
            snprintf(why, n, "board %d: pocket %d (%s) does not hold its deal", board, i,
                     SEAT_NAME[s]);
    }
    pthread_mutex_unlock(&w->lock);
    return ok;
}

/* The simulator's recognizer learns the rendered deck, as a club calibrates its own. */
static enum pd_status learn(struct cam_world *w, struct pd_err *e)
{
    struct vis_render_opts o;
    enum pd_status rc = PD_OK;

    vis_render_defaults(&o);
    for (int i = 0; i < 4; i++)
        o.honours[i] = MACH_INDEX_HONOURS[w->p->sim.deck][i];
    w->corner = vis_render_corner(&o);
    w->cal = vis_cal_new();
    if (!w->cal)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the calibration");
    for (int card = 0; card < 52 && rc == PD_OK; card++)
        for (int k = 0; k < 2 && rc == PD_OK; k++) {
            struct vis_image img = {0};

            o.seed = mix((unsigned long long)card * 2 + (unsigned long long)k + 77);
            rc = vis_render_card(card, &o, &img, e);
            if (rc == PD_OK)
                rc = vis_cal_learn(w->cal, &img, &w->corner, card, e);
            vis_image_free(&img);
        }
    return rc == PD_OK ? vis_cal_finish(w->cal, e) : rc;
}

enum pd_status cam_world_new(const struct mach_profile *p, struct cam_world **out,
                             struct pd_err *e)
{
    struct cam_world *w = calloc(1, sizeof *w);

    *out = w;
    if (!w)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the simulated camera machine");
    w->p = p;
    w->master = -1;
    pthread_mutex_init(&w->lock, NULL);
    return PD_OK;
}

void cam_world_free(struct cam_world *w)
{
    if (!w)
        return;
    unplug(w);
    vis_cal_free(w->cal);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

struct vis_rect cam_world_corner(const struct cam_world *w)
{
    return w->corner;
}

const struct vis_cal *cam_world_cal(const struct cam_world *w)
{
    return w->cal;
}

int cam_world_slot(struct cam_world *w, int slot, int *out)
{
    int n;

    pthread_mutex_lock(&w->lock);
    n = slot >= 0 && slot < SLOTS ? w->nslot[slot] : 0;
    memcpy(out, w->slot[slot >= 0 && slot < SLOTS ? slot : 0], (size_t)n * sizeof *out);
    pthread_mutex_unlock(&w->lock);
    return n;
}
