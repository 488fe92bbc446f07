/* tests/check_house_tables.c - issue 22's helpers for lists from their tables: the one
 * did-you-mean (pd_did_you_mean), joining a table's words (pd_join_words), the format table's
 * accessors (pbn_format_name, pbn_format_ext, pbn_format_list) and the print kinds' table. */
#include <string.h>

#include "pbn/pbn.h"
#include "printing/printing.h"
#include "tests/check_suites.h"

static const char *const commands[] = {"key", "deal", "verify", "dealer", "print"};

START_TEST(did_you_mean_picks_the_closest_within_two_edits)
{
    char out[64];

    pd_did_you_mean("dael", commands, ARRAY_LEN(commands), out, sizeof out);
    ck_assert_str_eq(out, " (did you mean \"deal\"?)");
    pd_did_you_mean("dealeer", commands, ARRAY_LEN(commands), out, sizeof out);
    ck_assert_str_eq(out, " (did you mean \"dealer\"?)");
    pd_did_you_mean("verfiy", commands, ARRAY_LEN(commands), out, sizeof out);
    ck_assert_str_eq(out, " (did you mean \"verify\"?)");
    /* three edits away: no guess */
    pd_did_you_mean("zzzzz", commands, ARRAY_LEN(commands), out, sizeof out);
    ck_assert_str_eq(out, "");
    pd_did_you_mean("", commands, ARRAY_LEN(commands), out, sizeof out);
    ck_assert_str_eq(out, "");
}
END_TEST

START_TEST(did_you_mean_ignores_words_too_long_to_compare)
{
    char word[100], out[64];

    memset(word, 'k', sizeof word - 1);
    word[sizeof word - 1] = '\0';
    pd_did_you_mean(word, commands, ARRAY_LEN(commands), out, sizeof out);
    ck_assert_str_eq(out, "");
}
END_TEST

START_TEST(join_words_uses_the_last_separator_once)
{
    char out[64];

    pd_join_words(pr_kind_names, PR_KINDS, ", ", " or ", out, sizeof out);
    ck_assert_str_eq(out, "record, curtain or sheet");
    pd_join_words(pr_kind_names, 1, ", ", " or ", out, sizeof out);
    ck_assert_str_eq(out, "record");
    pd_join_words(pr_kind_names, 0, ", ", " or ", out, sizeof out);
    ck_assert_str_eq(out, "");
    pd_join_words(pr_kind_names, PR_KINDS, ", ", " or ", out, 10);
    ck_assert_str_eq(out, "record, c");
}
END_TEST

START_TEST(format_table_accessors)
{
    char out[160];
    size_t n = 0;

    while (pbn_format_name(n))
        n++;
    ck_assert_uint_eq(n, 13);
    ck_assert_str_eq(pbn_format_name(0), "pbn");
    ck_assert_str_eq(pbn_format_name(12), "cds");
    ck_assert_str_eq(pbn_format_ext(2), ".dup"); /* dupblind */
    ck_assert_ptr_null(pbn_format_ext(n));
    pbn_format_list(out, sizeof out, " ", false);
    ck_assert_str_eq(out, "pbn dup dupblind dlm dlmblind bri dge lin csv ber bhg rzd cds");
    pbn_format_list(out, sizeof out, ", ", true);
    ck_assert_str_eq(out, "PBN, DUP, DLM, BRI, DGE, LIN, CSV, BER, BHG, RZD, CDS");
    for (size_t i = 0; i < n; i++)
        ck_assert(pbn_format_known(pbn_format_name(i)));
}
END_TEST

static Suite *house_tables_suite(void)
{
    Suite *s = suite_create("house_tables");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, did_you_mean_picks_the_closest_within_two_edits);
    tcase_add_test(tc, did_you_mean_ignores_words_too_long_to_compare);
    tcase_add_test(tc, join_words_uses_the_last_separator_once);
    tcase_add_test(tc, format_table_accessors);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(house_tables_suite)
