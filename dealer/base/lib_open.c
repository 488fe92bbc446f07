/* dealer/base/lib_open.c - the one loader of the shared libraries predup opens on first use
 * rather than links (libdds, ICU, libmicrohttpd: HACKING.md "Libraries loaded on first use"):
 * the dynamic linker binds every linked library at every start, which most commands would pay
 * for code they never run. */
#include <dlfcn.h>

#include "dealer/base/base.h"

bool pd_lib_open(struct pd_lib *lib)
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

enum pd_status pd_lib_ready(struct pd_lib *lib, void (*start)(void), struct pd_err *e)
{
    pthread_once(&lib->once, start);
    return lib->error[0] ? pd_fail(e, PD_ERR_INTERNAL, "%s", lib->error) : PD_OK;
}
