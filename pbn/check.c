/* placeholder */
#include "pbn/pbn.h"
enum pd_status pbn_check_mem(const char *name, const char *text, size_t len, FILE *report,
                             size_t *nfaults, struct pd_err *e)
{
    (void)name; (void)text; (void)len; (void)report; (void)e;
    *nfaults = 0;
    return PD_OK;
}
