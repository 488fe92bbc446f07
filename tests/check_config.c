/* tests/check_config.c - machine profiles: the shipped files load with the values they
 * document, and every kind of fault is reported with its file, line and a sentence. */
#include <string.h>

#include "config/config.h"
#include "tests/check_suites.h"

START_TEST(test_shipped_profiles_load)
{
    struct mach_profile p;
    struct pd_err e = {0};

    mach_profile_default(&p);
    ck_assert_msg(cfg_load_machine("config/machines/sim.conf", &p, &e) == PD_OK, "%s", e.msg);
    ck_assert_int_eq(p.kind, MACH_SIM);
    ck_assert_uint_eq(p.sim.methods, MACH_OCR | MACH_BARCODE);
    ck_assert_int_eq(p.sim.card_ms, 2);
    ck_assert_uint_eq(p.sim.rate_ppm[MF_JAM], 200);
    ck_assert_uint_eq(p.sim.rate_ppm[MF_DOUBLE_FEED], 200);
    ck_assert_str_eq(p.name, "predup simulator");
    mach_profile_default(&p);
    ck_assert_msg(cfg_load_machine("config/machines/usb-example.conf", &p, &e) == PD_OK, "%s",
                  e.msg);
    ck_assert_int_eq(p.kind, MACH_USB);
    ck_assert_uint_eq(p.vid, 0x1209);
    ck_assert_uint_eq(p.pid, 0x0dea);
    ck_assert_uint_eq(p.ep_out, 0x01);
    ck_assert_uint_eq(p.ep_in, 0x81);
    ck_assert_int_eq(p.timeout_ms, 2000);
    ck_assert_int_eq(p.pocket[0], SEAT_N);
    ck_assert_int_eq(p.pocket[3], SEAT_W);
}
END_TEST

START_TEST(test_profile_faults_and_pockets)
{
    struct mach_profile p;
    char path[512];
    struct pd_err e = {0};

    mach_profile_default(&p);
    snprintf(path, sizeof path, "%s/machine/fast.conf", test_data_dir());
    ck_assert_int_eq(cfg_load_machine(path, &p, &e), PD_OK);
    ck_assert_int_eq(p.sim.card_ms, 0);
    ck_assert_uint_eq(p.sim.seed, 5);
    ck_assert_uint_eq(p.sim.ocr_unreadable_ppm, 5000); /* defaults stay */
}
END_TEST

/* Each bad file: the line of the first fault and the words of its message. */
static const struct {
    const char *file;
    int line;
    const char *msg;
} bad[] = {
    {"unknown-key.conf", 5, "unknown key \"colour\""},
    {"bad-pid.conf", 3, "pid: \"0x10000\" is not a number from 0 to 65535"},
    {"bad-pockets.conf", 2, "pockets: \"N E S S\" is not the four seats"},
    {"bad-fault.conf", 4, "the card is 1..52"},
    {"bad-section.conf", 2, "unknown section [machines]"},
    {"bad-syntax.conf", 2, "not an INI line"},
};

START_TEST(test_profile_errors_name_line)
{
    struct mach_profile p;
    char path[512];
    struct pd_err e = {0};

    mach_profile_default(&p);
    snprintf(path, sizeof path, "%s/machine/%s", test_data_dir(), bad[_i].file);
    ck_assert_int_eq(cfg_load_machine(path, &p, &e), PD_ERR_SYNTAX);
    ck_assert_int_eq(e.line, bad[_i].line);
    ck_assert_str_eq(e.file, path);
    ck_assert_msg(strstr(e.msg, bad[_i].msg) != NULL, "%s: got \"%s\"", bad[_i].file, e.msg);
}
END_TEST

START_TEST(test_profile_missing_file)
{
    struct mach_profile p;
    struct pd_err e = {0};

    mach_profile_default(&p);
    ck_assert_int_eq(cfg_load_machine("/nonexistent/x.conf", &p, &e), PD_ERR_IO);
    ck_assert_ptr_nonnull(strstr(e.msg, "cannot open"));
}
END_TEST

Suite *config_suite(void);
Suite *config_suite(void)
{
    Suite *s = suite_create("config");
    TCase *tc = tcase_create("machine");

    tcase_add_test(tc, test_shipped_profiles_load);
    tcase_add_test(tc, test_profile_faults_and_pockets);
    tcase_add_loop_test(tc, test_profile_errors_name_line, 0, ARRAY_LEN(bad));
    tcase_add_test(tc, test_profile_missing_file);
    suite_add_tcase(s, tc);
    return s;
}
REGISTER_SUITE(config_suite)
