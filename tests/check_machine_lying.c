/* tests/check_machine_lying.c - devices that lie about themselves: a machine that announces
 * OCR and barcodes and then sends one reading per card, or two readings both marked OCR, with
 * two cards swapped; a machine that reads board numbers and reports board 0; a model and
 * firmware string with control characters. Each is the simulator behind a transport that
 * rewrites its replies. A card counts only with the readings announced, so the swapped cards
 * never make a board good. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "machine/machine.h"
#include "machine/transport.h"
#include "tests/check_suites.h"

enum lie { ONE_READING, TWO_OCR, BOARD_ZERO, DIRTY_MODEL, OTHER_AFTER_UNPLUG };

struct liar {
    struct mach_transport in; /* the simulator's own transport */
    struct mach_sim *sim;
    enum lie lie;
    int x, y;                 /* cards swapped in the readings */
    int opens;
    char notes[2000];         /* every note the controller gave, one a line */
    char error[300];          /* mach_fill's error */
};

/* Rewrites one CARD payload: the lie, and cards x and y swapped. */
static void lie_card(const struct liar *l, uint8_t *p, uint16_t *len)
{
    int n = p[2];

    for (int i = 0; i < n; i++) {
        uint8_t *card = p + 3 + 3 * i + 1;

        *card = *card == l->x ? (uint8_t)l->y : *card == l->y ? (uint8_t)l->x : *card;
    }
    if (l->lie == ONE_READING && n == 2) {
        p[2] = 1;
        *len = 6;
    } else if (l->lie == TWO_OCR && n == 2) {
        p[3 + 3] = MACH_OCR;
    }
}

static void lie_hello(uint8_t *p, uint16_t *len)
{
    static const char model[] = "evil\x1b[2J\r\nmachine\\";

    p[5] = sizeof model - 1;
    memcpy(p + 6, model, sizeof model - 1);
    p[6 + sizeof model - 1] = 3;
    memcpy(p + 7 + sizeof model - 1, "1\a2", 3);
    *len = (uint16_t)(7 + sizeof model - 1 + 3);
}

static void lie(const struct liar *l, struct mp_msg *m)
{
    bool cards = l->lie == ONE_READING || l->lie == TWO_OCR;

    if (m->type == MP_CARD && cards)
        lie_card(l, m->payload, &m->len);
    if (m->type == MP_PLACED && m->len >= 6 && m->payload[4] == MP_CARD && cards) {
        uint16_t inner = m->payload[5];

        lie_card(l, m->payload + 6, &inner);
        m->payload[5] = (uint8_t)inner;
        m->len = (uint16_t)(6 + inner);
    }
    if (m->type == MP_BOARD_READY && l->lie == BOARD_ZERO)
        mp_put_u16(m->payload, 0);
    if (m->type == MP_HELLO_R && l->lie == DIRTY_MODEL)
        lie_hello(m->payload, &m->len);
}

static enum pd_status liar_send(void *self, const uint8_t *buf, size_t len, struct pd_err *e)
{
    struct liar *l = self;

    return l->in.send(l->in.self, buf, len, e);
}

static enum pd_status liar_recv(void *self, uint8_t *buf, size_t cap, size_t *got,
                                int timeout_ms, struct pd_err *e)
{
    struct liar *l = self;
    struct mp_msg m;
    enum pd_status rc = l->in.recv(l->in.self, buf, cap, got, timeout_ms, e);

    if (rc != PD_OK || mp_decode(buf, *got, &m, NULL) != PD_OK)
        return rc;
    lie(l, &m);
    *got = mp_encode(&m, buf, cap);
    return PD_OK;
}

static void liar_close(void *self)
{
    struct liar *l = self;

    l->in.close(l->in.self);
}

static enum pd_status liar_open(void *ctx, int wait_ms, struct mach_transport *out,
                                struct pd_err *e)
{
    struct liar *l = ctx;
    enum pd_status rc = PD_ERR_DEVICE;

    (void)wait_ms; /* simulated time: each attempt is one poll of the bus */
    for (int i = 0; i < 1000 && rc != PD_OK; i++)
        rc = mach_fake_open(l->sim, &l->in, e);
    if (rc != PD_OK)
        return rc;
    *out = l->in; /* the same machine (its identity), its replies rewritten */
    if (l->lie == OTHER_AFTER_UNPLUG && ++l->opens > 1)
        out->machine = "usb 1209:0dea serial B"; /* another machine came back */
    out->self = l;
    out->send = liar_send;
    out->recv = liar_recv;
    out->close = liar_close;
    return PD_OK;
}

static void keep_note(void *ctx, int board, const char *text)
{
    struct liar *l = ctx;
    size_t used = strlen(l->notes);

    (void)board;
    snprintf(l->notes + used, sizeof l->notes - used, "%s\n", text);
}

/* Two cards of board 1 that go to different seats. */
static void pick_swap(const struct deal *d, struct liar *l)
{
    l->x = 0;
    for (l->y = 1; l->y < 52; l->y++)
        if (!!(d->hand[0] & card_mask_from_index(0)) != !!(d->hand[0] & card_mask_from_index(l->y)))
            return;
}

/* Fills board 1 on the simulator (methods, reads_numbers) behind a liar. */
static void fill_with(enum lie how, unsigned methods, bool numbers, struct liar *l,
                      struct mach_result *res, enum pd_status *rc)
{
    struct pbn_set *set;
    struct pbn_game *g;
    struct pd_key key;
    struct set_key sk;
    struct board_deal bd;
    struct mach_profile prof;
    int boards[1] = {1};
    char dir[400], journal[500];
    struct pd_err e = {0};

    ck_assert_int_eq(pbn_set_new(&set, NULL), PD_OK);
    key_from_seed(11, &key);
    ck_assert_int_eq(set_key_derive(&key, "original", &sk, NULL), PD_OK);
    ck_assert_int_eq(board_generate(&sk, 1, NULL, NULL, 0, &bd, NULL), PD_OK);
    ck_assert_int_eq(pbn_game_add(set, &g, NULL), PD_OK);
    *g = (struct pbn_game){.board = 1, .deal = bd.deal, .known = 0xF};
    mach_profile_default(&prof);
    prof.kind = MACH_SIM;
    prof.sim.methods = methods;
    prof.sim.reads_board_numbers = numbers;
    if (how == OTHER_AFTER_UNPLUG)
        prof.sim.at[prof.sim.nat++] = (struct mach_fault_at){1, 10, MF_UNPLUG};
    test_tmpdir(dir, sizeof dir);
    snprintf(journal, sizeof journal, "%s/set.pbn.journal", dir);
    memset(l, 0, sizeof *l);
    l->lie = how;
    pick_swap(&bd.deal, l);
    ck_assert_int_eq(mach_sim_new(&prof.sim, prof.pocket, NULL, &l->sim, NULL), PD_OK);
    struct mach_job job = {set, boards, 1, journal, {4}, true, &prof, 1, NULL};
    struct mach_connector conn = {l, liar_open};
    struct mach_ui ui = {l, NULL, NULL, keep_note, NULL};
    *rc = mach_fill(&job, &conn, &ui, res, &e);
    snprintf(l->error, sizeof l->error, "%s", e.msg);
    if (res->good) /* whatever the controller says, the pockets must hold the deal */
        ck_assert_msg(mach_sim_board_matches(l->sim, 1, &bd.deal, e.msg, sizeof e.msg),
                      "board 1 reported good but: %s", e.msg);
    mach_sim_free(l->sim);
    pbn_set_free(set);
}

/* The lie never lets board 1 be good (with a card in the wrong pocket): the fill ends with
 * want; PD_OK: the board is bad, a note says why; else the fill's error says why. */
static void expect_not_good(enum lie how, bool numbers, enum pd_status want, const char *why)
{
    struct liar l;
    struct mach_result res;
    enum pd_status rc;
    const char *said;

    fill_with(how, MACH_OCR | MACH_BARCODE, numbers, &l, &res, &rc);
    said = want == PD_OK ? l.notes : l.error;
    ck_assert_int_eq(rc, want);
    ck_assert_int_eq(res.good, 0);
    ck_assert_int_eq(res.bad, want == PD_OK);
    ck_assert_msg(strstr(said, why), "no \"%s\" in: %s", why, said);
}

/* One reading per card from a machine that announced two, with two cards swapped. */
START_TEST(test_one_reading_of_two_announced)
{
    expect_not_good(ONE_READING, false, PD_OK, "card 1 came with 1 reading, not one by each method "
                                   "announced (OCR and barcodes): the machine's readings cannot "
                                   "be trusted");
}
END_TEST

/* Two readings, both marked OCR (agreeing on the swapped card). */
START_TEST(test_two_readings_of_one_method)
{
    expect_not_good(TWO_OCR, false, PD_OK, "card 1 came with 2 readings, not one by each method");
}
END_TEST

/* A machine that reads board numbers and says 0: the board is never begun, never good. A
 * machine that does not read numbers says 0 by the protocol: fine. */
START_TEST(test_board_zero_from_a_number_reader)
{
    struct liar l;
    struct mach_result res;
    enum pd_status rc;

    expect_not_good(BOARD_ZERO, true, PD_OK, "the machine does not see board 1");
    fill_with(BOARD_ZERO, MACH_OCR | MACH_BARCODE, false, &l, &res, &rc);
    ck_assert_int_eq(res.good, 1);
}
END_TEST

/* The device's model and firmware strings reach the terminal with control bytes escaped. */
START_TEST(test_model_escaped)
{
    struct liar l;
    struct mach_result res;
    enum pd_status rc;

    fill_with(DIRTY_MODEL, MACH_OCR | MACH_BARCODE, false, &l, &res, &rc);
    ck_assert_int_eq(res.good, 1);
    ck_assert_msg(strstr(l.notes, "machine evil\\x1b[2J\\x0d\\x0amachine\\x5c, firmware "
                                  "1\\x072, protocol 1.1"), "%s", l.notes);
    ck_assert_ptr_null(strchr(l.notes, '\x1b'));
}
END_TEST

/* Another machine answers after an unplug (same ids, another serial): the fill stops; the
 * board begun on the first machine is not finished on the second. */
START_TEST(test_other_machine_after_unplug)
{
    expect_not_good(OTHER_AFTER_UNPLUG, false, PD_ERR_DEVICE,
                    "the machine did not come back (another machine (usb 1209:0dea serial B) "
                    "answered, not the one this fill runs on (sim))");
}
END_TEST

Suite *machine_lying_suite(void);
Suite *machine_lying_suite(void)
{
    Suite *s = suite_create("machine_lying");
    TCase *tc = tcase_create("liars");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_one_reading_of_two_announced);
    tcase_add_test(tc, test_two_readings_of_one_method);
    tcase_add_test(tc, test_board_zero_from_a_number_reader);
    tcase_add_test(tc, test_model_escaped);
    tcase_add_test(tc, test_other_machine_after_unplug);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(machine_lying_suite)
