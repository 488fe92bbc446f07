/* predup.c - the entry point: picks the subcommand, runs it, reports its error and turns its
 * status into the exit code. Everything else lives in the modules. */
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>

#include "config/config.h"
#include "dealer/dealer.h"
#include "machine/machine.h"
#include "pbn/pbn.h"
#include "printing/printing.h"

struct subcommand {
    const char *name;
    enum pd_status (*run)(int argc, char **argv, struct pd_err *e);
    const char *summary;
};

/* fill and sim read machine profiles with config/; machine/ itself never includes it. */
static enum pd_status run_fill(int argc, char **argv, struct pd_err *e)
{
    return mach_cmd_fill(argc, argv, cfg_load_machine, e);
}

static enum pd_status run_sim(int argc, char **argv, struct pd_err *e)
{
    return mach_cmd_sim(argc, argv, cfg_load_machine, e);
}

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
    {"fill", run_fill, "fill the boards of a set on a dealing machine"},
    {"sim", run_sim, "run the simulated dealing machine"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: predup <command> [options]   (predup <command> --help for more)\n\n");
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        fprintf(out, "  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
    fprintf(out, "\npredup %s - README.md has examples of every command\n", PREDUP_VERSION);
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
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("predup %s\n", PREDUP_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++) {
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
