/* machine/mach_int.h - internal to machine/: the journal of a fill (journal.c), used by the
 * controller (ctl.c). */
#ifndef PREDUP_MACHINE_MACH_INT_H
#define PREDUP_MACHINE_MACH_INT_H

#include "machine/machine.h"

/* What the journal says of a board. */
enum jstate { J_NONE, J_BEGUN, J_GOOD, J_BAD };

struct journal {
    int fd;
    char path[1024];
    int max_board;
    uint8_t *state;    /* [1..max_board]: enum jstate */
    int *attempts;     /* [1..max_board]: "begin" lines */
};

/* Creates the journal (resume false: it must not exist) or reopens and replays it (resume
 * true; created when missing). A torn last line (power loss mid-write) is cut off. Errors:
 * PD_ERR_IO, PD_ERR_MISMATCH (started for another set), PD_ERR_SYNTAX (garbled line). */
enum pd_status journal_open(struct journal *j, const char *path, const uint8_t hash[32],
                            bool resume, int max_board, struct pd_err *e);
/* Appends one line (no newline in fmt) and fsyncs it: only then does the record count. */
enum pd_status journal_add(struct journal *j, struct pd_err *e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void journal_close(struct journal *j);

#endif
