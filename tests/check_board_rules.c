/* tests/check_board_rules.c - the rules of dealer/deal/board.c that deal, verify, SquareDeal and the
 * event file share: which dealer and vulnerability a board gets (board_conditions), the one
 * spelling of vulnerability (vul_from_text, board_opt_vul) and of a dealer (board_opt_seat). */
#include "dealer/deal/deal.h"
#include "tests/check_suites.h"

START_TEST(test_board_rules_law2_alone)
{
    struct board_rule r = BOARD_RULE_LAW2;

    for (int b = 1; b <= 48; b++) {
        struct board_info got = board_conditions(&r, b), law = board_law2(b);

        ck_assert_int_eq(got.number, b);
        ck_assert_int_eq(got.dealer, law.dealer);
        ck_assert_int_eq(got.vul, law.vul);
    }
}
END_TEST

/* An override sets every board's; a script's lines are above it, each on its own. */
START_TEST(test_board_rules_override_and_script)
{
    struct board_rule r = {SEAT_S, VUL_ALL, -1, -1};
    struct board_info b = board_conditions(&r, 2); /* Law 2: E, NS */

    ck_assert_int_eq(b.dealer, SEAT_S);
    ck_assert_int_eq(b.vul, VUL_ALL);
    r.script_vul = VUL_EW;
    b = board_conditions(&r, 2);
    ck_assert_int_eq(b.dealer, SEAT_S);
    ck_assert_int_eq(b.vul, VUL_EW);
    r = (struct board_rule){-1, -1, SEAT_W, -1};
    b = board_conditions(&r, 2);
    ck_assert_int_eq(b.dealer, SEAT_W);
    ck_assert_int_eq(b.vul, VUL_NS);
}
END_TEST

START_TEST(test_board_rules_vul_spellings)
{
    static const char *const refused[] = {"both", "Both", "all", "ALL", "none", "ns", "Ew",
                                          "Love", "-", "", "None ", " NS", "NSEW"};
    struct pd_err e;
    int v;

    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(vul_from_text(VUL_PBN[i]), i);
        ck_assert_int_eq(board_opt_vul("--vul", VUL_PBN[i], &v, &e), PD_OK);
        ck_assert_int_eq(v, i);
    }
    for (size_t i = 0; i < ARRAY_LEN(refused); i++) {
        ck_assert_int_eq(vul_from_text(refused[i]), -1);
        ck_assert_int_eq(board_opt_vul("vul", refused[i], &v, &e), PD_ERR_USAGE);
        ck_assert_int_eq(v, -1);
    }
    board_opt_vul("--vul", "both", &v, &e);
    ck_assert_str_eq(e.msg, "--vul wants None, NS, EW or All, not \"both\"");
}
END_TEST

START_TEST(test_board_rules_seat_spellings)
{
    struct pd_err e;
    int s;

    ck_assert_int_eq(board_opt_seat("--dealer", "W", &s, &e), PD_OK);
    ck_assert_int_eq(s, SEAT_W);
    ck_assert_int_eq(board_opt_seat("dealer", "NE", &s, &e), PD_ERR_USAGE);
    ck_assert_str_eq(e.msg, "dealer wants N, E, S or W, not \"NE\"");
    ck_assert_int_eq(board_opt_seat("dealer", "", &s, &e), PD_ERR_USAGE);
}
END_TEST

/* The limit every command shares: a range up to it parses, one board beyond does not. */
START_TEST(test_board_rules_board_max)
{
    struct board_range r;
    struct pd_err e;

    ck_assert_int_eq(board_range_parse("999999-1000000", BOARD_MAX, &r, &e), PD_OK);
    ck_assert_int_eq(r.n, 2);
    ck_assert_int_eq(r.boards[1], BOARD_MAX);
    board_range_free(&r);
    ck_assert_int_eq(board_range_parse("1000001", BOARD_MAX, &r, &e), PD_ERR_USAGE);
}
END_TEST

Suite *board_rules_suite(void);
Suite *board_rules_suite(void)
{
    Suite *s = suite_create("board_rules");
    TCase *tc = tcase_create("board_rules");

    tcase_add_test(tc, test_board_rules_law2_alone);
    tcase_add_test(tc, test_board_rules_override_and_script);
    tcase_add_test(tc, test_board_rules_vul_spellings);
    tcase_add_test(tc, test_board_rules_seat_spellings);
    tcase_add_test(tc, test_board_rules_board_max);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(board_rules_suite)
