/* tests/check_dealer.c - the deal model: Law 2, deal numbers, deal strings, ranges. */
#include <string.h>

#include "dealer/dealer.h"
#include "tests/check_suites.h"

/* Law 2: the 16-board cycle, its ends and its wrap-around. */
static const struct {
    int board;
    enum seat dealer;
    enum vul vul;
} law2[] = {
    {1, SEAT_N, VUL_NONE},  {2, SEAT_E, VUL_NS},    {3, SEAT_S, VUL_EW},   {4, SEAT_W, VUL_ALL},
    {5, SEAT_N, VUL_NS},    {6, SEAT_E, VUL_EW},    {7, SEAT_S, VUL_ALL},  {8, SEAT_W, VUL_NONE},
    {9, SEAT_N, VUL_EW},    {10, SEAT_E, VUL_ALL},  {11, SEAT_S, VUL_NONE}, {12, SEAT_W, VUL_NS},
    {13, SEAT_N, VUL_ALL},  {14, SEAT_E, VUL_NONE}, {15, SEAT_S, VUL_NS},  {16, SEAT_W, VUL_EW},
    {17, SEAT_N, VUL_NONE}, {36, SEAT_W, VUL_ALL},
};

START_TEST(test_board_law2)
{
    struct board_info b = board_law2(law2[_i].board);

    ck_assert_int_eq(b.dealer, law2[_i].dealer);
    ck_assert_int_eq(b.vul, law2[_i].vul);
}
END_TEST

/* Pavlicek 7Z68: 0 gives N spades, E hearts, S diamonds, W clubs; D-1 the reverse. */
START_TEST(test_number_ends)
{
    struct deal d;
    char pbn[DEAL_PBN_LEN];

    ck_assert_int_eq(deal_from_number(0, &d, NULL), PD_OK);
    deal_to_pbn(&d, SEAT_N, 0xF, pbn);
    ck_assert_str_eq(pbn, "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
                          "...AKQJT98765432");
    ck_assert_int_eq(deal_from_number(DEAL_COUNT - 1, &d, NULL), PD_OK);
    deal_to_pbn(&d, SEAT_N, 0xF, pbn);
    ck_assert_str_eq(pbn, "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. "
                          "AKQJT98765432...");
    ck_assert_int_eq(deal_from_number(DEAL_COUNT, &d, NULL), PD_ERR_RANGE);
}
END_TEST

Suite *dealer_suite(void);
Suite *dealer_suite(void)
{
    Suite *s = suite_create("dealer");
    TCase *tc = tcase_create("model");

    tcase_add_loop_test(tc, test_board_law2, 0, ARRAY_LEN(law2));
    tcase_add_test(tc, test_number_ends);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(dealer_suite)
