/* dealer/base/outfile.c - safe file output, the one way every predup writer creates a file.
 *
 * A regular file is written to a temporary name beside its target (after following symlinks, so
 * a link stays a link and its target is what gets replaced), flushed, fsynced, compared with what
 * the target already holds, renamed over it, and the directory fsynced. Anything that is not a
 * regular file (stdout as "-", a terminal, a pipe, a FIFO, /dev/null, /dev/stdout, /dev/fd/N) is
 * written in place: renaming over it would replace a device node. Outputs reveal deals, so
 * files are made 0600 unless the caller asks for PD_OUT_PUBLIC. A different existing file is never replaced
 * without PD_OUT_FORCE; an identical one is left untouched, mtime included.
 *
 * Live temporary names sit in a small fixed registry that a SIGINT/SIGTERM/SIGHUP/SIGPIPE
 * handler empties with unlink(2) (async-signal-safe) before re-raising the signal, so an
 * interrupted run leaves no temporary file behind. The registry is the module's only mutable
 * state; it exists because a signal handler can reach nothing else. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dealer/base/base.h"

/* ---------------------------------------------------------------- temporary-name registry */

enum { TMP_SLOTS = 64 };

static char tmp_names[TMP_SLOTS][sizeof ((struct pd_outfile *)0)->tmp];
static volatile sig_atomic_t tmp_live[TMP_SLOTS];

/* Claims a slot and creates the temporary file in it. The slot is marked live before mkostemp
 * fills in the name, so a signal arriving at any point finds the file. Returns the fd or -1. */
static int tmp_create(const char *target, int *slot)
{
    for (int i = 0; i < TMP_SLOTS; i++) {
        if (tmp_live[i])
            continue;
        snprintf(tmp_names[i], sizeof tmp_names[i], "%s.tmpXXXXXX", target);
        tmp_live[i] = 1;
        int fd = mkostemp(tmp_names[i], O_CLOEXEC);

        if (fd < 0) {
            int err = errno;

            tmp_live[i] = 0;
            errno = err;
            return -1;
        }
        /* Held while the file lives: a later run removes only unlocked leftovers (sweep). */
        flock(fd, LOCK_EX | LOCK_NB);
        *slot = i;
        return fd;
    }
    errno = EMFILE;
    return -1;
}

static void tmp_release(int slot)
{
    if (slot >= 0)
        tmp_live[slot] = 0;
}

static void on_fatal_signal(int sig)
{
    int saved = errno;

    struct sigaction dfl;

    for (int i = 0; i < TMP_SLOTS; i++)
        if (tmp_live[i])
            unlink(tmp_names[i]);
    /* The default action comes back only now that every temporary is gone: with SA_RESETHAND a
     * second signal (timeout(1) and a shell signal the whole group) could reach another thread
     * mid-cleanup and end the process before the unlinks. The re-raised signal then ends the
     * process as the original would have, so the parent sees the real cause. */
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    errno = saved;
    raise(sig);
}

void pd_outfile_cleanup_on_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    struct sigaction sa, old;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal_signal;
    sa.sa_flags = 0;
    sigfillset(&sa.sa_mask); /* no other signal interrupts the cleanup on this thread */
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        /* A signal ignored by whoever started us (nohup, a shell's background job) stays so. */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
}

/* ---------------------------------------------------------------- paths */

/* /dev/stdout and /dev/fd/N lead through /proc to whatever the fd is (a file the shell opened,
 * a pipe): only writing through the name itself does what the user meant. (Other names in /dev
 * are devices, found by stat, or files in /dev/shm, written safely like any other.) */
static bool is_fd_alias(const char *p)
{
    return strncmp(p, "/proc/", 6) == 0 || strncmp(p, "/dev/fd/", 8) == 0 ||
           strncmp(p, "/dev/std", 8) == 0;
}

/* Follows a chain of symlinks to the name that will really be replaced; a dangling link resolves
 * to the file it names (created there). A relative link is taken relative to its own directory.
 * *in_place is set when the chain leads to an fd alias (/proc, /dev/fd): then path is written
 * as it is. */
static enum pd_status resolve_links(const char *path, char *out, size_t cap, bool *in_place,
                                    struct pd_err *e)
{
    char link[PATH_MAX];
    struct stat st;

    snprintf(out, cap, "%s", path);
    *in_place = is_fd_alias(path);
    for (int depth = 0; !*in_place && lstat(out, &st) == 0 && S_ISLNK(st.st_mode); depth++) {
        if (depth == 40)
            return pd_fail(e, PD_ERR_IO, "%s: too many levels of symbolic links", path);
        ssize_t n = readlink(out, link, sizeof link - 1);

        if (n < 0)
            return pd_fail(e, PD_ERR_IO, "%s: cannot read link: %s", path, strerror(errno));
        link[n] = '\0';
        *in_place = is_fd_alias(link);
        char *slash = strrchr(out, '/');

        if (link[0] != '/' && slash) {
            size_t dir = (size_t)(slash - out) + 1;

            if (dir + (size_t)n >= cap)
                return pd_fail(e, PD_ERR_IO, "%s: path too long", path);
            memcpy(out + dir, link, (size_t)n + 1);
        } else if (snprintf(out, cap, "%s", link) >= (int)cap) {
            return pd_fail(e, PD_ERR_IO, "%s: path too long", path);
        }
    }
    return PD_OK;
}

enum pd_status pd_outfile_target(const char *path, char *out, size_t cap, struct pd_err *e)
{
    bool in_place;

    return resolve_links(path, out, cap, &in_place, e);
}

enum pd_status pd_outfile_refuse_key(const char *path, struct pd_err *e)
{
    static const char spent[] = KEY_SPENT_LINE;
    char text[66 + sizeof spent];
    struct stat st;
    ssize_t n = 0;
    int fd = stat(path, &st) == 0 && S_ISREG(st.st_mode)
                 ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1;

    if (fd < 0) /* nothing there, or a device, a pipe: nothing a key is kept in */
        return PD_OK;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= (off_t)sizeof text)
        n = read(fd, text, sizeof text);
    close(fd);
    /* a key, or a key that event reveal marked spent (its text, then KEY_SPENT_LINE) */
    size_t keep = n > 0 && (size_t)n > sizeof spent - 1 &&
                          !memcmp(text + n - (sizeof spent - 1), spent, sizeof spent - 1)
                      ? (size_t)n - (sizeof spent - 1) : (size_t)(n > 0 ? n : 0);
    bool key = keep > 0 && pd_looks_like_key(text, keep);

    pd_wipe(text, sizeof text);
    if (!key)
        return PD_OK;
    return pd_fail(e, PD_ERR_EXISTS, "%s looks like a key file, and no output replaces a key "
                   "file, even with --force: choose another output name", path);
}

enum pd_status pd_fsync_dir(const char *path, struct pd_err *e)
{
    char dir[PATH_MAX];
    const char *slash = strrchr(path, '/');
    int fd, err = 0;

    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return pd_fail(e, PD_ERR_IO, "%s: cannot open its directory: %s", path, strerror(errno));
    /* Some filesystems cannot sync a directory (EINVAL): nothing more can be done there. */
    if (fsync(fd) != 0 && errno != EINVAL)
        err = errno;
    close(fd);
    return err ? pd_fail(e, PD_ERR_IO, "%s: cannot sync its directory: %s", path, strerror(err))
               : PD_OK;
}

/* ---------------------------------------------------------------- open */

static enum pd_status open_in_place(struct pd_outfile *o, const char *name, struct pd_err *e)
{
    o->f = fopen(name, "wb");
    if (!o->f)
        return pd_fail(e, PD_ERR_IO, "%s: cannot open: %s", o->path, strerror(errno));
    return PD_OK;
}

/* The mode of a new output: 0600, for it reveals deals, or 0666 less the umask when public. */
static mode_t output_mode(unsigned flags)
{
    mode_t mask;

    if (!(flags & PD_OUT_PUBLIC))
        return 0600;
    mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* True when name is base + ".tmp" + the six characters mkostemp puts there. */
static bool is_temporary_of(const char *name, const char *base)
{
    size_t n = strlen(base);

    if (strncmp(name, base, n) != 0 || strncmp(name + n, ".tmp", 4) != 0 ||
        strlen(name + n + 4) != 6)
        return false;
    for (const char *p = name + n + 4; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
            return false;
    return true;
}

/* The intent's name lives here, not in outset.c, so that outset.c (the set) calls outfile.c
 * (each file) and nothing calls back. */
size_t pd_path_stem_len(const char *path)
{
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');

    return dot && !(slash && dot < slash) ? (size_t)(dot - path) : strlen(path);
}

void pd_outset_intent_name(const char *path, char *out, size_t cap)
{
    size_t stem = pd_path_stem_len(path);
    const char *slash = memrchr(path, '/', stem);
    size_t dir = slash ? (size_t)(slash - path) + 1 : 0;

    snprintf(out, cap, "%.*s.%.*s.pending", (int)dir, path, (int)(stem - dir), path + dir);
}

/* Removes the temporary files that a killed run (SIGKILL, a crash, a power cut: nothing a
 * signal handler sees) left beside the target. A live run holds its temporary file locked, so
 * only unlocked ones go. While the set's intent is pending its temporary files are the new
 * copies that complete it (dealer/base/outset.c), so nothing is removed then. */
static void sweep_leftovers(const struct pd_outfile *o)
{
    char dir[PATH_MAX], name[PATH_MAX + 256], intent[PATH_MAX + 16];
    const char *slash = strrchr(o->target, '/'), *base = slash ? slash + 1 : o->target;
    struct dirent *de;
    DIR *d;

    pd_outset_intent_name(o->path, intent, sizeof intent);
    if (access(intent, F_OK) == 0)
        return;
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - o->target) + 1 : 1,
             slash ? o->target : ".");
    d = opendir(dir);
    while (d && (de = readdir(d)) != NULL) {
        if (!is_temporary_of(de->d_name, base))
            continue;
        snprintf(name, sizeof name, "%s%s", slash ? dir : "", de->d_name);
        int fd = open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        struct stat st;

        if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
            flock(fd, LOCK_EX | LOCK_NB) == 0 && unlink(name) == 0)
            fprintf(stderr, "predup: removed %s, left by an interrupted run\n", name);
        if (fd >= 0)
            close(fd);
    }
    if (d)
        closedir(d);
}

static enum pd_status open_temporary(struct pd_outfile *o, struct pd_err *e)
{
    sweep_leftovers(o);
    int fd = tmp_create(o->target, &o->slot);

    if (fd < 0) {
        int err = errno;

        o->slot = -1;
        pd_fail(e, PD_ERR_IO, "%s: cannot create: %s", o->path, strerror(err));
        if (e)
            e->sys = err;
        return PD_ERR_IO;
    }
    snprintf(o->tmp, sizeof o->tmp, "%s", tmp_names[o->slot]);
    /* mkostemp made it 0600, right for anything that reveals deals. */
    if (o->flags & PD_OUT_PUBLIC)
        fchmod(fd, output_mode(o->flags));
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        int err = errno;

        close(fd);
        pd_outfile_abort(o);
        return pd_fail(e, PD_ERR_IO, "%s: cannot open: %s", o->path, strerror(err));
    }
    return PD_OK;
}

enum pd_status pd_outfile_open_ex(struct pd_outfile *o, const char *path, unsigned flags,
                                  struct pd_err *e)
{
    struct stat st;
    bool in_place;
    enum pd_status rc;

    memset(o, 0, sizeof *o);
    o->slot = -1;
    o->lock = -1;
    o->flags = flags;
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        snprintf(o->path, sizeof o->path, "-");
        return PD_OK;
    }
    if (snprintf(o->path, sizeof o->path, "%s", path) >= (int)sizeof o->path)
        return pd_fail(e, PD_ERR_IO, "%s: path too long", path);
    rc = resolve_links(path, o->target, sizeof o->target, &in_place, e);
    if (rc != PD_OK)
        return rc;
    if (in_place)
        return open_in_place(o, path, e);
    rc = flags & PD_OUT_KEY ? PD_OK : pd_outfile_refuse_key(path, e);
    if (rc != PD_OK)
        return rc;
    if (stat(o->target, &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode))
            return pd_fail(e, PD_ERR_IO, "%s: is a directory", path);
        return open_in_place(o, o->target, e);
    }
    return open_temporary(o, e);
}

enum pd_status pd_outfile_open(struct pd_outfile *o, const char *path, struct pd_err *e)
{
    return pd_outfile_open_ex(o, path, 0, e);
}

/* ---------------------------------------------------------------- finish and commit */

/* 1 when the two open files hold the same bytes, 0 when not, -1 on a read error. */
static int same_content(int a, int b)
{
    char x[65536], y[sizeof x];
    struct stat sa, sb;

    if (fstat(a, &sa) != 0 || fstat(b, &sb) != 0)
        return -1;
    if (sa.st_size != sb.st_size)
        return 0;
    for (;;) {
        ssize_t n = read(a, x, sizeof x);

        if (n < 0)
            return -1;
        if (n == 0)
            return 1;
        for (ssize_t got = 0; got < n;) {
            ssize_t m = read(b, y + got, (size_t)(n - got));

            if (m <= 0)
                return m < 0 ? -1 : 0;
            got += m;
        }
        if (memcmp(x, y, (size_t)n) != 0)
            return 0;
    }
}

/* The hint of a refused output: a caller without --force replaces it (pd_err_hint). */
#define PD_FORCE_HINT " (add --force to replace it)"

/* Decides what the commit will do with an existing target: keep it (identical), refuse (differs,
 * no --force) or replace it. The temporary file is closed already. */
static enum pd_status check_target(struct pd_outfile *o, struct pd_err *e)
{
    int old = open(o->target, O_RDONLY | O_CLOEXEC), fresh, same;

    if (old < 0 && (errno == ENOENT || (o->flags & PD_OUT_FORCE)))
        return PD_OK; /* nothing there yet, or replaced whatever it holds */
    if (old < 0) {
        pd_fail(e, PD_ERR_EXISTS, "%s exists and cannot be read to compare: %s", o->path,
                strerror(errno));
        pd_err_hint(e, PD_FORCE_HINT);
        return PD_ERR_EXISTS;
    }
    fresh = open(o->tmp, O_RDONLY | O_CLOEXEC);
    same = fresh < 0 ? -1 : same_content(fresh, old);
    if (fresh >= 0)
        close(fresh);
    close(old);
    if (same == 1) {
        o->same = true;
        return PD_OK;
    }
    if (o->flags & PD_OUT_FORCE)
        return PD_OK;
    pd_fail(e, PD_ERR_EXISTS, "%s exists and differs", o->path);
    pd_err_hint(e, PD_FORCE_HINT);
    return PD_ERR_EXISTS;
}

static enum pd_status close_in_place(struct pd_outfile *o, int err, struct pd_err *e)
{
    if (o->f != stdout && fclose(o->f) != 0 && !err)
        err = errno;
    o->f = NULL;
    o->ready = !err;
    return err ? pd_fail(e, PD_ERR_IO, "writing %s: %s",
                         strcmp(o->path, "-") == 0 ? "standard output" : o->path, strerror(err))
               : PD_OK;
}

enum pd_status pd_outfile_finish(struct pd_outfile *o, struct pd_err *e)
{
    int err = 0;
    enum pd_status rc;

    if (o->ready)
        return PD_OK;
    if (!o->f)
        return pd_fail(e, PD_ERR_INTERNAL, "%s: output not open", o->path);
    if (fflush(o->f) != 0 || ferror(o->f))
        err = errno ? errno : EIO;
    if (!o->tmp[0])
        return close_in_place(o, err, e);
    if (!err && fsync(fileno(o->f)) != 0)
        err = errno;
    o->lock = dup(fileno(o->f)); /* keeps the file's lock until commit or abort */
    if (fclose(o->f) != 0 && !err)
        err = errno;
    o->f = NULL;
    if (err) {
        pd_outfile_abort(o);
        pd_fail(e, PD_ERR_IO, "%s: cannot write: %s", o->path, strerror(err));
        if (e)
            e->sys = err;
        return PD_ERR_IO;
    }
    rc = check_target(o, e);
    if (rc != PD_OK) {
        pd_outfile_abort(o);
        return rc;
    }
    o->ready = true;
    return PD_OK;
}

/* An identical target is kept, but given the mode a new output would have: a copy left 0644 by
 * hand or by an older predup stops showing the deals to everyone. False when the mode cannot be
 * set (another user's file): then the new copy replaces it, with the right mode. */
static bool fix_mode(const struct pd_outfile *o)
{
    mode_t want = output_mode(o->flags);
    struct stat st;

    if (stat(o->target, &st) != 0)
        return false;
    return (st.st_mode & 07777) == want || chmod(o->target, want) == 0;
}

static void unlock(struct pd_outfile *o)
{
    if (o->lock >= 0)
        close(o->lock);
    o->lock = -1;
}

enum pd_status pd_outfile_commit(struct pd_outfile *o, struct pd_err *e)
{
    enum pd_status rc = pd_outfile_finish(o, e);

    if (rc != PD_OK || !o->tmp[0])
        return rc;
    if (o->same && fix_mode(o)) {
        pd_outfile_abort(o); /* the target already holds these bytes: leave it untouched */
        return PD_OK;
    }
    if (rename(o->tmp, o->target) != 0) {
        int err = errno;

        pd_outfile_abort(o);
        pd_fail(e, PD_ERR_IO, "%s: cannot write: %s", o->path, strerror(err));
        if (e)
            e->sys = err;
        return PD_ERR_IO;
    }
    tmp_release(o->slot);
    o->slot = -1;
    o->tmp[0] = '\0';
    unlock(o);
    return pd_fsync_dir(o->target, e);
}

void pd_outfile_abort(struct pd_outfile *o)
{
    if (o->f && o->f != stdout)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp[0])
        unlink(o->tmp);
    o->tmp[0] = '\0';
    tmp_release(o->slot);
    o->slot = -1;
    o->ready = false;
    unlock(o);
}
