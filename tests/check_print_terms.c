/* tests/check_print_terms.c - the words printed (printing/terms.c): every built-in
 * language table has every key of English, the six languages of issue 23 are built in, a
 * club's file is read with file:line:col errors, templates fill only what they are given, and
 * the par line and makeable contracts follow the language. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "machine/machine.h"
#include "printing/pr_int.h"
#include "tests/check_suites.h"

START_TEST(test_tables_complete)
{
    static const char *const wanted[] = {"en", "de", "fr", "nl", "pl", "sv"};

    for (size_t i = 0; i < ARRAY_LEN(wanted); i++)
        ck_assert_int_eq(pr_lang_parse(wanted[i], NULL, NULL), PD_OK);
    for (size_t i = 0; i < pr_lang_count(); i++) {
        char missing[2048];
        struct pd_err e = {0};

        ck_assert_msg(pr_terms_check_table(pr_lang_name(i), missing, sizeof missing, &e) == PD_OK,
                      "%s: %s", pr_lang_name(i), e.msg);
        ck_assert_msg(missing[0] == '\0', "table %s lacks: %s", pr_lang_name(i), missing);
    }
}
END_TEST

START_TEST(test_unknown_language)
{
    struct pd_err e = {0};

    ck_assert_int_eq(pr_lang_parse("xx", NULL, &e), PD_ERR_USAGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "unknown language \"xx\""));
    ck_assert_ptr_nonnull(strstr(e.msg, "de, en, fr, nl, pl or sv"));
}
END_TEST

static struct pr_terms *load(const char *lang, const char *file, bool intl)
{
    struct pr_options o;
    struct pr_terms *t = NULL;
    struct pd_err e = {0};

    pr_options_default(&o);
    o.lang = lang;
    o.terms_file = file;
    o.intl_honours = intl;
    ck_assert_msg(pr_terms_load(&o, &t, &e) == PD_OK, "%s", e.msg);
    return t;
}

START_TEST(test_german_words)
{
    struct pr_terms *t = load("de", NULL, false);
    char buf[64], rank[3];

    ck_assert_str_eq(PR_TERMF(t, "dealer", buf, sizeof buf, pr_term_seat_name(t, SEAT_N)),
                     "Teiler: Nord");
    ck_assert_str_eq(PR_TERMF(t, "vul", buf, sizeof buf, pr_term_vul(t, VUL_EW)), "Gefahr: OW");
    ck_assert_str_eq(PR_TERMF(t, "page", buf, sizeof buf, "1", "3"), "Seite 1/3");
    ck_assert_str_eq(PR_TERMF(t, "date", buf, sizeof buf, "2026", "11", "26"), "26.11.2026");
    ck_assert_str_eq(pr_term_seat(t, SEAT_E), "O");
    ck_assert_str_eq(pr_term_rank(t, 12, true, rank), "D");
    ck_assert_str_eq(pr_term_rank(t, 11, true, rank), "B");
    ck_assert_str_eq(pr_term_rank(t, 10, true, rank), "10");
    ck_assert_str_eq(pr_term(t, "nt"), "SA");
    pr_terms_free(t);
    t = load("de", NULL, true); /* --intl-honours */
    ck_assert_str_eq(pr_term_rank(t, 12, true, rank), "Q");
    ck_assert_str_eq(pr_term(t, "nt"), "SA");
    pr_terms_free(t);
    t = load("sv", NULL, false);
    ck_assert(pr_terms_wide_ranks(t)); /* Kn */
    /* One table of honours: the jack printed is the Swedish machine's index letter (knekt). */
    ck_assert_str_eq(pr_term_rank(t, 11, true, rank), "Kn");
    ck_assert_str_eq(pr_term_rank(t, 11, true, rank), MACH_INDEX_HONOURS[MI_SV][3]);
    ck_assert_str_eq(pr_term_rank(t, 14, true, rank), MACH_INDEX_HONOURS[MI_SV][0]);
    ck_assert_str_eq(PR_TERMF(t, "date", buf, sizeof buf, "2026", "11", "26"), "2026-11-26");
    pr_terms_free(t);
}
END_TEST

START_TEST(test_par_in_language)
{
    struct pr_terms *t = load("de", NULL, false);
    struct dd_par par = {0};
    char out[200];

    snprintf(par.contracts, sizeof par.contracts, "EW 3NT");
    par.score_ns = -400;
    pr_par_text_in(t, &par, out, sizeof out);
    ck_assert_str_eq(out, "Par: 3SA= OW -400");
    snprintf(par.contracts, sizeof par.contracts, "Pass");
    par.score_ns = 0;
    pr_par_text_in(t, &par, out, sizeof out);
    ck_assert_str_eq(out, "Par: Passe 0");
    pr_terms_free(t);
    t = load("fr", NULL, false);
    snprintf(par.contracts, sizeof par.contracts, "NS 1S+2,W 4H");
    par.score_ns = 140;
    pr_par_text_in(t, &par, out, sizeof out);
    ck_assert_str_eq(out, "Par : 3\u2660= NS, 4\u2665= O +140");
    pr_terms_free(t);
    pr_par_text(&par, out, sizeof out); /* English stays as it was */
    ck_assert_str_eq(out, "Par: 3\u2660= NS, 4\u2665= W +140");
}
END_TEST

/* Writes text to a file in a fresh folder; returns its path (static). */
static const char *terms_file(const char *text)
{
    static char path[512];
    char dir[400];

    test_tmpdir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/club.ini", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static const struct {
    const char *text;
    int line, col;
    const char *msg;
} bad_files[] = {
    {"# ok\nboard = Tafel {1}\nbord = x\n", 3, 1, "no such term (did you mean \"board\"?)"},
    {"board Tafel\n", 1, 7, "\"=\" expected here"},
    {"= x\n", 1, 1, "has no key"},
    {"board =   \n", 1, 11, "the value is empty"},
    {"board = A {1}\nboard = B {1}\n", 2, 1, "set twice"},
    {"board = Tafel\n", 1, 9, "leaves out {1}"},
    {"seat.N = S\nseat.S = N\n", 1, 10, "seat.N would read as seat.S"},
    {"vul.None = alle\n", 1, 12, "vul.None would read as vul.All"},
    {"name.N = No\x1brd\n", 1, 12, "control character"},
    {"page = Seite {1} von {3}\n", 1, 22, "no such value to fill in"},
    {"rank.J = Valet-de-pique\n", 1, 10, "at most 8 bytes"},
    {"nt = \xff\n", 1, 6, "not UTF-8"},
};

START_TEST(test_club_file_errors)
{
    struct pr_options o;
    struct pr_terms *t = NULL;
    struct pd_err e = {0};
    const char *path = terms_file(bad_files[_i].text);

    pr_options_default(&o);
    o.lang = "de";
    o.terms_file = path;
    ck_assert_int_eq(pr_terms_load(&o, &t, &e), PD_ERR_SYNTAX);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(e.line, bad_files[_i].line);
    ck_assert_int_eq(e.col, bad_files[_i].col);
    ck_assert_msg(strstr(e.msg, bad_files[_i].msg), "%s", e.msg);
}
END_TEST

START_TEST(test_club_file_overrides)
{
    const char *path =
        terms_file("\xEF\xBB\xBF; a Swiss club\r\nboard = Tafel {1}\r\n  rank.J = J\n");
    struct pr_terms *t = load("de", path, false);
    char buf[64], rank[3];

    ck_assert_str_eq(PR_TERMF(t, "board", buf, sizeof buf, "7"), "Tafel 7");
    ck_assert_str_eq(pr_term_rank(t, 11, true, rank), "J");
    ck_assert_str_eq(pr_term(t, "nt"), "SA"); /* the rest is German */
    pr_terms_free(t);
    ck_assert_str_eq(pr_term(NULL, "nt"), "NT");
}
END_TEST

/* A key no table has is a program error: pr_term aborts, and the key is never drawn (the
 * check that every key asked is in every table: tests/cli/print_terms_keys.sh). */
START_TEST(test_missing_key_aborts)
{
    pr_term(NULL, "traveller.title");
}
END_TEST

Suite *print_terms_suite(void);
Suite *print_terms_suite(void)
{
    Suite *s = suite_create("print_terms");
    TCase *tc = tcase_create("terms");

    tcase_add_test(tc, test_tables_complete);
    tcase_add_test(tc, test_unknown_language);
    tcase_add_test(tc, test_german_words);
    tcase_add_test(tc, test_par_in_language);
    tcase_add_loop_test(tc, test_club_file_errors, 0, ARRAY_LEN(bad_files));
    tcase_add_test(tc, test_club_file_overrides);
    if (!getenv("CK_FORK") || strcmp(getenv("CK_FORK"), "no") != 0) /* caught in a child only */
        tcase_add_test_raise_signal(tc, test_missing_key_aborts, SIGABRT);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(print_terms_suite)
