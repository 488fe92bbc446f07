/* dealer/base/options.c - the one reader of command-line options: every front-end names its
 * options as rows of a table (struct pd_opt in base.h: letter, long name, kind, destination,
 * help line, completion words), and from that table alone are built getopt_long's short
 * string and long table, the scan of argv, the refusal of a wrong option, the help lines,
 * the words of `predup --complete` and the man page's option lists (`predup --complete man`,
 * troff). No front-end reads getopt's globals. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dealer/base/base.h"

enum { ROWS_MAX = 64, HELP_COLUMN = 23, HELP_WIDTH = 90 };

/* The rows of t and of the tables it chains to, in order, into rows; how many. */
static size_t flatten(const struct pd_opt_table *t, const struct pd_opt **rows)
{
    size_t n = 0;

    for (; t; t = t->more)
        for (const struct pd_opt *r = t->rows; r && (r->letter || r->name) && n < ROWS_MAX; r++)
            rows[n++] = r;
    return n;
}

static bool takes_value(const struct pd_opt *r)
{
    return r->kind == PD_OPT_VALUE || r->kind == PD_OPT_REPEATABLE ||
           (r->kind == PD_OPT_REFUSED && r->arg);
}

/* The option as a message names it: "-j" when it has a letter (and not long_first), else
 * "--NAME". */
static const char *spelled(const struct pd_opt *r, bool long_first, char *buf, size_t len)
{
    if (r->letter && (!long_first || !r->name))
        snprintf(buf, len, "-%c", r->letter);
    else
        snprintf(buf, len, "--%s", r->name ? r->name : "");
    return buf;
}

/* getopt_long's short string (":" first: a missing value is told from an unknown option) and
 * long table, from the rows; a long option's val is 256 + its row. */
struct scan {
    const struct pd_opt *rows[ROWS_MAX];
    size_t n;
    char shorts[2 * ROWS_MAX + 2];
    struct option longs[ROWS_MAX + 1];
    bool seen[ROWS_MAX];
};

static void build_scan(const struct pd_opt_table *t, struct scan *s)
{
    size_t k = 0, l = 0;

    memset(s, 0, sizeof *s);
    s->n = flatten(t, s->rows);
    s->shorts[k++] = ':';
    for (size_t i = 0; i < s->n; i++) {
        const struct pd_opt *r = s->rows[i];

        if (r->letter) {
            s->shorts[k++] = r->letter;
            if (takes_value(r))
                s->shorts[k++] = ':';
        }
        if (r->name)
            s->longs[l++] = (struct option){r->name, takes_value(r) ? required_argument
                                                                    : no_argument,
                                            NULL, 256 + (int)i};
    }
}

/* The row of a short option's letter, or NULL. */
static const struct pd_opt *row_of_letter(const struct scan *s, int c, size_t *at)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->rows[i]->letter && s->rows[i]->letter == c) {
            *at = i;
            return s->rows[i];
        }
    return NULL;
}

/* The long row named by arg ("--name" or "--name=value", getopt's unique prefixes too: the
 * one row whose name starts so), or NULL. */
static const struct pd_opt *long_named(const struct scan *s, const char *arg)
{
    size_t len = strcspn(arg, "=");
    const struct pd_opt *found = NULL;

    for (size_t i = 0; i < s->n; i++) {
        const char *name = s->rows[i]->name;

        if (name && strlen(name) == len && strncmp(name, arg, len) == 0)
            return s->rows[i];
        if (name && strncmp(name, arg, len) == 0)
            found = found ? NULL : s->rows[i];
    }
    return found;
}

/* " (did you mean \"--NAME\"?)" for the long option closest to arg, or "". */
static void closest_long(const struct scan *s, const char *arg, char *out, size_t len)
{
    char dashed[ROWS_MAX][48], word[48];
    const char *known[ROWS_MAX];
    size_t n = 0;

    for (size_t i = 0; i < s->n; i++)
        if (s->rows[i]->name && s->rows[i]->kind != PD_OPT_REFUSED) {
            snprintf(dashed[n], sizeof dashed[n], "--%s", s->rows[i]->name);
            known[n] = dashed[n];
            n++;
        }
    snprintf(word, sizeof word, "--%.*s", (int)strcspn(arg, "="), arg);
    pd_did_you_mean(word, known, n, out, len);
}

/* The refusal of what getopt answered '?' or ':' for; cmd names the --help to read. */
static enum pd_status refuse(const struct scan *s, int c, int argc, char **argv, const char *cmd,
                             struct pd_err *e)
{
    const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
    char hint[96];

    if (strncmp(arg, "--", 2) == 0) {
        const struct pd_opt *o = long_named(s, arg + 2);

        if (o && c == ':')
            return pd_fail(e, PD_ERR_USAGE, "--%s wants a value (%s --help)", o->name, cmd);
        if (o && strchr(arg, '='))
            return pd_fail(e, PD_ERR_USAGE, "--%s takes no value (%s --help)", o->name, cmd);
        closest_long(s, arg + 2, hint, sizeof hint);
        return pd_fail(e, PD_ERR_USAGE, "unknown option \"%.*s\"%s (%s --help)",
                       (int)strcspn(arg, "="), arg, hint, cmd);
    }
    if (c == ':')
        return pd_fail(e, PD_ERR_USAGE, "-%c wants a value (%s --help)", optopt, cmd);
    if (optopt)
        return pd_fail(e, PD_ERR_USAGE, "unknown option \"-%c\" (%s --help)", optopt, cmd);
    return pd_fail(e, PD_ERR_USAGE, "unknown option \"%s\" (%s --help)", arg, cmd);
}

/* Whether arg is "--NAME" of r in full (a flag's), not an abbreviation getopt took for it. */
static bool spelled_out(const struct pd_opt *r, const char *arg)
{
    return strncmp(arg, "--", 2) == 0 && strcmp(arg + 2, r->name) == 0;
}

/* A number option's value into its destination, an integer of r->size bytes. */
static enum pd_status take_number(const struct pd_opt *r, void *opts, const char *value,
                                  struct pd_err *e)
{
    char name[48];
    unsigned long long v;
    enum pd_status rc = pd_parse_number(value, r->lo, r->hi, spelled(r, false, name, sizeof name), &v,
                                        e);
    char *dst = (char *)opts + r->at;

    if (rc != PD_OK)
        return rc;
    if (r->size == sizeof(int))
        *(int *)(void *)dst = (int)v;
    else if (r->size == sizeof(long long))
        *(unsigned long long *)(void *)dst = v;
    else
        return pd_fail(e, PD_ERR_INTERNAL, "%s: a number of %zu bytes", name, r->size);
    return PD_OK;
}

/* One option met: its value (NULL for a flag) to its destination or its setter. */
static enum pd_status take(const struct pd_opt *r, bool *seen, void *opts, const char *value,
                           const char *cmd, struct pd_err *e)
{
    char name[48];

    if (r->kind == PD_OPT_REFUSED)
        return r->help ? pd_fail(e, PD_ERR_USAGE, "%s", r->help)
                       : pd_fail(e, PD_ERR_USAGE, "%s does not apply here (%s --help)",
                                 spelled(r, true, name, sizeof name), cmd);
    if (r->kind == PD_OPT_VALUE && *seen)
        return pd_fail(e, PD_ERR_USAGE, "%s given twice: once is all it takes (%s --help)",
                       spelled(r, true, name, sizeof name), cmd);
    *seen = true;
    if (r->set)
        return r->set(opts, r, value, e);
    if (!takes_value(r))
        *(bool *)(void *)((char *)opts + r->at) = true;
    else if (r->hi)
        return take_number(r, opts, value, e);
    else
        *(const char **)(void *)((char *)opts + r->at) = value;
    return PD_OK;
}

enum pd_status pd_opt_set_bits(void *opts, const struct pd_opt *row, const char *value,
                               struct pd_err *e)
{
    (void)value, (void)e;
    *(unsigned *)(void *)((char *)opts + row->at) |= (unsigned)row->lo;
    return PD_OK;
}

enum pd_status pd_opts_parse(const struct pd_opt_table *t, void *opts, int argc, char **argv,
                             int *first, struct pd_err *e)
{
    struct scan *s = calloc(1, sizeof *s);
    enum pd_status rc = s ? PD_OK : pd_fail(e, PD_ERR_NOMEM, "no memory for the options");
    int c;

    if (rc != PD_OK)
        return rc;
    build_scan(t, s);
    optind = 0; /* a new scan: the front-ends run one after another in one process */
    opterr = 0; /* the messages are ours */
    while (rc == PD_OK && (c = getopt_long(argc, argv, s->shorts, s->longs, NULL)) != -1) {
        size_t at = c >= 256 ? (size_t)c - 256 : 0;
        const struct pd_opt *r = c >= 256 ? s->rows[at] : c == '?' || c == ':' ? NULL
                                                        : row_of_letter(s, c, &at);

        if (r && r->whole && c >= 256 && !spelled_out(r, argv[optind - 1]))
            r = NULL, c = '?';
        if (!r) {
            rc = refuse(s, c, argc, argv, t->cmd, e);
            break;
        }
        rc = take(r, &s->seen[at], opts, takes_value(r) ? optarg : NULL, t->cmd, e);
        if (r->kind == PD_OPT_STOP)
            break;
    }
    *first = optind;
    free(s);
    return rc;
}

/* "-o, --output FILE" (what the help line starts with) into buf. */
static void help_head(const struct pd_opt *r, char *buf, size_t len)
{
    char value[80];
    const char *arg = r->arg_of ? r->arg_of(value, sizeof value) : r->arg;
    int n = 0;

    if (r->letter && r->name)
        n = snprintf(buf, len, "-%c, --%s", r->letter, r->name);
    else if (r->letter)
        n = snprintf(buf, len, "-%c", r->letter);
    else
        n = snprintf(buf, len, "--%s", r->name);
    if (arg && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " %s", arg);
}

/* One line of help text (len bytes, no \n), printed from column col: its words, wrapped at
 * HELP_WIDTH onto lines that start at column. */
static void put_words(FILE *out, const char *text, size_t len, int col, int column)
{
    const char *end = text + len;
    bool first = true;

    for (const char *w = text; w < end; first = false) {
        size_t n = strcspn(w, " ");

        n = w + n > end ? (size_t)(end - w) : n;
        if (!first && col + 1 + (int)n > HELP_WIDTH) {
            fprintf(out, "\n%*s", column, "");
            col = column;
        } else if (!first) {
            fputc(' ', out);
            col++;
        }
        col += fprintf(out, "%.*s", (int)n, w);
        for (w += n; w < end && *w == ' '; w++)
            ;
    }
}

/* The row's help text: its help line, or the one help_of makes (into buf); NULL when the
 * help does not list it. */
static const char *help_text(const struct pd_opt *r, char *buf, size_t len)
{
    const char *h = r->help_of ? r->help_of(buf, len) : r->help;

    return r->kind == PD_OPT_REFUSED ? NULL : h;
}

void pd_opts_help(FILE *out, const struct pd_opt_table *t)
{
    const struct pd_opt *rows[ROWS_MAX];
    size_t n = flatten(t, rows);
    int column = t->column ? t->column : HELP_COLUMN;
    char head[100], text[400];

    for (size_t i = 0; i < n; i++) {
        const char *h = help_text(rows[i], text, sizeof text);
        int pad, col;

        if (!h)
            continue;
        help_head(rows[i], head, sizeof head);
        pad = column - 2 - (int)strlen(head);
        col = fprintf(out, "  %s%*s", head, pad < 1 ? 2 : pad, "");
        for (size_t len; (len = strcspn(h, "\n")), h[len]; h += len + 1, col = column) {
            put_words(out, h, len, col, column);
            fprintf(out, "\n%*s", column, "");
        }
        put_words(out, h, strlen(h), col, column);
        fputc('\n', out);
    }
}

/* Appends text and a \n to out (len bytes, NUL-terminated; cut short when full). */
static void add_word(char *out, size_t len, const char *text)
{
    size_t n = strlen(out);

    if (n < len)
        snprintf(out + n, len - n, "%s\n", text);
}

/* Whether a usage line with bits names r: a row the parse takes, and, for PD_USAGE_EVERY, one
 * the help lists. */
static bool named_in_usage(const struct pd_opt *r, unsigned bits)
{
    char text[400];

    if (r->kind == PD_OPT_REFUSED)
        return false;
    return bits == PD_USAGE_EVERY ? help_text(r, text, sizeof text) != NULL
                                  : (r->usage & bits) != 0;
}

void pd_opts_usage(const struct pd_opt_table *t, unsigned bits, bool optional, char *out,
                   size_t len)
{
    const struct pd_opt *rows[ROWS_MAX];
    size_t n = flatten(t, rows), k = 0;
    char cluster[ROWS_MAX + 4] = "[-", word[128], value[80];

    if (len)
        out[0] = '\0';
    for (size_t i = 0; optional && i < n; i++)
        if (named_in_usage(rows[i], bits) && rows[i]->letter && !takes_value(rows[i])) {
            size_t at = 2 + k++;

            for (; at > 2 && cluster[at - 1] > rows[i]->letter; at--)
                cluster[at] = cluster[at - 1];
            cluster[at] = rows[i]->letter;
        }
    if (k) {
        snprintf(cluster + 2 + k, sizeof cluster - 2 - k, "]");
        add_word(out, len, cluster);
    }
    for (size_t i = 0; i < n; i++) {
        const struct pd_opt *r = rows[i];
        const char *arg = r->arg_of ? r->arg_of(value, sizeof value) : r->arg;

        if (!named_in_usage(r, bits) || (k && r->letter && !takes_value(r)))
            continue;
        snprintf(word, sizeof word, "%s%s%s%s%s%s", optional ? "[" : "", r->letter ? "-" : "--",
                 r->letter ? (char[2]){r->letter, 0} : r->name, takes_value(r) && arg ? " " : "",
                 takes_value(r) && arg ? arg : "", optional ? "]" : "");
        add_word(out, len, word);
    }
}

/* text on out as troff text: a hyphen is \-, a backslash \e, a \n a space. */
static void put_troff(FILE *out, const char *text)
{
    for (const char *p = text; *p; p++)
        if (*p == '-')
            fputs("\\-", out);
        else if (*p == '\\')
            fputs("\\e", out);
        else
            fputc(*p == '\n' ? ' ' : *p, out);
}

/* The man page's list of t's options, one .TP paragraph a row the help lists:
 * "\fB\-o\fR, \fB\-\-output\fR \fIFILE\fR", then its help line. */
static void opts_man(FILE *out, const struct pd_opt_table *t)
{
    const struct pd_opt *rows[ROWS_MAX];
    size_t n = flatten(t, rows);
    char value[80], text[400];

    for (size_t i = 0; i < n; i++) {
        const struct pd_opt *r = rows[i];
        const char *h = help_text(r, text, sizeof text);
        const char *arg = r->arg_of ? r->arg_of(value, sizeof value) : r->arg;

        if (!h)
            continue;
        fputs(".TP\n\\&", out);
        if (r->letter)
            fprintf(out, "\\fB\\-%c\\fR%s", r->letter, r->name ? ", " : "");
        if (r->name) {
            fputs("\\fB\\-\\-", out);
            put_troff(out, r->name);
            fputs("\\fR", out);
        }
        if (arg) {
            fputs(" \\fI", out);
            put_troff(out, arg);
            fputs("\\fR", out);
        }
        fputs("\n\\&", out);
        put_troff(out, h);
        fputc('\n', out);
    }
}

/* Whether word is one of the spellings of r. */
static bool spells(const struct pd_opt *r, const char *word)
{
    return (word[0] == '-' && word[1] == r->letter && r->letter && !word[2]) ||
           (r->name && strncmp(word, "--", 2) == 0 && strcmp(word + 2, r->name) == 0);
}

/* Prints each spelling of the rows of the tables (-L and --NAME) once, that takes a value
 * when values, followed by its value's name when args ("--boards 1-36"); a refused option is
 * none of them. */
static void complete_spellings(FILE *out, const struct pd_opt_table *const *tables, bool values,
                               bool args)
{
    const struct pd_opt *rows[ROWS_MAX];
    char printed[ROWS_MAX * 2][96];
    size_t np = 0;

    for (size_t k = 0; tables[k]; k++) {
        size_t n = flatten(tables[k], rows);

        for (size_t i = 0; i < 2 * n; i++) {
            const struct pd_opt *r = rows[i / 2];
            char word[96], value[80];
            const char *arg = r->arg_of ? r->arg_of(value, sizeof value) : r->arg;
            bool dup = false;

            if (r->kind == PD_OPT_REFUSED || (values && !takes_value(r)) ||
                (i % 2 ? !r->name : !r->letter))
                continue;
            if (i % 2)
                snprintf(word, sizeof word, "--%s", r->name);
            else
                snprintf(word, sizeof word, "-%c", r->letter);
            if (args && arg) /* each value name once: --boards 1-36, --squaredeal's LIST */
                snprintf(word + strlen(word), sizeof word - strlen(word), " %s", arg);
            for (size_t p = 0; p < np && !dup; p++)
                dup = strcmp(printed[p], word) == 0;
            if (!dup && np < ROWS_MAX * 2) {
                snprintf(printed[np++], sizeof printed[0], "%s", word);
                fprintf(out, "%s\n", word);
            }
        }
    }
}

void pd_opts_complete(FILE *out, const struct pd_opt_table *const *tables, const char *what,
                      const char *option)
{
    const struct pd_opt *rows[ROWS_MAX];

    if (strcmp(what, "options") == 0 || strcmp(what, "value-options") == 0 ||
        strcmp(what, "spellings") == 0)
        complete_spellings(out, tables, strcmp(what, "value-options") == 0,
                           strcmp(what, "spellings") == 0);
    for (size_t k = 0; strcmp(what, "man") == 0 && tables[k]; k++)
        if (!option || strtoul(option, NULL, 10) == k)
            opts_man(out, tables[k]);
    for (size_t k = 0; strcmp(what, "value") == 0 && option && tables[k]; k++) {
        size_t n = flatten(tables[k], rows);

        for (size_t i = 0; i < n; i++)
            if (rows[i]->kind != PD_OPT_REFUSED && takes_value(rows[i]) &&
                spells(rows[i], option)) {
                fprintf(out, "%s\n", rows[i]->words ? rows[i]->words : "");
                return;
            }
    }
}
