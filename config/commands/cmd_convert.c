/* config/commands/cmd_convert.c - `predup convert`: any supported file to one or several others
 * (`predup check` is in cmd_check.c). */
#include <stdlib.h>
#include <string.h>

#include "config/commands/commands.h"
#include "pbn/pbn.h"

/* Wrapped at print time, for the format names come from the format table (pbn_format_list). */
static const char convert_about_formats[] =
    "Reads IN and writes OUT. Formats come from the extensions unless given:";

static const struct pd_opt_table convert_table;
static const struct cmd_form convert_forms[] = {{.options = true, .after = "IN OUT"}, {0}};

/* The forms, the summary with the format names, then the options' help lines. */
static void print_convert_usage(void)
{
    char formats[160], text[sizeof formats + sizeof convert_about_formats + 4];

    pbn_format_list(formats, sizeof formats, ", ", false);
    snprintf(text, sizeof text, "%s %s.", convert_about_formats, formats);
    cmd_print_forms(stdout, "convert", convert_forms);
    cmd_print_wrapped(stdout, text, 90);
    fputs("options:\n", stdout);
    pd_opts_help(stdout, &convert_table);
}

/* Tags a non-PBN format carries (the others it leaves out): every format the deal, LIN also
 * the players, the auction and its notes, the play and the result (pbn/lin_play.c) and the
 * event (vg; not one with a comma or a bar), DLM the event (as its Headline; the first game's). */
static bool format_keeps(const char *format, const char *tag, const char *value)
{
    static const char *const deal_tags[] = {"Board", "Dealer", "Vulnerable", "Deal", "DealId"};
    static const char *const lin_tags[] = {"West",   "North",   "East",    "South",
                                           "Auction", "Note",   "Play",    "Contract",
                                           "Declarer", "Result", "Room"};

    if (strcmp(format, "lin") == 0 && strcmp(tag, "Event") == 0)
        return !strpbrk(value, ",|\r\n");

    for (size_t i = 0; i < sizeof deal_tags / sizeof deal_tags[0]; i++)
        if (strcmp(tag, deal_tags[i]) == 0)
            return true;
    for (size_t i = 0; strcmp(format, "lin") == 0 && i < sizeof lin_tags / sizeof lin_tags[0];
         i++)
        if (strcmp(tag, lin_tags[i]) == 0)
            return true;
    return strncmp(format, "dlm", 3) == 0 && strcmp(tag, "Event") == 0; /* its Headline */
}

static bool has_name(char **names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (names[i] == name || strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* One line on stderr naming what format cannot hold of the set: tags with a value (not "" nor
 * "?"), and { } commentary. Nothing when it loses nothing. */
static void report_left_out(const struct pbn_set *set, const char *format)
{
    enum { SHOWN = 6, KEPT = 16 };
    char *names[SHOWN];
    /* Names the format keeps whatever their value, as the tags give them: a known name is one
     * shared string (pbn/set.c), so a set's 100,000 Deal tags are passed over by one pointer
     * compare each. */
    const char *kept[KEPT];
    size_t nnames = 0, more = 0, commented = 0, nkept = 0;

    for (size_t i = 0; i < set->n; i++) {
        const struct pbn_game *g = &set->games[i];

        if (g->deal_only) /* its tags: kept by every format, or "", "?" and "????.??.??" */
            continue;
        commented += g->ncomments > 0;
        for (size_t t = 0; t < g->ntags; t++) {
            const struct pbn_tag *tag = &g->tags[t];
            size_t k = 0;

            while (k < nkept && kept[k] != tag->name)
                k++;
            const char *v = tag->value;

            if (k < nkept || !v[0] || (v[0] == '?' && !v[1]) ||
                strspn(v, "?.") == strlen(v)) /* "", "?", "????.??.??" */
                continue;
            if (format_keeps(format, tag->name, tag->value)) {
                if (nkept < KEPT && strcmp(tag->name, "Event") != 0) /* Event: by its value */
                    kept[nkept++] = tag->name;
                continue;
            }
            if (has_name(names, nnames, tag->name))
                continue;
            if (nnames < SHOWN)
                names[nnames++] = tag->name;
            else
                more++; /* counts tags beyond the shown names (not distinct names) */
        }
    }
    if (strcmp(format, "lin") == 0)
        commented = 0; /* as nt */
    if (nnames == 0 && commented == 0)
        return;
    fprintf(stderr, "predup convert: %s holds only %s; left out:", format,
            strcmp(format, "lin") == 0 ? "the deals, events, players, auctions, play and commentary"
                                       : "the deals, boards, dealers and vulnerabilities");
    for (size_t i = 0; i < nnames; i++)
        fprintf(stderr, "%s %s", i ? "," : "", names[i]);
    if (more)
        fprintf(stderr, " and other tags");
    if (commented)
        fprintf(stderr, "%s the commentary of %zu game%s", nnames ? "," : "", commented,
                commented == 1 ? "" : "s");
    fputc('\n', stderr);
}

/* report_left_out for each format of a --to list but PBN, which holds everything. */
static void report_each_left_out(const struct pbn_set *set, const char *formats)
{
    char name[32];

    for (const char *p = formats; p && *p;) {
        size_t len = strcspn(p, ",");

        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p);
        if (strcmp(name, "pbn") != 0)
            report_left_out(set, name);
        p += len + (p[len] == ',');
    }
}

/* A key-shaped input keeps its own refusal: the format hint would only invite retrying it. */
static bool input_is_key(const char *path)
{
    char *text = NULL;
    size_t len = 0;
    bool key = pd_read_file(path, &text, &len, NULL) == PD_OK && pd_is_key_file(text, len);

    if (text)
        pd_wipe(text, len);
    free(text);
    return key;
}

struct convert_args {
    const char *from, *to, *boards;
    unsigned flags;
    bool help;
};

/* --from: a format of the format table. */
static enum pd_status set_from(void *opts, const struct pd_opt *row, const char *value,
                               struct pd_err *e)
{
    (void)row;
    ((struct convert_args *)opts)->from = value;
    return pbn_format_known(value) ? PD_OK
                                   : pd_fail(e, PD_ERR_USAGE, "--from: unknown format \"%s\"",
                                             value);
}

#define CONVERT_AT(member) PD_OPT_AT(struct convert_args, member)
#define CONVERT_BITS(bits) PD_OPT_BITS(struct convert_args, flags, bits)
static const struct pd_opt convert_rows[] = {
    {0, "from", PD_OPT_VALUE, .set = set_from, .arg = "FORMAT", .words = "@formats",
     .help = "IN's format, when its contents do not tell it"},
    {0, "to", PD_OPT_VALUE, CONVERT_AT(to), .arg = "FORMAT[,FORMAT...]", .words = "@formats,",
     .help = "the formats to write (else OUT's extension says); with several, OUT's extension "
             "is replaced per format (set.pbn -> set.dup, set.dlm), all or none"},
    {0, "boards", PD_OPT_VALUE, CONVERT_AT(boards), .arg = "LIST",
     .help = "only these boards (7, 1-12,25), in export format; a board IN lacks is an error "
             "naming it and the boards IN holds"},
    {0, "force", PD_OPT_FLAG, CONVERT_BITS(PD_OUT_FORCE),
     .help = "replace an existing OUT with other content"},
    {0, "public", PD_OPT_FLAG, CONVERT_BITS(PD_OUT_PUBLIC),
     .help = "make OUT 0666 less the umask (default 0600: it reveals the deals)"},
    {0, "drop-conditions", PD_OPT_FLAG, CONVERT_BITS(PBN_OUT_DROP_CONDITIONS),
     .help = cmd_drop_conditions_help},
    {'h', "help", PD_OPT_STOP, CONVERT_AT(help)},
    {0},
};
static const struct pd_opt_table convert_table = {"predup convert", convert_rows, NULL, 27};
const struct pd_opt_table *const cmd_convert_options[] = {&convert_table, NULL};

enum pd_status cmd_convert(int argc, char **argv, struct pd_err *e)
{
    struct convert_args a = {0};
    const char *from, *to;
    struct pbn_set *set = NULL;
    int first;
    enum pd_status rc = pd_opts_parse(&convert_table, &a, argc, argv, &first, e);

    if (rc != PD_OK)
        return rc;
    if (a.help) {
        print_convert_usage();
        return PD_OK;
    }
    from = a.from, to = a.to;
    if (first != argc - 2) {
        char form[100];

        return pd_fail(e, PD_ERR_USAGE, "expected: %s (predup convert --help)",
                       cmd_form_text("convert", &convert_forms[0], form, sizeof form));
    }
    /* Lean: a set of 100,000 BER boards is not 22 times its file in memory. */
    rc = pbn_read_any_ex(argv[first], from, PBN_READ_LEAN, &set, e);
    if (rc == PD_ERR_SYNTAX && !from && !pbn_format_guess(argv[first]) && !input_is_key(argv[first]))
        return pd_fail(e, rc, "cannot tell the format of %s: name it (predup convert --from "
                              "FORMAT %s %s)",
                       argv[first], argv[first], argv[first + 1]);
    if (rc == PD_OK && a.boards)
        rc = pbn_set_keep_boards(set, a.boards, argv[first], e);
    if (rc == PD_OK)
        rc = pbn_set_tags_for(set, argv[first + 1], to, e);
    if (rc == PD_OK)
        rc = pbn_write_formats_ex(argv[first + 1], to, a.flags, set, e);
    const char *format = to ? to : pbn_format_from_path(argv[first + 1]);
    size_t written = set ? set->n - pbn_format_left_out(format, set) : 0; /* one format */

    if (rc == PD_OK)
        report_each_left_out(set, format);
    if (rc == PD_OK && strcmp(argv[first + 1], "-") != 0)
        printf("%s: %zu board%s written to %s%s%s%s\n", argv[first], written,
               written == 1 ? "" : "s", argv[first + 1], to ? " as " : "", to ? to : "",
               set->latin1 ? " (read as Windows-1252, not UTF-8)" : "");
    pbn_set_free(set);
    return rc;
}
