/* predup.c - the entry point: picks the subcommand, runs it, reports its error and turns its
 * status into the exit code. Everything else lives in the modules. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>

#include "config/commands/commands.h"
#include "machine/machine.h"
#include "pbn/pbn.h"
#include "printing/printing.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The one table of subcommands: predup --help, predup help, the did-you-mean of a misspelt
 * command and the bash completion (predup --complete) read it. forms: the command's usage
 * forms (struct cmd_form, config/commands/commands.h), whose subcommand words are its
 * sub-forms (predup key new ...). A summary that starts with ":" follows the sub-forms
 * ("record | curtain | sheet: ..."), or the forms whole when whole ("N | --deal "N:..."",
 * spelled from the option rows); form: the sub-forms from a table instead (the i-th, NULL
 * past the last); formats: the summary is followed by the file formats, from the format table;
 * opts: the command's option tables (predup --complete options CMD ...). */
struct subcommand {
    const char *name;
    enum pd_status (*run)(int argc, char **argv, struct pd_err *e);
    const char *summary;
    const struct cmd_form *forms;
    bool whole;
    const char *(*form)(size_t i);
    bool formats;
    const struct pd_opt_table *const *opts; /* its options' tables (its forms' each) */
};

/* The print kinds' names, from their table (printing/kind.c). */
static const char *print_form(size_t i)
{
    const struct pr_kind *k = pr_kind_at(i);

    return k ? pr_kind_name(k) : NULL;
}

/* The k-th sub-form of c, NULL past the last. */
static const char *form_at(const struct subcommand *c, size_t k)
{
    const struct cmd_form *f = c->forms ? cmd_form_at(c->forms, k) : NULL;

    return c->form ? c->form(k) : f ? f->sub : NULL;
}

static const struct subcommand subcommands[] = {
    {"key", cmd_key, ": make an event key, print its commitment", cmd_key_forms, true,
     .opts = cmd_key_options},
    {"deal", cmd_deal, "deal a set of boards from a key (PBN and machine files)",
     .opts = cmd_deal_options},
    {"verify", cmd_verify, "re-deal a set from its key or event record and check files",
     .opts = cmd_verify_options},
    {"event", cmd_event, ": the ceremony of an honest event", cmd_event_forms,
     .opts = cmd_event_options},
    {"number", cmd_number, ": deal numbers both ways (Pavlicek)", cmd_number_forms, true,
     .opts = cmd_number_options},
    {"dealer", cmd_dealer, "run a dealer script (Hans van Staveren's language)",
     .opts = cmd_dealer_options},
    {"check", cmd_check, "list departures from PBN export format and impossible deals",
     .opts = cmd_check_options},
    {"convert", cmd_convert, "convert between", .formats = true,
     .opts = cmd_convert_options},
    {"analyze", cmd_analyze, "double-dummy tables and par for every board (libdds)",
     .opts = cmd_analyze_options},
    {"print", cmd_print, ": hand records and curtain cards (PDF)", .form = print_form,
     .opts = cmd_print_options},
    {"fill", cmd_fill, "fill the boards of a set on a dealing machine",
     .opts = cmd_fill_options},
    {"sim", cmd_sim, "run the simulated dealing machine", .opts = cmd_sim_options},
    {"machine", cmd_machine, ": teach predup a deck from camera images, read cards with it",
     cmd_machine_forms, .opts = cmd_machine_options},
};

/* The topics of `predup help TOPIC` that are not subcommands: a few lines each, then where the
 * whole story is. The man page (predup.1) says the same at more length. formats: the text
 * starts with a line naming every format, from the format table. */
struct topic {
    const char *name;
    const char *text;
    bool formats;
    bool exits; /* the text is followed by the table of exit codes (pd_exit_row) */
};

static const struct topic topics[] = {
    {"events",
     "An event is an event file (INI; config/events/demo.conf documents every key: copy it)\n"
     "and four steps, each adding to the public record NAME.record:\n"
     "  cp config/events/demo.conf club.conf    an event file (public_form = decimal 2)\n"
     "  predup event commit club.conf           the key club.key (secret) and club.record\n"
     "  predup event public club.conf 4512.37   the delayed public value, once known to all\n"
     "  predup event deal club.conf --set reserve   one set (every set without --set): files,\n"
     "                                          analysis, PDFs; --fill: the boards too\n"
     "  predup event reveal club.conf           after play: the key goes into the record\n"
     "  predup verify club.record club/*.pbn    anyone: every board of every file\n"
     "More: predup event --help, dealer/EVENTS.md (the ceremony, the record's bytes, the\n"
     "derivation, a worked example) and dealer/README.md (how a board is dealt).\n"},
    {"formats",
     "The format of an output follows its extension, or --format (deal) / --to (convert);\n"
     "an input is told by its contents.\n"
     "  predup key new event.key                a key to deal from (predup help keys)\n"
     "  predup deal --key event.key --format pbn,dup,dlm -o set.pbn   several at once\n"
     "  predup convert set.pbn set.lin          one format to another\n"
     "  predup check set.pbn                    departures from PBN 2.1 export format\n"
     "More: predup convert --help and pbn/FORMATS.md (every layout, its limits, its peers).\n",
     true},
    {"language",
     "predup dealer runs Hans van Staveren's dealer language unchanged (conditions, actions,\n"
     "predeal, shapes, tricks() with libdds); predup deal --script deals each board from its own\n"
     "keyed streams to satisfy a script (dealing version 2 by default: dealer/README.md).\n"
     "  echo 'condition hcp(north) >= 20' | predup dealer -p 5 -s 1\n"
     "More: predup dealer --help and dealer/LANGUAGE.md (the language, its limits).\n"},
    {"machine",
     "predup fill fills boards on a card-sorting dealing machine over USB (or the built-in\n"
     "simulator, --machine sim), journaling every placement so that --resume continues after\n"
     "any stop; predup sim fills on the simulator with chosen faults and audits every board.\n"
     "Machine profiles: config/machines/sim.conf, config/machines/usb-example.conf.\n"
     "  predup key new event.key                a key (predup help keys)\n"
     "  predup deal --key event.key --boards 1-8 -o set.pbn   a set of 8 boards\n"
     "  predup fill set.pbn --machine sim --yes   fill it on the simulator, no prompts\n"
     "A machine whose cards predup reads from a camera learns the deck first: predup machine\n"
     "calibrate, then predup machine recognize reads frames (predup machine --help).\n"
     "More: predup fill --help, predup sim --help, machine/README.md and machine/PROTOCOL.md.\n"},
    {"keys",
     "A key is 256 secret bits (64 hex digits and a newline, mode 0600) from which every board\n"
     "of a set is dealt; its commitment (SHA-256) is published before play, the key after.\n"
     "  predup key new event.key                make a key, print its commitment\n"
     "  predup key commit event.key             print the commitment again\n"
     "  predup deal --key event.key -o set.pbn  deal a set from it\n"
     "  predup verify --key event.key set.pbn   re-deal and check a set\n"
     "Seeds (predup dealer -s N) can be guessed: they are for practice only.\n"
     "More: predup key --help, dealer/README.md, and predup help events (an event commits to\n"
     "more than its key).\n"},
    {"exit-codes",
     "predup exits with one of these codes, each with one meaning (sysexits(3) from 64 on):\n",
     .exits = true},
};

static void print_summary(FILE *out, const struct subcommand *c)
{
    char list[160], whole[4][80];
    const char *forms[16];
    size_t n = 0;

    fprintf(out, "  %-8s ", c->name);
    for (; c->whole && n < 4 && cmd_form_at(c->forms, n); n++)
        forms[n] = cmd_form_text(NULL, cmd_form_at(c->forms, n), whole[n], sizeof whole[n]);
    while (!c->whole && n < 16 && form_at(c, n))
        forms[n] = form_at(c, n), n++;
    if (c->summary[0] == ':') {
        pd_join_words(forms, n, " | ", " | ", list, sizeof list);
        fputs(list, out);
    }
    fputs(c->summary, out);
    if (c->formats) {
        pbn_format_list(list, sizeof list, ", ", true);
        fprintf(out, " %s", list);
    }
    fputc('\n', out);
}

static void usage(FILE *out)
{
    fprintf(out, "usage: predup <command> [options]   (predup <command> --help for more)\n\n");
    for (size_t i = 0; i < COUNT(subcommands); i++)
        print_summary(out, &subcommands[i]);
    fprintf(out, "\npredup help TOPIC: any command above, or");
    for (size_t i = 0; i < COUNT(topics); i++)
        fprintf(out, " %s", topics[i].name);
    fprintf(out, "\npredup %s - the manual: man predup (man -l config/predup.1 in the sources);\n"
                 "README.md has examples of every command\n",
            PREDUP_VERSION);
}

static void print_topic(const struct topic *t)
{
    char list[160];

    if (t->formats) {
        pbn_format_list(list, sizeof list, " ", false);
        printf("predup reads and writes %s.\n", list);
    }
    fputs(t->text, stdout);
    for (size_t i = 0; t->exits && pd_exit_row(i); i++)
        printf("  %3d  %s\n", pd_exit_row(i)->code, pd_exit_row(i)->meaning);
    if (t->exits)
        printf("More: man predup (EXIT STATUS) and README.md (Exit codes).\n");
}

/* A word of the command line as a message may show it: key-like text never is (pd_fail's
 * rule, for the messages printed here without pd_fail). */
static const char *shown(const char *word)
{
    return pd_has_key_text(word, strlen(word)) ? PD_KEY_TEXT_WITHHELD : word;
}

/* " (did you mean \"deal\"?)" for a misspelt command (and, with topics, a misspelt topic). */
static void suggest(const char *word, bool with_topics, char *out, size_t len)
{
    const char *known[COUNT(subcommands) + COUNT(topics)];
    size_t n = 0;

    for (size_t i = 0; i < COUNT(subcommands); i++)
        known[n++] = subcommands[i].name;
    for (size_t i = 0; with_topics && i < COUNT(topics); i++)
        known[n++] = topics[i].name;
    pd_did_you_mean(word, known, n, out, len);
}

/* `predup help [TOPIC]`: a subcommand's own --help, a topic's text, or the list. An unknown
 * topic is a usage error that names where the list is. */
static int help(int argc, char **argv)
{
    struct pd_err err = {0};
    char help_opt[] = "--help", hint[80];

    if (argc < 3 || strcmp(argv[2], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (argc > 3) {
        fprintf(stderr, "predup help: one topic at a time (predup help lists them)\n");
        return pd_exit_code(PD_ERR_USAGE);
    }
    /* a topic first: "machine" is both, and its topic names predup machine --help */
    for (size_t i = 0; i < COUNT(topics); i++) {
        if (strcmp(argv[2], topics[i].name) == 0) {
            print_topic(&topics[i]);
            return 0;
        }
    }
    for (size_t i = 0; i < COUNT(subcommands); i++) {
        if (strcmp(argv[2], subcommands[i].name) != 0)
            continue;
        char *args[] = {argv[2], help_opt, NULL};
        enum pd_status rc = subcommands[i].run(2, args, &err);
        return pd_exit_code(rc);
    }
    suggest(argv[2], true, hint, sizeof hint);
    fprintf(stderr, "predup help: no topic \"%s\"%s (predup help lists them)\n", shown(argv[2]),
            hint);
    return pd_exit_code(PD_ERR_USAGE);
}

/* The subcommand named name, or NULL. */
static const struct subcommand *subcommand_named(const char *name)
{
    for (size_t i = 0; i < COUNT(subcommands); i++)
        if (strcmp(name, subcommands[i].name) == 0)
            return &subcommands[i];
    return NULL;
}

/* The lists of the machine's and the printing's tables --complete names: faults (sim --fault,
 * --rate), decks (sim --deck: the index sets), per-page (print's counts a page). */
static void complete_table_lists(const char *what)
{
    char list[160];

    for (int i = 0; strcmp(what, "faults") == 0 && i < MF_COUNT; i++)
        puts(MACH_FAULT_NAME[i]);
    for (int i = 0; strcmp(what, "decks") == 0 && i < MI_COUNT; i++)
        puts(MACH_INDEX_NAME[i]);
    if (strcmp(what, "per-page") == 0) {
        pr_per_page_list("\n", "\n", list, sizeof list);
        puts(list);
    }
}

/* `predup --complete WHAT`, for the bash completion (config/predup.bash-completion), one word a
 * line, from the tables: commands, topics, formats, extensions (of the files predup reads, each
 * once, without the dot), languages (of print), machines (the drivers), faults, decks,
 * per-page, forms CMD (the sub-forms of CMD), options CMD (every spelling of its options),
 * value-options CMD (those that take a value), value CMD OPTION (what completes OPTION's
 * value: the words of its row, struct pd_opt in dealer/base/base.h). Not in --help: no one
 * types it. */
static int complete(int argc, char **argv)
{
    const char *what = argc > 2 ? argv[2] : "";
    const struct subcommand *c = argc > 3 ? subcommand_named(argv[3]) : NULL;

    for (size_t i = 0; strcmp(what, "commands") == 0 && i < COUNT(subcommands); i++)
        puts(subcommands[i].name);
    for (size_t i = 0; strcmp(what, "topics") == 0 && i < COUNT(topics); i++)
        puts(topics[i].name);
    for (size_t i = 0; strcmp(what, "formats") == 0 && pbn_format_name(i); i++)
        puts(pbn_format_name(i));
    for (int i = 0; strcmp(what, "machines") == 0 && i < MACH_KINDS; i++)
        if (mach_driver_of(i)) /* the machine drivers' names: --machine NAME */
            puts(mach_driver_of(i)->name);
    for (size_t i = 0; strcmp(what, "languages") == 0 && i < pr_lang_count(); i++)
        puts(pr_lang_name(i)); /* the printed languages: printing/terms/LANG.ini */
    complete_table_lists(what);
    if (strcmp(what, "extensions") == 0) {
        char list[160];

        pbn_format_list(list, sizeof list, "\n", true);
        for (char *p = list; *p; p++)
            *p = (char)tolower((unsigned char)*p);
        puts(list);
    }
    for (size_t k = 0; strcmp(what, "forms") == 0 && c && form_at(c, k); k++)
        puts(form_at(c, k));
    if (c && c->opts)
        pd_opts_complete(stdout, c->opts, what, argc > 4 ? argv[4] : NULL);
    return 0;
}

/* A core dump would hold the event key and the deals: none is ever written, and no other
 * process of the same user may attach to read our memory. Then no interrupted run may leave
 * a temporary output (a partial set) behind. */
static void protect_process(void)
{
    struct rlimit none = {0, 0};

    setrlimit(RLIMIT_CORE, &none);
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    pd_outfile_cleanup_on_signals();
}

int main(int argc, char **argv)
{
    struct pd_err err = {0};
    enum pd_status rc;
    char hint[80];

    protect_process();

    if (argc < 2) {
        usage(stderr);
        return pd_exit_code(PD_ERR_USAGE);
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "help") == 0)
        return help(argc, argv);
    if (strcmp(argv[1], "--complete") == 0)
        return complete(argc, argv);
    if (strcmp(argv[1], "--version") == 0) {
        printf("predup %s\n", PREDUP_VERSION);
        return 0;
    }
    for (size_t i = 0; i < COUNT(subcommands); i++) {
        if (strcmp(argv[1], subcommands[i].name) != 0)
            continue;
        rc = subcommands[i].run(argc - 1, argv + 1, &err);
        if (rc != PD_OK) {
            char who[64];

            snprintf(who, sizeof who, "predup %s", subcommands[i].name);
            pd_err_report(who, &err);
        }
        return pd_exit_code(rc);
    }
    suggest(argv[1], false, hint, sizeof hint);
    fprintf(stderr, "predup: unknown command \"%s\"%s (predup --help lists them)\n", shown(argv[1]),
            hint);
    return pd_exit_code(PD_ERR_USAGE);
}
