/* dealer/base/cmdline.c - the one reader of command-line options: every subcommand's front-end
 * (the cmd_*.c files) names its options in two short lists and reads them here through
 * getopt_long, instead of each keeping its own struct option table and getopt set-up. */
#include <stdio.h>
#include <string.h>

#include "dealer/base/base.h"

/* Adds the "LETTER NAME" pairs of list to p's table; false when the list is malformed or does
 * not fit (a bug in the caller's list, not the user's). */
static bool add_list(struct pd_opts *p, const char *list, int has_arg, size_t *n, size_t *used)
{
    while (list && *list) {
        size_t len;

        list += strspn(list, " ");
        if (!*list)
            break;
        if (list[1] != ' ' || *n >= PD_OPTS_MAX)
            return false;
        len = strcspn(list + 2, " ");
        if (len == 0 || *used + len + 1 > sizeof p->names)
            return false;
        memcpy(p->names + *used, list + 2, len);
        p->names[*used + len] = '\0';
        p->longs[(*n)++] = (struct option){p->names + *used, has_arg, NULL, (unsigned char)*list};
        *used += len + 1;
        list += 2 + len;
    }
    return true;
}

enum pd_status pd_opts_begin(struct pd_opts *p, const char *values, const char *flags,
                             const char *shorts, int argc, char **argv, struct pd_err *e)
{
    size_t n = 0, used = 0;

    memset(p, 0, sizeof *p);
    if (!add_list(p, values, required_argument, &n, &used) ||
        !add_list(p, flags, no_argument, &n, &used))
        return pd_fail(e, PD_ERR_INTERNAL, "%s: bad option list", argv[0]);
    p->shorts = shorts;
    p->argc = argc;
    p->argv = argv;
    optind = 0; /* a new scan: the front-ends run one after another in one process */
    opterr = 0; /* the caller words the message for an unknown option */
    return PD_OK;
}

int pd_opts_next(struct pd_opts *p)
{
    return getopt_long(p->argc, p->argv, p->shorts, p->longs, NULL);
}

bool pd_opt_text(int c, const char *letters, const char **const dst[])
{
    const char *at = c > 0 && c < 256 ? strchr(letters, c) : NULL;

    if (!at)
        return false;
    *dst[at - letters] = optarg;
    return true;
}

/* The long option named by arg ("--name" or "--name=value"), or NULL. */
static const struct option *long_named(const struct pd_opts *p, const char *arg)
{
    size_t len = strcspn(arg, "=");

    for (size_t i = 0; i < PD_OPTS_MAX && p->longs[i].name; i++)
        if (strlen(p->longs[i].name) == len && strncmp(p->longs[i].name, arg, len) == 0)
            return &p->longs[i];
    return NULL;
}

/* " (did you mean \"--NAME\"?)" for the long option closest to arg, or "". */
static void closest_long(const struct pd_opts *p, const char *arg, char *out, size_t len)
{
    char dashed[PD_OPTS_MAX][48], word[48];
    const char *known[PD_OPTS_MAX];
    size_t n = 0;

    for (; n < PD_OPTS_MAX && p->longs[n].name; n++) {
        snprintf(dashed[n], sizeof dashed[n], "--%s", p->longs[n].name);
        known[n] = dashed[n];
    }
    snprintf(word, sizeof word, "--%.*s", (int)strcspn(arg, "="), arg);
    pd_did_you_mean(word, known, n, out, len);
}

enum pd_status pd_opts_refuse(const struct pd_opts *p, const char *cmd, struct pd_err *e)
{
    const char *arg = optind > 0 && optind <= p->argc ? p->argv[optind - 1] : "";
    char hint[96];

    if (strncmp(arg, "--", 2) == 0) {
        const struct option *o = long_named(p, arg + 2);

        if (o && o->has_arg && !strchr(arg, '=') && optind == p->argc && !optarg)
            return pd_fail(e, PD_ERR_USAGE, "--%s wants a value (%s --help)", o->name, cmd);
        if (o && !o->has_arg && strchr(arg, '='))
            return pd_fail(e, PD_ERR_USAGE, "--%s takes no value (%s --help)", o->name, cmd);
        if (o)
            return pd_fail(e, PD_ERR_USAGE, "--%s does not apply here (%s --help)", o->name,
                           cmd);
        closest_long(p, arg + 2, hint, sizeof hint);
        return pd_fail(e, PD_ERR_USAGE, "unknown option \"%.*s\"%s (%s --help)",
                       (int)strcspn(arg, "="), arg, hint, cmd);
    }
    if (optopt && p->shorts && strchr(p->shorts, optopt) && optopt != ':')
        return pd_fail(e, PD_ERR_USAGE, "-%c wants a value (%s --help)", optopt, cmd);
    if (optopt)
        return pd_fail(e, PD_ERR_USAGE, "unknown option \"-%c\" (%s --help)", optopt, cmd);
    return pd_fail(e, PD_ERR_USAGE, "unknown option \"%s\" (%s --help)", arg, cmd);
}

/* Levenshtein distance; words longer than the row (no command or key is) count as far. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), row[64];

    if (la >= 63 || lb >= 63)
        return 99;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];

        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

            best = up + 1 < best ? up + 1 : best;
            best = row[j - 1] + 1 < best ? row[j - 1] + 1 : best;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

void pd_did_you_mean(const char *word, const char *const *known, size_t n, char *out,
                     size_t len)
{
    size_t best = 3;
    const char *pick = NULL;

    for (size_t i = 0; i < n; i++) {
        size_t d = edit_distance(word, known[i]);

        if (d < best) {
            best = d;
            pick = known[i];
        }
    }
    if (pick)
        snprintf(out, len, " (did you mean \"%s\"?)", pick);
    else if (len > 0)
        out[0] = '\0';
}

void pd_join_words(const char *const *words, size_t n, const char *sep, const char *last_sep,
                   char *out, size_t len)
{
    size_t used = 0;

    if (len == 0)
        return;
    out[0] = '\0';
    for (size_t i = 0; i < n && used < len; i++) {
        const char *before = i == 0 ? "" : i + 1 == n ? last_sep : sep;
        int w = snprintf(out + used, len - used, "%s%s", before, words[i]);

        used += w > 0 ? (size_t)w : 0;
    }
}
