/* tests/check_help_usage.c - a command's usage lines are built from its option rows (issue 30,
 * item 2): a form (struct cmd_form, config/commands/commands.h) names its words, its operands
 * and the rows it requires or names in brackets by their usage bits, and cmd_print_forms
 * (config/commands/help.c) spells each option from its row (pd_opts_usage, dealer/base/
 * options.c). A row renamed or re-valued changes every usage line that names it, with no other
 * edit; the flags with a letter of a bracketed list make one cluster; a long form wraps at 90
 * columns under its first word, the summaries stand in one column (at most column 46). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/commands/commands.h"
#include "tests/check_suites.h"

struct frob_args {
    const char *key;
    int produce;
    bool verbose, zero, plain, help;
};

enum { FROB_NEW = 1, FROB_OLD = 2 }; /* the usage bits of the forms below */

#define FROB_AT(member) PD_OPT_AT(struct frob_args, member)
/* Not const: the test renames and re-values them. */
static struct pd_opt frob_rows[] = {
    {0, "key", PD_OPT_VALUE, FROB_AT(key), .arg = "FILE", .usage = FROB_NEW, .help = "the key"},
    {'p', NULL, PD_OPT_VALUE, PD_OPT_NUM(struct frob_args, produce, 1, 9), .arg = "N",
     .help = "produce"},
    {'v', NULL, PD_OPT_FLAG, FROB_AT(verbose), .help = "verbose"},
    {'0', NULL, PD_OPT_FLAG, FROB_AT(zero), .help = "no swapping"},
    {0, "plain", PD_OPT_FLAG, FROB_AT(plain), .usage = FROB_OLD, .help = "plain"},
    {'l', NULL, PD_OPT_REFUSED, .help = "-l is not supported"},
    {'h', "help", PD_OPT_STOP, FROB_AT(help)},
    {0},
};
static const struct pd_opt_table frob_table = {"predup frob", frob_rows, NULL};
static const struct cmd_form frob_forms[] = {
    {"new", "NAME", &frob_table, .required = FROB_NEW, .optional = FROB_OLD, .options = true,
     .after = "SET",
     .summary = "make a frob"},
    {"old", .t = &frob_table, .optional = FROB_OLD,
     .summary = "an old frob, with a summary long enough to be wrapped at ninety columns "
                "under its own first word"},
    {.t = &frob_table, .optional = PD_USAGE_EVERY, .after = "[script]"},
    {"wide", .options = true, .after = "A-VERY-LONG-OPERAND ANOTHER-VERY-LONG-OPERAND "
                                       "A-THIRD-LONG-OPERAND A-FOURTH-ONE"},
    {0},
};

/* cmd_print_forms of frob_forms, as text (the caller frees it). */
static char *frob_usage(void)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);

    ck_assert_ptr_nonnull(mem);
    cmd_print_forms(mem, "frob", frob_forms);
    fclose(mem);
    return text;
}

START_TEST(test_usage_from_rows)
{
    char *text = frob_usage();

    ck_assert_str_eq(text,
        "usage: predup frob new NAME --key FILE [--plain] [options] SET  make a frob\n"
        "       predup frob old [--plain]              an old frob, with a summary long enough to\n"
        "                                              be wrapped at ninety columns under its own\n"
        "                                              first word\n"
        "       predup frob [-0v] [--key FILE] [-p N] [--plain] [script]\n"
        "       predup frob wide [options] A-VERY-LONG-OPERAND ANOTHER-VERY-LONG-OPERAND\n"
        "                   A-THIRD-LONG-OPERAND A-FOURTH-ONE\n");
    free(text);
}
END_TEST

/* A refusal quotes a form on one line (cmd_form_text); the subcommand words are the forms'. */
START_TEST(test_form_text_and_words)
{
    char buf[120];
    const char *subs[4];

    ck_assert_str_eq(cmd_form_text("frob", &frob_forms[0], buf, sizeof buf),
                     "frob new NAME --key FILE [--plain] [options] SET");
    ck_assert_str_eq(cmd_form_text(NULL, &frob_forms[1], buf, sizeof buf), "old [--plain]");
    ck_assert_str_eq(cmd_form_text("frob", &frob_forms[0], buf, 12), "frob new NA");
    ck_assert_uint_eq(cmd_form_subs(frob_forms, subs, 4), 3);
    ck_assert_str_eq(subs[2], "wide");
    ck_assert_ptr_eq(cmd_form_named(frob_forms, "old"), &frob_forms[1]);
    ck_assert_ptr_null(cmd_form_named(frob_forms, "ol"));
    ck_assert_ptr_eq(cmd_form_at(frob_forms, 3), &frob_forms[3]);
    ck_assert_ptr_null(cmd_form_at(frob_forms, 4));
    ck_assert_ptr_null(cmd_form_at(frob_forms, 9));
    frob_rows[0].arg = "PATH"; /* the refusal follows the row too */
    ck_assert_str_eq(cmd_form_text("frob", &frob_forms[0], buf, sizeof buf),
                     "frob new NAME --key PATH [--plain] [options] SET");
    frob_rows[0].arg = "FILE";
}
END_TEST

START_TEST(test_row_renamed_changes_usage)
{
    struct pd_opt kept[ARRAY_LEN(frob_rows)];
    char *text;

    memcpy(kept, frob_rows, sizeof kept);

    frob_rows[0].name = "keyfile"; /* renamed and re-valued: every line that names it follows */
    frob_rows[0].arg = "PATH";
    frob_rows[1].arg = "COUNT";
    frob_rows[2].letter = 'w';
    frob_rows[4].name = "simple";
    text = frob_usage();
    ck_assert_str_eq(text,
        "usage: predup frob new NAME --keyfile PATH [--simple] [options] SET  make a frob\n"
        "       predup frob old [--simple]             an old frob, with a summary long enough to\n"
        "                                              be wrapped at ninety columns under its own\n"
        "                                              first word\n"
        "       predup frob [-0w] [--keyfile PATH] [-p COUNT] [--simple] [script]\n"
        "       predup frob wide [options] A-VERY-LONG-OPERAND ANOTHER-VERY-LONG-OPERAND\n"
        "                   A-THIRD-LONG-OPERAND A-FOURTH-ONE\n");
    free(text);
    memcpy(frob_rows, kept, sizeof kept); /* as they were, for a run in one process */
}
END_TEST

static Suite *help_usage_suite(void)
{
    Suite *s = suite_create("help_usage");
    TCase *tc = tcase_create("help_usage");

    tcase_add_test(tc, test_usage_from_rows);
    tcase_add_test(tc, test_form_text_and_words);
    tcase_add_test(tc, test_row_renamed_changes_usage);
    suite_add_tcase(s, tc);
    return s;
}

REGISTER_SUITE(help_usage_suite)
