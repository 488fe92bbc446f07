/* tests/check_trust_event.c - what an event's values may be (dealer/EVENTS.md, "What a value
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
};

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

static Suite *trust_event_suite(void)
{
    Suite *s = suite_create("trust_event");
    TCase *tc = tcase_create("values");

    tcase_add_loop_test(tc, test_public_spellings, 0, ARRAY_LEN(spellings));
    tcase_add_loop_test(tc, test_forms, 0, ARRAY_LEN(forms));
    tcase_add_test(tc, test_set_names);
    tcase_add_test(tc, test_escapes);
    tcase_add_test(tc, test_texts);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(trust_event_suite)
