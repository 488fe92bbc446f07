/* config/commands/cmd_key.c - `predup key new FILE` and `predup key commit FILE`: event keys
 * and their commitments (SHA-256 of the key's canonical text, which is `sha256sum` of the key
 * files predup makes), to publish before the event. Keys are never printed. */
#include <string.h>

#include "config/commands/commands.h"
#include "dealer/deal/deal.h"

const struct cmd_form cmd_key_forms[] = {
    {"new", "FILE", .summary = "create a 256-bit key (mode 0600) and print its commitment"},
    {"commit", "FILE", .summary = "print the commitment again (FILE may be - for stdin)"},
    {0},
};
static const char key_summary[] =
    "  The commitment is SHA-256 of the key as 64 lower-case hex digits and a newline: the\n"
    "  same for any encoding of the key. A key file others can read is refused (chmod 600),\n"
    "  and so is one another user owns or that is not a regular file.\n"
    "  An event commits to more than its key: predup event --help.\n";

/* The options: --help alone (the forms are operands). */
struct key_args {
    bool help;
};
static const struct pd_opt key_rows[] = {
    {'h', "help", PD_OPT_STOP, PD_OPT_AT(struct key_args, help),
     .help = "this help, and nothing done (no key file made)"},
    {0},
};
static const struct pd_opt_table key_table = {"predup key", key_rows, NULL};
const struct pd_opt_table *const cmd_key_options[] = {&key_table, NULL};

/* Options first, through the one option reader: `key new --help` prints the usage and
 * creates nothing (it must never make a key file named "--help"), and an unknown option is a
 * usage error, never a file name. */
enum pd_status cmd_key(int argc, char **argv, struct pd_err *e)
{
    char hex[65];
    struct key_args a = {0};
    int first;
    enum pd_status rc = pd_opts_parse(&key_table, &a, argc, argv, &first, e);

    if (rc != PD_OK)
        return rc;
    if (a.help) {
        cmd_print_usage(stdout, "key", cmd_key_forms, key_summary, &key_table);
        return PD_OK;
    }
    argc -= first - 1;
    argv += first - 1;
    if (argc != 3 || !cmd_form_named(cmd_key_forms, argv[1])) {
        const char *subs[2];
        size_t n = cmd_form_subs(cmd_key_forms, subs, 2);
        char hint[80] = "", form[2][40];

        if (argc > 1)
            pd_did_you_mean(argv[1], subs, n, hint, sizeof hint);
        return pd_fail(e, PD_ERR_USAGE, "expected \"%s\" or \"%s\"%s (predup key --help)",
                       cmd_form_text("key", &cmd_key_forms[0], form[0], sizeof form[0]),
                       cmd_form_text("key", &cmd_key_forms[1], form[1], sizeof form[1]), hint);
    }
    /* commit loads the key first: it must be a key, and private, before it is committed to */
    rc = strcmp(argv[1], "new") == 0 ? key_new_file(argv[2], hex, e)
                                     : key_commitment(argv[2], hex, e);
    if (rc == PD_OK)
        printf("%s  %s\n", hex, argv[2]);
    return rc;
}
