/* dealer/base/module_open.c - finding and opening a module of predup's own code (a shared
 * object the Makefile builds beside the program: predup-camera.so, predup-mpi.so; HACKING.md
 * "The camera module"), the one home of where modules are looked for and how one of another
 * build is refused. Looked for next to the running program (make builds them beside
 * build/predup and ./predup), then in PREFIX/lib/predup/ (make install). A file found that
 * does not load is an error, not a reason to try the next place: the operator sees why. A
 * module is never unloaded (its libraries' threads may live to the end of the process). */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dealer/base/base.h"

#ifndef PREDUP_LIBDIR
#define PREDUP_LIBDIR "/usr/local/lib/predup" /* the Makefile sets it from PREFIX */
#endif

/* path: the running program's folder (its real path), a slash and file; "" when the program's
 * path cannot be read. */
static void beside_program(const char *file, char *path, size_t cap)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash;

    path[0] = 0;
    if (n <= 0)
        return;
    exe[n] = 0;
    slash = strrchr(exe, '/');
    if (slash && snprintf(path, cap, "%.*s/%s", (int)(slash - exe), exe, file) >= (int)cap)
        path[0] = 0;
}

/* The table of the module at path, or NULL with why saying why. */
static const void *open_at(const struct pd_module *m, const char *path, char *why, size_t cap)
{
    void *lib = dlopen(path, RTLD_NOW | (m->global ? RTLD_GLOBAL : RTLD_LOCAL));
    const struct pd_module_id *id;

    if (!lib) {
        snprintf(why, cap, "cannot load the %s %s: %s", m->what, path, dlerror());
        return NULL;
    }
    id = dlsym(lib, m->table);
    if (!id || id->abi != m->abi || id->sizes != m->sizes) {
        snprintf(why, cap, "%s is not %s of this predup (%s%s): build and install both "
                 "from one tree", path, m->a_what, id ? "another build" : "no table ",
                 id ? "" : m->table);
        return NULL; /* not unloaded: dlclose could run a foreign module's finalisers */
    }
    return id;
}

const void *pd_module_open(const struct pd_module *m, char *why, size_t cap)
{
    char here[PATH_MAX + 64], installed[sizeof PREDUP_LIBDIR + 64];

    snprintf(installed, sizeof installed, "%s/%s", PREDUP_LIBDIR, m->file);
    beside_program(m->file, here, sizeof here);
    if (here[0] && access(here, F_OK) == 0)
        return open_at(m, here, why, cap);
    if (access(installed, F_OK) == 0)
        return open_at(m, installed, why, cap);
    snprintf(why, cap, "the %s is missing: no %s%s%s (make builds it beside predup, make "
             "install puts it in %s)", m->what, here, here[0] ? " nor " : "", installed,
             PREDUP_LIBDIR);
    return NULL;
}
