/* machine/sim.c - the simulated dealing machine: its firmware (the protocol of
 * machine/PROTOCOL.md as a state machine, bytes in and bytes out), its mechanics (feeder,
 * pockets, reject tray, boards on a shelf), its recognition error model and fault injection.
 * Every random choice comes from the keyed stream (seed, "sim"), so a run is reproducible.
 *
 * Sections: world (physical state)  the simulator  firmware  audit; its decks and its
 * recognition are in machine/sim_read.c. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "machine/sim_int.h"

/* ---------------------------------------------------------------- world */

size_t mach_sim_world_size(void)
{
    return sizeof(struct mach_sim_world);
}

void mach_sim_world_init(struct mach_sim_world *w)
{
    memset(w, 0, sizeof *w);
}

/* ---------------------------------------------------------------- the simulator */

enum pd_status mach_sim_new(const struct mach_sim_opts *o, const enum seat pocket[4],
                            struct mach_sim_world *world, struct mach_sim **out,
                            struct pd_err *e)
{
    struct mach_sim *s = calloc(1, sizeof *s);
    struct pd_key key;
    struct set_key sk;
    enum pd_status rc;

    if (!s)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the simulator");
    for (int i = 0; i < o->nat; i++)
        if (o->at[i].kind >= MF_PROTOCOL_COUNT)
            return free(s), pd_fail(e, PD_ERR_USAGE, "fault %s: the camera machine's (its "
                                    "simulator: --machine camera-sim)",
                                    MACH_FAULT_NAME[o->at[i].kind]);
    s->o = *o;
    memcpy(s->pocket, o->pockets_fixed ? o->pockets_wired : pocket, sizeof s->pocket);
    s->w = world;
    if (!s->w) {
        s->w = malloc(sizeof *s->w);
        s->own_world = true;
        if (!s->w) {
            free(s);
            return pd_fail(e, PD_ERR_NOMEM, "no memory for the simulator");
        }
        mach_sim_world_init(s->w);
    }
    key_from_seed(o->seed, &key);
    rc = set_key_derive(&key, "sim", &sk, e);
    if (rc == PD_OK)
        rc = deal_stream_open(&s->rng, &sk, STREAM_RND, 0, e);
    pd_wipe(&key, sizeof key);
    pd_wipe(&sk, sizeof sk);
    if (rc == PD_OK) {
        *out = s;
        return PD_OK;
    }
    if (s->own_world)
        free(s->w);
    free(s);
    return rc;
}

void mach_sim_free(struct mach_sim *s)
{
    if (!s)
        return;
    deal_stream_close(&s->rng);
    if (s->own_world)
        free(s->w);
    free(s);
}

bool mach_sim_unplugged(const struct mach_sim *s)
{
    return s->unplugged;
}

bool mach_sim_try_connect(struct mach_sim *s)
{
    if (!s->unplugged)
        return true;
    if (s->refusals > 0) {
        s->refusals--;
        return false;
    }
    s->unplugged = false; /* back on the bus, freshly powered */
    return true;
}

void mach_sim_stats(const struct mach_sim *s, struct mach_sim_stats *out)
{
    *out = s->st;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};

    if (ms > 0)
        nanosleep(&ts, NULL);
}


/* ---------------------------------------------------------------- firmware */

static void reply(struct mp_msg *r, uint8_t type, const uint8_t *p, size_t n)
{
    r->type = type;
    r->len = (uint16_t)n;
    if (n)
        memcpy(r->payload, p, n);
}

static void fault_reply(struct mp_msg *r, enum mp_fault f, int seq)
{
    uint8_t p[3] = {(uint8_t)f, 0, 0};

    mp_put_u16(p + 1, seq);
    reply(r, MP_FAULT, p, 3);
}

static void nak(struct mp_msg *r, enum mp_nak why)
{
    uint8_t p = (uint8_t)why;

    reply(r, MP_NAK, &p, 1);
}

static void firmware_reset(struct mach_sim *s)
{
    if (s->holding) /* the card in the feed path drops into the reject tray */
        mach_pile_push(&s->w->tray, s->held);
    s->hello_done = false;
    s->board = 0;
    s->holding = false;
    s->have_last = false;
    s->index = MI_STANDARD; /* the settings too: the host sends them again after HELLO */
    s->stop_card = false;
}

static void do_hello(struct mach_sim *s, const struct mp_msg *q, struct mp_msg *r)
{
    static const char model[] = "predup-sim", fw[] = "sim-" PREDUP_VERSION;
    uint8_t p[64];
    size_t n = 0;

    if (q->len < 2 || q->payload[0] != MP_VERSION_MAJOR) {
        nak(r, MPN_VERSION);
        return;
    }
    firmware_reset(s);
    s->hello_done = true;
    s->minor = q->payload[1] < s->o.minor ? q->payload[1] : s->o.minor; /* the lower minor */
    p[n++] = MP_VERSION_MAJOR;
    p[n++] = (uint8_t)s->o.minor;
    p[n++] = (uint8_t)s->o.methods;
    p[n++] = 4;
    p[n++] = (uint8_t)((s->o.reads_board_numbers ? MP_FLAG_BOARD_NUMBERS : 0) |
                       (s->o.minor >= 1 && s->o.stop_dispenser ? MP_FLAG_STOP_CARDS : 0) |
                       (s->o.minor >= 1 && s->o.any_board ? MP_FLAG_ANY_BOARD : 0));
    p[n++] = (uint8_t)(sizeof model - 1);
    memcpy(p + n, model, sizeof model - 1);
    n += sizeof model - 1;
    p[n++] = (uint8_t)(sizeof fw - 1);
    memcpy(p + n, fw, sizeof fw - 1);
    n += sizeof fw - 1;
    reply(r, MP_HELLO_R, p, n);
}

static void do_begin(struct mach_sim *s, const struct mp_msg *q, struct mp_msg *r)
{
    uint8_t p[2];
    int board;

    if (q->len < 2) {
        nak(r, MPN_FRAME);
        return;
    }
    board = mp_get_u16(q->payload);
    if (board == 0 && s->minor >= 1 && s->o.any_board)
        board = s->w->slot; /* 1.1: whichever board is in the slot */
    else if (board < 1 || board > SIM_MAX_BOARDS) {
        nak(r, MPN_STATE);
        return;
    }
    if (s->w->slot == 0 || board == 0 || mach_sim_fault_here(s, MF_NO_BOARD, board, 0)) {
        fault_reply(r, MPF_NO_BOARD, 0);
        return;
    }
    sleep_ms(s->o.board_ms);
    s->board = board;
    s->feeds = 0;
    s->holding = false;
    mp_put_u16(p, s->o.reads_board_numbers ? s->w->slot : 0);
    reply(r, MP_BOARD_READY, p, 2);
}

/* A feed fault: true when it answered (r is set, or no reply at all for an unplug). */
static bool feed_fault(struct mach_sim *s, int k, struct mp_msg *r, bool *silent)
{
    struct mach_sim_world *w = s->w;

    if (mach_sim_fault_here(s, MF_UNPLUG, s->board, k)) {
        firmware_reset(s);
        s->unplugged = true;
        s->refusals = s->o.replug_after;
        *silent = true;
        return true;
    }
    if (mach_sim_fault_here(s, MF_RESET, s->board, k)) {
        firmware_reset(s);
        fault_reply(r, MPF_RESET, k);
        return true;
    }
    if (mach_sim_fault_here(s, MF_COVER_OPEN, s->board, k)) {
        w->cover_open = true;
        fault_reply(r, MPF_COVER_OPEN, k);
        return true;
    }
    if (mach_sim_fault_here(s, MF_JAM, s->board, k)) {
        mach_pile_push(&w->jam, mach_pile_take_first(&w->feeder));
        fault_reply(r, MPF_JAM, k);
        return true;
    }
    if (mach_sim_fault_here(s, MF_DOUBLE_FEED, s->board, k)) {
        mach_pile_push(&w->tray, mach_pile_take_first(&w->feeder));
        if (w->feeder.n > 0)
            mach_pile_push(&w->tray, mach_pile_take_first(&w->feeder));
        fault_reply(r, MPF_DOUBLE_FEED, k);
        return true;
    }
    return false;
}

static void do_feed(struct mach_sim *s, struct mp_msg *r, bool *silent)
{
    struct reading rd[2];
    uint8_t p[2 + 1 + 6];
    int k, n;
    bool misread, unreadable;

    if (s->board == 0 || s->holding) {
        nak(r, MPN_STATE);
        return;
    }
    if (s->w->cover_open) {
        fault_reply(r, MPF_COVER_OPEN, s->feeds);
        return;
    }
    if (s->w->feeder.n == 0) {
        fault_reply(r, MPF_FEEDER_EMPTY, s->feeds);
        return;
    }
    k = ++s->feeds;
    if (feed_fault(s, k, r, silent))
        return;
    sleep_ms(s->o.card_ms);
    s->st.fed++;
    s->held = mach_pile_take_first(&s->w->feeder);
    s->holding = true;
    misread = mach_sim_fault_here(s, MF_MISREAD, s->board, k);
    unreadable = mach_sim_fault_here(s, MF_UNREADABLE, s->board, k);
    n = mach_sim_read_card(s, s->held, misread, unreadable, rd);
    mp_put_u16(p, k);
    p[2] = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        p[3 + 3 * i] = rd[i].method;
        p[4 + 3 * i] = rd[i].card;
        p[5 + 3 * i] = rd[i].conf;
    }
    reply(r, MP_CARD, p, 3 + 3 * (size_t)n);
}

static void do_place(struct mach_sim *s, const struct mp_msg *q, struct mp_msg *r, bool *silent)
{
    uint8_t p[4];
    int pocket;
    struct pile *dest;

    if (q->len < 3 || !s->holding || mp_get_u16(q->payload) != s->feeds || q->payload[2] > 4) {
        nak(r, q->len < 3 ? MPN_FRAME : MPN_STATE);
        return;
    }
    pocket = q->payload[2];
    dest = pocket == MP_POCKET_REJECT ? &s->w->tray : &s->w->pocket[pocket];
    mach_pile_push(dest, s->held);
    s->holding = false;
    mp_put_u16(p, s->feeds);
    p[2] = (uint8_t)pocket;
    p[3] = (uint8_t)dest->n;
    reply(r, MP_PLACED, p, 4);
    if (q->len >= 4 && q->payload[3]) { /* then feed: the feed's reply rides along */
        struct mp_msg f = {0};

        do_feed(s, &f, silent);
        r->payload[4] = f.type;
        r->payload[5] = (uint8_t)f.len;
        memcpy(r->payload + 6, f.payload, f.len);
        r->len = (uint16_t)(6 + f.len);
    }
}

static void do_end(struct mach_sim *s, struct mp_msg *r)
{
    uint8_t p[7];

    if (s->board == 0 || s->holding) {
        nak(r, MPN_STATE);
        return;
    }
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)s->w->pocket[i].n;
    p[4] = (uint8_t)s->w->tray.n;
    p[5] = (uint8_t)s->w->feeder.n;
    /* 1.1: the stop card dropped after the deal, while the magazine holds one */
    p[6] = s->stop_card && s->o.stop_cards > 0;
    s->o.stop_cards -= p[6];
    s->board = 0;
    reply(r, MP_COUNTS, p, s->minor >= 1 ? 7 : 6);
}

/* The board in the slot goes to the shelf; board comes out of it. */
static void swap_board(struct mach_sim_world *w, int board)
{
    if (w->slot == board)
        return;
    if (w->slot > 0)
        memcpy(w->shelf[w->slot], w->pocket, sizeof w->pocket);
    memcpy(w->pocket, w->shelf[board], sizeof w->pocket);
    memset(w->shelf[board], 0, sizeof w->shelf[board]);
    w->slot = board;
}

/* The model operator: what a careful person does when the host's prompt asks for it. */
static void do_resume(struct mach_sim *s, const struct mp_msg *q, struct mp_msg *r)
{
    struct mach_sim_world *w = s->w;
    int act, board;
    bool chosen;

    if (q->len < 3) {
        nak(r, MPN_FRAME);
        return;
    }
    act = q->payload[0];
    board = mp_get_u16(q->payload + 1);
    /* asked for any board (the host suggests one), the operator may insert another, as it is:
     * a full board stays full */
    chosen = (act == MA_START || act == MA_INSERT) && s->o.any_board &&
             s->next_insert < s->o.ninserts;
    if (chosen) {
        board = s->o.inserts[s->next_insert++];
        board = board <= SIM_MAX_BOARDS ? board : 0;
        if (board == 0) { /* a board without a readable sticker: none seen in the slot */
            swap_board(w, 0);
            reply(r, MP_ACK, NULL, 0);
            return;
        }
    }
    if ((act == MA_START || act == MA_INSERT || act == MA_REDO) &&
        (board < 1 || board > SIM_MAX_BOARDS)) {
        nak(r, MPN_STATE);
        return;
    }
    switch (act) {
    case MA_START:
    case MA_REDO:
        swap_board(w, board);
        if (!chosen || act == MA_REDO)
            memset(w->pocket, 0, sizeof w->pocket);
        w->tray.n = w->jam.n = 0;
        if (s->holding) /* a card in the machine goes back to the deck */
            s->holding = false;
        mach_sim_load_deck(s, board);
        break;
    case MA_REFEED:
        for (int i = 0; i < w->tray.n; i++)
            mach_pile_push(&w->feeder, w->tray.c[i]);
        w->tray.n = 0;
        break;
    case MA_CLEAR_JAM:
        for (int i = w->jam.n - 1; i >= 0; i--)
            mach_pile_insert(&w->feeder, 0, w->jam.c[i]);
        w->jam.n = 0;
        break;
    case MA_CLOSE_COVER:
        w->cover_open = false;
        break;
    case MA_INSERT:
        swap_board(w, board);
        break;
    case MA_STOP_CARD: /* put by hand: nothing for the machine to do */
        break;
    default:
        nak(r, MPN_TYPE);
        return;
    }
    reply(r, MP_ACK, NULL, 0);
}

/* 1.1: the settings of the fill, or NAK MPN_SETTING naming the one it cannot honour (with
 * its pockets' wiring when that is the one). */
static void do_setup(struct mach_sim *s, const struct mp_msg *q, struct mp_msg *r)
{
    uint8_t p[6] = {MPN_SETTING, 0};
    unsigned seen = 0;
    size_t n = 2;

    for (int i = 0; q->len >= 6 && i < 4; i++)
        seen |= q->payload[2 + i] < 4 ? 1u << q->payload[2 + i] : 16u;
    if (q->len < 6 || seen != 15) {
        nak(r, MPN_FRAME);
        return;
    }
    if (q->payload[0] >= MI_COUNT)
        p[1] = MP_SET_INDEX;
    else if (q->payload[1] && !s->o.stop_dispenser)
        p[1] = MP_SET_STOP_CARD;
    for (int i = 0; !p[1] && s->o.pockets_fixed && i < 4; i++)
        if (q->payload[2 + i] != s->pocket[i]) {
            p[1] = MP_SET_POCKETS;
            for (int k = 0; k < 4; k++)
                p[n++] = (uint8_t)s->pocket[k];
        }
    if (p[1]) {
        reply(r, MP_NAK, p, n);
        return;
    }
    s->index = (enum mach_index)q->payload[0];
    s->stop_card = q->payload[1];
    for (int i = 0; i < 4; i++)
        s->pocket[i] = (enum seat)q->payload[2 + i];
    reply(r, MP_ACK, NULL, 0);
}

static void dispatch(struct mach_sim *s, const struct mp_msg *q, struct mp_msg *r,
                     bool *silent)
{
    if (q->type == MP_HELLO) {
        do_hello(s, q, r);
        return;
    }
    if (q->type == MP_RESUME) { /* the operator acts whatever the firmware's state */
        do_resume(s, q, r);
        return;
    }
    if (!s->hello_done) {
        fault_reply(r, MPF_RESET, 0);
        return;
    }
    switch (q->type) {
    case MP_BOARD_BEGIN:
        do_begin(s, q, r);
        break;
    case MP_FEED:
        do_feed(s, r, silent);
        break;
    case MP_PLACE:
        do_place(s, q, r, silent);
        break;
    case MP_BOARD_END:
        do_end(s, r);
        break;
    case MP_SETUP:
        if (s->minor >= 1) {
            do_setup(s, q, r);
            break;
        }
        nak(r, MPN_TYPE); /* an older machine knows no SETUP */
        break;
    default:
        nak(r, MPN_TYPE);
    }
}

void mach_sim_handle(struct mach_sim *s, const uint8_t *in, size_t n, uint8_t *out, size_t cap,
                     size_t *outlen)
{
    struct mp_msg q, r = {0};
    bool silent = false;

    *outlen = 0;
    if (s->unplugged)
        return;
    if (mp_decode(in, n, &q, NULL) != PD_OK) {
        nak(&r, MPN_FRAME);
        *outlen = mp_encode(&r, out, cap);
        return;
    }
    if (s->have_last && q.seq == s->last_seq && q.type == s->last_type &&
        s->last_len <= cap) {
        memcpy(out, s->last, s->last_len); /* a retransmission: the same answer, once done */
        *outlen = s->last_len;
        return;
    }
    r.seq = q.seq;
    dispatch(s, &q, &r, &silent);
    if (silent)
        return;
    *outlen = mp_encode(&r, out, cap);
    if (r.type != MP_NAK && *outlen <= sizeof s->last) {
        s->have_last = true;
        s->last_seq = q.seq;
        s->last_type = q.type;
        memcpy(s->last, out, *outlen);
        s->last_len = *outlen;
    }
}

/* ---------------------------------------------------------------- audit */

bool mach_sim_board_matches(const struct mach_sim *s, int board, const struct deal *d,
                            char *why, size_t why_len)
{
    const struct pile *p;
    uint64_t got[4] = {0}, all = 0;

    if (board < 1 || board > SIM_MAX_BOARDS) {
        snprintf(why, why_len, "board %d is not on the simulator's shelf", board);
        return false;
    }
    p = s->w->slot == board ? s->w->pocket : s->w->shelf[board];
    for (int i = 0; i < 4; i++) {
        enum seat seat = s->pocket[i];

        for (int k = 0; k < p[i].n; k++) {
            uint8_t c = p[i].c[k];

            if (c & OTHER_DECK) {
                snprintf(why, why_len, "board %d: %s holds %s of another deck", board,
                         SEAT_NAME[seat], mach_card_name(c & FACE));
                return false;
            }
            if (all & card_mask_from_index(c)) {
                snprintf(why, why_len, "board %d: %s twice", board, mach_card_name(c));
                return false;
            }
            all |= card_mask_from_index(c);
            got[seat] |= card_mask_from_index(c);
        }
        if (p[i].n != 13) {
            snprintf(why, why_len, "board %d: %s holds %d card%s", board, SEAT_NAME[seat],
                     p[i].n, p[i].n == 1 ? "" : "s");
            return false;
        }
    }
    for (int seat = 0; seat < 4; seat++)
        for (int c = 0; c < 52; c++)
            if ((got[seat] & ~d->hand[seat]) & card_mask_from_index(c)) {
                /* one deck, 13 a pocket, but a card in another's pocket: misreads only */
                snprintf(why, why_len, "board %d: misplaced %s in %s's pocket", board,
                         mach_card_name(c), SEAT_NAME[seat]);
                return false;
            }
    return true;
}
