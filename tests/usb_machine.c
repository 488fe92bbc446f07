/* tests/usb_machine.c - the real libusb transport (machine/usb.c) against the simulated
 * machine presented as a USB device by umockdev (shared/reference/usb-simulation.md): a
 * testbed with one device (VID/PID 1209:0dea, one vendor interface, bulk 0x01/0x81), whose
 * usbdevfs ioctls are answered live by the simulator. Scenarios, one testbed for the process:
 *   clean     36 boards, zero mechanical delay; prints host time per card and total (bench)
 *   lossy     lost replies (libusb timeouts, URBs discarded) and stalled IN endpoints
 *   unplug    the machine leaves the bus mid-board and comes back (hotplug), and resets
 *   cli       the real predup binary, spawned, fills a set against the same device; then two
 *             copies, last board first (--descending)
 *   settings  protocol 1.1: card index language, stop cards, any board; an older machine;
 *             pockets wired otherwise than the profile says
 *   two       a twin of the device: a fill that does not say which is refused; usb_path
 *             picks one
 *   list      predup fill --list sees the device, then none; a fill without it says what to
 *             check
 *   web       the same, answered on its operator page (fill --web) over HTTP
 * Each scenario starts from a clean state (fresh_device): the last scenario's re-plugs done,
 * its device removed, a new device and simulated machine plugged in. Each fill has its own
 * libusb context (mach_usb_new), as one run of predup fill has.
 * Run under umockdev-wrapper: `umockdev-wrapper build/usb_machine [--predup BIN] [--bench]`.
 * Not a Check suite: every tests/check_*.c goes into one binary that must not need the
 * preload. Exit 0 when every scenario passed. */
#include <errno.h>
#include <glib.h>
#include <linux/usbdevice_fs.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <umockdev.h>
#include <unistd.h>

#include "machine/machine.h"

/* ---------------------------------------------------------------- the device */

static const char SYSPATH[] = "/sys/devices/usb1/1-1";
static const char DEVNODE[] = "/dev/bus/usb/001/002";
/* Device descriptor (USB 2.0, 1209:0dea, serial number string 3) and configuration: one
 * interface of class 0xFF with bulk OUT 0x01 and bulk IN 0x81, 512-byte packets. */
#define DESCRIPTORS                                                                            \
    "H: descriptors=12010002000000400912ea0d000100000301"                                    \
    "0902200001010080320904000002ff000000"                                                   \
    "07050102000200"                                                                         \
    "07058102000200\n"
static const char DEVICE[] = "P: /devices/usb1/1-1\n"
                             "N: bus/usb/001/002\n"
                             "E: SUBSYSTEM=usb\n"
                             "E: DEVTYPE=usb_device\n"
                             "E: DEVNAME=/dev/bus/usb/001/002\n"
                             "E: BUSNUM=001\n"
                             "E: DEVNUM=002\n"
                             "A: busnum=1\\n\n"
                             "A: devnum=2\\n\n"
                             "A: bConfigurationValue=1\\n\n"
                             "A: speed=480\\n\n"
                             DESCRIPTORS;

struct dev {
    GMutex lock;
    UMockdevTestbed *tb;
    UMockdevIoctlBase *handler;
    struct mach_sim *sim;  /* swapped per scenario, under lock */
    GQueue replies;        /* GBytes: frames waiting for an IN URB */
    GList *pending_in;     /* UMockdevIoctlData: IN URBs waiting for a frame */
    GList *done, *discarded;
    bool gone;             /* off the bus: every ioctl fails with ENODEV */
    bool want_unplug;      /* the bus thread removes and re-adds the device */
    bool bus_busy;         /* a re-plug or a fresh device is under way */
    GCond bus_idle;        /* signalled when bus_busy goes false */
    gint stay_gone;        /* ... but does not re-add it while this is set */
    int drop_every;        /* swallow every n-th reply: the host times out */
    int stall_every;       /* halt IN for every n-th reply */
    long outs, ins, drops, stalls, discards, replugs;
    long empty_reaps;      /* in a row */
    const char *serial;    /* its serial number string (GET_DESCRIPTOR string 3) */
};
enum { REAP_PAUSE_US = 200 };

static struct dev D;

static void put_reply(struct dev *d, UMockdevIoctlData *urb_data, const uint8_t *frame,
                      size_t n, bool stall)
{
    struct usbdevfs_urb *urb = (struct usbdevfs_urb *)urb_data->data;

    if (stall) {
        urb->status = -EPIPE;
        urb->actual_length = 0;
    } else {
        if (n > (size_t)urb->buffer_length)
            n = (size_t)urb->buffer_length;
        memcpy(urb->buffer, frame, n);
        urb->actual_length = (int)n;
        urb->status = 0;
    }
    d->done = g_list_append(d->done, urb_data);
}

/* Pairs waiting IN URBs with waiting frames. */
static void match(struct dev *d)
{
    while (d->pending_in && !g_queue_is_empty(&d->replies)) {
        UMockdevIoctlData *urb_data = d->pending_in->data;
        GBytes *b = g_queue_pop_head(&d->replies);
        gsize n;
        const uint8_t *p = g_bytes_get_data(b, &n);
        bool stall = d->stall_every && ++d->ins % d->stall_every == 0;

        d->stalls += stall;
        d->pending_in = g_list_delete_link(d->pending_in, d->pending_in);
        put_reply(d, urb_data, p, n, stall);
        g_bytes_unref(b);
    }
}

static void bulk_out(struct dev *d, const uint8_t *buf, size_t len)
{
    uint8_t out[MP_MAX_FRAME];
    size_t n = 0;

    mach_sim_handle(d->sim, buf, len, out, sizeof out, &n);
    if (mach_sim_unplugged(d->sim)) {
        d->want_unplug = true;
        return;
    }
    if (n && d->drop_every && ++d->outs % d->drop_every == 0) {
        d->drops++;
        return;
    }
    if (n)
        g_queue_push_tail(&d->replies, g_bytes_new(out, n));
    match(d);
}

/* A control transfer on endpoint 0: GET_DESCRIPTOR of a string (0: the language, 3: the serial
 * number, UTF-16LE), the only one libusb asks here; anything else stalls. */
static void control(struct dev *d, struct usbdevfs_urb *urb, uint8_t *buf)
{
    uint8_t text[64] = {4, 3, 0x09, 0x04}; /* string 0: English (US) */
    size_t n = 4, len = strlen(d->serial);
    int want = buf[6] | buf[7] << 8;

    urb->status = 0;
    if (buf[0] != 0x80 || buf[1] != 6 || buf[3] != 3 || (buf[2] != 0 && buf[2] != 3)) {
        urb->status = -EPIPE;
        urb->actual_length = 0;
        return;
    }
    if (buf[2] == 3) {
        n = 2 + 2 * len;
        text[0] = (uint8_t)n, text[1] = 3;
        for (size_t i = 0; i < len; i++)
            text[2 + 2 * i] = (uint8_t)d->serial[i], text[3 + 2 * i] = 0;
    }
    n = n < (size_t)want ? n : (size_t)want;
    memcpy(buf + 8, text, n);
    urb->actual_length = (int)n;
}

static void submit(struct dev *d, UMockdevIoctlClient *client, UMockdevIoctlData *arg)
{
    UMockdevIoctlData *urb_data = umockdev_ioctl_data_resolve(arg, 0, sizeof(struct usbdevfs_urb),
                                                              NULL);
    struct usbdevfs_urb *urb = (struct usbdevfs_urb *)urb_data->data;
    g_autoptr(UMockdevIoctlData) buf = umockdev_ioctl_data_resolve(
        urb_data, offsetof(struct usbdevfs_urb, buffer), (gsize)urb->buffer_length, NULL);

    if (urb->type == USBDEVFS_URB_TYPE_CONTROL && urb->endpoint == 0 && urb->buffer_length >= 8) {
        control(d, urb, buf->data);
        d->done = g_list_append(d->done, urb_data);
        umockdev_ioctl_client_complete(client, 0, 0);
        return;
    }
    if (!d->sim || urb->type != USBDEVFS_URB_TYPE_BULK ||
        (urb->endpoint != 0x01 && urb->endpoint != 0x81)) {
        umockdev_ioctl_data_unref(urb_data);
        umockdev_ioctl_client_complete(client, -1, EINVAL);
        return;
    }
    if (urb->endpoint == 0x01) {
        bulk_out(d, buf->data, (size_t)urb->buffer_length);
        urb->actual_length = urb->buffer_length;
        urb->status = 0;
        d->done = g_list_append(d->done, urb_data);
    } else {
        d->pending_in = g_list_append(d->pending_in, urb_data);
        match(d);
    }
    umockdev_ioctl_client_complete(client, 0, 0);
}

static gint by_addr(gconstpointer data, gconstpointer addr)
{
    return ((const UMockdevIoctlData *)data)->client_addr != (gulong)addr;
}

static void discard(struct dev *d, UMockdevIoctlClient *client, UMockdevIoctlData *arg)
{
    GList *l = g_list_find_custom(d->pending_in, *(void **)arg->data, by_addr);

    if (!l) {
        umockdev_ioctl_client_complete(client, -1, EINVAL);
        return;
    }
    d->discards++;
    d->discarded = g_list_append(d->discarded, l->data);
    d->pending_in = g_list_delete_link(d->pending_in, l);
    umockdev_ioctl_client_complete(client, 0, 0);
}

static void reap(struct dev *d, UMockdevIoctlClient *client, UMockdevIoctlData *arg)
{
    g_autoptr(UMockdevIoctlData) urb_data = NULL;
    g_autoptr(UMockdevIoctlData) ptr = NULL;
    GList **from = d->discarded ? &d->discarded : d->done ? &d->done : NULL;

    if (!from) {
        /* The node is a regular file, so libusb's poll always wakes and reaps again: a short
         * pause on an empty reap keeps that loop from eating both cores. */
        if (++d->empty_reaps > 2)
            g_usleep(REAP_PAUSE_US);
        umockdev_ioctl_client_complete(client, -1, d->gone ? ENODEV : EAGAIN);
        return;
    }
    d->empty_reaps = 0;
    urb_data = (*from)->data;
    *from = g_list_delete_link(*from, *from);
    if (from == &d->discarded)
        ((struct usbdevfs_urb *)urb_data->data)->status = -ENOENT;
    ptr = umockdev_ioctl_data_resolve(arg, 0, sizeof(gpointer), NULL);
    umockdev_ioctl_data_set_ptr(ptr, 0, urb_data);
    umockdev_ioctl_client_complete(client, 0, 0);
}

static gboolean on_ioctl(UMockdevIoctlBase *h, UMockdevIoctlClient *client, gpointer user)
{
    struct dev *d = user;
    gulong req = umockdev_ioctl_client_get_request(client);
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    gboolean handled = TRUE;

    (void)h;
    g_mutex_lock(&d->lock);
    if (d->gone && req != USBDEVFS_REAPURBNDELAY && req != USBDEVFS_REAPURB &&
        req != USBDEVFS_DISCARDURB) {
        umockdev_ioctl_client_complete(client, -1, ENODEV);
        g_mutex_unlock(&d->lock);
        return TRUE;
    }
    switch (req) {
    case USBDEVFS_GET_CAPABILITIES: {
        g_autoptr(UMockdevIoctlData) c = umockdev_ioctl_data_resolve(arg, 0, 4, NULL);

        *(guint32 *)c->data = USBDEVFS_CAP_BULK_CONTINUATION | USBDEVFS_CAP_NO_PACKET_SIZE_LIM |
                              USBDEVFS_CAP_REAP_AFTER_DISCONNECT | USBDEVFS_CAP_ZERO_PACKET;
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    }
    case USBDEVFS_CLAIMINTERFACE:
    case USBDEVFS_RELEASEINTERFACE:
    case USBDEVFS_CLEAR_HALT:
    case USBDEVFS_RESET:
    case USBDEVFS_RESETEP:
    case USBDEVFS_DISCONNECT_CLAIM:
    case USBDEVFS_SETINTERFACE:
        umockdev_ioctl_client_complete(client, 0, 0);
        break;
    case USBDEVFS_GETDRIVER:
    case USBDEVFS_IOCTL:
        umockdev_ioctl_client_complete(client, -1, ENODATA);
        break;
    case USBDEVFS_SUBMITURB:
        submit(d, client, arg);
        break;
    case USBDEVFS_DISCARDURB:
        discard(d, client, arg);
        break;
    case USBDEVFS_REAPURB:
    case USBDEVFS_REAPURBNDELAY:
        reap(d, client, arg);
        break;
    default:
        handled = FALSE;
    }
    g_mutex_unlock(&d->lock);
    return handled;
}

static void plug(struct dev *d)
{
    g_assert(umockdev_testbed_attach_ioctl(d->tb, DEVNODE, d->handler, NULL));
    g_assert(umockdev_testbed_add_from_string(d->tb, DEVICE, NULL));
}

static void drop_all(struct dev *d)
{
    g_list_free_full(d->pending_in, (GDestroyNotify)umockdev_ioctl_data_unref);
    g_list_free_full(d->done, (GDestroyNotify)umockdev_ioctl_data_unref);
    g_list_free_full(d->discarded, (GDestroyNotify)umockdev_ioctl_data_unref);
    d->pending_in = d->done = d->discarded = NULL;
    g_queue_clear_full(&d->replies, (GDestroyNotify)g_bytes_unref);
}

static void unplug(struct dev *d)
{
    umockdev_testbed_uevent(d->tb, SYSPATH, "remove");
    umockdev_testbed_remove_device(d->tb, SYSPATH);
    umockdev_testbed_detach_ioctl(d->tb, DEVNODE, NULL);
}

/* A device leaving the bus completes its pending URBs with -ENODEV, reapable afterwards
 * (USBDEVFS_CAP_REAP_AFTER_DISCONNECT), as the kernel does. Dropping them instead leaves
 * libusb waiting forever for a URB whose discard it was told had already completed. */
static void fail_pending(struct dev *d)
{
    while (d->pending_in) {
        UMockdevIoctlData *urb_data = d->pending_in->data;
        struct usbdevfs_urb *urb = (struct usbdevfs_urb *)urb_data->data;

        urb->status = -ENODEV;
        urb->actual_length = 0;
        d->done = g_list_append(d->done, urb_data);
        d->pending_in = g_list_delete_link(d->pending_in, d->pending_in);
    }
    g_queue_clear_full(&d->replies, (GDestroyNotify)g_bytes_unref);
}

static void bus_done(struct dev *d)
{
    g_mutex_lock(&d->lock);
    d->bus_busy = false;
    g_cond_broadcast(&d->bus_idle);
    g_mutex_unlock(&d->lock);
}

/* The bus: removes an unplugged machine (uevent "remove": 0.17 sends none itself), waits,
 * plugs it in again freshly powered. Only one thread at a time injects uevents (umockdev
 * 0.17's are not thread-safe): this one, or a scenario's fresh_device while the bus is idle. */
static gpointer bus_thread(gpointer user)
{
    struct dev *d = user;

    for (;;) {
        bool take;

        g_usleep(2000);
        g_mutex_lock(&d->lock);
        take = d->want_unplug && !d->bus_busy;
        if (take) {
            d->want_unplug = false;
            d->gone = true;
            d->bus_busy = true;
            fail_pending(d);
        }
        g_mutex_unlock(&d->lock);
        if (!take)
            continue;
        unplug(d);
        g_usleep(150000); /* off the bus: the host's reconnect polls meanwhile */
        while (g_atomic_int_get(&d->stay_gone))
            g_usleep(10000);
        g_mutex_lock(&d->lock);
        g_queue_clear_full(&d->replies, (GDestroyNotify)g_bytes_unref);
        while (!mach_sim_try_connect(d->sim))
            ;
        d->gone = false;
        d->replugs++;
        g_mutex_unlock(&d->lock);
        plug(d);
        bus_done(d);
    }
    return NULL;
}

/* ---------------------------------------------------------------- scenarios */

static int failures;

#define EXPECT(cond, ...)                                                                      \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                              \
            fprintf(stderr, __VA_ARGS__);                                                      \
            fputc('\n', stderr);                                                               \
            failures++;                                                                        \
        }                                                                                      \
    } while (0)

struct rig {
    struct pbn_set *set;
    int boards[36], n;
    struct mach_profile prof;
    char dir[256], journal[300];
};

static void rig_init(struct rig *r, int nboards, unsigned long long seed)
{
    struct pd_key key;
    struct set_key sk;
    const char *tmp = getenv("TMPDIR");

    memset(r, 0, sizeof *r);
    g_assert(pbn_set_new(&r->set, NULL) == PD_OK);
    key_from_seed(seed, &key);
    g_assert(set_key_derive(&key, "original", &sk, NULL) == PD_OK);
    for (int b = 1; b <= nboards; b++) {
        struct pbn_game *g;
        struct board_deal bd;

        g_assert(board_generate(&sk, b, NULL, NULL, 0, &bd, NULL) == PD_OK);
        g_assert(pbn_game_add(r->set, &g, NULL) == PD_OK);
        g_assert(pbn_game_from_board(g, &(struct pbn_event){0}, board_law2(b), &bd.deal,
                                     &bd.number, NULL) == PD_OK);
        r->boards[r->n++] = b;
    }
    mach_profile_default(&r->prof);
    r->prof.kind = MACH_USB;
    /* Room for a loaded host (make check runs beside other work, under ASan too): no reply
     * is lost in these scenarios but lossy's, so a long wait costs nothing; a slow reply is
     * only retransmitted, and the machine counts as lost (a board redone, which the unplug
     * scenario counts) only after 20 tries of 5 s. A re-plug comes within 30 s. */
    r->prof.timeout_ms = 5000;
    r->prof.send_timeout_ms = 5000;
    r->prof.retries = 19;
    r->prof.replug_wait_ms = 30000;
    r->prof.sim.seed = seed;
    snprintf(r->dir, sizeof r->dir, "%s/predup-usb-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    g_assert(mkdtemp(r->dir));
    snprintf(r->journal, sizeof r->journal, "%s/set.pbn.journal", r->dir);
}

static void rig_free(struct rig *r)
{
    unlink(r->journal);
    rmdir(r->dir);
    pbn_set_free(r->set);
}

/* Every scenario starts from a clean state: the bus idle (no re-plug of the last scenario
 * under way), the previous device removed, and a new one, with a new simulated machine and
 * zeroed counters, plugged in. */
static void fresh_device(const struct rig *r)
{
    struct mach_sim *sim;

    g_assert(mach_sim_new(&r->prof.sim, r->prof.pocket, NULL, &sim, NULL) == PD_OK);
    g_mutex_lock(&D.lock);
    while (D.bus_busy || D.want_unplug)
        g_cond_wait(&D.bus_idle, &D.lock);
    D.bus_busy = true;
    D.gone = true;
    g_mutex_unlock(&D.lock);
    unplug(&D);
    g_mutex_lock(&D.lock);
    drop_all(&D);
    mach_sim_free(D.sim);
    D.sim = sim;
    D.gone = false;
    D.drop_every = D.stall_every = 0;
    D.outs = D.ins = D.drops = D.stalls = D.discards = D.replugs = 0;
    g_mutex_unlock(&D.lock);
    plug(&D);
    bus_done(&D);
}

static long replugs(void)
{
    long n;

    g_mutex_lock(&D.lock);
    n = D.replugs;
    g_mutex_unlock(&D.lock);
    return n;
}

static enum pd_status usb_connect(void *ctx, int wait_ms, struct mach_transport *out,
                                  struct pd_err *e)
{
    return mach_usb_open(ctx, wait_ms, out, e);
}

/* Checks the first ngood boards, those the fill reported good (it fills in order and these
 * scenarios mark none bad), against the deals in the simulator's pockets. A board the fill
 * did not reach or did not finish is not claimed good, so it is not audited. */
static int audit(const struct rig *r, int ngood)
{
    char why[200];
    int ok = 0;

    g_mutex_lock(&D.lock);
    for (int i = 0; i < ngood && i < r->n; i++) {
        bool m = mach_sim_board_matches(D.sim, r->boards[i], &r->set->games[i].deal, why,
                                        sizeof why);

        EXPECT(m, "board %d reported good but: %s", r->boards[i], why);
        ok += m;
    }
    g_mutex_unlock(&D.lock);
    return ok;
}

/* CPU time of this thread: the host (controller, journal, libusb), not the device model,
 * which runs on umockdev's worker thread as firmware would run on the machine. */
static double cpu_s(void)
{
    struct timespec t;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double wall_s(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* One fill, one libusb context, as predup fill runs it. */
static enum pd_status fill(struct rig *r, struct mach_result *res, struct pd_err *e)
{
    struct mach_job job = {r->set, r->boards, r->n, r->journal, {9}, false, &r->prof};
    struct mach_usb *usb;
    struct mach_connector conn = {NULL, usb_connect};
    enum pd_status rc = mach_usb_new(&r->prof, &usb, e);

    if (rc != PD_OK)
        return rc;
    conn.ctx = usb;
    rc = mach_fill(&job, &conn, NULL, res, e);
    mach_usb_free(usb);
    return rc;
}

static void scenario_clean(bool bench)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};
    double w0, c0, wall, cpu;

    rig_init(&r, 36, 11);
    fresh_device(&r);
    w0 = wall_s();
    c0 = cpu_s();
    EXPECT(fill(&r, &res, &e) == PD_OK, "clean fill: %s", e.msg);
    wall = wall_s() - w0;
    cpu = cpu_s() - c0;
    EXPECT(res.good == 36 && res.bad == 0, "clean: %d good, %d bad", res.good, res.bad);
    EXPECT(audit(&r, res.good) == 36, "clean: audit");
    printf("usb clean: 36 boards, %ld cards through libusb+umockdev: %.2f s total, "
           "%.3f ms wall and %.3f ms host CPU per card\n",
           res.cards, wall, 1000 * wall / (double)res.cards, 1000 * cpu / (double)res.cards);
    if (bench) {
        printf("BENCH total_s=%.3f wall_ms_per_card=%.3f cpu_ms_per_card=%.3f\n", wall,
               1000 * wall / (double)res.cards, 1000 * cpu / (double)res.cards);
    }
    rig_free(&r);
}

static void scenario_lossy(void)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};

    rig_init(&r, 3, 12);
    /* Each reply this scenario loses costs the reply timeout: 1 s, not 5. A reply that is only
     * slow is retransmitted and read as stale later; 20 tries make 20 s of silence before the
     * machine would count as lost. */
    r.prof.timeout_ms = 1000;
    fresh_device(&r);
    g_mutex_lock(&D.lock);
    D.drop_every = 40;
    D.stall_every = 53;
    g_mutex_unlock(&D.lock);
    EXPECT(fill(&r, &res, &e) == PD_OK, "lossy fill: %s", e.msg);
    g_mutex_lock(&D.lock);
    printf("usb lossy: %ld replies lost (%ld URBs discarded at timeout), %ld IN stalls\n",
           D.drops, D.discards, D.stalls);
    EXPECT(D.drops > 0 && D.discards > 0 && D.stalls > 0, "lossy: faults not exercised");
    D.drop_every = D.stall_every = 0;
    g_mutex_unlock(&D.lock);
    EXPECT(res.good == 3, "lossy: %d good", res.good);
    audit(&r, res.good);
    rig_free(&r);
}

static void scenario_unplug(void)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};

    rig_init(&r, 4, 13);
    r.prof.sim.at[r.prof.sim.nat++] = (struct mach_fault_at){2, 20, MF_UNPLUG};
    r.prof.sim.at[r.prof.sim.nat++] = (struct mach_fault_at){3, 40, MF_RESET};
    r.prof.sim.at[r.prof.sim.nat++] = (struct mach_fault_at){4, 52, MF_UNPLUG};
    fresh_device(&r);
    EXPECT(fill(&r, &res, &e) == PD_OK, "unplug fill: %s", e.msg);
    printf("usb unplug: %ld re-plugs, %d attempts redone\n", replugs(), res.redone);
    EXPECT(replugs() == 2, "unplug: %ld re-plugs", replugs());
    EXPECT(res.good == 4 && res.redone == 3, "unplug: %d good, %d redone", res.good,
           res.redone);
    audit(&r, res.good);
    rig_free(&r);

    /* Unplugged for good: the controller stops with a clear message, the journal kept. The
     * device never comes back (stay_gone), so the whole wait is spent: a short one. */
    rig_init(&r, 2, 14);
    r.prof.replug_wait_ms = 300;
    r.prof.sim.at[r.prof.sim.nat++] = (struct mach_fault_at){1, 5, MF_UNPLUG};
    fresh_device(&r);
    g_atomic_int_set(&D.stay_gone, 1);
    EXPECT(fill(&r, &res, &e) == PD_ERR_DEVICE, "gone: %s", e.msg);
    EXPECT(strstr(e.msg, "did not come back") && strstr(e.msg, "--resume"), "gone: \"%s\"",
           e.msg);
    printf("usb gone: \"%s\"\n", e.msg);
    g_atomic_int_set(&D.stay_gone, 0); /* the next scenario's fresh_device waits for the bus */
    rig_free(&r);
}

/* Protocol 1.1 over USB: SETUP tells the machine German indices and stop cards, the machine
 * fills whichever board is inserted (4, then 9 which is not in the set, 4 again which is
 * full, 2, then the boards the host suggests); a stop card missing is put by hand. An older
 * machine (1.0) with the same profile is refused before any board. */
static void scenario_settings(void)
{
    struct rig r;
    struct mach_result res;
    struct pd_err e = {0};
    static const int inserts[] = {4, 9, 4, 2};

    rig_init(&r, 4, 17);
    r.prof.card_index = MI_DE;
    r.prof.stop_card = true;
    r.prof.sim.deck = MI_DE;
    r.prof.sim.stop_cards = 3;
    r.prof.sim.any_board = true;
    memcpy(r.prof.sim.inserts, inserts, sizeof inserts);
    r.prof.sim.ninserts = 4;
    fresh_device(&r);
    EXPECT(fill(&r, &res, &e) == PD_OK, "settings fill: %s", e.msg);
    EXPECT(res.good == 4 && res.bad == 0, "settings: %d good, %d bad", res.good, res.bad);
    EXPECT(audit(&r, res.good) == 4, "settings: audit");
    printf("usb settings: 4 boards, any order, German indices, stop cards\n");
    rig_free(&r);

    rig_init(&r, 2, 18);
    r.prof.card_index = MI_DE;
    r.prof.sim.deck = MI_DE;
    r.prof.sim.minor = 0;
    fresh_device(&r);
    EXPECT(fill(&r, &res, &e) == PD_ERR_DEVICE && strstr(e.msg, "protocol 1.0") &&
               res.cards == 0,
           "an older machine told German indices: %s", e.msg);
    printf("usb older machine: \"%s\"\n", e.msg);
    rig_free(&r);

    /* a machine wired S W E N refuses the profile's N E S W, naming its wiring */
    rig_init(&r, 2, 19);
    r.prof.sim.pockets_fixed = true;
    memcpy(r.prof.sim.pockets_wired, (enum seat[4]){SEAT_S, SEAT_W, SEAT_E, SEAT_N},
           sizeof r.prof.sim.pockets_wired);
    fresh_device(&r);
    EXPECT(fill(&r, &res, &e) == PD_ERR_DEVICE && strstr(e.msg, "wired S W E N") &&
               res.cards == 0,
           "a machine wired otherwise: %s", e.msg);
    printf("usb pockets wired otherwise: \"%s\"\n", e.msg);
    rig_free(&r);
}

/* Runs the real binary with args (NULL-terminated); its exit status, its stdout in *out and
 * (errout not NULL) its stderr in *errout. */
static int run_cli2(char **argv, char **out, char **errout)
{
    char *err = NULL;
    int status = -1;
    GError *gerr = NULL;

    EXPECT(g_spawn_sync(NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, &err, &status,
                        &gerr),
           "spawn %s", argv[0]);
    status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (status != 0)
        printf("usb cli: %s exit %d: %s", argv[1], status, err ? err : "");
    if (errout)
        *errout = err;
    else
        g_free(err);
    if (gerr)
        g_error_free(gerr);
    return status;
}

static int run_cli(char **argv, char **out)
{
    return run_cli2(argv, out, NULL);
}

/* The real binary, spawned: it finds the device through the same preload and testbed. A
 * rehearsal on the simulator first: the USB fill still fills every board (the simulator's
 * journal is its own), and a journal shared on purpose is refused (another machine's). */
static void scenario_cli(const char *predup)
{
    struct rig r;
    char set[320], conf[320], shared[320], path[340], *out = NULL;
    FILE *f;

    rig_init(&r, 6, 15);
    fresh_device(&r);
    snprintf(set, sizeof set, "%s/set.pbn", r.dir);
    snprintf(conf, sizeof conf, "%s/usb.conf", r.dir);
    g_assert(pbn_write_file(set, r.set, NULL) == PD_OK);
    f = fopen(conf, "w");
    g_assert(f);
    /* The same room for a loaded host as rig_init's (nothing is lost here). */
    fputs("[machine]\ntransport = usb\nvid = 0x1209\npid = 0x0dea\ntimeout_ms = 5000\n"
          "send_timeout_ms = 5000\nretries = 19\nreplug_wait_ms = 30000\n",
          f);
    fclose(f);
    snprintf(shared, sizeof shared, "%s/shared.journal", r.dir);
    char *sim[] = {(char *)predup, "fill", set, "--machine", "sim", "--yes", NULL, NULL, NULL};
    char *usb[] = {(char *)predup, "fill", set, "--machine", conf, "--yes", NULL, NULL, NULL};
    EXPECT(run_cli(sim, &out) == 0, "the rehearsal on the simulator failed");
    g_free(out);
    EXPECT(run_cli(usb, &out) == 0, "predup fill over USB failed");
    EXPECT(out && strstr(out, "filled ") && strstr(out, ": 6 good, 0 bad; 312 cards placed"),
           "cli output (every board filled again after a rehearsal): %s", out ? out : "");
    if (out)
        printf("usb cli: %s", out);
    g_free(out);
    audit(&r, r.n); /* the output above says all of them are good */
    /* Two copies, last board first (--descending), counted in board-copies, over USB too. */
    snprintf(path, sizeof path, "%s/copies.journal", r.dir);
    char *two[] = {(char *)predup, "fill", set, "--machine", conf, "--yes", "--descending",
                   "--copies", "2", "--journal", path, NULL};
    EXPECT(run_cli(two, &out) == 0, "predup fill --descending --copies 2 over USB failed");
    EXPECT(out && strstr(out, ": 12 good, 0 bad board-copies (6 boards x 2 copies); 624 cards"),
           "two copies over USB: %s", out ? out : "");
    g_free(out);
    audit(&r, r.n);
    unlink(path);
    sim[6] = usb[6] = "--journal", sim[7] = usb[7] = shared; /* one journal named for both */
    EXPECT(run_cli(sim, &out) == 0, "the rehearsal on the simulator failed");
    g_free(out);
    EXPECT(run_cli(usb, &out) == 1, "a USB fill on the simulator's journal was not refused");
    EXPECT(out && !strstr(out, "good"), "boards reported good: %s", out ? out : "");
    g_free(out);
    snprintf(path, sizeof path, "%s.sim-journal", set);
    unlink(path);
    unlink(shared);
    unlink(set);
    unlink(conf);
    rig_free(&r);
}

/* Two machines of one model (issue 29, item 14): a twin of the device at port 1-2 (described
 * only: never opened). A fill that does not say which is refused (exit 64) naming both port
 * paths, never opening the first found; usb_path = 1-1 in the profile picks the live one and
 * fills; usb_path = 1-3 finds none; fill --list shows each one's usb_path. */
static const char TWIN_SYSPATH[] = "/sys/devices/usb1/1-2";
static const char TWIN[] = "P: /devices/usb1/1-2\n"
                           "N: bus/usb/001/003\n"
                           "E: SUBSYSTEM=usb\n"
                           "E: DEVTYPE=usb_device\n"
                           "E: DEVNAME=/dev/bus/usb/001/003\n"
                           "E: BUSNUM=001\n"
                           "E: DEVNUM=003\n"
                           "A: busnum=1\\n\n"
                           "A: devnum=3\\n\n"
                           "A: bConfigurationValue=1\\n\n"
                           "A: speed=480\\n\n"
                           DESCRIPTORS; /* the same model */

static void write_conf(const char *path, const char *extra)
{
    FILE *f = fopen(path, "w");

    g_assert(f);
    fprintf(f, "[machine]\ntransport = usb\nvid = 0x1209\npid = 0x0dea\ntimeout_ms = 5000\n"
               "send_timeout_ms = 5000\nretries = 19\nreplug_wait_ms = 2000\n%s", extra);
    fclose(f);
}

static struct dev T; /* the twin: answers its string descriptors, nothing else (no sim) */
static const char TWIN_DEVNODE[] = "/dev/bus/usb/001/003";

static void scenario_two(const char *predup)
{
    struct rig r;
    char set[320], conf[320], journal[340], *out = NULL, *err = NULL;
    char *fill[] = {(char *)predup, "fill", set, "--machine", conf, "--yes", "--journal",
                    journal, NULL};
    char *list[] = {(char *)predup, "fill", "--list", NULL};

    rig_init(&r, 2, 17);
    fresh_device(&r);
    g_mutex_init(&T.lock);
    g_queue_init(&T.replies);
    T.serial = "PD-0002";
    T.handler = umockdev_ioctl_base_new();
    g_signal_connect(T.handler, "handle-ioctl", G_CALLBACK(on_ioctl), &T);
    g_assert(umockdev_testbed_attach_ioctl(D.tb, TWIN_DEVNODE, T.handler, NULL));
    g_assert(umockdev_testbed_add_from_string(D.tb, TWIN, NULL));
    snprintf(set, sizeof set, "%s/set.pbn", r.dir);
    snprintf(conf, sizeof conf, "%s/two.conf", r.dir);
    snprintf(journal, sizeof journal, "%s/two.journal", r.dir);
    g_assert(pbn_write_file(set, r.set, NULL) == PD_OK);
    write_conf(conf, "");
    EXPECT(run_cli2(fill, &out, &err) == 64, "two machines of one model: not refused (64)");
    EXPECT(err && strstr(err, "more than one USB machine 1209:0dea is plugged in (at 1-") &&
               (strstr(err, "(at 1-1, 1-2): name one in profile ") ||
                strstr(err, "(at 1-2, 1-1): name one in profile ")),
           "two machines: %s", err ? err : "");
    EXPECT(out && !strstr(out, "good"), "two machines: boards filled: %s", out ? out : "");
    g_free(out), g_free(err);
    EXPECT(run_cli(list, &out) == 0, "fill --list with two machines failed");
    EXPECT(out && strstr(out, "serial PD-0001  usb_path 1-1  predup may open it") &&
               strstr(out, "serial PD-0002  usb_path 1-2  "),
           "fill --list does not show both serials and port paths: %s", out ? out : "");
    g_free(out);
    write_conf(conf, "serial = PD-9999\n");
    EXPECT(run_cli2(fill, &out, &err) == 69, "a serial of no machine: not exit 69");
    g_free(out), g_free(err);
    unlink(journal);
    write_conf(conf, "serial = PD-0001\n");
    EXPECT(run_cli(fill, &out) == 0, "serial = PD-0001 did not fill on that machine");
    EXPECT(out && strstr(out, ": 2 good, 0 bad; 104 cards placed"), "serial = PD-0001: %s",
           out ? out : "");
    g_free(out);
    audit(&r, r.n);
    EXPECT(g_file_get_contents(journal, &out, NULL, NULL) &&
               strstr(out, " machine usb 1209:0dea serial PD-0001 *"),
           "the journal does not name the machine by its serial: %s", out ? out : "");
    g_free(out);
    unlink(journal);
    fresh_device(&r); /* the pockets empty again for the fill by usb_path */
    write_conf(conf, "usb_path = 1-3\n");
    EXPECT(run_cli2(fill, &out, &err) == 69, "usb_path of no machine: not exit 69");
    g_free(out), g_free(err);
    unlink(journal);
    write_conf(conf, "usb_path = 1-1\n");
    EXPECT(run_cli(fill, &out) == 0, "usb_path = 1-1 did not fill on the machine at 1-1");
    EXPECT(out && strstr(out, ": 2 good, 0 bad; 104 cards placed"), "usb_path = 1-1: %s",
           out ? out : "");
    g_free(out);
    audit(&r, r.n);
    umockdev_testbed_uevent(D.tb, TWIN_SYSPATH, "remove");
    umockdev_testbed_remove_device(D.tb, TWIN_SYSPATH);
    umockdev_testbed_detach_ioctl(D.tb, TWIN_DEVNODE, NULL);
    unlink(journal);
    unlink(set);
    unlink(conf);
    rig_free(&r);
}

/* predup fill --list sees the machine (its ids, that it may be opened, the built-in profile it
 * matches); with the machine off the bus it sees none, and a fill says what to check. */
static void scenario_list(const char *predup)
{
    struct rig r;
    char set[320], *out = NULL, *err = NULL;
    char *list[] = {(char *)predup, "fill", "--list", NULL};
    char *fill_usb[] = {(char *)predup, "fill", set, "--machine", "usb", "--yes", NULL};

    rig_init(&r, 1, 16);
    fresh_device(&r);
    EXPECT(run_cli(list, &out) == 0, "fill --list failed");
    EXPECT(out && strstr(out, "bus 001 device 002  1209:0dea  serial PD-0001  usb_path 1-1  predup may "
                              "open it; profiles: usb"),
           "fill --list does not show the machine: %s", out ? out : "");
    g_free(out);
    /* off the bus for good: the bus thread removes it and waits */
    g_atomic_int_set(&D.stay_gone, 1);
    g_mutex_lock(&D.lock);
    D.want_unplug = true;
    g_mutex_unlock(&D.lock);
    for (int i = 0; i < 500; i++) {
        bool gone;

        g_mutex_lock(&D.lock);
        gone = D.gone && !D.want_unplug;
        g_mutex_unlock(&D.lock);
        if (gone)
            break;
        g_usleep(10000);
    }
    g_usleep(50000); /* the removal done (the bus thread sleeps 150 ms after it) */
    EXPECT(run_cli(list, &out) == 0, "fill --list without a device failed");
    EXPECT(out && strstr(out, "USB devices predup sees:\n  none: is the machine plugged in"),
           "fill --list without a device: %s", out ? out : "");
    g_free(out);
    snprintf(set, sizeof set, "%s/set.pbn", r.dir);
    g_assert(pbn_write_file(set, r.set, NULL) == PD_OK);
    EXPECT(run_cli2(fill_usb, &out, &err) == 69, "a fill with no machine: not exit 69");
    EXPECT(err && strstr(err, "No USB machine 1209:0dea answered. Check:") &&
               strstr(err, "predup fill --list shows every USB device") &&
               strstr(err, "config/70-predup.rules"),
           "no advice when no machine answers: %s", err ? err : "");
    g_free(out);
    g_free(err);
    g_atomic_int_set(&D.stay_gone, 0); /* the next scenario's fresh_device waits for the bus */
    unlink(set);
    rig_free(&r);
}

/* The operator page over USB: the real binary fills the device from its page (fill --web,
 * no terminal, no --yes), every prompt answered over HTTP as the page answers it, by
 * tests/tools/fill_web_drive.py (found from the current directory: skipped elsewhere). */
static void scenario_web(const char *predup)
{
    static const char script[] =
        "cd \"$2\" && { \"$0\" fill set.pbn --machine usb.conf --web 127.0.0.1:0 </dev/null "
        ">out.txt 2>err.txt & pid=$!; url=$(python3 \"$1\" url err.txt) && "
        "python3 \"$1\" http \"$url\" . >drive.txt; wait $pid; rc=$?; cat out.txt drive.txt; "
        "rm -f out.txt err.txt drive.txt page.html states.txt set.pbn set.pbn.journal usb.conf; "
        "exit $rc; }";
    char *driver = realpath("tests/tools/fill_web_drive.py", NULL), *bin = realpath(predup, NULL);
    char *out = NULL, set[320];
    struct rig r;
    FILE *f;

    if (!driver || !bin) {
        printf("usb web: no tests/tools/fill_web_drive.py here: skipped\n");
        free(driver);
        free(bin);
        return;
    }
    rig_init(&r, 3, 16);
    fresh_device(&r);
    snprintf(set, sizeof set, "%s/set.pbn", r.dir);
    g_assert(pbn_write_file(set, r.set, NULL) == PD_OK);
    snprintf(set, sizeof set, "%s/usb.conf", r.dir);
    f = fopen(set, "w");
    g_assert(f);
    fputs("[machine]\ntransport = usb\nvid = 0x1209\npid = 0x0dea\ntimeout_ms = 5000\n"
          "send_timeout_ms = 5000\nretries = 19\nreplug_wait_ms = 30000\n", f);
    fclose(f);
    char *argv[] = {"/bin/sh", "-c", (char *)script, bin, driver, r.dir, NULL};
    EXPECT(run_cli(argv, &out) == 0, "predup fill --web over USB failed: %s", out ? out : "");
    EXPECT(out && strstr(out, ": 3 good, 0 bad; 156 cards placed") &&
               strstr(out, "answered 1 1 continue 200") && strstr(out, "boards seen 1 2 3"),
           "fill --web over USB (every prompt answered on the page): %s", out ? out : "");
    if (out)
        printf("usb web: %s", out);
    g_free(out);
    audit(&r, r.n);
    free(driver);
    free(bin);
    rig_free(&r);
}

int main(int argc, char **argv)
{
    const char *predup = NULL;
    bool bench = false;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--predup") && i + 1 < argc)
            predup = argv[++i];
        else if (!strcmp(argv[i], "--bench"))
            bench = true;
    }
    alarm(900); /* a hang (libusb, umockdev) fails the run instead of stalling make check; a
                 * normal run takes well under a minute, ASan and a loaded host included */
    g_mutex_init(&D.lock);
    g_cond_init(&D.bus_idle);
    g_queue_init(&D.replies);
    D.tb = umockdev_testbed_new(); /* before any libusb_init: libusb must see only it */
    if (!D.tb || !umockdev_in_mock_environment()) {
        fprintf(stderr, "usb_machine: run me under umockdev-wrapper\n");
        return 2;
    }
    D.serial = "PD-0001";
    D.handler = umockdev_ioctl_base_new();
    g_signal_connect(D.handler, "handle-ioctl", G_CALLBACK(on_ioctl), &D);
    plug(&D);
    g_thread_unref(g_thread_new("bus", bus_thread, &D));
    scenario_clean(bench);
    if (!bench) {
        scenario_lossy();
        scenario_unplug();
        scenario_settings();
        if (predup) {
            scenario_cli(predup);
            scenario_web(predup);
            scenario_two(predup);
            scenario_list(predup); /* last: it takes the device off the bus */
        }
    }
    printf("usb_machine: %s\n", failures ? "FAILED" : "all scenarios passed");
    return failures ? 1 : 0;
}
