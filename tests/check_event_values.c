/* tests/check_event_values.c - what an event's values may be (dealer/EVENTS.md, "What a value
 * may be"): each public form takes many spellings of one value to one canonical text and
 * refuses the rest; the record's \u{XXXX} escapes go there and back, and refuse what is not one. */
#include <string.h>

#include "dealer/event/event.h"
#include "tests/check_suites.h"

static const struct {
    const char *form, *given, *canon; /* canon NULL: refused */
} spellings[] = {
    {"numbers 6 of 49", "7 13 21 34 40 45", "7 13 21 34 40 45"},
    {"numbers 6 of 49", "45,40,34,21,13,7", "7 13 21 34 40 45"},
    {"numbers 6 of 49", " 07 ,13,, 21 34 40 45 ", "7 13 21 34 40 45"},
    {"numbers 6 of 49", "7 13 21 34 40 45.", NULL},
    {"numbers 6 of 49", "7\xc2\xa0" "13 21 34 40 45", NULL},
    {"numbers 6 of 49", "7 13 21 34 40 45\xe2\x80\x8b", NULL},
    {"numbers 6 of 49", "7 13 21 34 40 45 46", NULL},
    {"numbers 6 of 49", "7 13 21 34 40 99999999999999999999", NULL},
    {"numbers 1 of 1", "1", "1"},
    {"integer", "0042", "42"},
    {"integer", "000", "0"},
    {"integer", "", NULL},
    {"integer", "?", NULL},
    {"integer", "-1", NULL},
    {"decimal 2", "4512.3", "4512.30"},
    {"decimal 2", "0.05", "0.05"},
    {"decimal 2", "00.5", "0.50"},
    {"decimal 2", "4512", "4512.00"},
    {"decimal 2", ".5", NULL},
    {"decimal 2", "4512.", NULL},
    {"decimal 2", "4512.305", NULL},
    {"decimal 2", "4,512.30", NULL},
    {"decimal 2", "4512.3.0", NULL},
    {"decimal 6", "1.123456", "1.123456"},
};

START_TEST(test_public_spellings)
{
    char out[PD_LABEL_MAX + 1], again[PD_LABEL_MAX + 1];
    struct pd_err e = {0};
    enum pd_status rc = ev_public_canon(spellings[_i].form, spellings[_i].given, out,
                                        sizeof out, &e);

    if (spellings[_i].canon) {
        ck_assert_msg(rc == PD_OK, "case %d: %s", _i, e.msg);
        ck_assert_str_eq(out, spellings[_i].canon);
        /* the canonical text is a fixed point: a later step accepts it as it is */
        ck_assert_int_eq(ev_public_canon(spellings[_i].form, out, again, sizeof again, NULL),
                         PD_OK);
        ck_assert_str_eq(again, out);
    } else {
        ck_assert_msg(rc == PD_ERR_USAGE, "case %d accepted as \"%s\"", _i, out);
    }
}
END_TEST

static const struct {
    const char *form;
    bool good;
} forms[] = {
    {"numbers 6 of 49", true}, {"numbers 40 of 9999", true}, {"integer", true},
    {"decimal 1", true},       {"decimal 6", true},          {"numbers 06 of 49", false},
    {"numbers 6 of 5", false}, {"numbers 41 of 9999", false}, {"numbers 6 of 49 ", false},
    {"Integer", false},        {"decimal 7", false},         {"decimal 0", false},
    {"decimal", false},        {"", false},                  {"text", false},
    /* at least 1,000,000 values: C(71,4) = 971635 is too few, C(72,4) = 1028790 enough */
    {"numbers 4 of 71", false}, {"numbers 4 of 72", true},   {"numbers 1 of 1", false},
    {"numbers 6 of 6", false},  {"numbers 3 of 20", false},  {"numbers 1 of 9999", false},
};

/* How many values a form allows, as verify prints it: C(N,K) exactly, saturated above 10^12. */
START_TEST(test_form_values)
{
    static const char *const cases[][2] = {
        {"numbers 6 of 49", "13983816"}, {"numbers 4 of 72", "1028790"},
        {"numbers 40 of 9999", "more than 1000000000000"}, {"integer", "10^30"},
        {"decimal 2", "10^32"}, {"numbers 1 of 1", "1"}};
    char out[48];

    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        ev_form_values(cases[i][0], out, sizeof out);
        ck_assert_str_eq(out, cases[i][1]);
    }
}
END_TEST

/* Set names of one record: never twice, never alike under the house table (rn/m, cl/d, vv/w,
 * 0/o, 1/l), whatever ICU says of them. */
START_TEST(test_set_names_apart)
{
    static const char *const pairs[][3] = {
        {"dog", "clog", "look alike"}, {"wet", "vvet", "look alike"}, {"so1", "s0l", "look alike"},
        {"mod", "rnod", "look alike"}, {"original", "original", "two sets are called"},
        {"original", "reserve", NULL}, {"set-a", "set-b", NULL}, {"cl1", "dl", "look alike"}};
    struct ev_params p = {.name = "Club pairs", .nsets = 2};
    struct pd_err e = {0};

    for (size_t i = 0; i < ARRAY_LEN(pairs); i++) {
        snprintf(p.sets[0].name, sizeof p.sets[0].name, "%s", pairs[i][0]);
        snprintf(p.sets[1].name, sizeof p.sets[1].name, "%s", pairs[i][1]);
        enum pd_status rc = ev_texts_distinct(&p, &e);

        ck_assert_msg((rc == PD_OK) == !pairs[i][2], "%s/%s", pairs[i][0], pairs[i][1]);
        ck_assert_msg(!pairs[i][2] || strstr(e.msg, pairs[i][2]), "%s", e.msg);
    }
}
END_TEST

START_TEST(test_forms)
{
    ck_assert_int_eq(ev_form_check(forms[_i].form, NULL) == PD_OK, forms[_i].good);
}
END_TEST

START_TEST(test_set_names)
{
    static const char *const good[] = {"original", "reserve-2", "a", "s_1",
                                       "abcdefghijklmnopqrstuvwxyz012345"};
    static const char *const bad[] = {"", "Original", "x.dd", "1st", "-a", "a b", "?", "a/b",
                                      "\xd0\xberiginal", "origi\xe2\x80\x8dnal",
                                      "abcdefghijklmnopqrstuvwxyz0123456"};

    for (size_t i = 0; i < ARRAY_LEN(good); i++)
        ck_assert_msg(ev_set_name_check(good[i], NULL) == PD_OK, "%s", good[i]);
    for (size_t i = 0; i < ARRAY_LEN(bad); i++)
        ck_assert_msg(ev_set_name_check(bad[i], NULL) != PD_OK, "%s", bad[i]);
}
END_TEST

START_TEST(test_escapes)
{
    static const char *const texts[] = {"Caf\xc3\xa9", "a\\b", "\\u{0041}", "\xf0\x9f\x82\xa1",
                                        "plain"};
    static const char *const written[] = {"Caf\\u{00E9}", "a\\u{005C}b", "\\u{005C}u{0041}",
                                          "\\u{1F0A1}", "plain"};
    char out[EV_ESCAPED_MAX];

    for (size_t i = 0; i < ARRAY_LEN(texts); i++) {
        ev_text_escape(texts[i], out, sizeof out);
        ck_assert_str_eq(out, written[i]);
        ck_assert(ev_text_unescape(out));
        ck_assert_str_eq(out, texts[i]);
    }
    static const char *const malformed[] = {"\\", "\\u", "\\u{}", "\\u{D800}", "\\u{110000}",
                                            "\\u{0}", "\\u{1234567}", "\\x", "\\u{12"};

    for (size_t i = 0; i < ARRAY_LEN(malformed); i++) {
        snprintf(out, sizeof out, "%s", malformed[i]);
        ck_assert_msg(!ev_text_unescape(out), "%s", malformed[i]);
    }
}
END_TEST

START_TEST(test_texts)
{
    struct pd_err e = {0};

    ck_assert_int_eq(ev_text_check("name", "Caf\xc3\xa9 pairs", NULL), PD_OK);
    ck_assert_int_eq(ev_text_check("name", "Cafe\xcc\x81 pairs", &e), PD_ERR_USAGE); /* NFD */
    ck_assert_int_eq(ev_text_check("name", "a\xe2\x80\xae" "b", &e), PD_ERR_USAGE);  /* RLO */
    ck_assert(strstr(e.msg, "U+202E RIGHT-TO-LEFT OVERRIDE"));
    ck_assert_int_eq(ev_text_check("name", "\xd0\xberiginal", &e), PD_ERR_USAGE);
    ck_assert(strstr(e.msg, "mixes scripts"));
}
END_TEST

static Suite *event_values_suite(void)
{
    Suite *s = suite_create("event_values");
    TCase *tc = tcase_create("values");

    tcase_add_loop_test(tc, test_public_spellings, 0, ARRAY_LEN(spellings));
    tcase_add_loop_test(tc, test_forms, 0, ARRAY_LEN(forms));
    tcase_add_test(tc, test_set_names);
    tcase_add_test(tc, test_form_values);
    tcase_add_test(tc, test_set_names_apart);
    tcase_add_test(tc, test_escapes);
    tcase_add_test(tc, test_texts);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(event_values_suite)
