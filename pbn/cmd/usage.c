/* pbn/cmd/usage.c - help text the front-ends of pbn/cmd/ build at print time, because part of
 * it comes from a table (the format names: pbn_format_list). */
#include <stdio.h>
#include <string.h>

#include "pbn/cmd/cmd_int.h"

/* text's words on lines of at most 90 columns, each indented by two spaces. */
void pbn_print_wrapped(const char *text)
{
    int col = 0;

    for (const char *w = text + strspn(text, " "); *w; w += strspn(w, " ")) {
        int len = (int)strcspn(w, " ");

        if (col > 0 && col + 1 + len > 90) {
            putchar('\n');
            col = 0;
        }
        col += printf(col == 0 ? "  %.*s" : " %.*s", len, w);
        w += len;
    }
    if (col > 0)
        putchar('\n');
}
