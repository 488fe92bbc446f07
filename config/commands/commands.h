/* config/commands/commands.h - the front-ends' room (config/commands/), as git keeps its commands
 * in one folder: one cmd_COMMAND.c per subcommand, each reading its options and calling one
 * engine; predup.c is their only caller. argv[0] is the subcommand's name; a front-end prints
 * its normal output, and its errors go to e, which predup.c reports.
 *
 * Adding a command (predup frob):
 *   1. cmd_COMMAND.c in this folder (cmd_frob): a struct of its options (the engine's option struct, and
 *      the front-end's own: help ...), its rows (struct pd_opt, dealer/base/base.h: letter,
 *      long name, kind, destination, help line, completion words, and the usage bits of the
 *      forms that name it; a value is checked by the engine's parser, through a setter), its
 *      table, its usage forms (struct cmd_form below: words, operands, the rows each names by
 *      their usage bits, never an option spelled by hand; a summary of prose beside a form
 *      when it has several), and
 *          enum pd_status cmd_frob(int argc, char **argv, struct pd_err *e)
 *      which reads them with pd_opts_parse (never getopt's globals), prints cmd_print_usage
 *      on --help (the forms' lines and every option's line from the rows, its summary written
 *      by hand), refuses a command line that fits no form by cmd_form_text, and calls the
 *      engine;
 *   2. here: its declaration and its tables' (cmd_frob_options, NULL-ended: one per form),
 *      and its forms' (cmd_frob_forms) when they have subcommand words (predup frob new ...);
 *   3. predup.c: a row of subcommands[] (name, function, summary, .opts, and .forms: the
 *      subcommand words of predup --help and of the completion come from the forms);
 *   4. config/predup.1 (a section, its option list a generated region: make man-page),
 *      README.md's command table and HACKING.md's "Which file holds each command"; the bash
 *      completion needs nothing (predup --complete reads the tables);
 *      tests/cli/help_completion.sh checks every option --help lists is offered,
 *      tests/cli/help_man.sh the man page's lists against the rows,
 *      tests/cli/help_usage_from_rows.sh every usage line against the rows' spellings and
 *      each man page section heading (.SS predup frob ...) against the usage lines, one for
 *      one; tests/cli/help_docs_options.sh the options README's command table names.
 * Help text wrapped at print time (part of it from a table): cmd_print_wrapped (help.c). */
#ifndef PREDUP_CONFIG_COMMANDS_H
#define PREDUP_CONFIG_COMMANDS_H

#include "dealer/base/base.h"
#include "machine/machine.h"
#include "pbn/sets/sets.h"

/* ---------------------------------------------------------------- the commands */

enum pd_status cmd_key(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_number(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_dealer(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_deal(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_verify(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_check(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_convert(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_analyze(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_print(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_fill(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_sim(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_machine(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_event(int argc, char **argv, struct pd_err *e);

/* Each command's option tables (its forms' each, NULL-ended), for predup --complete. */
extern const struct pd_opt_table *const cmd_key_options[], *const cmd_number_options[],
    *const cmd_dealer_options[], *const cmd_deal_options[], *const cmd_verify_options[],
    *const cmd_check_options[], *const cmd_convert_options[], *const cmd_analyze_options[],
    *const cmd_print_options[], *const cmd_fill_options[], *const cmd_sim_options[],
    *const cmd_machine_options[], *const cmd_event_options[];

/* ---------------------------------------------------------------- what front-ends share */

/* A usage form, one line of a command's --help ("usage: predup deal --key FILE [options]"):
 * after "predup CMD", sub (its subcommand word: "commit", "new"; predup --complete forms CMD
 * and predup --help list them), words (the operands before the options: "NAME.conf", "SET"),
 * the options it requires (the rows of t whose usage bits meet required, spelled from the
 * row: "--key FILE"), those it names in brackets (optional's:
 * "[-o OUT.pdf]"; PD_USAGE_EVERY: every option the help lists, the flags with a letter in one
 * cluster, dealer's "[-023Vemquv] [-s N]"), "[options]" when options, then after (the
 * operands after the options: "SET", "IN OUT"). summary: one line of prose beside the form
 * (key's, event's), or NULL. The option spellings are the rows' alone (dealer/base/base.h,
 * pd_opts_usage): a row renamed or re-valued changes every usage line with it. A list of forms
 * ends with a form of no sub, no words, no t and no after ({0}). */
struct cmd_form {
    const char *sub, *words;
    const struct pd_opt_table *t;
    unsigned required, optional;
    bool options;
    const char *after, *summary;
};
/* The forms' usage lines: "usage: predup CMD ..." then "       predup CMD ...", each wrapped
 * at 90 columns under its first word; the summaries in one column (two after the longest form
 * that has one, at most column 46: a longer form's follows it after two spaces). */
void cmd_print_forms(FILE *out, const char *cmd, const struct cmd_form *forms);
/* Form f of cmd as a refusal names it, on one line, without "predup" and the summary, into
 * buf: "event commit NAME.conf [--reuse-key]" (a command line that fits none: "expected:
 * ..."; cmd NULL: "commit NAME.conf [--reuse-key]"). Returns buf. */
const char *cmd_form_text(const char *cmd, const struct cmd_form *f, char *buf, size_t len);
/* The k-th of forms, NULL past the last. */
const struct cmd_form *cmd_form_at(const struct cmd_form *forms, size_t k);
/* The form of forms whose subcommand word is word, or NULL. */
const struct cmd_form *cmd_form_named(const struct cmd_form *forms, const char *word);
/* The subcommand words of forms, in order, into subs (at most max; for the did-you-mean of a
 * misspelt one); how many. */
size_t cmd_form_subs(const struct cmd_form *forms, const char **subs, size_t max);
/* The forms predup.c's subcommand table reads (predup --help, predup --complete forms CMD). */
extern const struct cmd_form cmd_key_forms[], cmd_number_forms[], cmd_event_forms[],
    cmd_machine_forms[];
/* A command's --help: its forms (cmd_print_forms), its summary (lines indented by two spaces:
 * what the command does, written by hand), then "options:" and the help lines of t's rows
 * (pd_opts_help), which say what each option does. */
void cmd_print_usage(FILE *out, const char *cmd, const struct cmd_form *forms,
                     const char *summary, const struct pd_opt_table *t);

/* The help line of --drop-conditions, which deal and convert both take. */
extern const char cmd_drop_conditions_help[];

/* text's words on out, on lines of at most width columns, each indented by two spaces (help
 * text built at print time, from a table: the format names, the fault names). */
void cmd_print_wrapped(FILE *out, const char *text, int width);

/* True when option name (or name=VALUE) is among the arguments before any "--": deal and
 * verify take their --squaredeal form so. */
bool cmd_has_option(int argc, char **argv, const char *name);

/* Setters of rows for --dealer N|E|S|W and --vul None|NS|EW|All, which deal and verify both
 * take: the int at row->at, through the deal model's parsers; and for --label, the const char *
 * at row->at, checked by the one rule of a label (pd_label_check) as it is read. */
enum pd_status cmd_opt_seat(void *opts, const struct pd_opt *row, const char *value,
                            struct pd_err *e);
enum pd_status cmd_opt_vul(void *opts, const struct pd_opt *row, const char *value,
                           struct pd_err *e);
enum pd_status cmd_opt_label(void *opts, const struct pd_opt *row, const char *value,
                             struct pd_err *e);

/* The options of deal --squaredeal (-o, --format, --force and --public too) and of verify
 * --squaredeal (cmd_squaredeal.c); cmd_sqd_read_opts reads them into o (*help set on --help,
 * *first the first operand). */
extern const struct pd_opt_table cmd_sqd_deal_table, cmd_sqd_verify_table;
/* The usage bits of their rows: deal --squaredeal's form names --squaredeal and --session,
 * verify --squaredeal's --squaredeal. */
enum { CMD_SQD_USAGE_DEAL = 1, CMD_SQD_USAGE_VERIFY = 2 };
enum pd_status cmd_sqd_read_opts(int argc, char **argv, bool writes, struct sqd_set_opts *o,
                                 bool *help, int *first, struct pd_err *e);

/* fill's and sim's options (cmd_fill.c reads both; cmd_sim.c adds the simulator's rows): the
 * engine's, and the front-end's own (--help, --list, --status, --web). */
struct fill_args {
    struct fill_opts o;
    bool help, list, status;
    const char *web;            /* --web [ADDR:]PORT as given: the front-end starts the page */
    const char *resume_also[4]; /* what the resume hint repeats: --yes, --web PORT */
};
/* sim's: fill's first (fill's rows read them at the same offsets), then the simulator's. */
struct sim_args {
    struct fill_args f;
    struct mach_sim_opts extra;
    bool seed_given; /* --seed: any value, even the largest, replaces the profile's */
};
/* The rows fill and sim share: sim's table chains to them. */
extern const struct pd_opt_table cmd_fill_shared_table;
/* Reads the options of t (fill's or sim's) into a (the fill_args of a sim_args for sim's),
 * and the one SET.pbn (none with --list). */
enum pd_status cmd_fill_parse_opts(const struct pd_opt_table *t, struct fill_args *a, int argc,
                                   char **argv, struct pd_err *e);
/* mach_fill_run (or mach_fill_journal_status), with the operator page of --web up (its port bound) before the
 * fill starts and down when it ends. */
enum pd_status cmd_fill_run_web(struct fill_args *a, struct mach_profile *prof,
                                struct pd_err *e);

#endif
