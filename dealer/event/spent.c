/* dealer/event/spent.c - whether event commit may adopt an existing key file: not one event
 * reveal marked spent, not one a *.record beside it reveals (last year's record), not one
 * predup key new never made. Here, above the deal room's key files, because it reads records. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dealer/event/event.h"

/* 32 bytes from a CSPRNG take about 30 different values; fewer than 8 is no such key. */
static bool key_degenerate(const struct pd_key *key)
{
    bool seen[256] = {false};
    int distinct = 0;

    for (int i = 0; i < PD_KEY_BYTES; i++) {
        distinct += !seen[key->bytes[i]];
        seen[key->bytes[i]] = true;
    }
    return distinct < 8;
}

/* The record at path holds a revealed key whose commitment is commit. */
static bool revealed_in(const char *path, const char *commit)
{
    struct stat st;
    struct ev_record *rec;
    bool found;

    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) /* a FIFO named *.record cannot block */
        return false;
    rec = calloc(1, sizeof *rec);
    found = rec && ev_record_load(path, rec, NULL) == PD_OK && rec->revealed &&
            strcmp(rec->commitment, commit) == 0;
    if (rec)
        pd_wipe(rec->key_hex, sizeof rec->key_hex);
    free(rec);
    return found;
}

/* Finds, among the *.record files of the folder that holds key_path, one that reveals the key
 * committed to by commit; its name goes to found. */
static bool revealed_beside(const char *key_path, const char *commit, char *found, size_t cap)
{
    const char *slash = strrchr(key_path, '/');
    int dirlen = slash ? (int)(slash - key_path) + 1 : 0;
    struct dirent *de;
    char dir[4096], path[sizeof dir + sizeof de->d_name];
    DIR *d;
    bool hit = false;

    snprintf(dir, sizeof dir, "%.*s", dirlen, key_path);
    d = opendir(dirlen ? dir : ".");
    while (d && !hit && (de = readdir(d))) {
        size_t n = strlen(de->d_name);

        if (n <= 7 || strcmp(de->d_name + n - 7, ".record") != 0)
            continue;
        snprintf(path, sizeof path, "%s%s", dir, de->d_name);
        hit = revealed_in(path, commit);
        if (hit)
            snprintf(found, cap, "%s", path);
    }
    if (d)
        closedir(d);
    return hit;
}

enum pd_status key_check_unspent(const char *path, const struct pd_key *key, bool spent,
                                 struct pd_err *e)
{
    char commit[65], record[4096 + 256];
    static const char fresh[] = "move it away and commit again: a new event gets a new key";

    if (spent)
        return pd_fail(e, PD_ERR_RANGE, "%s: revealed already (event reveal marked it); a "
                       "revealed key is public and is never committed to again: %s", path,
                       fresh);
    if (key_degenerate(key))
        return pd_fail(e, PD_ERR_RANGE, "%s: not made by predup key new (its bytes take fewer "
                       "than 8 values); refused: %s", path, fresh);
    key_commit_hex(key, commit);
    if (revealed_beside(path, commit, record, sizeof record))
        return pd_fail(e, PD_ERR_RANGE, "%s: %s reveals this key; a revealed key is public and "
                       "is never committed to again: %s", path, record, fresh);
    return PD_OK;
}
