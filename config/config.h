/* config/config.h - event and machine configuration: INI files read with libinih into each
 * module's options; the one public header of config/. Modules never include it: predup's
 * subcommands load a file here and hand the filled options down. */
#ifndef PREDUP_CONFIG_H
#define PREDUP_CONFIG_H

#include "dealer/dealer.h"
#include "machine/machine.h"

/* Reads a machine profile (config/machines/NAME.conf; usb-example.conf documents every key) on
 * top of the defaults of mach_profile_default. Unknown sections or keys and bad values are
 * PD_ERR_SYNTAX with the file and line; a missing file is PD_ERR_IO. Matches
 * mach_profile_loader. */
enum pd_status cfg_load_machine(const char *path, struct mach_profile *out, struct pd_err *e);

#endif
