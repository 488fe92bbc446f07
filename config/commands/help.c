/* config/commands/help.c - the one help-wrapping helper of the front-ends: help text built at
 * print time, because part of it comes from a table (the format names, the fault names). */
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
