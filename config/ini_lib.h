/* config/ini_lib.h - libinih, loaded on first use rather than linked (HACKING.md "Libraries
 * loaded on first use"), for the event file (event.c) and machine profiles (machine.c). */
#ifndef PREDUP_INI_LIB_H
#define PREDUP_INI_LIB_H

#include <ini.h>

#include "dealer/base/base.h"

/* libinih's ini_parse_string(text, handler, user) into *line (the line of the first fault the
 * handler or the parser found, 0 when none), loading libinih on its first use: PD_ERR_INTERNAL,
 * naming it, its Debian package and the loader's reason, when it does not load. */
enum pd_status cfg_ini_parse(const char *text, ini_handler handler, void *user, int *line,
                             struct pd_err *e);

#endif
