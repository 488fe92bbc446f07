/* config/profile.c - the machine profile named by fill's and sim's --machine, or by an event
 * file's machine line: a driver's name (machine/drivers.c: its built-in profile, e.g. sim, the
 * simulator, or usb, a USB machine with the default ids), a file (config/machine.c reads it) when the name has a '/' or ends in .conf, or an
 * installed profile by name, searched in the folders of cfg_profile_dir (one list: the search,
 * its message, --list and the docs read it). */
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/config.h"

/* The folders a profile NAME is searched in, in order: the event file's machines/ (only with
 * an event), then the shipped ones (pd_shipped_dir: the tree's config/machines/ from the
 * current folder, the installed ones). */
static bool cfg_profile_dir(int i, const char *event_dir, char *out, size_t n)
{
    int k = event_dir ? i : i + 1; /* no event file: its folder is not searched */

    if (k == 0)
        snprintf(out, n, "%s%smachines", event_dir, event_dir[0] ? "/" : "");
    return k == 0 || pd_shipped_dir(k - 1, "config/machines", "machines", out, n);
}

/* A path as the message shows it: absolute, so that the operator sees which folder it was. */
static void absolute(const char *path, char *out, size_t n)
{
    char cwd[PATH_MAX];

    if (path[0] != '/' && getcwd(cwd, sizeof cwd))
        snprintf(out, n, "%s/%s", cwd, path);
    else
        snprintf(out, n, "%s", path);
}

/* The profile file at path; without a name key, messages name it as the user did (spec). */
static enum pd_status load(const char *path, const char *spec, struct mach_profile *p,
                           struct pd_err *e)
{
    enum pd_status rc = cfg_load_machine(path, p, e);

    if (rc == PD_OK && strcmp(p->name, "default") == 0)
        snprintf(p->name, sizeof p->name, "%s", spec);
    return rc;
}

/* A profile by name: the first NAME.conf of the search folders; PD_ERR_IO naming them all. */
static enum pd_status by_name(const char *name, const char *event_dir, struct mach_profile *p,
                              struct pd_err *e)
{
    char dir[PATH_MAX], path[PATH_MAX + 80], full[PATH_MAX + 80], tried[1200] = "", names[80];
    size_t used = 0;

    for (int i = 0; cfg_profile_dir(i, event_dir, dir, sizeof dir); i++) {
        snprintf(path, sizeof path, "%s/%s.conf", dir, name);
        if (access(path, F_OK) == 0)
            return load(path, name, p, e);
        absolute(path, full, sizeof full);
        if (used + strlen(full) + 3 < sizeof tried)
            used += (size_t)snprintf(tried + used, sizeof tried - used, "%s%s",
                                     used ? ", " : "", full);
    }
    if (access(name, F_OK) == 0) /* a file here, named without its folder */
        return pd_fail(e, PD_ERR_IO, "no machine profile \"%s\" (a name: the file here is "
                                     "./%s): tried %s", name, name, tried);
    mach_driver_names(", ", " and ", names, sizeof names);
    return pd_fail(e, PD_ERR_IO, "no machine profile \"%s\": tried %s (%s are built in; see "
                                 "predup fill --list)", name, tried, names);
}

bool cfg_profile_is_path(const char *spec)
{
    size_t n = strlen(spec);

    return strchr(spec, '/') || (n > 5 && strcmp(spec + n - 5, ".conf") == 0);
}

enum pd_status cfg_find_profile(const char *spec, const char *event_dir, struct mach_profile *p,
                                struct pd_err *e)
{
    char path[PATH_MAX + 8], full[PATH_MAX + 80];
    size_t n = spec ? strlen(spec) : 0;
    enum pd_status rc;

    mach_profile_default(p);
    if (!spec)
        return PD_OK;
    if (mach_driver_named(spec)) { /* a driver's name: its machine at the defaults */
        p->kind = mach_driver_named(spec)->kind;
        snprintf(p->name, sizeof p->name, "%s", mach_driver_named(spec)->builtin);
        return PD_OK;
    }
    if (!cfg_profile_is_path(spec))
        return n ? by_name(spec, event_dir, p, e)
                 : pd_fail(e, PD_ERR_USAGE, "an empty machine profile name");
    if (event_dir && event_dir[0] && spec[0] != '/')
        snprintf(path, sizeof path, "%s/%s", event_dir, spec);
    else
        snprintf(path, sizeof path, "%s", spec);
    rc = load(path, spec, p, e);
    if (rc == PD_ERR_IO && access(path, F_OK) != 0) {
        absolute(path, full, sizeof full);
        rc = pd_fail(e, PD_ERR_IO, "%s: cannot open the machine profile (%s%s)", spec, full,
                     event_dir ? ", relative to the event file's folder" : "");
    }
    return rc;
}

enum pd_status cfg_load_profile(const char *spec, struct mach_profile *p, struct pd_err *e)
{
    return cfg_find_profile(spec, NULL, p, e);
}

/* Every NAME.conf of the search folders that reads as a profile, in the search's order. */
void cfg_list_profiles(const char *event_dir, cfg_profile_fn fn, void *ctx)
{
    char dir[PATH_MAX], path[PATH_MAX + 300];

    for (int i = 0; cfg_profile_dir(i, event_dir, dir, sizeof dir); i++) {
        struct dirent **names;
        int n = scandir(dir, &names, NULL, alphasort);

        for (int k = 0; k < n; k++) {
            size_t len = strlen(names[k]->d_name);
            struct mach_profile p;

            mach_profile_default(&p);
            if (len > 5 && strcmp(names[k]->d_name + len - 5, ".conf") == 0) {
                snprintf(path, sizeof path, "%s/%s", dir, names[k]->d_name);
                if (cfg_load_machine(path, &p, NULL) == PD_OK)
                    fn(ctx, path, &p);
            }
            free(names[k]);
        }
        if (n >= 0)
            free(names);
    }
}
