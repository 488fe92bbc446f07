/* dealer/event/spent.c - one key, one event (dealer/EVENTS.md, "One key, one event"): whether
 * event commit may adopt an existing key file (not one event reveal marked spent, not one
 * predup key new never made, not one any record beside it mentions), and whether a record of
 * another event mentions a key (its commitment, or the key itself, revealed). Records are read
 * here leniently, as a copy may have been altered on its way (CR LF, lines in any order, no
 * digest, upper case): a record that the strict reader refuses still names the keys it holds.
 * Here, above the deal room's key files, because it reads records. */
#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dealer/event/event.h"

enum { RECORD_SCAN_MAX = 1 << 20 }; /* a record is a few kB; a bigger file is not one */

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

/* A run of exactly 64 hex digits (lower-cased in hex) is commit, or a key committed to by it. */
static bool run_mentions(const char *hex, const char *commit)
{
    struct pd_key key;
    char c[65];

    if (!strcmp(hex, commit))
        return true;
    for (int i = 0; i < PD_KEY_BYTES; i++) {
        unsigned v;

        sscanf(hex + 2 * i, "%2x", &v);
        key.bytes[i] = (uint8_t)v;
    }
    key_commit_hex(&key, c);
    pd_wipe(&key, sizeof key);
    return !strcmp(c, commit);
}

static bool text_mentions(const char *text, const char *commit)
{
    char hex[65];

    for (const char *p = text; *p;) {
        size_t n = 0;

        while (isxdigit((unsigned char)p[n]))
            n++;
        if (n == 64) {
            for (int i = 0; i < 64; i++)
                hex[i] = (char)tolower((unsigned char)p[i]);
            hex[64] = '\0';
            if (run_mentions(hex, commit))
                return true;
        }
        p += n ? n : 1;
    }
    return false;
}

/* The line after line's end, or NULL after the last (no offset applied to a null pointer). */
static const char *next_line(const char *line)
{
    const char *nl = strchr(line, '\n');

    return nl ? nl + 1 : NULL;
}

/* The file's digest line, read leniently: a line whose first word is "digest" (any case),
 * spaces, tabs and CR trimmed; lower-cased into out ("" when there is none). */
static void lenient_digest(const char *text, char *out, size_t n)
{
    out[0] = '\0';
    for (const char *line = text; line && *line; line = next_line(line)) {
        line += strspn(line, " \t");
        if (strncasecmp(line, "digest", 6) != 0 || !strchr(" \t", line[6]) || !line[6])
            continue;
        const char *v = line + 6 + strspn(line + 6, " \t");
        size_t len = strcspn(v, " \t\r\n");

        for (size_t i = 0; i < len && i + 1 < n; i++, out[i] = '\0')
            out[i] = (char)tolower((unsigned char)v[i]);
        return;
    }
}

bool ev_text_mentions_key(const char *text, const char *commit, const char *digest)
{
    char its[80];

    lenient_digest(text, its, sizeof its);
    return !(digest && !strcmp(its, digest)) && text_mentions(text, commit);
}

char *ev_read_lenient(const char *path, size_t *len)
{
    struct stat st;
    char *text = NULL;

    *len = 0;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > RECORD_SCAN_MAX ||
        pd_read_file(path, &text, len, NULL) != PD_OK)
        return NULL;
    for (size_t i = 0; i < *len; i++) /* a NUL hides nothing behind it */
        text[i] = text[i] ? text[i] : ' ';
    return text;
}

void ev_lenient_free(char *text, size_t len)
{
    if (text)
        pd_wipe(text, len);
    free(text);
}

/* Whether the record file at path, not of the event digest (NULL: of no event yet), mentions
 * the key committed to by commit. A FIFO or device named *.record cannot block the scan. */
static bool record_mentions(const char *path, const char *commit, const char *digest)
{
    size_t len;
    char *text = ev_read_lenient(path, &len);
    bool hit = text && ev_text_mentions_key(text, commit, digest);

    ev_lenient_free(text, len);
    return hit;
}

bool ev_key_mentioned(const char *self, const char *commit, const char *digest, char *found,
                      size_t cap)
{
    const char *slash = strrchr(self, '/');
    int dirlen = slash ? (int)(slash - self) + 1 : 0;
    struct dirent *de;
    struct stat me, it;
    char dir[4096], path[sizeof dir + sizeof de->d_name];
    bool has_me = stat(self, &me) == 0, hit = false;
    DIR *d;

    snprintf(dir, sizeof dir, "%.*s", dirlen, self);
    d = opendir(dirlen ? dir : ".");
    while (d && !hit && (de = readdir(d))) {
        size_t n = strlen(de->d_name);

        if (n <= 7 || strcmp(de->d_name + n - 7, ".record") != 0)
            continue;
        snprintf(path, sizeof path, "%s%s", dir, de->d_name);
        if (has_me && stat(path, &it) == 0 && it.st_dev == me.st_dev && it.st_ino == me.st_ino)
            continue; /* the event's own record */
        hit = record_mentions(path, commit, digest);
        if (hit)
            snprintf(found, cap, "%s", path);
    }
    if (d)
        closedir(d);
    return hit;
}

enum pd_status ev_key_check_unspent(const char *path, const char *record,
                                    const struct pd_key *key, bool spent, struct pd_err *e)
{
    char commit[65], found[4096 + 256];
    static const char fresh[] = "move it away and commit again: a new event gets a new key";

    if (spent)
        return pd_fail(e, PD_ERR_RANGE, "%s: revealed already (event reveal marked it); a "
                       "revealed key is public and is never committed to again: %s", path,
                       fresh);
    if (key_degenerate(key))
        return pd_fail(e, PD_ERR_RANGE, "%s: not made by predup key new (its bytes take fewer "
                       "than 8 values); refused: %s", path, fresh);
    key_commit_hex(key, commit);
    if (ev_key_mentioned(record, commit, NULL, found, sizeof found))
        return pd_fail(e, PD_ERR_RANGE, "%s: %s mentions this key (its commitment, or the key "
                       "revealed): a key serves one event, and is never committed to again: %s",
                       path, found, fresh);
    return PD_OK;
}
