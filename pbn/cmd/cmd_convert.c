/* pbn/cmd/cmd_convert.c - `predup convert` (any supported file to one or several others) and
 * `predup check` (departures of PBN files from the export format, impossible deals). */
#include <stdlib.h>
#include <string.h>

#include "pbn/cmd/cmd.h"
#include "pbn/cmd/cmd_int.h"
#include "pbn/pbn.h"

static const char convert_usage[] =
    "usage: predup convert [--from FORMAT] [--to FORMAT[,FORMAT...]] [--boards LIST] [--force]\n"
    "                      [--public] [--drop-conditions] IN OUT\n";
/* Wrapped at print time, for the format names come from the format table (pbn_format_list). */
static const char convert_about_formats[] =
    "Reads IN and writes OUT. Formats come from the extensions unless given:";
static const char convert_about_outputs[] =
    "With several --to formats, OUT's extension is replaced per format (set.pbn -> set.dup, "
    "set.dlm), all or none. --boards 7 or 1-12,25 writes only those boards (in export format). "
    "Outputs are 0600 (they reveal deals; --public: 0666 less the "
    "umask); an existing OUT with other content is kept unless --force. DUP, DLM and the other "
    "machine formats carry no dealer or vulnerability (Law 2's are shown): a set with others "
    "is refused in them unless --drop-conditions, which writes them all the same, for the "
    "cards, and says what they show instead.";

static void print_convert_usage(void)
{
    char formats[160], text[sizeof formats + sizeof convert_about_formats +
                            sizeof convert_about_outputs + 4];

    pbn_format_list(formats, sizeof formats, ", ", false);
    snprintf(text, sizeof text, "%s %s. %s", convert_about_formats, formats,
             convert_about_outputs);
    fputs(convert_usage, stdout);
    pbn_print_wrapped(text);
}

static const char check_usage[] =
    "usage: predup check FILE...\n"
    "  Lists every departure from the PBN 2.1 export format and every impossible deal as\n"
    "  FILE:LINE: what is wrong. Exit 0 when there is none, 1 when there is any. A file in\n"
    "  another format (told by its contents) is read, and its first fault reported.\n";

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

enum pd_status cmd_convert(int argc, char **argv, struct pd_err *e)
{
    const char *from = NULL, *to = NULL, *boards = NULL;
    unsigned flags = 0;
    struct pbn_set *set = NULL;
    struct pd_opts p;
    enum pd_status rc = pd_opts_begin(&p, "f from  t to  b boards",
                                      "h help  F force  P public  C drop-conditions", "h", argc,
                                      argv, e);
    int c;

    while (rc == PD_OK && (c = pd_opts_next(&p)) != -1) {
        if (c == 'f')
            from = optarg;
        else if (c == 't')
            to = optarg;
        else if (c == 'b')
            boards = optarg;
        else if (c == 'F')
            flags |= PD_OUT_FORCE;
        else if (c == 'P')
            flags |= PD_OUT_PUBLIC;
        else if (c == 'C')
            flags |= PBN_OUT_DROP_CONDITIONS;
        else if (c == 'h') {
            print_convert_usage();
            return PD_OK;
        } else
            return pd_opts_refuse(&p, "predup convert", e);
    }
    if (rc != PD_OK)
        return rc;
    if (optind != argc - 2)
        return pd_fail(e, PD_ERR_USAGE, "expected: convert [--from F] [--to F,...] IN OUT");
    if (from && !pbn_format_known(from))
        return pd_fail(e, PD_ERR_USAGE, "--from: unknown format \"%s\"", from);
    rc = pbn_read_any(argv[optind], from, &set, e);
    if (rc == PD_ERR_SYNTAX && !from && !pbn_format_guess(argv[optind]) && !input_is_key(argv[optind]))
        return pd_fail(e, rc, "cannot tell the format of %s: name it (predup convert --from "
                              "FORMAT %s %s)",
                       argv[optind], argv[optind], argv[optind + 1]);
    if (rc == PD_OK && boards)
        rc = pbn_set_keep_boards(set, boards, argv[optind], e);
    if (rc == PD_OK)
        rc = pbn_write_formats_ex(argv[optind + 1], to, flags, set, e);
    const char *format = to ? to : pbn_format_from_path(argv[optind + 1]);
    size_t written = set ? set->n - pbn_format_left_out(format, set) : 0; /* one format */

    if (rc == PD_OK)
        report_each_left_out(set, format);
    if (rc == PD_OK && strcmp(argv[optind + 1], "-") != 0)
        printf("%s: %zu board%s written to %s%s%s%s\n", argv[optind], written,
               written == 1 ? "" : "s", argv[optind + 1], to ? " as " : "", to ? to : "",
               set->latin1 ? " (read as Windows-1252, not UTF-8)" : "");
    pbn_set_free(set);
    return rc;
}

/* Whether print takes every game: a board number and all four hands (pr_board_from_game). */
static bool printable(const struct pbn_set *set)
{
    for (size_t i = 0; i < set->n; i++)
        if (set->games[i].board <= 0 || set->games[i].known != 0xF)
            return false;
    return set->n > 0;
}

/* predup check of one PBN text: its departures, and before them, when predup itself reads the
 * file whole, that it does (a scorer's import: it prints and converts as it is). */
static enum pd_status check_pbn_text(const char *name, const char *text, size_t len, size_t *n,
                                     struct pd_err *e)
{
    char *report = NULL;
    size_t rlen = 0;
    FILE *mem = open_memstream(&report, &rlen);
    struct pbn_set *set = NULL;
    struct pd_err ignored;
    enum pd_status rc = mem ? pbn_check_mem(name, text, len, mem, n, e)
                            : pd_fail(e, PD_ERR_NOMEM, "out of memory");

    if (mem)
        fclose(mem);
    if (rc == PD_OK && *n && pbn_read_mem(name, text, len, &set, &ignored) == PD_OK)
        printf("%s: predup reads its %zu game%s: it %s as it is; the lines below depart from "
               "PBN's export format, which a strict PBN reader asks\n", name, set->n,
               set->n == 1 ? "" : "s", printable(set) ? "prints and converts" : "converts");
    pbn_set_free(set);
    if (rc == PD_OK)
        fwrite(report, 1, rlen, stdout);
    free(report);
    return rc;
}

enum pd_status cmd_check(int argc, char **argv, struct pd_err *e)
{
    size_t total = 0;
    int files = 0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(check_usage, stdout);
            return PD_OK;
        }
        if (argv[i][0] == '-' && argv[i][1])
            return pd_fail(e, PD_ERR_USAGE, "unknown option \"%s\"", argv[i]);
    }
    for (int i = 1; i < argc; i++) {
        char *text = NULL;
        size_t len = 0, n = 0;
        const char *format = pbn_format_guess(argv[i]);
        enum pd_status rc;

        if (format && strcmp(format, "pbn") != 0) { /* another format: does it read? */
            struct pbn_set *set = NULL;

            size_t partial = 0; /* LIN holds deals with unknown hands */

            rc = pbn_read_any(argv[i], NULL, &set, e);
            for (size_t g = 0; rc == PD_OK && g < set->n; g++)
                partial += set->games[g].known != 0xF;
            if (rc == PD_OK && partial)
                printf("%s: a %s file of %zu board%s, %zu with unknown hands (export format is "
                       "PBN's only)\n", argv[i], format, set->n, set->n == 1 ? "" : "s", partial);
            else if (rc == PD_OK)
                printf("%s: a %s file of %zu board%s, every deal complete (export format is "
                       "PBN's only)\n",
                       argv[i], format, set->n, set->n == 1 ? "" : "s");
            pbn_set_free(set);
            if (rc != PD_OK)
                return rc;
            files++;
            continue;
        }
        rc = pd_read_input(argv[i], "a PBN file", &text, &len, e);
        if (rc == PD_OK)
            rc = check_pbn_text(argv[i], text, len, &n, e);
        free(text);
        if (rc != PD_OK)
            return rc;
        if (n == 0)
            printf("%s: follows the PBN export format\n", argv[i]);
        total += n;
        files++;
    }
    if (files == 0)
        return pd_fail(e, PD_ERR_USAGE, "expected: check FILE... (predup check --help)");
    fflush(stdout);
    if (total)
        return pd_fail(e, PD_ERR_MISMATCH, "%zu departure%s from the PBN export format", total,
                       total == 1 ? "" : "s");
    return PD_OK;
}
