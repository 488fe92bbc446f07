/* dealer/base/cmdline.c - the one reader of command-line options: every subcommand's front-end
 * (the cmd_*.c files) names its options in two short lists and reads them here through
 * getopt_long, instead of each keeping its own struct option table and getopt set-up. */
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
