/* tests/check_print_teach.c - the teaching layouts' logic on known values: Minibridge's points,
 * declaring side, declarer (and its tie rule), the guide at every boundary, distribution
 * points and the fit (and its tie rule); PBN suit escapes; the auction, contract, lead and
 * result read from a played board's tags. The pages themselves: tests/cli/print_handout.sh and
 * print_minibridge.sh. */
#include <stdlib.h>
#include <string.h>

#include "printing/teach_int.h"
#include "tests/check_suites.h"

static struct deal deal_of(const char *pbn)
{
    struct deal d;
    unsigned known = 0;
    struct pd_err e = {0};

    ck_assert_msg(deal_from_pbn(pbn, &d, &known, &e) == PD_OK, "%s", e.msg);
    ck_assert_uint_eq(known, 0xF);
    return d;
}

/* The guide: 21-22 7, 23-24 8, 25-26 9, 27-29 10, 30-32 11, 33-36 12, 37-40 13; none at 20. */
START_TEST(test_mini_guide)
{
    static const int want[41 + 1] = {
        [21] = 7, [22] = 7, [23] = 8, [24] = 8, [25] = 9, [26] = 9, [27] = 10, [28] = 10,
        [29] = 10, [30] = 11, [31] = 11, [32] = 11, [33] = 12, [34] = 12, [35] = 12, [36] = 12,
        [37] = 13, [38] = 13, [39] = 13, [40] = 13};

    for (int p = 0; p <= 41; p++)
        ck_assert_msg(pr_mini_guide(p) == want[p], "%d points: %d tricks", p, pr_mini_guide(p));
}
END_TEST

/* tests/data/printing/golden.pbn's board 1: West 19 of East-West's 25 declares; 9 tricks by
 * the guide; East's void gives 3 distribution points, West's doubleton 1; spades 4-4 fit. */
START_TEST(test_mini_golden_board)
{
    struct deal d = deal_of("N:63.AT9.AT7652.J9 T874.Q653..AT873 AJ5.842.J83.6542 "
                            "KQ92.KJ7.KQ94.KQ");
    struct pr_mini m;

    pr_mini_read(&d, SEAT_N, &m);
    ck_assert_int_eq(m.hp[SEAT_N], 9);
    ck_assert_int_eq(m.hp[SEAT_E], 6);
    ck_assert_int_eq(m.hp[SEAT_S], 6);
    ck_assert_int_eq(m.hp[SEAT_W], 19);
    ck_assert_int_eq(m.side_hp[0], 15);
    ck_assert_int_eq(m.side_hp[1], 25);
    ck_assert_int_eq(m.side, 1);
    ck_assert_int_eq(m.declarer, SEAT_W);
    ck_assert_int_eq(m.guide_tricks, 9);
    ck_assert_int_eq(m.dp[SEAT_E], 3);
    ck_assert_int_eq(m.dp[SEAT_W], 1);
    ck_assert_int_eq(m.dp[SEAT_N], 2); /* two doubletons */
    ck_assert_int_eq(m.fit_suit, SUIT_S);
    ck_assert_int_eq(m.fit_len, 8);
}
END_TEST

/* North and South hold 11 each: declarer is the one who speaks first from the dealer. */
static const char TIE[] = "N:AK32.A32.5432.32 T98.QJT9.KQJ.KQ87 QJ54.K54.A76.J54 76.876.T98.AT96";
static const struct {
    enum seat dealer, declarer;
} ties[] = {{SEAT_N, SEAT_N}, {SEAT_E, SEAT_S}, {SEAT_S, SEAT_S}, {SEAT_W, SEAT_N}};

START_TEST(test_mini_declarer_tie)
{
    struct deal d = deal_of(TIE);
    struct pr_mini m;

    pr_mini_read(&d, ties[_i].dealer, &m);
    ck_assert_int_eq(m.side_hp[0], 22);
    ck_assert_int_eq(m.side, 0);
    ck_assert_int_eq(m.declarer, ties[_i].declarer);
    ck_assert_int_eq(m.guide_tricks, 7);
    ck_assert_int_eq(m.fit_suit, SUIT_S); /* 4-4 spades, 4-3 diamonds */
    ck_assert_int_eq(m.fit_len, 8);
}
END_TEST

/* Hearts 4-4 and clubs 4-4: the higher-ranking suit is the fit. */
START_TEST(test_mini_fit_tie)
{
    struct deal d = deal_of("N:AK.A432.432.5432 T98.QJT9.KQJ.KQ8 QJ5.K765.65.AJT9 "
                            "76432.8.AT987.76");
    struct pr_mini m;

    pr_mini_read(&d, SEAT_N, &m);
    ck_assert_int_eq(m.side, 0);
    ck_assert_int_eq(m.fit_suit, SUIT_H);
    ck_assert_int_eq(m.fit_len, 8);
    ck_assert_int_eq(m.dp[SEAT_N], 1);
    ck_assert_int_eq(m.dp[SEAT_S], 1);
    ck_assert_int_eq(m.dp[SEAT_W], 3); /* a singleton and a doubleton */
    ck_assert_int_eq(m.dp[SEAT_E], 0);
}
END_TEST

/* Every hand one suit: 10 points each, 20-20, nobody declares; three voids are 9 points. */
START_TEST(test_mini_twenty_twenty)
{
    struct deal d = deal_of("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
                            "...AKQJT98765432");
    struct pr_mini m;

    pr_mini_read(&d, SEAT_S, &m);
    ck_assert_int_eq(m.side_hp[0], 20);
    ck_assert_int_eq(m.side_hp[1], 20);
    ck_assert_int_eq(m.side, -1);
    ck_assert_int_eq(m.declarer, -1);
    ck_assert_int_eq(m.guide_tricks, 0);
    ck_assert_int_eq(m.fit_suit, -1);
    for (int s = 0; s < 4; s++)
        ck_assert_int_eq(m.dp[s], 9);
}
END_TEST

static const struct {
    const char *in, *out;
} escapes[] = {
    {"Lead \\S3", "Lead \u26603"},
    {"\\H\\D\\C", "\u2665\u2666\u2663"},
    {"\\N and \\\\ and a\\", "\\N and \\\\ and a\\"}, /* not suit escapes: kept */
    {"", ""},
};

START_TEST(test_suit_escapes)
{
    char *out = pr_suit_escapes(escapes[_i].in);

    ck_assert_str_eq(out, escapes[_i].out);
    free(out);
}
END_TEST

static const char PLAYED[] =
    "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
    "[Deal \"N:.AQJ85.986.JT973 A8643.97642.Q.Q8 KT9.K3.K75.AK652 QJ752.T.AJT432.4\"]\n"
    "[Declarer \"E\"]\n[Contract \"5CX\"]\n[Result \"12\"]\n[Auction \"N\"]\n"
    "1NT X XX 4H\nX =1= 4S 4NT! X\n5C AP\n[Play \"S\"]\nST C3 S3 S9\n*\n";

START_TEST(test_play_from_tags)
{
    struct pbn_set *set = NULL;
    struct pd_err e = {0};
    struct pr_play p;
    char line[256];

    ck_assert_msg(pbn_read_mem("t.pbn", PLAYED, strlen(PLAYED), &set, &e) == PD_OK, "%s", e.msg);
    pr_play_from_game(NULL, &set->games[0], true, &p);
    ck_assert_int_eq(p.first, SEAT_N);
    ck_assert_int_eq(p.n, 9);
    ck_assert_str_eq(p.call[0], "1NT");
    ck_assert_str_eq(p.call[3], "4\u2665");
    ck_assert_str_eq(p.call[6], "4NT"); /* the note and the "!" are no calls */
    ck_assert_str_eq(p.call[8], "5\u2663");
    ck_assert(p.all_pass);
    ck_assert_str_eq(p.contract, "5\u2663x");
    ck_assert_int_eq(p.declarer, SEAT_E);
    ck_assert_int_eq(p.result, 12);
    ck_assert_str_eq(p.lead, "\u266010");
    /* heading, then N's column (the second) onward: 1 + 9 calls + all pass = 11 -> 3 rows */
    ck_assert_int_eq(pr_auction_rows(&p), 1 + 3);
    pr_play_line(NULL, &p, line, sizeof line);
    ck_assert_str_eq(line, "Contract: 5\u2663x E   Lead: \u266010   Result: 5\u2663x+1");
    pr_play_from_game(NULL, &set->games[0], false, &p);
    ck_assert_str_eq(p.lead, "\u2660T");
    pbn_set_free(set);
}
END_TEST

/* A dealing program's empty tags, and malformed ones, print nothing. */
START_TEST(test_play_absent)
{
    static const char text[] =
        "[Board \"1\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
        "...AKQJT98765432\"]\n[Declarer \"\"]\n[Contract \"8NT\"]\n[Result \"14\"]\n"
        "[Auction \"Q\"]\n1S\n[Play \"N\"]\nZZ\n";
    struct pbn_set *set = NULL;
    struct pd_err e = {0};
    struct pr_play p;
    char line[64];

    ck_assert_msg(pbn_read_mem("t.pbn", text, strlen(text), &set, &e) == PD_OK, "%s", e.msg);
    pr_play_from_game(NULL, &set->games[0], true, &p);
    ck_assert_int_eq(p.first, -1);
    ck_assert_int_eq(pr_auction_rows(&p), 0);
    ck_assert_str_eq(p.contract, "");
    ck_assert_int_eq(p.result, -1);
    ck_assert_str_eq(p.lead, "");
    pr_play_line(NULL, &p, line, sizeof line);
    ck_assert_str_eq(line, "");
    pbn_set_free(set);
}
END_TEST

Suite *print_teach_suite(void);
Suite *print_teach_suite(void)
{
    Suite *s = suite_create("print_teach");
    TCase *tc = tcase_create("print_teach");

    tcase_add_test(tc, test_mini_guide);
    tcase_add_test(tc, test_mini_golden_board);
    tcase_add_loop_test(tc, test_mini_declarer_tie, 0, ARRAY_LEN(ties));
    tcase_add_test(tc, test_mini_fit_tie);
    tcase_add_test(tc, test_mini_twenty_twenty);
    tcase_add_loop_test(tc, test_suit_escapes, 0, ARRAY_LEN(escapes));
    tcase_add_test(tc, test_play_from_tags);
    tcase_add_test(tc, test_play_absent);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(print_teach_suite)
