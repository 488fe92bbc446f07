/* dealer/base/shipped.c - the files predup ships, found by name: the machine profiles
 * (config/profile.c), the dealer scripts (deal --script minibridge), and where make install
 * puts them, PREDUP_DATADIR (its one home: the Makefile sets it from PREFIX for this file). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dealer/base/base.h"

#ifndef PREDUP_DATADIR /* the Makefile sets it from PREFIX, where make install puts the data */
#define PREDUP_DATADIR "/usr/local/share/predup"
#endif

bool pd_shipped_dir(int i, const char *tree, const char *sub, char *out, size_t n)
{
    if (i == 0)
        snprintf(out, n, "%s", tree);
    else if (i == 1)
        snprintf(out, n, "%s/%s", PREDUP_DATADIR, sub);
    return i == 0 || i == 1;
}

bool pd_find_shipped(const char *name, const char *tree, const char *sub, const char *ext,
                     char *out, size_t n)
{
    char dir[1024];

    if (!name[0] || strchr(name, '/') || access(name, F_OK) == 0)
        return false; /* a path, or a file here: the user's, as given */
    for (int i = 0; pd_shipped_dir(i, tree, sub, dir, sizeof dir); i++) {
        snprintf(out, n, "%s/%s%s", dir, name, ext);
        if (access(out, F_OK) == 0)
            return true;
    }
    return false;
}
