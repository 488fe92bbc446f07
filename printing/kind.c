/* printing/kind.c - the names of the print kinds: what `predup print KIND` and an event file's
 * print = key accept, and what help, messages and the bash completion list. */
#include "printing/printing.h"

const char *const pr_kind_names[PR_KINDS] = {"record", "curtain", "sheet", "handout",
                                             "minibridge", "web"};
