/* tests/check_engines.c - the engines as library calls, without a front-end: the analyze
 * engine writes the analysis and solves nothing twice; the print engine writes a PDF, or nothing
 * when a font is missing; the fill engine's resume is the explicit field the ceremony sets (a
 * board half filled when a run stopped is refused without it and redone with it). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/config.h"
#include "machine/machine.h"
#include "printing/printing.h"
#include "tests/check_suites.h"

/* One board whose hands are one suit each: trivial to solve and to fill. */
static const char one_board[] =
    "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n"
    "[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n\n";

static void write_text(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "w");

    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

static char *read_text(const char *path, size_t *len)
{
    char *text = NULL;

    ck_assert_int_eq(pd_read_file(path, &text, len, NULL), PD_OK);
    return text;
}

/* dir/name in out, the set written as dir/s.pbn. */
static void set_in_tmpdir(char *dir, size_t n)
{
    char pbn[1200];

    test_tmpdir(dir, n);
    snprintf(pbn, sizeof pbn, "%s/s.pbn", dir);
    write_text(pbn, one_board, strlen(one_board));
}

START_TEST(test_analyze_engine)
{
    char dir[1024], in[1200], out[1200];
    struct pr_analyze_result r;
    struct pd_err e;
    size_t len;
    char *text;

    set_in_tmpdir(dir, sizeof dir);
    snprintf(in, sizeof in, "%s/s.pbn", dir);
    snprintf(out, sizeof out, "%s/a.pbn", dir);
    struct pr_analyze_opts o = {.in = in, .out = out, .threads = 1, .quiet = true};

    ck_assert_int_eq(pr_analyze_file(&o, &r, &e), PD_OK);
    ck_assert(r.written);
    ck_assert_uint_eq(r.boards, 1);
    ck_assert_uint_eq(r.solved, 1);
    ck_assert_uint_eq(r.skipped, 0);
    text = read_text(out, &len);
    ck_assert_ptr_nonnull(strstr(text, "[DoubleDummyTricks "));
    ck_assert_ptr_nonnull(strstr(text, "[ParContract "));
    free(text);
    /* in place (out NULL): the board carries its analysis, nothing is solved again */
    o = (struct pr_analyze_opts){.in = out, .threads = 1, .quiet = true};
    ck_assert_int_eq(pr_analyze_file(&o, &r, &e), PD_OK);
    ck_assert_uint_eq(r.boards, 1);
    ck_assert_uint_eq(r.solved, 0);
}
END_TEST

START_TEST(test_print_engine)
{
    char dir[1024], in[1200], pdf[1200];
    struct pd_err e;
    size_t boards = 0, len;
    char *text;

    set_in_tmpdir(dir, sizeof dir);
    snprintf(in, sizeof in, "%s/s.pbn", dir);
    snprintf(pdf, sizeof pdf, "%s/r.pdf", dir);
    struct pr_print_opts o = {.kind = pr_kind_find("record"), .in = in, .out = pdf, .threads = 1,
                              .quiet = true};

    pr_options_default(&o.o);
    /* a hand record of a set without analysis analyses it first */
    ck_assert_int_eq(pr_print_file(&o, &boards, &e), PD_OK);
    ck_assert_uint_eq(boards, 1);
    text = read_text(pdf, &len);
    ck_assert_int_eq(memcmp(text, "%PDF-", 5), 0);
    free(text);
    /* a missing font: the error names it, and no PDF is left */
    snprintf(pdf, sizeof pdf, "%s/c.pdf", dir);
    o.kind = pr_kind_find("curtain");
    o.o.font_dir = "/nonexistent-fonts";
    ck_assert_int_eq(pr_print_file(&o, &boards, &e), PD_ERR_IO);
    ck_assert_ptr_nonnull(strstr(e.msg, "/nonexistent-fonts"));
    ck_assert_int_ne(access(pdf, F_OK), 0);
}
END_TEST

/* Fills dir/s.pbn on the built-in simulator, resume as given. */
static enum pd_status fill_sim(const char *dir, bool resume, struct pd_err *e)
{
    char pbn[1200];
    struct mach_profile prof;
    struct fill_opts o = {.set_path = pbn, .machine = "sim", .copies = 1, .resume = resume,
                          .yes = true, .quiet = true};

    snprintf(pbn, sizeof pbn, "%s/s.pbn", dir);
    ck_assert_int_eq(cfg_load_profile("sim", &prof, e), PD_OK);
    return mach_fill_run(&o, &prof, e);
}

START_TEST(test_fill_engine_resume_field)
{
    char dir[1024], journal[1200];
    struct pd_err e;
    size_t len, at = 0;
    char *text;

    set_in_tmpdir(dir, sizeof dir);
    snprintf(journal, sizeof journal, "%s/s.pbn.sim-journal", dir);
    ck_assert_int_eq(fill_sim(dir, false, &e), PD_OK);
    /* cut the journal after the header, the begin line and ten placements: a run stopped
     * half-way through board 1 */
    text = read_text(journal, &len);
    for (int lines = 0; lines < 12 && at < len; at++)
        lines += text[at] == '\n';
    ck_assert_ptr_nonnull(strstr(text, "\nbegin 1 "));
    write_text(journal, text, at);
    free(text);
    ck_assert_int_eq(fill_sim(dir, false, &e), PD_ERR_USAGE);
    ck_assert_ptr_nonnull(strstr(e.msg, "board 1 was being filled when the last run stopped"));
    ck_assert_int_eq(fill_sim(dir, true, &e), PD_OK);
    text = read_text(journal, &len);
    ck_assert_ptr_nonnull(strstr(text, "\ngood 1 "));
    free(text);
}
END_TEST

Suite *engines_suite(void);
Suite *engines_suite(void)
{
    Suite *s = suite_create("engines");
    TCase *tc = tcase_create("engines");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_analyze_engine);
    tcase_add_test(tc, test_print_engine);
    tcase_add_test(tc, test_fill_engine_resume_field);
    suite_add_tcase(s, tc);
    return s;
}

REGISTER_SUITE(engines_suite)
