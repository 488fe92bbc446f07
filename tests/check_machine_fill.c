/* tests/check_machine_fill.c - issue 24 at the machine, below the CLI: the host's suspicion of a
 * wrong card index language (never on the first unreadable honour), the profile keys of
 * protocol 1.1 and their errors, the udev rule shipped in config/ being the one the README
 * documents, and an any-board machine that reads board 0 never filling a board. */
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "machine/mach_int.h"
#include "machine/transport.h"
#include "tests/check_suites.h"

/* A CARD message with an OCR reading ocr (0xFF: none) and, bar >= 0, a barcode reading. */
static struct mp_msg card_msg(int ocr, int bar)
{
    struct mp_msg m = {.type = MP_CARD, .len = 6};

    m.payload[2] = bar >= 0 ? 2 : 1;
    m.payload[3] = MACH_OCR, m.payload[4] = (uint8_t)ocr, m.payload[5] = 90;
    if (bar >= 0) {
        m.payload[6] = MACH_BARCODE, m.payload[7] = (uint8_t)bar, m.payload[8] = 100;
        m.len = 9;
    }
    return m;
}

START_TEST(test_index_suspect_not_on_the_first)
{
    int miss[4] = {0}, streak = 0;
    const int sq = 2, hq = 15, dq = 28, cq = 41, sa = 0, s2 = 12; /* Pavlicek's order */
    const unsigned both = MACH_OCR | MACH_BARCODE;
    struct mp_msg m;

    /* three queens without an index, other cards (even unreadable) between: not yet */
    m = card_msg(MP_CARD_NONE, sq);
    ck_assert_int_eq(mp_index_suspect(&m, both, miss, &streak), -1);
    m = card_msg(MP_CARD_NONE, s2);
    ck_assert_int_eq(mp_index_suspect(&m, both, miss, &streak), -1);
    m = card_msg(sa, sa);
    ck_assert_int_eq(mp_index_suspect(&m, both, miss, &streak), -1);
    m = card_msg(MP_CARD_NONE, hq);
    ck_assert_int_eq(mp_index_suspect(&m, both, miss, &streak), -1);
    m = card_msg(MP_CARD_NONE, dq);
    ck_assert_int_eq(mp_index_suspect(&m, both, miss, &streak), -1);
    /* a queen read right starts over */
    m = card_msg(cq, cq);
    ck_assert_int_eq(mp_index_suspect(&m, both, miss, &streak), -1);
    for (int i = 0; i < 3; i++) {
        m = card_msg(MP_CARD_NONE, hq);
        ck_assert_int_eq(mp_index_suspect(&m, both, miss, &streak), -1);
    }
    /* the fourth in a row, read as another honour (a Dutch V as a French jack) counts too */
    m = card_msg(sq + 1, sq);
    ck_assert_int_eq(mp_index_suspect(&m, both, miss, &streak), 2);
    /* OCR alone: 8 unreadable cards in a row, a readable one starts over */
    memset(miss, 0, sizeof miss);
    for (int i = 0; i < 7; i++) {
        m = card_msg(MP_CARD_NONE, -1);
        ck_assert_int_eq(mp_index_suspect(&m, MACH_OCR, miss, &streak), -1);
    }
    m = card_msg(s2, -1);
    ck_assert_int_eq(mp_index_suspect(&m, MACH_OCR, miss, &streak), -1);
    for (int i = 0; i < 7; i++) {
        m = card_msg(MP_CARD_NONE, -1);
        ck_assert_int_eq(mp_index_suspect(&m, MACH_OCR, miss, &streak), -1);
    }
    m = card_msg(MP_CARD_NONE, -1);
    ck_assert_int_eq(mp_index_suspect(&m, MACH_OCR, miss, &streak), 4);
}
END_TEST

static enum pd_status read_conf(const char *conf, struct mach_profile *p, struct pd_err *e)
{
    FILE *f = fmemopen((void *)conf, strlen(conf), "r");
    enum pd_status rc;

    mach_profile_default(p);
    rc = cfg_read_machine(f, "t.conf", p, e);
    fclose(f);
    return rc;
}

START_TEST(test_profile_keys_11)
{
    struct mach_profile p;
    struct pd_err e = {0};

    ck_assert_msg(read_conf("[machine]\ntransport = sim\ncard_index = sv\nstop_card = yes\n"
                            "pockets = S-W-E-N\n[sim]\nprotocol = 1.0\ndeck = da\n"
                            "any_board = yes\ninserts = 3, 99 0\npockets = W N E S\n",
                            &p, &e) == PD_OK,
                  "%s", e.msg);
    ck_assert_int_eq(p.card_index, MI_SV);
    ck_assert(p.stop_card);
    ck_assert_int_eq(p.pocket[0], SEAT_S);
    ck_assert_int_eq(p.pocket[3], SEAT_N);
    ck_assert_int_eq(p.sim.minor, 0);
    ck_assert_int_eq(p.sim.deck, MI_DA);
    ck_assert(p.sim.any_board && p.sim.pockets_fixed);
    ck_assert_int_eq(p.sim.ninserts, 3);
    ck_assert_int_eq(p.sim.inserts[1], 99);
    ck_assert_int_eq(p.sim.pockets_wired[0], SEAT_W);
    ck_assert_int_eq(read_conf("[machine]\ntransport = sim\ncard_index = en\n", &p, &e),
                     PD_ERR_SYNTAX);
    ck_assert_str_eq(e.msg, "card_index: \"en\" is not one of standard, de, fr, nl, sv, da");
    ck_assert_int_eq(e.line, 3);
    ck_assert_int_eq(read_conf("[machine]\ntransport = sim\n[sim]\nprotocol = 2.0\n", &p, &e),
                     PD_ERR_SYNTAX);
    ck_assert_int_eq(read_conf("[machine]\ntransport = sim\npockets = N-E-S-N\n", &p, &e),
                     PD_ERR_SYNTAX);
}
END_TEST

/* Which of two machines of one model: serial and usb_path in a profile (the choice itself is
 * tests/usb_machine.c's scenario "two"). */
START_TEST(test_profile_choice_keys)
{
    static const char *const bad[] = {"usb_path = x", "usb_path = -1", "usb_path = 1",
                                      "usb_path = 1-1/4", "serial = \x01"};
    struct mach_profile p;
    struct pd_err e = {0};
    char conf[120];

    ck_assert_msg(read_conf("[machine]\ntransport = usb\nserial = AB-0001\n"
                            "usb_path = 1-1.4\n", &p, &e) == PD_OK, "%s", e.msg);
    ck_assert_str_eq(p.serial, "AB-0001");
    ck_assert_str_eq(p.usb_path, "1-1.4");
    ck_assert_int_eq(read_conf("[machine]\ntransport = usb\n", &p, &e), PD_OK);
    ck_assert_str_eq(p.serial, "");
    ck_assert_str_eq(p.usb_path, "");
    for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
        snprintf(conf, sizeof conf, "[machine]\ntransport = usb\n%s\n", bad[i]);
        ck_assert_int_eq(read_conf(conf, &p, &e), PD_ERR_SYNTAX);
        ck_assert_int_eq(e.line, 3);
    }
    ck_assert_ptr_nonnull(strstr(e.msg, "\" is not a serial number (printable ASCII, at most "
                                        "63 characters)"));
}
END_TEST

/* The rule shipped (and installed) is the README's, line for line. */
START_TEST(test_udev_rule_shipped)
{
    char *rules = NULL, *readme = NULL, *line;
    size_t len = 0;

    ck_assert_int_eq(pd_read_file("config/70-predup.rules", &rules, &len, NULL), PD_OK);
    ck_assert_int_eq(pd_read_file("machine/README.md", &readme, &len, NULL), PD_OK);
    line = strstr(rules, "\nSUBSYSTEM==");
    ck_assert_ptr_nonnull(line);
    *strchr(line + 1, '\n') = '\0';
    ck_assert_ptr_nonnull(strstr(readme, line));
    free(rules);
    free(readme);
}
END_TEST

/* ---------------------------------------------------------------- a machine that says 0 */

/* An any-board machine (1.1) whose BOARD_READY always says board 0: the simulator behind a
 * transport that rewrites it. */
struct zero {
    struct mach_transport in;
    struct mach_sim *sim;
};

static enum pd_status zero_send(void *self, const uint8_t *buf, size_t len, struct pd_err *e)
{
    struct zero *z = self;

    return z->in.send(z->in.self, buf, len, e);
}

static enum pd_status zero_recv(void *self, uint8_t *buf, size_t cap, size_t *got,
                                int timeout_ms, struct pd_err *e)
{
    struct zero *z = self;
    struct mp_msg m;
    enum pd_status rc = z->in.recv(z->in.self, buf, cap, got, timeout_ms, e);

    if (rc != PD_OK || mp_decode(buf, *got, &m, NULL) != PD_OK || m.type != MP_BOARD_READY)
        return rc;
    mp_put_u16(m.payload, 0);
    *got = mp_encode(&m, buf, cap);
    return PD_OK;
}

/* Releases the simulator's transport underneath (the controller closes only what it sees). */
static void zero_close(void *self)
{
    struct zero *z = self;

    if (z->in.close)
        z->in.close(z->in.self);
}

static enum pd_status zero_open(void *ctx, int wait_ms, struct mach_transport *out,
                                struct pd_err *e)
{
    struct zero *z = ctx;
    enum pd_status rc = mach_fake_open(z->sim, &z->in, e);

    (void)wait_ms;
    *out = z->in;
    out->self = z, out->send = zero_send, out->recv = zero_recv, out->close = zero_close;
    return rc;
}

START_TEST(test_any_board_zero_never_filled)
{
    struct pbn_set *set = NULL;
    struct pbn_game *g;
    struct board_deal bd;
    struct pd_key key;
    struct set_key sk;
    struct mach_profile prof;
    struct zero z;
    struct mach_connector conn = {&z, zero_open};
    struct mach_result res;
    struct pd_err e = {0};
    char dir[256], journal[300];
    int boards[1] = {1};

    test_tmpdir(dir, sizeof dir);
    snprintf(journal, sizeof journal, "%s/j", dir);
    ck_assert(pbn_set_new(&set, NULL) == PD_OK);
    key_from_seed(3, &key);
    ck_assert(set_key_derive(&key, "t", &sk, NULL) == PD_OK);
    ck_assert(board_generate(&sk, 1, NULL, NULL, 0, &bd, NULL) == PD_OK);
    ck_assert(pbn_game_add(set, &g, NULL) == PD_OK);
    ck_assert(pbn_game_from_board(g, &(struct pbn_event){0}, board_law2(1), &bd.deal,
                                  &bd.number, NULL) == PD_OK);
    mach_profile_default(&prof);
    prof.kind = MACH_SIM;
    prof.sim.any_board = true;
    ck_assert(mach_sim_new(&prof.sim, prof.pocket, NULL, &z.sim, NULL) == PD_OK);
    struct mach_job job = {set, boards, 1, journal, {7}, false, &prof, 1, NULL};
    ck_assert_int_eq(mach_fill(&job, &conn, NULL, &res, &e), PD_ERR_DEVICE);
    ck_assert_msg(strstr(e.msg, "no board to fill came in 20 tries"), "%s", e.msg);
    ck_assert_int_eq(res.good, 0);
    ck_assert_int_eq(res.cards, 0);
    mach_sim_free(z.sim);
    pbn_set_free(set);
}
END_TEST

Suite *machine_fill_suite(void);
Suite *machine_fill_suite(void)
{
    Suite *s = suite_create("machine_fill");
    TCase *t = tcase_create("protocol 1.1");

    tcase_add_test(t, test_index_suspect_not_on_the_first);
    tcase_add_test(t, test_profile_keys_11);
    tcase_add_test(t, test_profile_choice_keys);
    tcase_add_test(t, test_udev_rule_shipped);
    tcase_add_test(t, test_any_board_zero_never_filled);
    suite_add_tcase(s, t);
    return s;
}
REGISTER_SUITE(machine_fill_suite)
