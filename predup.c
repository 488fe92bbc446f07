/* predup.c - the entry point: picks the subcommand, runs it, reports its error and turns its
 * status into the exit code. Everything else lives in the modules. */
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>

#include "dealer/cmd/cmd.h"
#include "pbn/cmd/cmd.h"
#include "printing/cmd/cmd.h"
#include "machine/cmd/cmd.h"
#include "config/cmd/cmd.h"
#include "machine/machine.h"
#include "pbn/pbn.h"
#include "printing/printing.h"

struct subcommand {
    const char *name;
    enum pd_status (*run)(int argc, char **argv, struct pd_err *e);
    const char *summary;
};

static const struct subcommand subcommands[] = {
    {"key", cmd_key, "new FILE | commit FILE: make an event key, print its commitment"},
    {"deal", cmd_deal, "deal a set of boards from a key (PBN and machine files)"},
    {"verify", cmd_verify, "re-deal a set from its key or event record and check files"},
    {"event", cmd_event, "commit | public | deal | reveal: the ceremony of an honest event"},
    {"number", cmd_number, "N | --deal \"N:...\": deal numbers both ways (Pavlicek)"},
    {"dealer", cmd_dealer, "run a dealer script (Hans van Staveren's language)"},
    {"check", cmd_check, "list departures from PBN export format and impossible deals"},
    {"convert", cmd_convert, "convert between PBN, DUP, DLM, BRI, DGE, LIN, CSV, BER"},
    {"analyze", cmd_analyze, "double-dummy tables and par for every board (libdds)"},
    {"print", cmd_print, "record | curtain | sheet: hand records and curtain cards (PDF)"},
    {"fill", cmd_fill, "fill the boards of a set on a dealing machine"},
    {"sim", cmd_sim, "run the simulated dealing machine"},
};

/* The topics of `predup help TOPIC` that are not subcommands: a few lines each, then where the
 * whole story is. The man page (predup.1) says the same at more length. */
struct topic {
    const char *name;
    const char *text;
};

static const struct topic topics[] = {
    {"events",
     "An event is an event file (INI, config/events/demo.conf documents every key) and four\n"
     "steps, each adding to the public record NAME.record:\n"
     "  predup event commit NAME.conf           the key NAME.key (secret) and the record\n"
     "  predup event public NAME.conf VALUE     the delayed public value, once known to all\n"
     "  predup event deal NAME.conf [--fill]    every set: files, analysis, PDFs, machine\n"
     "  predup event reveal NAME.conf           after play: the key goes into the record\n"
     "  predup verify NAME.record FILE...       anyone: every board of every file\n"
     "More: predup event --help, dealer/EVENTS.md (the ceremony, the record's bytes, the\n"
     "derivation, a worked example) and dealer/README.md (how a board is dealt).\n"},
    {"formats",
     "predup reads and writes pbn dup dupblind dlm dlmblind bri dge lin csv ber bhg rzd cds.\n"
     "The format of an output follows its extension, or --format (deal) / --to (convert);\n"
     "an input is told by its contents.\n"
     "  predup convert set.pbn set.dup          one format to another\n"
     "  predup deal --key K --format pbn,dup,dlm -o set.pbn   several at once\n"
     "  predup check set.pbn                    departures from PBN 2.1 export format\n"
     "More: predup convert --help and pbn/FORMATS.md (every layout, its limits, its peers).\n"},
    {"language",
     "predup dealer runs Hans van Staveren's dealer language unchanged (conditions, actions,\n"
     "predeal, shapes, tricks() with libdds); predup deal --script keeps, per board, the first\n"
     "deal of the board's keyed stream that satisfies a script's condition.\n"
     "  echo 'condition hcp(north) >= 20' | predup dealer -p 5 -s 1\n"
     "More: predup dealer --help and dealer/LANGUAGE.md (the language, its limits).\n"},
    {"machine",
     "predup fill fills boards on a card-sorting dealing machine over USB (or the built-in\n"
     "simulator, --machine sim), journaling every placement so that --resume continues after\n"
     "any stop; predup sim fills on the simulator with chosen faults and audits every board.\n"
     "Machine profiles: config/machines/sim.conf, config/machines/usb-example.conf.\n"
     "  predup fill set.pbn --machine sim --yes\n"
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
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void usage(FILE *out)
{
    fprintf(out, "usage: predup <command> [options]   (predup <command> --help for more)\n\n");
    for (size_t i = 0; i < COUNT(subcommands); i++)
        fprintf(out, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
    fprintf(out, "\npredup help TOPIC: any command above, or");
    for (size_t i = 0; i < COUNT(topics); i++)
        fprintf(out, " %s", topics[i].name);
    fprintf(out, "\npredup %s - the manual: man predup (man -l config/predup.1 in the sources);\n"
                 "README.md has examples of every command\n",
            PREDUP_VERSION);
}

/* `predup help [TOPIC]`: a subcommand's own --help, a topic's text, or the list. An unknown
 * topic is a usage error that names where the list is. */
static int help(int argc, char **argv)
{
    struct pd_err err = {0};
    char help_opt[] = "--help";

    if (argc < 3 || strcmp(argv[2], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (argc > 3) {
        fprintf(stderr, "predup help: one topic at a time (predup help lists them)\n");
        return pd_exit_code(PD_ERR_USAGE);
    }
    for (size_t i = 0; i < COUNT(subcommands); i++) {
        if (strcmp(argv[2], subcommands[i].name) != 0)
            continue;
        char *args[] = {argv[2], help_opt, NULL};
        enum pd_status rc = subcommands[i].run(2, args, &err);
        return pd_exit_code(rc);
    }
    for (size_t i = 0; i < COUNT(topics); i++) {
        if (strcmp(argv[2], topics[i].name) == 0) {
            fputs(topics[i].text, stdout);
            return 0;
        }
    }
    fprintf(stderr, "predup help: no topic \"%s\" (predup help lists them)\n", argv[2]);
    return pd_exit_code(PD_ERR_USAGE);
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
    if (strcmp(argv[1], "--version") == 0) {
        printf("predup %s\n", PREDUP_VERSION);
        return 0;
    }
    for (size_t i = 0; i < COUNT(subcommands); i++) {
        if (strcmp(argv[1], subcommands[i].name) != 0)
            continue;
        rc = subcommands[i].run(argc - 1, argv + 1, &err);
        if (rc != PD_OK) {
            fprintf(stderr, "predup %s: ", subcommands[i].name);
            pd_err_print(stderr, &err);
        }
        return pd_exit_code(rc);
    }
    fprintf(stderr, "predup: unknown command \"%s\" (predup --help lists them)\n", argv[1]);
    return pd_exit_code(PD_ERR_USAGE);
}
