/* dealer/base/base.h - the foundations room (dealer/base/): status and errors, exit codes
 * (status.c), number parsing and command-line options (options.c, cmdline.c, status.c), safe
 * output (outfile.c, outset.c), reading files (status.c), UTF-8 and the escaper of every message
 * (utf8.c), short texts (text_check.c), libraries and predup's own modules loaded on first use
 * (lib_open.c, module_open.c). Includes no other predup header; every other room includes it
 * (through dealer/deal/deal.h or directly). */
#ifndef PREDUP_DEALER_BASE_H
#define PREDUP_DEALER_BASE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PREDUP_VERSION "0.1.0"

/* ---------------------------------------------------------------- status and errors */

/* One status type for the whole program; exit codes come from it in predup.c. */
enum pd_status {
    PD_OK = 0,
    PD_ERR_USAGE,    /* bad command line: unknown option, missing argument */
    PD_ERR_NOMEM,    /* an allocation failed */
    PD_ERR_IO,       /* open/read/write/fsync/rename failed; errno in sys */
    PD_ERR_SYNTAX,   /* bad input text; file, line and col are set where known */
    PD_ERR_RANGE,    /* a value the format or option does not allow */
    PD_ERR_CRYPTO,   /* a libcrypto call failed */
    PD_ERR_DEVICE,   /* USB or machine-protocol failure */
    PD_ERR_MISMATCH, /* verify/check/journal: content differs from what was expected */
    PD_ERR_LIMIT,    /* the work stopped before it was done, no fault found: a generate/time
                      * limit (exit 75) */
    PD_ERR_INTERNAL, /* a bug in predup: an invariant did not hold */
    PD_ERR_EXISTS,   /* an output exists with different content and --force was not given, or
                      * the record already holds another value (a published one is final) */
    PD_STOPPED,      /* the operator stopped the work (a fill's q or the page's Stop): nothing
                      * is wrong, so it is said as a statement, not an error (exit 75) */
};

struct pd_err {
    enum pd_status code;
    char file[160];  /* input name, or "" */
    int line, col;   /* 1-based; 0 when unknown */
    int sys;         /* errno or the library's own code; 0 if none */
    char msg[240];   /* one line: no newline, no final period */
    char src[160];   /* the offending line for the caret, escaped, PD_LINE_WITHHELD, or "" */
    int caret;       /* the column's byte offset in src, after the escapes before it */
    size_t hint;     /* where msg's replaceable hint starts (pd_err_hint); 0 when none */
};

/* Records code and message into *e (e may be NULL) and returns code, so that failing takes one
 * line: return pd_fail(e, PD_ERR_RANGE, "board %d: DUP holds boards 1-99", n); */
enum pd_status pd_fail(struct pd_err *e, enum pd_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* As pd_fail, with a position: file (may be NULL), 1-based line and column, and the text of the
 * offending line (may be NULL; copied up to its end of line). */
enum pd_status pd_fail_at(struct pd_err *e, enum pd_status code, const char *file, int line,
                          int col, const char *src_line, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

/* A message made as pd_fail makes e->msg (key-like text withheld, then pd_escape), into dst
 * (cap bytes): for the lines a command prints itself that quote a file (verify's and check's
 * faults). */
void pd_message(char *dst, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Ends e's message with hint, e.g. " (add --force to replace it)", in place of the hint it
 * ends with already (e->hint): a caller that knows a better one (event deal takes no --force)
 * tests the status and e->hint and puts its own, instead of searching the text. */
void pd_err_hint(struct pd_err *e, const char *hint);

/* Writes "file:line:col: error: msg" (the parts that are known), then the source line and a
 * caret under the column when src is set; PD_STOPPED's msg alone (the operator's stop is no
 * error). */
void pd_err_print(FILE *out, const struct pd_err *e);
/* "WHO: " and pd_err_print's report on stderr in one write, so that processes writing at once
 * (the ranks of an mpirun job, whose outputs mpirun forwards as they come) never interleave
 * within a report. Every error report goes through it: predup.c's for the command, and
 * verify's for each further file that fails. */
void pd_err_report(const char *who, const struct pd_err *e);

/* The exit status for a status: 0 ok, 1 mismatch, otherwise sysexits(3) values, each one
 * meaning: the rows of the one table of exit codes, in order (code and meaning), NULL past the
 * last. `predup help exit-codes` prints them; README.md and predup.1 are tested against them. */
int pd_exit_code(enum pd_status code);
struct pd_exit_row {
    int code;
    const char *meaning; /* one sentence, no final period */
};
const struct pd_exit_row *pd_exit_row(size_t i);

/* ---------------------------------------------------------------- numbers and options */

/* The one parser of numeric options: text must be plain decimal digits (no sign, no space) for
 * a value from min to max, else PD_ERR_USAGE "WHAT wants a number from MIN to MAX, not "TEXT"".
 * Every predup option number (counts, threads, seeds) is non-negative. */
enum pd_status pd_parse_number(const char *text, unsigned long long min, unsigned long long max,
                               const char *what, unsigned long long *out, struct pd_err *e);

/* Command-line options as rows (dealer/base/options.c): a front-end names each option once, in
 * a table of struct pd_opt, and from that table alone come getopt_long's short string and
 * long table, the scan of argv (pd_opts_parse), the refusal of a wrong option, the help lines
 * (pd_opts_help) and the words of `predup --complete` (pd_opts_complete). No front-end reads
 * getopt's globals.
 *   kind: PD_OPT_FLAG (no value), PD_OPT_VALUE (a value, given once: twice is refused),
 *         PD_OPT_REPEATABLE (a value, as often as wanted: the setter gathers them),
 *         PD_OPT_STOP (a flag that ends the reading: --help, dealer's -V; nothing after it
 *         counts), PD_OPT_REFUSED (known but not taken here: refused with help as the
 *         message, or "--NAME does not apply here"; arg non-NULL when it would take a value).
 *   destination: at, an offsetof into the front-end's option struct (the void *opts given to
 *         pd_opts_parse): a bool set true (a flag), a const char * (the value's text), or,
 *         when hi is not 0, an integer of size bytes (int or 64 bits) read by pd_parse_number
 *         from lo to hi; or set, a setter that reads and checks the value itself (NULL for
 *         a flag). The value's checks are the engine's: a setter calls the engine's parser.
 *   help: the help line (lines split by \n, and wrapped at 90 columns), after "  -L, --NAME
 *         ARG" (arg: the value's name in help, "FILE"); NULL: not listed in the help. arg_of
 *         and help_of, when set, make them at help time from another table (print's counts a
 *         page, its languages). The same line is the option's in the man page (predup
 *         --complete man CMD N, written into config/predup.1 by make man-page).
 *   whole: a guard flag taken only spelled out in full (getopt_long takes a unique prefix of
 *         any other: --reuse is refused, not taken for --reuse-key).
 *   words: what completes the value (predup --complete value CMD OPTION prints it; the bash
 *         completion reads it): words ("N E S W"), @LIST (predup --complete LIST: @formats;
 *         a final "," completes a comma list of them, a final "@" or "=" appends that and no
 *         space), *.EXT (files ending so), * (any file), / (folders); NULL: nothing.
 *   usage: the usage forms that name the option, a bit set: a form (struct cmd_form,
 *         config/commands/commands.h) names the rows whose bits meet its own, and its usage
 *         line spells them from the row (pd_opts_usage), so that a row renamed or re-valued
 *         changes every usage line with it. */
enum pd_opt_kind { PD_OPT_FLAG, PD_OPT_VALUE, PD_OPT_REPEATABLE, PD_OPT_STOP, PD_OPT_REFUSED };
struct pd_opt;
typedef enum pd_status (*pd_opt_set_fn)(void *opts, const struct pd_opt *row, const char *value,
                                        struct pd_err *e);
struct pd_opt {
    char letter;      /* -LETTER, or 0 */
    const char *name; /* --NAME, or NULL; a row with neither ends the table */
    enum pd_opt_kind kind;
    size_t at, size;
    unsigned long long lo, hi;
    pd_opt_set_fn set;
    const char *arg, *help, *words;
    const char *(*arg_of)(char *buf, size_t len);
    const char *(*help_of)(char *buf, size_t len);
    bool whole;
    unsigned usage;
};
/* A command's options: its rows (ended by a zeroed row), then more's (options two commands
 * share: sim's rows, then fill's); cmd names the command whose --help lists them
 * ("predup deal"): the refusals say it; column: where the help lines' texts start (0: 23). */
struct pd_opt_table {
    const char *cmd;
    const struct pd_opt *rows;
    const struct pd_opt_table *more;
    int column;
};
/* The destination of a row: PD_OPT_AT(struct deal_args, o.key_path). PD_OPT_NUM adds the
 * size of an integer destination and its range. */
#define PD_OPT_AT(type, member) .at = offsetof(type, member)
#define PD_OPT_NUM(type, member, min, max)                                                     \
    .at = offsetof(type, member), .size = sizeof(((type *)0)->member), .lo = (min), .hi = (max)
/* A flag that ORs row->lo into an unsigned at row->at (PD_OUT_FORCE ...): PD_OPT_BITS. */
enum pd_status pd_opt_set_bits(void *opts, const struct pd_opt *row, const char *value,
                               struct pd_err *e);
#define PD_OPT_BITS(type, member, bits)                                                        \
    .at = offsetof(type, member), .lo = (bits), .set = pd_opt_set_bits
/* Reads argv's options (argv[0] is the command's name) into opts by t's rows; *first is then
 * the first operand (operands and options may come in any order, as getopt_long permutes
 * them; "--" ends the options). A wrong option is refused once, here: 'unknown option
 * "--boadrs" (did you mean "--boards"?) (predup deal --help)', "--boards wants a value
 * (...)", "--force takes no value (...)". PD_ERR_USAGE, or a setter's status. */
enum pd_status pd_opts_parse(const struct pd_opt_table *t, void *opts, int argc, char **argv,
                             int *first, struct pd_err *e);
/* The help lines of t's rows: "  -o, --output FILE    HELP", the help at t's column (two spaces
 * after a longer head), its further lines under it, each wrapped at 90 columns. */
void pd_opts_help(FILE *out, const struct pd_opt_table *t);
/* The words a usage line gives the rows of t whose usage bits meet bits (or every row the help
 * lists, with PD_USAGE_EVERY), in row order, each spelled from its row: its letter, else its
 * name, and its value's name ("--key FILE", "-p N"); when optional, each in brackets, the
 * flags with a letter first, in one cluster in ASCII order ("[-023Vemquv] [-s N] [--plain]").
 * Into out (cut short at len), each word ended by a \n (a word may hold a space). */
#define PD_USAGE_EVERY (~0u)
void pd_opts_usage(const struct pd_opt_table *t, unsigned bits, bool optional, char *out,
                   size_t len);
/* For predup --complete: what "options" (every spelling, -L and --NAME, once), "value-options"
 * (those that take a value), "spellings" (every spelling and its value's name: "--boards
 * 1-36"), "value" (the words of option's value) or "man" (the man page's list of the options
 * the help lists, in troff, of table number option, or of all when option is NULL) of the
 * tables (NULL-terminated: a command's forms each have one). */
void pd_opts_complete(FILE *out, const struct pd_opt_table *const *tables, const char *what,
                      const char *option);

/* " (did you mean \"WORD\"?)" into out when one of the n known words is within two edits
 * (Levenshtein) of word, the closest first met; else "". The one did-you-mean of predup: an
 * unknown subcommand or help topic (predup.c), a misspelt event-file key (config/event.c). */
void pd_did_you_mean(const char *word, const char *const *known, size_t n, char *out,
                     size_t len);
/* The n words joined into out: sep between them, last_sep before the last ("a, b or c");
 * for messages and help texts that list a table. Cut short (NUL-terminated) when len is less. */
void pd_join_words(const char *const *words, size_t n, const char *sep, const char *last_sep,
                   char *out, size_t len);

/* True when progress should be drawn: stderr is a terminal and quiet is false. */
bool pd_progress_wanted(bool quiet);

/* ---------------------------------------------------------------- safe output */

/* Safe output (dealer/base/outfile.c). A regular file is written to a temporary name beside its
 * target (symlinks followed: the link stays, its target is replaced), fsynced, then renamed and
 * the directory fsynced, so a failure never leaves a partial file under the real name. "-" is
 * stdout; anything else that is not a regular file (a pipe, a FIFO, a terminal, /dev/null,
 * /dev/stdout) is written in place. Files are created 0600, for they reveal deals, unless
 * PD_OUT_PUBLIC asks for 0666 & ~umask. An existing file with the same bytes is left untouched
 * (mtime kept; its mode set as a new file's would be); one with different bytes is refused
 * with PD_ERR_EXISTS ("FILE exists and differs (add --force to replace it)") and nothing is
 * written, unless PD_OUT_FORCE. A file that looks like a key is never replaced, even with
 * PD_OUT_FORCE; PD_OUT_KEY is for the one writer that rewrites a key file on purpose
 * (key_mark_spent: the same key, marked spent by event reveal).
 * Usage: open, write to o.f, then commit (or abort on any failure). To write several files all
 * or nothing: open all, write all, finish all (abort all if one fails), then commit all. */
enum { PD_OUT_FORCE = 1, PD_OUT_PUBLIC = 2, PD_OUT_KEY = 4 };
struct pd_outfile {
    FILE *f;
    char path[1024];   /* as the user gave it, for messages */
    char target[1024]; /* the file replaced: path with its symlinks followed */
    char tmp[1040];    /* the temporary name; "" when written in place */
    unsigned flags;    /* PD_OUT_* */
    int slot;          /* the temporary name's slot in the signal-cleanup registry, or -1 */
    int lock;          /* from finish to commit, a descriptor holding the temporary file's lock */
    bool ready;        /* finish succeeded: commit only renames */
    bool same;         /* the target already holds these bytes: commit keeps it */
};
/* pd_outfile_open refuses a different existing file: pd_outfile_open_ex(o, path, 0, e). */
enum pd_status pd_outfile_open(struct pd_outfile *o, const char *path, struct pd_err *e);
enum pd_status pd_outfile_open_ex(struct pd_outfile *o, const char *path, unsigned flags,
                                  struct pd_err *e);
/* Flushes, fsyncs and closes the temporary file and checks the target may be replaced
 * (PD_ERR_EXISTS if not); on failure removes the temporary file. Commit calls it if needed. */
enum pd_status pd_outfile_finish(struct pd_outfile *o, struct pd_err *e);
/* Finishes if not done, then renames over the target (or keeps an identical one) and fsyncs the
 * directory; on failure removes the temporary file. */
enum pd_status pd_outfile_commit(struct pd_outfile *o, struct pd_err *e);
/* Closes and removes the temporary file; safe to call after a failed open, finish or commit. */
void pd_outfile_abort(struct pd_outfile *o);
/* Installs the SIGINT/SIGTERM/SIGHUP/SIGPIPE handler that removes every live temporary output
 * file, then dies of the signal. predup.c calls it once at start. */
void pd_outfile_cleanup_on_signals(void);
/* Fsyncs the directory that holds path, so that a rename or a new file there survives a crash. */
enum pd_status pd_fsync_dir(const char *path, struct pd_err *e);
/* The file an output to path replaces: path with its symlinks followed. */
enum pd_status pd_outfile_target(const char *path, char *out, size_t cap, struct pd_err *e);
/* PD_ERR_EXISTS when path is a regular file shaped like a key ("FILE looks like a key file, and
 * no output replaces a key file, even with --force ..."): open refuses such a target. */
enum pd_status pd_outfile_refuse_key(const char *path, struct pd_err *e);
/* Open also removes TARGET.tmpXXXXXX files that no live run holds locked: the leftovers of a
 * run killed by SIGKILL or a crash, which no signal handler could clean up. */

/* Several files that must agree (dealer/base/outset.c): the PBN, DUP, DLM ... of one set, all named
 * STEM.ext. pd_outset_commit renames finished outfiles (o[0..n-1]) into place through a
 * write-ahead intent DIR/.STEM.pending (each new file's name, temporary name and SHA-256), so
 * that a run killed between two renames is found: pd_outset_recover, called before a set is
 * written, completes such a write when every new copy is intact, else refuses (PD_ERR_MISMATCH,
 * naming the files) unless PD_OUT_FORCE is given and files (the paths this run writes) include
 * every file of the set, which are then all written again. pd_outset_check refuses
 * (PD_ERR_MISMATCH) a set whose intent is pending: verify and fill call it. path is the set's -o
 * or any of its files; the intent's name is pd_outset_intent_name's. */
void pd_outset_intent_name(const char *path, char *out, size_t cap);
/* The length of path without its extension (a dot in the last component only), as the writer
 * of several formats cuts it (pbn/fmt.c). */
size_t pd_path_stem_len(const char *path);
enum pd_status pd_outset_recover(const char *path, const char *const *files, int nfiles,
                                 unsigned flags, struct pd_err *e);
enum pd_status pd_outset_commit(const char *path, struct pd_outfile *o, int n, struct pd_err *e);
enum pd_status pd_outset_check(const char *path, struct pd_err *e);

/* ---------------------------------------------------------------- reading files */

/* Reads a whole file into a NUL-terminated buffer (free it); "-" reads stdin. */
enum pd_status pd_read_file(const char *path, char **text, size_t *len, struct pd_err *e);
/* pd_read_file for every input that is not a key: a key file (pd_is_key_file) is refused with
 * "FILE looks like a key file, not <kind>" (kind: "a dealer script", "a PBN file"), so that
 * no parser can quote its bytes in a message. pd_refuse_key_file is the same refusal for text
 * a reader got otherwise (a machine profile, read from a FILE). */
enum pd_status pd_read_input(const char *path, const char *kind, char **text, size_t *len,
                             struct pd_err *e);
enum pd_status pd_refuse_key_file(const char *name, const char *kind, const char *text,
                                  size_t len, struct pd_err *e);
/* pd_read_input's refusals of text read otherwise (a file predup maps, pbn/fmt.c): a binary
 * file's ("h.pdf is a PDF, not a set of boards") and a key file's; PD_OK for any other. */
enum pd_status pd_refuse_input(const char *path, const char *kind, const char *text,
                               size_t len, struct pd_err *e);
/* "a PDF", "a PNG image", "a ZIP archive (or an office document)" ... when text begins as such
 * a file does, else NULL (dealer/base/magic.c); pd_read_input refuses them ("h.pdf is a PDF,
 * not a set of boards"). */
const char *pd_binary_kind(const char *text, size_t len);
/* True when text is 64 hex digits and at most one line end: what predup's key file holds, the
 * one shape no output replaces (pd_outfile_refuse_key). */
bool pd_looks_like_key(const char *text, size_t len);
/* The one test of "this input is a key", whatever it is given as: text whose every line that
 * is not empty is a key (64 hex digits, or 32 base64 characters or more that mix digits and
 * both cases as random base64 does), a SquareDeal .sqk line ("1,2:KEY") or KEY_SPENT_LINE,
 * one key at least: predup's key file spent or not, a .sqk, a base64 key. */
bool pd_is_key_file(const char *text, size_t len);
/* The line event reveal adds to a key file it published (key_mark_spent): the key still reads
 * for verify and deal, but ev_key_check_unspent refuses it, so no event commits to it again.
 * Here, because no output replaces a key file, spent or not (pd_outfile_refuse_key). */
#define KEY_SPENT_LINE "revealed: this key is public; predup event commit refuses it\n"
/* No message shows key material, whatever file a parser was given: pd_fail and pd_fail_at
 * replace each run of base64 characters (A-Z a-z 0-9 + /) that holds 32 hex digits in a row, or
 * that is 32 characters or more and changes between digits, lower and upper case at least once
 * every five characters as random base64 does (a path of words does not), by
 * PD_KEY_TEXT_WITHHELD (in the message and the file name), and record PD_LINE_WITHHELD, printed
 * with no caret, in place of a source line that holds one. pd_has_key_text says whether
 * text[0..len) holds such a run. Messages that name a public hash show its first 16 digits. */
#define PD_KEY_TEXT_WITHHELD "[withheld: key-like text]"
#define PD_LINE_WITHHELD "[line withheld: it looks like key material]"
bool pd_has_key_text(const char *text, size_t len);

/* ---------------------------------------------------------------- shipped files (shipped.c) */
/* The folders a shipped file is searched in, in order: i = 0 the tree's (tree, from the
 * current folder: "dealer/scripts"), i = 1 the installed ones (PREDUP_DATADIR/sub: make install's
 * PREFIX/share/predup, that macro's one home); false past them. */
bool pd_shipped_dir(int i, const char *tree, const char *sub, char *out, size_t n);
/* A shipped file by name ("minibridge" -> dealer/scripts/minibridge.dl or
 * PREFIX/share/predup/scripts/minibridge.dl) into out; false when name is a path, a file in
 * the current folder (the user's own comes first) or none of the folders holds it. */
bool pd_find_shipped(const char *name, const char *tree, const char *sub, const char *ext,
                     char *out, size_t n);

/* ---------------------------------------------------------------- predup's modules (module_open.c) */
/* A module is predup's own code built into a shared object of its own, linked with the
 * libraries only it needs (HACKING.md "The camera module"): it exports one table, whose first
 * member is a struct pd_module_id, and calls back only the functions of predup the Makefile
 * exports to it (module-host.list). */
struct pd_module_id {
    int abi;      /* the module's ABI number, bumped whenever its table changes shape */
    size_t sizes; /* its table's and the structures' it passes sizes, mixed */
};
struct pd_module {
    const char *file;  /* "predup-camera.so" */
    const char *what;  /* for messages: "camera module" */
    const char *a_what; /* and "a camera module" ("an MPI module") */
    const char *table; /* the one name it exports: "cam_module" */
    int abi;
    size_t sizes;      /* what the table's pd_module_id must hold */
    bool global;       /* dlopen it RTLD_GLOBAL (its libraries' own plugins need their symbols) */
};
/* The table of module m: from m->file next to the running program (its real path), else from
 * PREFIX/lib/predup/ (make install); the first found is the one opened. NULL when none is
 * there, when the one found does not load, or when it is of another build, with why (cap
 * bytes) naming every file tried and the reason ("the camera module is missing: no ..."). */
const void *pd_module_open(const struct pd_module *m, char *why, size_t cap);

/* ---------------------------------------------------------------- hashing and text */

/* dealer/base/hash.c. */
/* SHA-256 of a file's bytes ("-": stdin) / of a buffer, as 64 lower-case hex digits + NUL. */
enum pd_status pd_sha256_file(const char *path, char *hex, struct pd_err *e);
void pd_sha256_hex(const void *data, size_t n, char *hex);
/* bytes[0..n) as 2n lower-case hex digits + NUL: the one hex encoder (out holds 2n + 1). */
void pd_hex_encode(const void *bytes, size_t n, char *out);
/* dealer/base/status.c: OPENSSL_cleanse, for key bytes going out of scope. */
void pd_wipe(void *p, size_t n);

/* dealer/base/utf8.c: the one UTF-8 rule (no overlong form, no surrogate, nothing above
 * U+10FFFF). The length of the character at s (n bytes left), its code point in *cp, or 0
 * when it is not valid UTF-8; whether text[0..n) is valid UTF-8. */
size_t pd_utf8_decode(const unsigned char *s, size_t n, unsigned *cp);
bool pd_utf8_valid(const char *text, size_t n);
/* dealer/base/cp1252.c: text that is not UTF-8 is Windows-1252 (ISO 8859-1 but for 0x80-0x9F).
 * s[0..n) as UTF-8 into out (3n + 1 bytes), its length. */
size_t pd_cp1252_to_utf8(const char *s, size_t n, char *out);
/* dealer/base/lib_open.c: a library loaded on first use, not linked (HACKING.md "Libraries
 * loaded on first use"). Its user keeps one static struct pd_lib (name, soname, package,
 * symbols, and after: what runs once the library is loaded, libdds's exit handler; the rest
 * zero) and calls pd_lib_ready before each use, on any thread. The first call opens soname and
 * looks up each symbol (a NULL name ends the list) into its slot, then runs after; every call
 * gives PD_OK, or PD_ERR_INTERNAL (exit 70) with "cannot load NAME (Debian package PACKAGE):
 * the loader's reason" or "NAME (SONAME) has no SYMBOL". The library is never closed: what it
 * keeps stays reachable for LeakSanitizer. A user's struct of entry points has one field each,
 * of the header's own type: PD_LIB_FIELD(field, function) in its X-macro list. */
struct pd_lib_symbol {
    const char *name;
    void **slot;
};
struct pd_lib {
    const char *name, *soname, *package; /* "libdds", "libdds.so.0", "libdds0" */
    const struct pd_lib_symbol *symbols;
    void (*after)(void); /* or NULL */
    bool tried;          /* pd_lib_ready's, under its lock */
    char error[200];     /* "" when loaded */
};
#define PD_LIB_FIELD(field, f) __typeof__(f) *field;
enum pd_status pd_lib_ready(struct pd_lib *lib, struct pd_err *e);
/* Labels and set names (dealer/base/text_check.c): printable UTF-8 (spaces allowed), 1 to
 * PD_LABEL_MAX bytes, no control character (C0, DEL or C1). what names the value in the message ("--label", "set name"). */
enum { PD_LABEL_MAX = 200 };
enum pd_status pd_label_check(const char *what, const char *label, struct pd_err *e);
/* The same rule with another byte limit (event name, site, public value ...). */
enum pd_status pd_text_check(const char *what, const char *text, size_t max, struct pd_err *e);
/* The one escaper of text a message quotes (dealer/base/utf8.c): text[0..n) into out (cap
 * bytes, NUL-terminated, cut only between two whole units), with every byte a terminal would act
 * on shown instead: C0 controls (a tab too, unless keep_tab), DEL and bytes that are not UTF-8 as
 * \xNN, C1, bidirectional and line-separator code points (U+0080-009F, U+061C, U+200E/F,
 * U+2028-202E, U+2066-2069) as U+XXXX. Returns the length written. pd_fail, pd_fail_at and
 * pd_message apply it to every message, so no file's bytes reach a terminal raw. */
size_t pd_escape(const char *text, size_t n, bool keep_tab, char *out, size_t cap);
/* The code points pd_escape shows escaped, the one list: C0 controls, DEL, C1 controls, and
 * the bidirectional controls and line separators that reorder or break a line (U+061C,
 * U+200E/F, U+2028-202E, U+2066-2069). A text printed on paper holds none (printing/terms.c). */
bool pd_code_point_hidden(unsigned cp);

#endif
