/* pbn/mapped.c - large sets are mapped, not read: a PBN set keeps its text, and a mapping holds
 * the page cache's pages, where reading would copy each byte into fresh memory (a third of the
 * CPU time of converting a large set went to the kernel). A file that another program cuts
 * short while predup reads it would end predup with a bare SIGBUS: the guard below, installed
 * at the first mapping, finds the mapping the fault lies in, says which file and exits 74
 * (I/O) instead. predup's own outputs are never cut short (pd_outfile writes a temporary file
 * and renames it), so nothing written is lost. */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pbn/fmt_int.h"

enum { MAP_FROM = 1 << 20, GUARDS = 64 };

/* The mappings made, each with its file's name escaped before any fault (a signal handler may
 * only read and write). Nothing tells this file when a set's text is unmapped (pbn_text_free):
 * a mapping made later over the same addresses takes the slot of any it overlaps, else a free
 * slot, else the slots are taken again in turn. shown_len 0: a free slot, or one being filled.
 * A fault in no slot's pages is said without a name. */
struct guard {
    uintptr_t start, end;
    char shown[600];
    atomic_size_t shown_len;
};
static struct guard guards[GUARDS];
static unsigned guards_turn;
static pthread_mutex_t guards_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t handler_once = PTHREAD_ONCE_INIT;

static const char cut_short_head[] = "predup: error: ";
static const char cut_short_tail[] = " was cut short by another program while predup read it; "
                                     "read it again when nothing writes to it\n";

/* Appends n bytes of s to msg at *len, as far as cap allows (memcpy: async-signal-safe). */
static void append(char *msg, size_t *len, size_t cap, const char *s, size_t n)
{
    if (n > cap - *len)
        n = cap - *len;
    memcpy(msg + *len, s, n);
    *len += n;
}

/* The slot whose pages hold the address at, its name's length in *n; NULL if none does. */
static const struct guard *guard_at(uintptr_t at, size_t *n)
{
    for (int i = 0; i < GUARDS; i++) {
        *n = atomic_load(&guards[i].shown_len);
        if (*n && guards[i].start <= at && at < guards[i].end)
            return &guards[i];
    }
    return NULL;
}

static void on_cut_short(int sig, siginfo_t *info, void *ctx)
{
    static const char known[] = ": the file", unknown[] = "a file";
    size_t n, len = 0;
    const struct guard *g = guard_at((uintptr_t)info->si_addr, &n);
    char msg[sizeof cut_short_head + sizeof g->shown + sizeof known + sizeof cut_short_tail];

    (void)sig;
    (void)ctx;
    append(msg, &len, sizeof msg, cut_short_head, sizeof cut_short_head - 1);
    if (g) {
        append(msg, &len, sizeof msg, g->shown, n);
        append(msg, &len, sizeof msg, known, sizeof known - 1);
    } else {
        append(msg, &len, sizeof msg, unknown, sizeof unknown - 1);
    }
    append(msg, &len, sizeof msg, cut_short_tail, sizeof cut_short_tail - 1);
    if (write(STDERR_FILENO, msg, len) < 0) {
        /* nothing more to say */
    }
    _exit(74); /* pd_exit_code(PD_ERR_IO) */
}

static void install_handler(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_cut_short;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, NULL);
}

/* The slot for a new mapping of [start, end): the first it overlaps (all of them emptied),
 * else a free one, else the next in turn. Called with guards_lock held. */
static struct guard *guard_slot(uintptr_t start, uintptr_t end)
{
    struct guard *slot = NULL;

    for (int i = 0; i < GUARDS; i++)
        if (atomic_load(&guards[i].shown_len) && guards[i].start < end && start < guards[i].end) {
            atomic_store(&guards[i].shown_len, 0);
            slot = slot ? slot : &guards[i];
        }
    for (int i = 0; i < GUARDS && !slot; i++)
        if (!atomic_load(&guards[i].shown_len))
            slot = &guards[i];
    if (!slot) {
        slot = &guards[guards_turn];
        guards_turn = (guards_turn + 1) % GUARDS;
        atomic_store(&slot->shown_len, 0);
    }
    return slot;
}

/* path's mapping at m, size bytes: a fault in its pages names path. */
static void guard_mapping(const char *path, void *m, size_t size, size_t page)
{
    uintptr_t start = (uintptr_t)m, end = start + (size + page - 1) / page * page;
    struct guard *g;
    size_t n;

    pthread_once(&handler_once, install_handler);
    pthread_mutex_lock(&guards_lock);
    g = guard_slot(start, end);
    g->start = start;
    g->end = end;
    n = pd_escape(path, strlen(path), false, g->shown, sizeof g->shown);
    atomic_store(&g->shown_len, n);
    pthread_mutex_unlock(&guards_lock);
}

/* A file whose size is a multiple of the page size is read instead: the NUL after the text is
 * the rest of its last page. */
char *pbn_map_file(const char *path, size_t *mapped)
{
    struct stat st;
    long page = sysconf(_SC_PAGESIZE);
    int fd = strcmp(path, "-") != 0 ? open(path, O_RDONLY | O_CLOEXEC) : -1;
    void *m = MAP_FAILED;

    *mapped = 0;
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= MAP_FROM &&
        (uint64_t)st.st_size < UINT32_MAX && page > 0 && st.st_size % page != 0) {
        m = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
        if (m != MAP_FAILED)
            guard_mapping(path, m, (size_t)st.st_size, (size_t)page);
    }
    if (fd >= 0)
        close(fd);
    if (m == MAP_FAILED)
        return NULL;
    *mapped = (size_t)st.st_size;
    return m;
}
