/* config/ini_lib.c - the one home of libinih's entry points (ini_lib.h): each a field of ini, of
 * the header's own type. ini.h has no version macro: the soname is Debian's. */
#include "config/ini_lib.h"

#define INI_ENTRY_POINTS(X) X(parse_string, ini_parse_string)
#define INI_SYMBOL(field, f) {#f, (void **)&ini.field},
static struct {
    INI_ENTRY_POINTS(PD_LIB_FIELD)
} ini;
static const struct pd_lib_symbol ini_symbols[] = {INI_ENTRY_POINTS(INI_SYMBOL){NULL, NULL}};
static struct pd_lib ini_lib = {.name = "libinih", .soname = "libinih.so.1", .package = "libinih1",
                                .symbols = ini_symbols};

enum pd_status cfg_ini_parse(const char *text, ini_handler handler, void *user, int *line,
                             struct pd_err *e)
{
    enum pd_status rc = pd_lib_ready(&ini_lib, e);

    *line = rc == PD_OK ? ini.parse_string(text, handler, user) : 0;
    return rc;
}
