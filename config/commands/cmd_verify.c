/* config/commands/cmd_verify.c - `predup verify`'s front-end: reads its options into a
 * verify_opts and calls one engine (pbn/sets/verify.c): verify_with_key, or verify_with_record
 * for an event record; its --squaredeal form reads them into a sqd_set_opts and calls
 * sqd_verify_sets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config/commands/commands.h"

static const char verify_summary[] =
    "  Re-deals every board and checks SET (PBN or any format predup reads) completely: exit 0\n"
    "  when everything matches, 1 when anything differs, each fault named by file, board and\n"
    "  tag. With --key, the label, board range, dealer, vulnerability and script hash come\n"
    "  from the file's Generator tag when it has one (options override them). With an event\n"
    "  record, the record is checked first, by every rule of dealer/EVENTS.md (digest, public\n"
    "  value, key against the commitment); a record not yet revealed is checked alone and\n"
    "  the steps still to come are named. A further record given is compared with it: two\n"
    "  events, one key is a fault.\n"
    "  A SquareDeal event's sets: predup verify --squaredeal EVENT.sqd --help.\n";

enum { VERIFY_USAGE_KEY = 1 }; /* the usage bit of --key: the first form names it */

struct verify_args {
    struct verify_opts o;
    bool help;
};

#define VERIFY_AT(member) PD_OPT_AT(struct verify_args, member)
static const struct pd_opt verify_rows[] = {
    {0, "key", PD_OPT_VALUE, VERIFY_AT(o.key_path), .arg = "FILE", .words = "*.key",
     .usage = VERIFY_USAGE_KEY,
     .help = "the key the set was dealt with"},
    {0, "label", PD_OPT_VALUE, VERIFY_AT(o.label), .set = cmd_opt_label, .arg = "L",
     .words = "original reserve",
     .help = "the set's label"},
    {0, "script", PD_OPT_VALUE, VERIFY_AT(o.script), .arg = "FILE", .words = "*",
     .help = "the script the set was dealt with; its boards' Dealer and Vulnerable must "
             "follow its dealer and vulnerable lines"},
    {0, "dealing", PD_OPT_VALUE,
     PD_OPT_NUM(struct verify_args, o.dealing, DEALING_V1, DEALING_LATEST), .arg = "1|2",
     .words = "1 2",
     .help = "with --key, the dealing version of a script set: else the one its Generator tag "
             "names (a tag without one: 1; no tag: 2); a record names each set's"},
    {0, "boards", PD_OPT_VALUE, VERIFY_AT(o.boards), .arg = "1-36", .help = "the boards"},
    {0, "set", PD_OPT_VALUE, VERIFY_AT(o.set), .arg = "NAME",
     .help = "the set of the event record that the files hold"},
    {0, "dealer", PD_OPT_VALUE, VERIFY_AT(o.dealer), .set = cmd_opt_seat, .arg = "N|E|S|W",
     .words = "N E S W", .help = "the dealer of every board, instead of Law 2's"},
    {0, "vul", PD_OPT_VALUE, VERIFY_AT(o.vul), .set = cmd_opt_vul, .arg = "None|NS|EW|All",
     .words = "None NS EW All", .help = "the vulnerability of every board, instead of Law 2's"},
    {0, "max-tries", PD_OPT_VALUE, PD_OPT_NUM(struct verify_args, o.max_tries, 1, 1ULL << 40),
     .arg = "N",
     .help = "the tries a board of a script set may take at most (exit 75 when one needs "
             "more); else estimated from the first board"},
    {'h', "help", PD_OPT_STOP, VERIFY_AT(help)},
    {0},
};
static const struct pd_opt_table verify_table = {"predup verify", verify_rows, NULL, 25};
const struct pd_opt_table *const cmd_verify_options[] = {&verify_table, &cmd_sqd_verify_table, NULL};
/* verify --key FILE [options] SET; verify NAME.record [options] [FILE...]; verify --squaredeal
 * EVENT.sqd [options] SET..., the last: its own --help shows it alone. */
static const struct cmd_form verify_forms[] = {
    {.t = &verify_table, .required = VERIFY_USAGE_KEY, .options = true, .after = "SET"},
    {.words = "NAME.record", .options = true, .after = "[FILE...]"},
    {.t = &cmd_sqd_verify_table, .required = CMD_SQD_USAGE_VERIFY, .options = true,
     .after = "SET..."},
    {0},
};

static enum pd_status parse_verify_opts(int argc, char **argv, struct verify_args *a, int *first,
                                        struct pd_err *e)
{
    *a = (struct verify_args){.o = {.dealer = -1, .vul = -1}};
    return pd_opts_parse(&verify_table, a, argc, argv, first, e);
}

/* verify --squaredeal: a SquareDeal event's sessions, as Big Deal dealt them. */
static const char sqd_verify_summary[] =
    "  Checks each SET (PBN or any format predup reads) against the session's deals: every\n"
    "  board there once, the deal, dealer and vulnerability as Big Deal writes them. Without\n"
    "  --session the session comes from SET's file name (SWISS02.pbn: the phase whose file\n"
    "  prefix is SWISS##, session 2; SWISS01-03.pbn: sessions 1 to 3, combined; a name\n"
    "  ending in \"reserve\": the reserve set). Exit 0 when every set matches, 1 naming each\n"
    "  board and what differs.\n";

static enum pd_status verify_squaredeal(int argc, char **argv, struct pd_err *e)
{
    struct sqd_set_opts o;
    bool help;
    int first;
    char form[200];
    enum pd_status rc = cmd_sqd_read_opts(argc, argv, false, &o, &help, &first, e);

    if (rc == PD_OK && help) {
        cmd_print_usage(stdout, "verify", verify_forms + 2, sqd_verify_summary,
                        &cmd_sqd_verify_table);
        return PD_OK;
    }
    if (rc == PD_OK && (!o.sqd || first >= argc))
        rc = pd_fail(e, PD_ERR_USAGE, "expected: %s (predup verify --help)",
                     cmd_form_text("verify", &verify_forms[2], form, sizeof form));
    return rc == PD_OK ? sqd_verify_sets(&o, argc - first, argv + first, e) : rc;
}

/* The record comes first: an event file or a set in its place is told what verify wants. */
static enum pd_status record_first(const char *first, struct pd_err *e)
{
    size_t n = strlen(first);

    if (n > 5 && !strcmp(first + n - 5, ".conf"))
        return pd_fail(e, PD_ERR_USAGE, "%s is an event file: verify wants its record first, "
                       "then the files: predup verify %.*s.record FILE...", first, (int)(n - 5),
                       first);
    if (pbn_format_guess(first))
        return pd_fail(e, PD_ERR_USAGE, "%s is a set: verify wants the event record first "
                       "(predup verify NAME.record %s ...), or the key (predup verify --key "
                       "FILE %s)", first, first, first);
    return PD_OK;
}

/* verify NAME.record DIR/(every file): a folder, or a PDF or image beside the sets, is no set: left
 * out with a note on stderr (the sets still checked). Returns how many files are kept. */
static int keep_sets(int n, char **files)
{
    int kept = 0;

    for (int i = 0; i < n; i++) {
        struct stat st;
        char *text = NULL;
        size_t len = 0;
        const char *what = stat(files[i], &st) == 0 && S_ISDIR(st.st_mode) ? "a folder" : NULL;

        if (!what && pd_read_file(files[i], &text, &len, NULL) == PD_OK)
            what = pd_binary_kind(text, len);
        free(text);
        if (what)
            fprintf(stderr, "predup verify: note: %s is %s, not a set: skipped\n", files[i], what);
        else
            files[kept++] = files[i];
    }
    return kept;
}

enum pd_status cmd_verify(int argc, char **argv, struct pd_err *e)
{
    if (cmd_has_option(argc, argv, "--squaredeal"))
        return verify_squaredeal(argc, argv, e);
    struct verify_args a;
    const struct verify_opts *o = &a.o;
    int first;
    char form[2][200];
    enum pd_status rc = parse_verify_opts(argc, argv, &a, &first, e);

    if (rc != PD_OK || a.help) {
        if (a.help)
            cmd_print_usage(stdout, "verify", verify_forms, verify_summary, &verify_table);
        return rc;
    }
    if (o->key_path) {
        if (first != argc - 1)
            return pd_fail(e, PD_ERR_USAGE, "expected: %s (predup verify --help)",
                           cmd_form_text("verify", &verify_forms[0], form[0], sizeof form[0]));
        return verify_with_key(o, argv[first], e);
    }
    if (first >= argc)
        return pd_fail(e, PD_ERR_USAGE, "expected: %s, or %s (predup verify --help)",
                       cmd_form_text("verify", &verify_forms[0], form[0], sizeof form[0]),
                       cmd_form_text("verify", &verify_forms[1], form[1], sizeof form[1]));
    if (o->dealing)
        return pd_fail(e, PD_ERR_USAGE, "--dealing goes with --key: an event record names the "
                       "dealing version of each set");
    rc = record_first(argv[first], e);
    return rc == PD_OK ? verify_with_record(o, 1 + keep_sets(argc - first - 1, argv + first + 1),
                                            argv + first, e)
                       : rc;
}
