/* dealer/base/lib_open.c - the one loader of the shared libraries predup opens on first use
 * rather than links (libdds, ICU, libmicrohttpd: HACKING.md "Libraries loaded on first use"):
 * the dynamic linker binds every linked library at every start, which most commands would pay
 * for code they never run. */
#include <dlfcn.h>

#include "dealer/base/base.h"

static bool lib_open(struct pd_lib *lib)
{
    void *handle = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);

    if (!handle) {
        snprintf(lib->error, sizeof lib->error, "cannot load %s (Debian package %s): %s",
                 lib->name, lib->package, dlerror());
        return false;
    }
    for (const struct pd_lib_symbol *s = lib->symbols; s->name; s++) {
        *s->slot = dlsym(handle, s->name);
        if (!*s->slot) {
            snprintf(lib->error, sizeof lib->error, "%s (%s) has no %s", lib->name, lib->soname,
                     s->name);
            return false;
        }
    }
    lib->error[0] = '\0';
    return true;
}

/* One lock for every library's first use (pthread_once takes no argument, so it would need a
 * start routine per library): uncontended after the first, and no call is on a hot path. The
 * lock orders the load's writes before every later reader's. */
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

enum pd_status pd_lib_ready(struct pd_lib *lib, struct pd_err *e)
{
    pthread_mutex_lock(&loading);
    if (!lib->tried) {
        lib->tried = true;
        if (lib_open(lib) && lib->after)
            lib->after();
    }
    pthread_mutex_unlock(&loading);
    return lib->error[0] ? pd_fail(e, PD_ERR_INTERNAL, "%s", lib->error) : PD_OK;
}
