/* config/commands/help.c - the front-ends' help: one shape for every command's --help (its
 * forms, its summary, then the help lines of its option rows), and the one help-wrapping
 * helper for text built at print time because part of it comes from a table (the format
 * names, the fault names). */
#include <stdio.h>
#include <string.h>

#include "config/commands/commands.h"

void cmd_print_wrapped(FILE *out, const char *text, int width)
{
    int col = 0;

    for (const char *w = text + strspn(text, " "); *w; w += strspn(w, " ")) {
        int len = (int)strcspn(w, " ");

        if (col > 0 && col + 1 + len > width) {
            fputc('\n', out);
            col = 0;
        }
        col += fprintf(out, col == 0 ? "  %.*s" : " %.*s", len, w);
        w += len;
    }
    if (col > 0)
        fputc('\n', out);
}

const char cmd_drop_conditions_help[] =
    "write DUP, DLM and the other formats that carry no dealer or vulnerability (they show "
    "Law 2's) for a set whose dealer or vulnerability differ, for the cards, saying what they "
    "show instead; without it such a set is refused in them";

void cmd_print_usage(FILE *out, const char *forms, const char *summary,
                     const struct pd_opt_table *t)
{
    fputs(forms, out);
    fputs(summary, out);
    fputs("options:\n", out);
    pd_opts_help(out, t);
}
