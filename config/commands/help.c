/* config/commands/help.c - the front-ends' help: one shape for every command's --help (its
 * usage forms, built from their data and the option rows, its summary, then the help lines of
 * its option rows), and the one help-wrapping helper, for the forms and for text built at
 * print time because part of it comes from a table (the format names, the fault names). */
#include <stdio.h>
#include <string.h>

#include "config/commands/commands.h"

enum { HELP_WIDTH = 90, FORM_WORDS = 1024, SUMMARY_COLUMN_MAX = 46 };

/* text's words (split at sep; a word may hold spaces when sep is not one) on out from column
 * col, on lines of at most width columns, further lines starting at column indent. Returns the
 * column it ends at. */
static int put_wrapped(FILE *out, const char *text, char sep, int col, int indent, int width)
{
    const char seps[] = {sep, '\0'};
    bool first = true;

    for (const char *w = text + strspn(text, seps); *w; w += strspn(w, seps), first = false) {
        int len = (int)strcspn(w, seps);

        if (!first && col + 1 + len > width)
            col = fprintf(out, "\n%*s", indent, "") - 1;
        else if (!first)
            col += fprintf(out, " ");
        col += fprintf(out, "%.*s", len, w);
        w += len;
    }
    return col;
}

void cmd_print_wrapped(FILE *out, const char *text, int width)
{
    if (!text[strspn(text, " ")])
        return;
    fputs("  ", out);
    put_wrapped(out, text, ' ', 2, 2, width);
    fputc('\n', out);
}

const char cmd_drop_conditions_help[] =
    "write DUP, DLM and the other formats that carry no dealer or vulnerability (they show "
    "Law 2's) for a set whose dealer or vulnerability differ, for the cards, saying what they "
    "show instead; without it such a set is refused in them";

/* Appends the words of text (split at spaces), each ended by a \n, to out. */
static void add_words(char *out, size_t len, const char *text)
{
    for (const char *w = text ? text + strspn(text, " ") : ""; *w; w += strspn(w, " ")) {
        size_t n = strlen(out), wl = strcspn(w, " ");

        if (n < len)
            snprintf(out + n, len - n, "%.*s\n", (int)wl, w);
        w += wl;
    }
}

/* The words of form f after "predup CMD", one a line: its words, the options it requires,
 * those it names in brackets, "[options]", the operands after them. */
static void form_words(const struct cmd_form *f, char *out, size_t len)
{
    char opts[FORM_WORDS];

    out[0] = '\0';
    add_words(out, len, f->sub);
    add_words(out, len, f->words);
    if (f->t && f->required) {
        pd_opts_usage(f->t, f->required, false, opts, sizeof opts);
        snprintf(out + strlen(out), len - strlen(out), "%s", opts);
    }
    if (f->t && f->optional) {
        pd_opts_usage(f->t, f->optional, true, opts, sizeof opts);
        snprintf(out + strlen(out), len - strlen(out), "%s", opts);
    }
    add_words(out, len, f->options ? "[options]" : NULL);
    add_words(out, len, f->after);
}

/* Whether f is the {0} that ends a list of forms. */
static bool form_end(const struct cmd_form *f)
{
    return !f->sub && !f->words && !f->t && !f->after;
}

const struct cmd_form *cmd_form_at(const struct cmd_form *forms, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (form_end(&forms[i]))
            return NULL;
    return form_end(&forms[k]) ? NULL : &forms[k];
}

const struct cmd_form *cmd_form_named(const struct cmd_form *forms, const char *word)
{
    for (const struct cmd_form *f = forms; !form_end(f); f++)
        if (f->sub && strcmp(f->sub, word) == 0)
            return f;
    return NULL;
}

size_t cmd_form_subs(const struct cmd_form *forms, const char **subs, size_t max)
{
    size_t n = 0;

    for (const struct cmd_form *f = forms; !form_end(f) && n < max; f++)
        if (f->sub)
            subs[n++] = f->sub;
    return n;
}

const char *cmd_form_text(const char *cmd, const struct cmd_form *f, char *buf, size_t len)
{
    char words[FORM_WORDS];
    size_t n = (size_t)snprintf(buf, len, "%s", cmd ? cmd : "");

    form_words(f, words, sizeof words);
    for (const char *w = words; *w && n < len; w += strcspn(w, "\n") + 1)
        n += (size_t)snprintf(buf + n, len - n, "%s%.*s", n ? " " : "", (int)strcspn(w, "\n"),
                              w);
    return buf;
}

/* The width of form f's line unwrapped: "usage: predup CMD" and its words. */
static int form_width(const char *cmd, const struct cmd_form *f)
{
    char text[FORM_WORDS];

    return (int)strlen("usage: predup ") + (int)strlen(cmd_form_text(cmd, f, text, sizeof text));
}

void cmd_print_forms(FILE *out, const char *cmd, const struct cmd_form *forms)
{
    char words[FORM_WORDS];
    int column = 0;

    for (const struct cmd_form *f = forms; !form_end(f); f++)
        if (f->summary && form_width(cmd, f) + 2 > column)
            column = form_width(cmd, f) + 2;
    column = column > SUMMARY_COLUMN_MAX ? SUMMARY_COLUMN_MAX : column;
    for (const struct cmd_form *f = forms; !form_end(f); f++) {
        int indent = (int)strlen("usage: predup  ") + (int)strlen(cmd); /* under the words */
        int col = fprintf(out, "%spredup %s", f == forms ? "usage: " : "       ", cmd);

        form_words(f, words, sizeof words);
        if (words[0]) {
            fputc(' ', out);
            col = put_wrapped(out, words, '\n', col + 1, indent, HELP_WIDTH);
        }
        if (f->summary) {
            col += fprintf(out, "%*s", col + 2 > column ? 2 : column - col, "");
            put_wrapped(out, f->summary, ' ', col, column, HELP_WIDTH);
        }
        fputc('\n', out);
    }
}

void cmd_print_usage(FILE *out, const char *cmd, const struct cmd_form *forms,
                     const char *summary, const struct pd_opt_table *t)
{
    cmd_print_forms(out, cmd, forms);
    fputs(summary, out);
    fputs("options:\n", out);
    pd_opts_help(out, t);
}
