/* dealer/base/outset.c - several output files that must agree (the PBN, DUP and DLM of one set),
 * committed together through a write-ahead intent, as a database journal does it.
 *
 * Renaming several files is not one atomic step: a kill between two renames would leave the new
 * PBN beside the old DUP. So, once every temporary file is written and fsynced, an intent file
 * DIR/.STEM.pending is written and fsynced, naming each file still to be renamed (STEM + its
 * extension), its temporary name's suffix and the SHA-256 of its new bytes; then come the
 * renames, then the intent goes. A later run for the same set (pd_outset_recover) completes
 * the renames when every new copy is intact, and verify and fill (pd_outset_check) refuse a set
 * whose intent is still there. The intent ends with an "end" line: one without it was cut off
 * before any rename began, so the old files still agree and it is simply removed.
 *
 * Entries name files by extension only, so an intent can touch nothing but STEM's own files. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dealer/base/base.h"

enum { INTENT_MAX = 16, INTENT_BYTES = 8192 };
#define INTENT_HEAD "predup pending set 1\n"
#define INTENT_END "end\n"

struct intent_entry {
    char sha[65];
    char suffix[7]; /* what mkostemp put after ".tmp" */
    char ext[16];   /* ".pbn": the file is STEM + ext */
};

struct intent {
    char name[1100];   /* DIR/.STEM.pending */
    char stem[1024];   /* the set's path without its extension */
    struct intent_entry ent[INTENT_MAX];
    int n;
    bool complete;     /* it has its "end" line: the renames may have begun */
};

/* ---------------------------------------------------------------- names */

static void intent_init(struct intent *in, const char *path)
{
    memset(in, 0, sizeof *in);
    pd_outset_intent_name(path, in->name, sizeof in->name);
    snprintf(in->stem, sizeof in->stem, "%.*s", (int)pd_path_stem_len(path), path);
}

/* "ev.pbn, ev.dup, ev.dlm": the files an intent names, for messages. */
static void list_files(const struct intent *in, char *out, size_t cap)
{
    size_t at = 0;

    out[0] = '\0';
    for (int i = 0; i < in->n && at < cap; i++)
        at += (size_t)snprintf(out + at, cap - at, "%s%s%s", i ? ", " : "", in->stem,
                               in->ent[i].ext);
}

/* ---------------------------------------------------------------- reading an intent */

static bool all_of(const char *p, size_t n, const char *set)
{
    for (size_t i = 0; i < n; i++)
        if (!p[i] || !strchr(set, p[i]))
            return false;
    return true;
}

#define ALNUM "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

/* One "SHA SUFFIX EXT" line (no newline) into e; false when it is not one. */
static bool parse_entry(const char *p, size_t n, struct intent_entry *e)
{
    size_t ext = n > 73 ? n - 73 : 0;

    if (n < 74 || n > 81 || p[64] != ' ' || p[71] != ' ' || p[72] != '.' ||
        !all_of(p, 64, "0123456789abcdef") || !all_of(p + 65, 6, ALNUM) ||
        !all_of(p + 73, ext, ALNUM))
        return false;
    snprintf(e->sha, sizeof e->sha, "%.64s", p);
    snprintf(e->suffix, sizeof e->suffix, "%.6s", p + 65);
    snprintf(e->ext, sizeof e->ext, ".%.*s", (int)ext, p + 73);
    return true;
}

/* Parses text; false when it is malformed. A text cut off anywhere (the run died writing it)
 * parses with complete false. */
static bool parse_intent(const char *text, size_t len, struct intent *in)
{
    size_t head = strlen(INTENT_HEAD), at = head;

    if (len < head)
        return strncmp(text, INTENT_HEAD, len) == 0;
    if (memcmp(text, INTENT_HEAD, head) != 0)
        return false;
    while (at < len) {
        const char *nl = memchr(text + at, '\n', len - at);

        if (!nl) /* a last line without its newline: cut off */
            return strncmp(text + at, INTENT_END, len - at) == 0 ||
                   (in->n < INTENT_MAX && len - at < 83);
        size_t n = (size_t)(nl - (text + at));

        if (n == 3 && memcmp(text + at, "end", 3) == 0) {
            in->complete = nl + 1 == text + len && in->n >= 2;
            return in->complete;
        }
        if (in->n == INTENT_MAX || !parse_entry(text + at, n, &in->ent[in->n]))
            return false;
        for (int k = 0; k < in->n; k++)
            if (strcmp(in->ent[k].ext, in->ent[in->n].ext) == 0)
                return false; /* one file named twice */
        in->n++;
        at += n + 1;
    }
    return true;
}

/* Opens and locks the intent: *fd -1 when there is none. A lock held by another process means a
 * run is committing this set right now. */
static enum pd_status intent_open(struct intent *in, int *fd, struct pd_err *e)
{
    char text[INTENT_BYTES + 1];
    ssize_t len;

    *fd = open(in->name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (*fd < 0 && errno == ELOOP)
        return pd_fail(e, PD_ERR_SYNTAX, "%s is a symbolic link, not an intent predup wrote: "
                       "remove it", in->name);
    if (*fd < 0)
        return errno == ENOENT ? PD_OK
                               : pd_fail(e, PD_ERR_IO, "%s: cannot open: %s", in->name,
                                         strerror(errno));
    if (flock(*fd, LOCK_EX | LOCK_NB) != 0)
        return pd_fail(e, PD_ERR_EXISTS, "%s*: another predup is writing this set now (%s): "
                       "wait for it to finish", in->stem, in->name);
    len = read(*fd, text, sizeof text);
    if (len < 0)
        return pd_fail(e, PD_ERR_IO, "%s: cannot read: %s", in->name, strerror(errno));
    if (len > INTENT_BYTES || !parse_intent(text, (size_t)len, in))
        return pd_fail(e, PD_ERR_SYNTAX, "%s is not an intent predup wrote: the files of %s* may "
                       "disagree; write the set again with --force, then remove %s",
                       in->name, in->stem, in->name);
    return PD_OK;
}

/* ---------------------------------------------------------------- completing an intent */

enum entry_state { ENTRY_TODO, ENTRY_DONE, ENTRY_BAD };

static enum entry_state entry_state(const struct intent_entry *ent, const char *target,
                                    char *tmp, size_t cap)
{
    char hex[65];
    struct pd_err ignored;
    struct stat st;

    snprintf(tmp, cap, "%s.tmp%s", target, ent->suffix);
    if (pd_outfile_refuse_key(target, &ignored) != PD_OK)
        return ENTRY_BAD; /* not even a hand-made intent replaces a key file */
    if (lstat(tmp, &st) == 0) /* a link would be renamed into place as a link */
        return S_ISREG(st.st_mode) && pd_sha256_file(tmp, hex, &ignored) == PD_OK &&
                       strcmp(hex, ent->sha) == 0 ? ENTRY_TODO : ENTRY_BAD;
    if (pd_sha256_file(target, hex, &ignored) == PD_OK && strcmp(hex, ent->sha) == 0)
        return ENTRY_DONE;
    return ENTRY_BAD;
}

/* Renames every intact new copy into place, or names the first entry that cannot be. */
static enum pd_status roll_forward(const struct intent *in, struct pd_err *e)
{
    char file[1100], target[INTENT_MAX][1024], tmp[INTENT_MAX][1100], files[600];
    enum entry_state st[INTENT_MAX];

    for (int i = 0; i < in->n; i++) {
        snprintf(file, sizeof file, "%s%s", in->stem, in->ent[i].ext);
        enum pd_status rc = pd_outfile_target(file, target[i], sizeof target[i], e);

        if (rc != PD_OK)
            return rc;
        st[i] = entry_state(&in->ent[i], target[i], tmp[i], sizeof tmp[i]);
        if (st[i] == ENTRY_BAD) {
            list_files(in, files, sizeof files);
            return pd_fail(e, PD_ERR_MISMATCH, "%s may disagree: their write was interrupted "
                           "and the new %s is lost or damaged; write the set again with --force",
                           files, file);
        }
    }
    for (int i = 0; i < in->n; i++)
        if (st[i] == ENTRY_TODO && rename(tmp[i], target[i]) != 0)
            return pd_fail(e, PD_ERR_IO, "%s: cannot complete the interrupted write: %s",
                           tmp[i], strerror(errno));
    return PD_OK;
}

/* Removes the intent and every temporary file it names: nothing of it is to be completed. */
static void discard(const struct intent *in)
{
    char file[1100], target[1024], tmp[1100];
    struct pd_err ignored;

    for (int i = 0; i < in->n; i++) {
        snprintf(file, sizeof file, "%s%s", in->stem, in->ent[i].ext);
        if (pd_outfile_target(file, target, sizeof target, &ignored) == PD_OK) {
            snprintf(tmp, sizeof tmp, "%s.tmp%s", target, in->ent[i].suffix);
            unlink(tmp);
        }
    }
    unlink(in->name);
    fprintf(stderr, "predup: removed %s and its temporary files, left by an interrupted "
            "write\n", in->name);
}

/* True when files (the paths this run writes) include every file the intent names. */
static bool covers(const struct intent *in, const char *const *files, int nfiles)
{
    char file[1100];

    for (int i = 0; i < in->n; i++) {
        bool found = false;

        snprintf(file, sizeof file, "%s%s", in->stem, in->ent[i].ext);
        for (int k = 0; k < nfiles && !found; k++)
            found = strcmp(files[k], file) == 0;
        if (!found)
            return false;
    }
    return true;
}

/* The intent of the set path belongs to, opened and locked (intent_open); *fd -1 when there is
 * none (or path is stdout). */
static enum pd_status intent_find(const char *path, struct intent *in, int *fd,
                                  struct pd_err *e)
{
    *fd = -1;
    if (strcmp(path, "-") == 0)
        return PD_OK;
    intent_init(in, path);
    return intent_open(in, fd, e);
}

enum pd_status pd_outset_recover(const char *path, const char *const *files, int nfiles,
                                 unsigned flags, struct pd_err *e)
{
    struct intent in;
    int fd;
    enum pd_status rc = intent_find(path, &in, &fd, e);

    if (fd < 0)
        return rc;
    if (rc == PD_OK && !in.complete) {
        discard(&in); /* cut off before its end line: no rename had begun */
    } else if (rc == PD_OK) {
        rc = roll_forward(&in, e);
        if (rc == PD_OK) {
            unlink(in.name);
            fprintf(stderr, "predup: completed the interrupted write of %s*\n", in.stem);
        }
    }
    if (rc != PD_OK && rc != PD_ERR_EXISTS && (flags & PD_OUT_FORCE) &&
        (in.n == 0 || covers(&in, files, nfiles))) {
        discard(&in); /* this run writes every file of the set again */
        rc = PD_OK;
    }
    close(fd);
    return rc == PD_OK ? pd_fsync_dir(in.name, e) : rc;
}

enum pd_status pd_outset_check(const char *path, struct pd_err *e)
{
    struct intent in;
    char files[600];
    int fd;
    enum pd_status rc = intent_find(path, &in, &fd, e);

    if (fd >= 0)
        close(fd);
    if (rc != PD_OK || fd < 0 || !in.complete)
        return rc; /* an intent cut off before its end: the old files still agree */
    list_files(&in, files, sizeof files);
    return pd_fail(e, PD_ERR_MISMATCH, "%s may disagree: their write was interrupted (%s "
                   "remains); run the deal or convert that wrote them again to complete it",
                   files, in.name);
}

/* ---------------------------------------------------------------- writing an intent */

static enum pd_status intent_write(struct intent *in, int *fd, struct pd_err *e)
{
    char text[INTENT_BYTES];
    size_t len = (size_t)snprintf(text, sizeof text, "%s", INTENT_HEAD);

    for (int i = 0; i < in->n; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s %s %s\n", in->ent[i].sha,
                                in->ent[i].suffix, in->ent[i].ext);
    len += (size_t)snprintf(text + len, sizeof text - len, "%s", INTENT_END);
    *fd = open(in->name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (*fd < 0)
        return pd_fail(e, PD_ERR_IO, "%s: cannot create: %s", in->name, strerror(errno));
    if (flock(*fd, LOCK_EX) != 0 || write(*fd, text, len) != (ssize_t)len || fsync(*fd) != 0) {
        int err = errno;

        unlink(in->name);
        return pd_fail(e, PD_ERR_IO, "%s: cannot write: %s", in->name, strerror(err));
    }
    return pd_fsync_dir(in->name, e);
}

/* Fills the intent's entries from the files that will be renamed (an identical file is kept,
 * not renamed). The caller writes no intent for fewer than two: one rename is atomic. */
static enum pd_status intent_plan(struct intent *in, struct pd_outfile *o, int n,
                                  struct pd_err *e)
{
    size_t stem = strlen(in->stem);

    for (int i = 0; i < n; i++) {
        if (!o[i].tmp[0] || o[i].same)
            continue;
        struct intent_entry *ent = &in->ent[in->n];
        const char *ext = o[i].path + stem;

        if (in->n == INTENT_MAX || strncmp(o[i].path, in->stem, stem) != 0 || *ext != '.' ||
            strlen(ext) < 2 || strlen(ext) > 9 || !all_of(ext + 1, strlen(ext + 1), ALNUM))
            return pd_fail(e, PD_ERR_INTERNAL, "%s: not a file of the set %s*", o[i].path,
                           in->stem);
        snprintf(ent->suffix, sizeof ent->suffix, "%s", o[i].tmp + strlen(o[i].target) + 4);
        snprintf(ent->ext, sizeof ent->ext, "%s", ext);
        enum pd_status rc = pd_sha256_file(o[i].tmp, ent->sha, e);

        if (rc != PD_OK)
            return rc;
        in->n++;
    }
    return PD_OK;
}

enum pd_status pd_outset_commit(const char *path, struct pd_outfile *o, int n, struct pd_err *e)
{
    struct intent in;
    int fd = -1, renamed = 0;
    enum pd_status rc;

    intent_init(&in, path);
    rc = n >= 2 ? intent_plan(&in, o, n, e) : PD_OK;
    if (rc == PD_OK && in.n >= 2)
        rc = intent_write(&in, &fd, e);
    for (int i = 0; i < n; i++) {
        bool renames = o[i].tmp[0] && !o[i].same;

        if (rc != PD_OK) {
            pd_outfile_abort(&o[i]);
            continue;
        }
        rc = pd_outfile_commit(&o[i], e);
        renamed += rc == PD_OK && renames;
    }
    /* A failure after a rename leaves the set mixed: the intent stays for the next run to name. */
    if (fd >= 0 && (rc == PD_OK || renamed == 0)) {
        unlink(in.name);
        if (rc == PD_OK)
            rc = pd_fsync_dir(in.name, e);
    }
    if (fd >= 0)
        close(fd);
    return rc;
}
