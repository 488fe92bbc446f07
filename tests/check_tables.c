/* tests/check_tables.c - issue 22's helpers for lists from their tables: the one
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
    static const char *const kinds[] = {"record", "curtain", "sheet", "handout", "minibridge"};
    char out[64];

    pd_join_words(kinds, 5, ", ", " or ", out, sizeof out);
    ck_assert_str_eq(out, "record, curtain, sheet, handout or minibridge");
    pd_join_words(kinds, 1, ", ", " or ", out, sizeof out);
    ck_assert_str_eq(out, "record");
    pd_join_words(kinds, 0, ", ", " or ", out, sizeof out);
    ck_assert_str_eq(out, "");
    pd_join_words(kinds, 5, ", ", " or ", out, 10);
    ck_assert_str_eq(out, "record, c");
}
END_TEST

/* The accessors against the table itself, so that adding a format (HACKING.md's recipe)
 * changes nothing here: the list is the names in table order, the file list one entry per
 * extension (a blind variant shares its format's), in capitals. */
START_TEST(format_table_accessors)
{
    char out[512], want[512] = "", files[512] = "";
    size_t n = 0;

    while (pbn_format_name(n))
        n++;
    ck_assert_uint_ge(n, 13);
    ck_assert_str_eq(pbn_format_name(0), "pbn");
    ck_assert_str_eq(pbn_format_ext(0), ".pbn");
    ck_assert_str_eq(pbn_format_name(2), "dupblind");
    ck_assert_str_eq(pbn_format_ext(2), ".dup"); /* a blind variant: its format's extension */
    ck_assert_ptr_null(pbn_format_ext(n));
    for (size_t i = 0; i < n; i++) {
        const char *ext = pbn_format_ext(i);

        ck_assert(pbn_format_known(pbn_format_name(i)));
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", i ? " " : "",
                 pbn_format_name(i));
        if (i && !strcmp(ext, pbn_format_ext(i - 1)))
            continue;
        if (files[0])
            strcat(files, ", ");
        for (const char *p = ext + 1; *p; p++)
            snprintf(files + strlen(files), sizeof files - strlen(files), "%c", *p - 32);
    }
    pbn_format_list(out, sizeof out, " ", false);
    ck_assert_str_eq(out, want);
    pbn_format_list(out, sizeof out, ", ", true);
    ck_assert_str_eq(out, files);
    ck_assert(strstr(out, "PBN, DUP, DLM, BRI, ") == out); /* blind variants share a name */
}
END_TEST

static Suite *tables_suite(void)
{
    Suite *s = suite_create("tables");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, did_you_mean_picks_the_closest_within_two_edits);
    tcase_add_test(tc, did_you_mean_ignores_words_too_long_to_compare);
    tcase_add_test(tc, join_words_uses_the_last_separator_once);
    tcase_add_test(tc, format_table_accessors);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(tables_suite)
