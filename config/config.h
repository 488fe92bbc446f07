/* config/config.h - event and machine configuration: INI files read with libinih into each
 * module's options; the one public header of config/. Modules never include it: predup's
 * subcommands load a file here and hand the filled options down. */
#ifndef PREDUP_CONFIG_H
#define PREDUP_CONFIG_H

#include "dealer/dealer.h"

#endif
