/* dealer/cmd_key.c - `predup key new FILE` and `predup key commit FILE`: event keys and their
 * commitments (SHA-256 of the key file), to publish before the event. Keys are never printed. */
#include <string.h>

#include "dealer/dealer.h"

static const char key_usage[] =
    "usage: predup key new FILE      create a 256-bit key (mode 0600) and print its commitment\n"
    "       predup key commit FILE   print the commitment (SHA-256 of the key file) again\n";

enum pd_status cmd_key(int argc, char **argv, struct pd_err *e)
{
    char hex[65];
    enum pd_status rc;

    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        fputs(key_usage, stdout);
        return PD_OK;
    }
    if (argc != 3 || (strcmp(argv[1], "new") != 0 && strcmp(argv[1], "commit") != 0))
        return pd_fail(e, PD_ERR_USAGE, "expected \"key new FILE\" or \"key commit FILE\"");
    if (strcmp(argv[1], "new") == 0) {
        rc = key_new_file(argv[2], hex, e);
        if (rc == PD_OK)
            printf("%s  %s\n", hex, argv[2]);
        return rc;
    }
    struct pd_key key;
    bool loose = false;

    /* Check that it is a key at all before committing to it. */
    rc = key_load_file(argv[2], &key, &loose, e);
    pd_wipe(&key, sizeof key);
    if (rc == PD_OK)
        rc = key_commitment(argv[2], hex, e);
    if (rc == PD_OK) {
        if (loose)
            fprintf(stderr, "predup key: warning: %s is readable by others (chmod 600 it)\n",
                    argv[2]);
        printf("%s  %s\n", hex, argv[2]);
    }
    return rc;
}
