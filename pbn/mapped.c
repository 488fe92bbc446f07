/* pbn/mapped.c - large sets are mapped, not read: a PBN set keeps its text, and a mapping holds
 * the page cache's pages, where reading would copy each byte into fresh memory (a third of the
 * CPU time of converting a large set went to the kernel). A file that another program cuts
 * short while predup reads it would end predup with a bare SIGBUS: the guard below says which
 * file and exits 74 (I/O) instead. predup's own outputs are never cut short (pd_outfile writes
 * a temporary file and renames it), so nothing written is lost. */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pbn/fmt_int.h"

enum { MAP_FROM = 1 << 20 };

/* The message of the last file mapped, made before any fault (a signal handler may only
 * write). */
static char cut_short_msg[1024];
static size_t cut_short_len;

static void on_cut_short(int sig)
{
    (void)sig;
    if (write(STDERR_FILENO, cut_short_msg, cut_short_len) < 0) {
        /* nothing more to say */
    }
    _exit(74); /* pd_exit_code(PD_ERR_IO) */
}

static void guard_mapping(const char *path)
{
    char shown[600];
    struct sigaction sa;

    pd_escape(path, strlen(path), false, shown, sizeof shown);
    snprintf(cut_short_msg, sizeof cut_short_msg,
             "predup: error: %s: the file was cut short by another program while predup read "
             "it; read it again when nothing writes to it\n", shown);
    cut_short_len = strlen(cut_short_msg);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_cut_short;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, NULL);
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
        guard_mapping(path);
        m = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    }
    if (fd >= 0)
        close(fd);
    if (m == MAP_FAILED)
        return NULL;
    *mapped = (size_t)st.st_size;
    return m;
}
