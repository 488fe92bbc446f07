/* config/commands/cmd_check.c - `predup check`: departures of PBN files from the export format and
 * impossible deals (pbn_check_mem, pbn/check.c); a file in another format is read, and its
 * first fault reported. */
#include <stdlib.h>
#include <string.h>

#include "config/commands/commands.h"
#include "pbn/pbn.h"

static const struct cmd_form check_forms[] = {{.words = "FILE..."}, {0}};
static const char check_summary[] =
    "  Lists every departure from the PBN 2.1 export format and every impossible deal as\n"
    "  FILE:LINE: what is wrong. Exit 0 when there is none, 1 when there is any. A file in\n"
    "  another format (told by its contents) is read, and its first fault reported.\n";

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

/* check's one option: --help (its operands are files). */
static const struct pd_opt check_rows[] = {
    {'h', "help", PD_OPT_STOP, .at = 0},
    {0},
};
static const struct pd_opt_table check_table = {"predup check", check_rows, NULL};
const struct pd_opt_table *const cmd_check_options[] = {&check_table, NULL};

enum pd_status cmd_check(int argc, char **argv, struct pd_err *e)
{
    size_t total = 0;
    int files = 0, first;
    bool help = false;
    enum pd_status rc0 = pd_opts_parse(&check_table, &help, argc, argv, &first, e);

    if (rc0 != PD_OK)
        return rc0;
    if (help) {
        cmd_print_forms(stdout, "check", check_forms);
        fputs(check_summary, stdout);
        return PD_OK;
    }
    for (int i = first; i < argc; i++) {
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
