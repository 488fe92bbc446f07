/* machine/operator/op_int.h - internal to machine/operator/: the state the fill and the page
 * share (state.c) and the server around it (server.c). */
#ifndef PREDUP_MACHINE_OPERATOR_OP_INT_H
#define PREDUP_MACHINE_OPERATOR_OP_INT_H

#include <pthread.h>
#include <time.h>

#include "machine/operator/operator.h"

enum { OP_NOTES = 8,    /* the last notes the page shows */
       OP_BAD_MAX = 64, /* bad boards listed (more are counted) */
       OP_TEXT = 300,   /* a note or a prompt (ctl.c's are shorter) */
       OP_CONNECTIONS = 64, OP_PER_ADDRESS = 8, /* connections at once, in all and from one address */
       OP_HEADER_SECONDS = 5, /* a request's headers come within this, or it is cut off */
       OP_IDLE_SECONDS = 10 };  /* a connection silent this long is closed */

struct op_note {
    long n; /* 1, 2 ...: the page tells new notes from old ones */
    int board;
    char text[OP_TEXT];
};

/* Everything the page may show, written by the fill's thread through the watch and read by
 * the server's: every member under lock. No member can hold a card. */
struct op_state {
    pthread_mutex_t lock;
    int wake[2];              /* a pipe: the page answered (read end given to the fill) */
    char set[256], event[256];
    bool begun;
    struct mach_progress p;   /* the last progress */
    int good, bad;            /* boards (x copies) finished in this run, or before it */
    struct { int copy, board; } badlist[OP_BAD_MAX];
    long prompt_id;           /* 1, 2 ...: the last prompt opened */
    bool prompt_open;         /* it waits for an answer */
    int prompt_board;
    enum mach_action prompt_act; /* its kind: the page words it in its own language */
    int prompt_copy, prompt_copies; /* the copy it is for, as the progress said then */
    char prompt[OP_TEXT];
    enum mach_answer answer;  /* the open prompt's answer, once settled */
    bool by_page;             /* ... given on the page (else at the terminal) */
    long last_id;             /* the last prompt settled (0: none yet), for the page to say */
    int last_board;           /* by whom it was answered, even after the next prompt opened */
    enum mach_answer last_answer;
    bool last_by_page;
    struct op_note notes[OP_NOTES]; /* a ring: note n at [(n - 1) % OP_NOTES] */
    long nnotes;
    char lang[16];            /* the event's language ("" none): the page speaks it */
    struct timespec t_begin;  /* when the fill began (monotonic) */
    bool ended;               /* the fill ended: the page shows its summary */
    enum pd_status end_rc;    /* ... how (mach_fill_run's status) */
    double end_s;             /* ... after this many seconds */
    bool polled, end_seen;    /* a page asked for the state; it has seen the end */
};

/* A connection of the page's server and since when it waits for a request's headers (an
 * idle keep-alive connection waits for nothing: libmicrohttpd's idle timeout closes it). */
struct op_conn {
    bool used;
    bool waiting; /* a request is on its way (since): the first, or one whose line came */
    bool busy;    /* its request's headers came, it is being answered */
    int fd;
    struct timespec since;
};

struct op_server {
    struct op_state st;
    struct op_conn conns[OP_CONNECTIONS]; /* the connections open, for the header deadline */
    pthread_mutex_t conn_lock;  /* conns: the server's thread and the reaper's */
    pthread_cond_t reaper_wake; /* op_stop wakes the reaper to end */
    pthread_t reaper;
    bool reaping, stopping;
    struct mach_watch watch;
    struct MHD_Daemon *mhd;
    bool need_token;          /* bound to an address other than loopback */
    char token[33];           /* 32 hex digits from the OS's generator */
    char url[160];
    int port;
};

/* page.c: the page (machine/operator/page.html), one NUL-terminated string */
extern const char op_page_html[];

/* state.c */
enum pd_status op_state_init(struct op_state *st, struct pd_err *e);
void op_state_free(struct op_state *st);
/* The watch (struct mach_watch) over st. */
void op_state_watch(struct op_state *st, struct mach_watch *w);
/* The page's answer to prompt id, settled under the lock: true when it came first. */
bool op_claim(struct op_state *st, long id, enum mach_answer a);
/* Wakes the fill waiting on the prompt (op_claim settled it). */
void op_wake(struct op_state *st);
/* After the fill ended, up to wait_ms for a page that follows it to see how (op_stop). */
void op_state_linger(struct op_state *st, int wait_ms);

#endif
