/* machine/fuzz_host.c - libFuzzer target: the controller (mach_fill) against a machine whose
 * replies come from the fuzzer. Each reply is [type, length, payload] from the input, framed
 * with the request's sequence number and a valid CRC so that the fuzzer reaches the host
 * rules rather than the CRC check. Whatever a broken or hostile firmware says, predup must not
 * crash, hang or report a board without 52 confirmed placements. Built by tests/fuzz_machine.sh. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine/machine.h"
#include "machine/transport.h"

struct fz {
    const uint8_t *d;
    size_t n, pos;
    uint8_t frame[MP_MAX_FRAME];
    size_t len;
    int opens;
};

static enum pd_status fz_send(void *self, const uint8_t *buf, size_t len, struct pd_err *e)
{
    struct fz *f = self;
    struct mp_msg q, r = {0};

    if (f->pos + 2 > f->n)
        return pd_fail(e, PD_ERR_DEVICE, "input used up");
    if (mp_decode(buf, len, &q, e) != PD_OK)
        abort(); /* the host must always send well-formed frames */
    r.type = f->d[f->pos];
    r.len = f->d[f->pos + 1] % (MP_MAX_PAYLOAD + 1);
    f->pos += 2;
    if (r.len > f->n - f->pos)
        r.len = (uint16_t)(f->n - f->pos);
    memcpy(r.payload, f->d + f->pos, r.len);
    f->pos += r.len;
    r.seq = q.seq;
    f->len = mp_encode(&r, f->frame, sizeof f->frame);
    return PD_OK;
}

static enum pd_status fz_recv(void *self, uint8_t *buf, size_t cap, size_t *got, int timeout_ms,
                              struct pd_err *e)
{
    struct fz *f = self;

    (void)timeout_ms;
    if (f->len == 0 || f->len > cap)
        return pd_fail(e, PD_ERR_LIMIT, "nothing");
    memcpy(buf, f->frame, f->len);
    *got = f->len;
    f->len = 0;
    return PD_OK;
}

static enum pd_status fz_open(void *ctx, int wait_ms, struct mach_transport *out,
                              struct pd_err *e)
{
    struct fz *f = ctx;

    (void)wait_ms;
    if (++f->opens > 4 || f->pos >= f->n)
        return pd_fail(e, PD_ERR_DEVICE, "gone");
    *out = (struct mach_transport){"fuzz", f, fz_send, fz_recv, NULL};
    return PD_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct pbn_set *set;
    static int boards[2] = {1, 2};
    static char journal[64];
    struct mach_profile p;
    struct fz f = {data, size, 0, {0}, 0, 0};
    struct mach_connector conn = {&f, fz_open};
    struct mach_result res;
    struct mach_job job;

    if (!set) {
        struct pd_key key;
        struct set_key sk;

        pbn_set_new(&set, NULL);
        key_from_seed(3, &key);
        set_key_derive(&key, "original", &sk, NULL);
        for (int b = 1; b <= 2; b++) {
            struct pbn_game *g;
            struct board_deal bd;

            board_generate(&sk, b, NULL, NULL, 0, &bd, NULL);
            pbn_game_add(set, &g, NULL);
            g->board = b;
            g->deal = bd.deal;
            g->known = 0xF;
        }
        snprintf(journal, sizeof journal, "%s/predup-fuzz-host-%d.journal",
                 access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp", (int)getpid());
    }
    mach_profile_default(&p);
    p.retries = 1;
    p.max_attempts = 2;
    job = (struct mach_job){set, boards, 2, journal, {0}, false, &p};
    unlink(journal);
    if (mach_fill(&job, &conn, NULL, &res, NULL) == PD_OK && res.good > 0 && res.cards < 52)
        abort(); /* a good board needs 52 placements in this run */
    unlink(journal);
    return 0;
}
