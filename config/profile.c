/* config/profile.c - the machine profile named by fill's and sim's --machine, or by an event
 * file's machine line: a file (config/machine.c reads it), or "sim", the built-in simulator. */
#include <string.h>

#include "config/config.h"

enum pd_status cfg_load_profile(const char *path, struct mach_profile *p, struct pd_err *e)
{
    mach_profile_default(p);
    if (!path)
        return PD_OK;
    if (strcmp(path, "sim") == 0) { /* by name: the built-in simulator at its defaults */
        p->kind = MACH_SIM;
        snprintf(p->name, sizeof p->name, "built-in simulator");
        return PD_OK;
    }
    return cfg_load_machine(path, p, e);
}
