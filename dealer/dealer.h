/* dealer/dealer.h - predup's deal model: the one public header of dealer/.
 *
 * Status and errors, cards and hands as bit masks, boards (Law 2), deal numbers (Pavlicek's
 * bijection), keys and the keyed deal streams that make every board reproducible from
 * (key, set label, board number), the constraint language, and double-dummy analysis.
 * Every other module builds on this header; it includes no other module.
 *
 * Sections: 1 status  2 cards and deals  3 boards  4 deal numbers  5 keys and streams
 *           6 set generation  7 constraint language  8 double dummy  9 subcommands
 *           10 Big Deal and SquareDeal */
#ifndef PREDUP_DEALER_H
#define PREDUP_DEALER_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PREDUP_VERSION "0.1.0"

/* ---------------------------------------------------------------- 1 status */

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
    PD_ERR_LIMIT,    /* a generate/time limit stopped the work before it was done */
    PD_ERR_INTERNAL, /* a bug in predup: an invariant did not hold */
    PD_ERR_EXISTS,   /* an output exists with different content and --force was not given */
};

struct pd_err {
    enum pd_status code;
    char file[160];  /* input name, or "" */
    int line, col;   /* 1-based; 0 when unknown */
    int sys;         /* errno or the library's own code; 0 if none */
    char msg[240];   /* one line: no newline, no final period */
    char src[160];   /* the offending line for the caret, PD_LINE_WITHHELD, or "" */
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

/* Ends e's message with hint, e.g. " (add --force to replace it)", in place of the hint it
 * ends with already (e->hint): a caller that knows a better one (event deal takes no --force)
 * tests the status and e->hint and puts its own, instead of searching the text. */
void pd_err_hint(struct pd_err *e, const char *hint);

/* Writes "file:line:col: error: msg" (the parts that are known), then the source line and a
 * caret under the column when src is set. Used by predup.c, the only place that reports. */
void pd_err_print(FILE *out, const struct pd_err *e);

/* The exit status for a status: 0 ok, 1 mismatch, otherwise sysexits(3) values. */
int pd_exit_code(enum pd_status code);

/* The one parser of numeric options: text must be plain decimal digits (no sign, no space) for
 * a value from min to max, else PD_ERR_USAGE "WHAT wants a number from MIN to MAX, not "TEXT"".
 * Every predup option number (counts, threads, seeds) is non-negative. */
enum pd_status pd_parse_number(const char *text, unsigned long long min, unsigned long long max,
                               const char *what, unsigned long long *out, struct pd_err *e);

/* Command-line options (dealer/cmdline.c): every cmd_*.c names its options in two lists of
 * "LETTER NAME" pairs, those that take a value ("k key  l label") and those that do not
 * ("q quiet  h help"), and reads them with getopt_long through pd_opts_next, which returns the
 * LETTER for --NAME (and for -LETTER when shorts, getopt's short-option string, has it), '?'
 * for an unknown option or a missing value, -1 at the end; optarg holds the value and optind
 * the next argument, as with getopt_long. The letter is any byte but a space. */
enum { PD_OPTS_MAX = 24 };
struct pd_opts {
    struct option longs[PD_OPTS_MAX + 1]; /* the last one stays zero: the end */
    char names[480];                      /* the long names, NUL-terminated */
    const char *shorts;
    int argc;
    char **argv;
};
/* Builds the table and starts a new scan of argv (argv[0] is the command's name); getopt's
 * own messages are off: the caller words its own. A malformed or too long list is a bug in the
 * caller: PD_ERR_INTERNAL. */
enum pd_status pd_opts_begin(struct pd_opts *p, const char *values, const char *flags,
                             const char *shorts, int argc, char **argv, struct pd_err *e);
int pd_opts_next(struct pd_opts *p);
/* For the options whose value is kept as text: when c is the i-th byte of letters, stores
 * optarg in *dst[i] and returns true. */
bool pd_opt_text(int c, const char *letters, const char **const dst[]);
/* --dealer: one of N E S W (seat_from_char), else PD_ERR_USAGE naming opt. */
enum pd_status pd_opt_seat(const char *opt, const char *text, int *out, struct pd_err *e);
/* --vul: None NS EW All as PBN writes them; loose also takes any case and "both". */
enum pd_status pd_opt_vul(const char *opt, const char *text, bool loose, int *out,
                          struct pd_err *e);

/* True when progress should be drawn: stderr is a terminal and quiet is false. */
bool pd_progress_wanted(bool quiet);

/* Safe output (dealer/outfile.c). A regular file is written to a temporary name beside its
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

/* Several files that must agree (dealer/outset.c): the PBN, DUP, DLM ... of one set, all named
 * STEM.ext. pd_outset_commit renames finished outfiles (o[0..n-1]) into place through a
 * write-ahead intent DIR/.STEM.pending (each new file's name, temporary name and SHA-256), so
 * that a run killed between two renames is found: pd_outset_recover, called before a set is
 * written, completes such a write when every new copy is intact, else refuses (PD_ERR_MISMATCH,
 * naming the files) unless PD_OUT_FORCE is given and files (the paths this run writes) include
 * every file of the set, which are then all written again. pd_outset_check refuses
 * (PD_ERR_MISMATCH) a set whose intent is pending: verify and fill call it. path is the set's -o
 * or any of its files; the intent's name is pd_outset_intent_name's. */
void pd_outset_intent_name(const char *path, char *out, size_t cap);
enum pd_status pd_outset_recover(const char *path, const char *const *files, int nfiles,
                                 unsigned flags, struct pd_err *e);
enum pd_status pd_outset_commit(const char *path, struct pd_outfile *o, int n, struct pd_err *e);
enum pd_status pd_outset_check(const char *path, struct pd_err *e);

/* Reads a whole file into a NUL-terminated buffer (free it); "-" reads stdin. */
enum pd_status pd_read_file(const char *path, char **text, size_t *len, struct pd_err *e);
/* pd_read_file for every input that is not a key: a file shaped like a key is refused with
 * "FILE looks like a key file, not <kind>" (kind: "a dealer script", "a PBN file"), so that
 * no parser can quote its bytes in a message. */
enum pd_status pd_read_input(const char *path, const char *kind, char **text, size_t *len,
                             struct pd_err *e);
/* True when text is 64 hex digits and at most one line end: what a key file holds. */
bool pd_looks_like_key(const char *text, size_t len);
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

/* ---------------------------------------------------------------- 2 cards and deals */

enum seat { SEAT_N, SEAT_E, SEAT_S, SEAT_W };
enum suit { SUIT_S, SUIT_H, SUIT_D, SUIT_C }; /* PBN order: spades first */
enum strain { STRAIN_S, STRAIN_H, STRAIN_D, STRAIN_C, STRAIN_NT };
enum vul { VUL_NONE, VUL_NS, VUL_EW, VUL_ALL };
enum { DEAL_NCARDS = 52, HAND_NCARDS = 13, RANK_2 = 2, RANK_A = 14 };

/* A hand is a 64-bit mask: suit s occupies bits 16*s .. 16*s+12, rank r (2..14) is bit r-2 of
 * its suit, so the ace of spades is bit 12 and the two of clubs bit 48. A deal is four hands;
 * in a complete deal they are disjoint and hold 13 cards each. */
struct deal {
    uint64_t hand[4]; /* indexed by enum seat */
};

/* Card index in Pavlicek's order, 0 = spade ace .. 51 = club two: 13*suit + (14 - rank). */
static inline int card_index(enum suit s, int rank)
{
    return 13 * (int)s + (RANK_A - rank);
}
static inline uint64_t card_mask(enum suit s, int rank)
{
    return 1ULL << (16 * (int)s + rank - RANK_2);
}
static inline uint64_t card_mask_from_index(int idx)
{
    return card_mask((enum suit)(idx / 13), RANK_A - idx % 13);
}
/* The 13-bit holding of one suit: bit 12 = ace .. bit 0 = two. */
static inline unsigned hand_suit(uint64_t hand, enum suit s)
{
    return (unsigned)(hand >> (16 * (int)s)) & 0x1FFFu;
}
static inline int hand_length(uint64_t hand, enum suit s)
{
    return __builtin_popcount(hand_suit(hand, s));
}
static inline int hand_ncards(uint64_t hand)
{
    return __builtin_popcountll(hand);
}
/* Milton count 4-3-2-1, from four popcounts over the honour planes of all suits at once. */
static inline int hand_hcp(uint64_t hand)
{
    const uint64_t aces = 0x0001000100010001ULL << 12, kings = aces >> 1, queens = aces >> 2,
                   jacks = aces >> 3;
    return 4 * __builtin_popcountll(hand & aces) + 3 * __builtin_popcountll(hand & kings) +
           2 * __builtin_popcountll(hand & queens) + __builtin_popcountll(hand & jacks);
}
static inline bool deal_has_card(const struct deal *d, enum seat s, enum suit su, int rank)
{
    return (d->hand[s] & card_mask(su, rank)) != 0;
}

/* Every seat's shape, lengths in S-H-D-C order. */
void hand_shape(uint64_t hand, int len[4]);

/* True when the four hands are disjoint and hold 13 cards each; otherwise false, with a
 * sentence in why (may be NULL) naming the first fault: a duplicate, a missing card, a count. */
bool deal_is_complete(const struct deal *d, char *why, size_t why_len);

extern const char SEAT_LETTER[4];    /* "NESW" */
extern const char *const SEAT_NAME[4]; /* "North" ... */
extern const char SUIT_LETTER[4];    /* "SHDC" */
extern const char RANK_CHAR[15];     /* index by rank: [2]='2' .. [10]='T' .. [14]='A' */
extern const char *const VUL_PBN[4]; /* "None", "NS", "EW", "All" */
extern const char STRAIN_LETTER[5];  /* "SHDCN" */

/* Seat from a letter N/E/S/W (either case); -1 if none. */
int seat_from_char(int c);
/* Rank 2..14 from a character 2-9, T, J, Q, K, A (either case); -1 if none. */
int rank_from_char(int c);

/* Holding of one suit as ranks high to low ("AKT2"), "" for a void. buf needs 14 bytes. */
void suit_to_string(unsigned holding, char *buf);

/* The PBN deal string "N:AKQ.J.T98.765 ...", starting with seat first, clockwise; a hand whose
 * bit in known (1 << seat) is clear is written "-". buf needs DEAL_PBN_LEN bytes. */
enum { DEAL_PBN_LEN = 72 };
void deal_to_pbn(const struct deal *d, enum seat first, unsigned known, char *buf);

/* Parses a PBN deal string, tolerant as PBN import allows: any first seat, lower-case ranks,
 * "10" for T, "-" for an unknown hand, extra spaces. Sets *known to the mask of seats given.
 * Does not require a complete deal: call deal_is_complete for that. Errors: PD_ERR_SYNTAX with
 * col set to the 1-based offset in text of the fault. */
enum pd_status deal_from_pbn(const char *text, struct deal *out, unsigned *known,
                             struct pd_err *e);

/* ---------------------------------------------------------------- 3 boards */

/* Law 2: dealer N,E,S,W in turn; vulnerability in the 16-board cycle. Board numbers >= 1. */
struct board_info {
    int number;
    enum seat dealer;
    enum vul vul;
};
struct board_info board_law2(int number);

/* A set of board numbers, as "1-36", "7", "1-8,17-24". */
struct board_range {
    int n;       /* how many boards */
    int *boards; /* ascending, distinct; owned: free with board_range_free */
};
/* Parses spec; boards must be 1..max_board. PD_ERR_USAGE with a sentence on a bad spec. */
enum pd_status board_range_parse(const char *spec, int max_board, struct board_range *out,
                                 struct pd_err *e);
void board_range_free(struct board_range *r);

/* ---------------------------------------------------------------- 4 deal numbers */

/* D = 52!/(13!)^4 = 53,644,737,765,488,792,839,237,440,000 (about 2^95.4). */
typedef unsigned __int128 deal_num;
extern const deal_num DEAL_COUNT;

/* Pavlicek's bijection: cards in order spade ace .. club two, each given to the first seat in
 * N,E,S,W whose block of the remaining count holds the number. 0 gives N all spades, E hearts,
 * S diamonds, W clubs; D-1 gives N clubs, E diamonds, S hearts, W spades. */
enum pd_status deal_from_number(deal_num n, struct deal *out, struct pd_err *e);
/* The number of a complete deal; PD_ERR_RANGE if the deal is not complete. */
enum pd_status deal_to_number(const struct deal *d, deal_num *out, struct pd_err *e);

/* Decimal text of n, no separators. buf needs 40 bytes. */
void deal_num_to_dec(deal_num n, char *buf);
/* Parses decimal digits (no sign, no separators); PD_ERR_RANGE when >= D. */
enum pd_status deal_num_from_dec(const char *text, deal_num *out, struct pd_err *e);

/* ---------------------------------------------------------------- 5 keys and streams */

/* The construction, written so that an outsider can reimplement it (dealer/README.md has the
 * same text with a worked example):
 *   key       32 bytes from the key file (64 hex digits and a newline).
 *   set key   SK = HMAC-SHA-256(key, "predup/v1/set" || 0x00 || label), label in UTF-8.
 *   stream    ChaCha20 (RFC 8439) under SK, block counter 0, 96-bit nonce =
 *             purpose (4 bytes big-endian) || index (8 bytes big-endian).
 *   board b   purpose 1 ("deal"), index b. Read the keystream in 12-byte chunks, each a
 *             big-endian 96-bit number; the first one below D is the deal number, and the deal is
 *             its Pavlicek decoding. With a constraint script: dealing version 1 takes the
 *             first of these candidates that satisfies the script; version 2 draws attempts
 *             from purpose 4 ("script"), index b (section 6, dealer/README.md).
 * Commitment = SHA-256 of the key's canonical file text (64 lower-case hex digits and "\n"),
 * in lower-case hex: `sha256sum` of any key file predup makes (until event reveal marks it
 * spent, KEY_SPENT_LINE below), and the same for an upper-case,
 * CRLF or newline-less copy of the same key.
 * Events (dealer/EVENTS.md) derive the set key instead as
 *   SK = HMAC-SHA-256(key, "predup/v2/event" || 0x00 || record digest (64 hex) || 0x00 ||
 *                     public value || 0x00 || set name). */
enum { PD_KEY_BYTES = 32 };
struct pd_key {
    uint8_t bytes[PD_KEY_BYTES];
};
struct set_key {
    uint8_t bytes[32];
};
enum stream_purpose {
    STREAM_DEAL = 1,     /* tournament boards: index = board number */
    STREAM_PRACTICE = 2, /* practice runs (predup dealer): index = block of deals */
    STREAM_RND = 3,      /* rnd() in scripts: index = deal ordinal, separate from the deals */
    STREAM_SCRIPT = 4,   /* script boards, dealing version 2: index = board number */
    STREAM_PRACTICE_GAPS = 5, /* conditional generation's plain-deal counts: index = block */
};

/* Key files (dealer/keyfile.c). key_new_file creates path, mode 0600, with a new key from
 * OpenSSL's CSPRNG and writes its commitment (64 hex digits + NUL) to commit_hex. The key is
 * written and fsynced under a temporary name beside path, then linked to path, which is never
 * replaced (PD_ERR_IO if it exists): a crash leaves no key or a whole one, never a short one. */
enum pd_status key_new_file(const char *path, char *commit_hex, struct pd_err *e);
/* Reads a key file ("-": stdin). Refuses (PD_ERR_RANGE) what is not a regular file (a symbolic
 * link to one is followed; a FIFO or device is refused before it is read), a file owned by
 * another user, and one group or others may read (naming the chmod that fixes it, as ssh
 * does). PD_ERR_SYNTAX for an empty or short file (which never held a key: remove it) and for
 * anything but 64 hex digits and an optional CR LF or LF, and then the line KEY_SPENT_LINE
 * (*spent is then true). No message quotes the file's bytes. */
enum pd_status key_load_file(const char *path, struct pd_key *key, bool *spent,
                             struct pd_err *e);
/* The line event reveal adds to a key file it published (key_mark_spent): the key still reads
 * for verify and deal, but key_check_unspent refuses it, so no event commits to it again. */
#define KEY_SPENT_LINE "revealed: this key is public; predup event commit refuses it\n"
enum pd_status key_mark_spent(const char *path, const struct pd_key *key, struct pd_err *e);
/* Whether event commit may adopt an existing key file (read with key_load_file, spent as it
 * said): PD_ERR_RANGE for a key marked spent, a key whose bytes take fewer than 8 values (not
 * made by key new: all zeros, one byte repeated), and a key revealed in any *.record file of
 * the folder that holds path. */
enum pd_status key_check_unspent(const char *path, const struct pd_key *key, bool spent,
                                 struct pd_err *e);
/* The commitment of a key (above) as 64 hex digits + NUL. */
void key_commit_hex(const struct pd_key *key, char *hex);
/* Loads the key file (key_load_file) and gives its commitment. */
enum pd_status key_commitment(const char *path, char *hex, struct pd_err *e);
/* SHA-256 of a file's bytes ("-": stdin) / of a buffer, as 64 lower-case hex digits + NUL. */
enum pd_status pd_sha256_file(const char *path, char *hex, struct pd_err *e);
void pd_sha256_hex(const void *data, size_t n, char *hex);
/* bytes[0..n) as 2n lower-case hex digits + NUL: the one hex encoder (out holds 2n + 1). */
void pd_hex_encode(const void *bytes, size_t n, char *out);
/* The key for practice seeds: SHA-256("predup/v1/seed" || 0x00 || decimal seed). Seeds are
 * guessable; they are for practice, keys are for events. */
void key_from_seed(unsigned long long seed, struct pd_key *key);
enum pd_status set_key_derive(const struct pd_key *key, const char *label, struct set_key *out,
                              struct pd_err *e);
/* The set key of one set of an event (dealer/EVENTS.md): digest_hex is the record's digest. */
enum pd_status set_key_derive_event(const struct pd_key *key, const char *digest_hex,
                                    const char *public_value, const char *set_name,
                                    struct set_key *out, struct pd_err *e);
/* Labels and set names: printable UTF-8 (spaces allowed), 1 to PD_LABEL_MAX bytes, no control
 * character. what names the value in the message ("--label", "set name"). */
enum { PD_LABEL_MAX = 200 };
enum pd_status pd_label_check(const char *what, const char *label, struct pd_err *e);
/* The same rule with another byte limit (event name, site, public value ...). */
enum pd_status pd_text_check(const char *what, const char *text, size_t max, struct pd_err *e);
void pd_wipe(void *p, size_t n); /* OPENSSL_cleanse: for key bytes going out of scope */

/* A keystream with a buffer; open and close allocate and free the cipher context, so open one
 * per thread and reuse it with deal_stream_seek for many boards. */
struct deal_stream {
    void *ctx;           /* EVP_CIPHER_CTX */
    struct set_key sk;   /* copied, wiped on close */
    size_t pos, len;     /* unread bytes are buf[pos..len) */
    size_t fill;         /* bytes to make at the next refill: 128, doubling up to the buffer */
    uint8_t buf[2048];   /* a multiple of 64: ChaCha20 makes whole blocks */
};
enum pd_status deal_stream_open(struct deal_stream *s, const struct set_key *sk,
                                enum stream_purpose purpose, uint64_t index, struct pd_err *e);
/* Restarts the same stream object at another (purpose, index), as if newly opened. */
enum pd_status deal_stream_seek(struct deal_stream *s, enum stream_purpose purpose,
                                uint64_t index, struct pd_err *e);
void deal_stream_close(struct deal_stream *s);
void deal_stream_bytes(struct deal_stream *s, uint8_t *out, size_t n);
/* Makes at least n (<= 1024) unread bytes contiguous at buf + pos; the stream is unchanged. */
void deal_stream_reserve(struct deal_stream *s, size_t n);
uint32_t deal_stream_u32(struct deal_stream *s);
/* Uniform in [0, n), n >= 1, by rejection: never a modulo bias. */
uint32_t deal_stream_below(struct deal_stream *s, uint32_t n);
/* The next candidate number below D (12-byte chunks, those >= D skipped). */
deal_num deal_stream_number(struct deal_stream *s);
/* The next candidate deal: the decoding of deal_stream_number. */
void deal_stream_deal(struct deal_stream *s, struct deal *out, deal_num *num);
/* A uniform deal by Fisher-Yates from 16-bit draws (rejection, unbiased): faster than numbers,
 * used for practice runs where no deal number is published. Cards in fixed are kept where they
 * are (predeal): pass NULL for none. */
void deal_stream_shuffle(struct deal_stream *s, const struct deal *fixed, struct deal *out);

/* The event record (dealer/EVENTS.md has its exact bytes): what was committed for an event,
 * then the delayed public value, then the key. Fixed sizes: a record is small. */
enum { EV_MAX_SETS = 32, EV_TEXT_MAX = 512, EV_MAX_BOARD = 100000, EV_FORM_MAX = 32 };
struct ev_set {
    char name[PD_LABEL_MAX + 1]; /* the set name: its label in the derivation */
    char boards[256];            /* as written: "1-36" */
    char script_sha[65];         /* SHA-256 of the script's bytes; "" = no script */
    int dealer, vul;             /* -1: Law 2 */
    int dealing;                 /* a script set's dealing version (DEALING_V1 ..); 0 = none */
};
struct ev_params {
    char generator[64]; /* "predup 0.1.0": the version that committed */
    char name[EV_TEXT_MAX], date[16], site[EV_TEXT_MAX], delayed[EV_TEXT_MAX]; /* "" = "?" */
    char public_form[EV_FORM_MAX]; /* "numbers 6 of 49"; "" = a record from before forms */
    struct ev_set sets[EV_MAX_SETS];
    int nsets;
};
struct ev_record {
    struct ev_params p;
    char commitment[65], digest[65];
    bool has_public, revealed;
    char public_value[PD_LABEL_MAX + 1];
    char key_hex[65];
};
/* The parameters' canonical text, from the first line through "commitment" (malloc'd). */
enum pd_status ev_params_text(const struct ev_params *p, const char *commitment, char **out,
                              size_t *len, struct pd_err *e);
/* Sets r->digest: SHA-256 of ev_params_text. */
void ev_record_set_digest(struct ev_record *r);
/* The whole record's text (malloc'd). */
enum pd_status ev_record_text(const struct ev_record *r, char **out, size_t *len,
                              struct pd_err *e);
/* Reads a record: PD_ERR_SYNTAX with the line for anything not canonical, PD_ERR_MISMATCH when
 * the digest or a revealed key does not match what it commits to. */
enum pd_status ev_record_parse(const char *name, const char *text, size_t len,
                               struct ev_record *rec, struct pd_err *e);
enum pd_status ev_record_load(const char *path, struct ev_record *rec, struct pd_err *e);
/* The revealed key's bytes (wipe them after use). */
enum pd_status ev_record_key(const struct ev_record *rec, struct pd_key *key, struct pd_err *e);
/* Index of the set called name, or -1. */
int ev_find_set(const struct ev_params *p, const char *name);
/* What an event's values may be (dealer/EVENTS.md, "What a value may be"), checked where the
 * event file is read and again where a record is read: no later step refuses what the first
 * accepted. dealer/event_form.c: the public value's named forms and set names. */
enum pd_status ev_form_check(const char *form, struct pd_err *e);
/* The one canonical spelling of value in form (out holds PD_LABEL_MAX + 1), or PD_ERR_USAGE
 * naming the first character outside the form's alphabet as U+XXXX. */
enum pd_status ev_public_canon(const char *form, const char *value, char *out, size_t n,
                               struct pd_err *e);
enum pd_status ev_set_name_check(const char *name, struct pd_err *e);
/* dealer/event_text.c (ICU): an event name, site or description; texts of p confusable with
 * one another; "U+00A0 NO-BREAK SPACE" for the character at p (*len: its bytes, 1 if invalid). */
enum pd_status ev_text_check(const char *what, const char *text, struct pd_err *e);
enum pd_status ev_texts_distinct(const struct ev_params *p, struct pd_err *e);
void ev_char_describe(const char *p, char *out, size_t n, int *len);
/* The record's ASCII spelling of a text: a backslash and every non-ASCII character as \u{XXXX}
 * (upper-case hex, 4 to 6 digits); out holds EV_ESCAPED_MAX. Unescaping works in place and
 * fails on a malformed escape or a code point that is no character. */
enum { EV_ESCAPED_MAX = 8 * EV_TEXT_MAX };
void ev_text_escape(const char *in, char *out, size_t n);
bool ev_text_unescape(char *s);

/* ---------------------------------------------------------------- 6 set generation */

/* One board of a tournament set: the first candidate of stream (DEAL, board) that accept
 * accepts (accept NULL accepts all). max_tries bounds the candidates (0 = 1e9); PD_ERR_LIMIT
 * when reached. accept returns 1 to keep, 0 to reject, negative on error (message in e). */
typedef int (*deal_accept_fn)(void *ctx, const struct deal *d, int board, struct pd_err *e);
struct board_deal {
    int board;
    struct deal deal;
    deal_num number;
    uint64_t tries; /* candidates drawn, >= 1 */
};
enum pd_status board_generate(const struct set_key *sk, int board, deal_accept_fn accept,
                              void *ctx, uint64_t max_tries, struct board_deal *out,
                              struct pd_err *e);
/* All boards of range with threads workers (1 = this thread); out[i] is boards[i]. The result
 * never depends on threads. accept must be safe to call from several threads with its ctx
 * (it is called with the same ctx from each; make per-thread state inside it). */
enum pd_status set_generate(const struct set_key *sk, const struct board_range *range,
                            int threads, deal_accept_fn accept, void *ctx, uint64_t max_tries,
                            struct board_deal *out, struct pd_err *e);

/* Boards with a script (deal --script, verify --script). How such a board is drawn is
 * versioned, so that a set dealt by one version verifies with every later one; the set's
 * Generator tag names the version (dealer/README.md, "Boards with a script"):
 *   1  the first candidate of stream (DEAL, board) that the script accepts (slow when rare);
 *   2  attempts drawn from stream (SCRIPT, board): one bounded seat's hand drawn exactly from
 *      the hands the condition's bounds allow, the other cards shuffled; the first attempt the
 *      script accepts. Same distribution (uniform over accepted deals), far fewer attempts. */
enum { DEALING_V1 = 1, DEALING_V2 = 2, DEALING_LATEST = DEALING_V2 };
struct lang_prog;
struct lang_deal; /* a compiled script prepared for one dealing version; opaque, read-only */
/* Prepares p (which must outlive it) for version. PD_ERR_RANGE for an unknown version or a
 * condition whose bounds no hand meets; PD_ERR_NOMEM. Safe to share between threads. */
enum pd_status lang_deal_new(const struct lang_prog *p, int version, struct lang_deal **out,
                             struct pd_err *e);
void lang_deal_free(struct lang_deal *ld); /* NULL ok */
/* One board with a script: as board_generate, by ld's version; max_tries counts attempts
 * (version 2) or candidates (version 1). out->number is the deal's Pavlicek number. */
enum pd_status board_generate_script(const struct set_key *sk, int board,
                                     const struct lang_deal *ld, uint64_t max_tries,
                                     struct board_deal *out, struct pd_err *e);
/* All boards of range, as set_generate; the result never depends on threads. */
enum pd_status set_generate_script(const struct set_key *sk, const struct board_range *range,
                                   int threads, const struct lang_deal *ld, uint64_t max_tries,
                                   struct board_deal *out, struct pd_err *e);

/* ---------------------------------------------------------------- 7 constraint language */
/* Hans van Staveren's dealer language (dealer/LANGUAGE.md): compile a script once, then test
 * deals against its condition. */
struct lang_prog; /* a compiled script; opaque */
/* Compiles a script file ("-" = stdin). Errors: PD_ERR_SYNTAX with file, line, column and the
 * source line set for the caret; PD_ERR_IO when unreadable. Free with lang_free. */
enum pd_status lang_compile_file(const char *path, struct lang_prog **out, struct pd_err *e);
/* As lang_compile_file for a NUL-terminated text; name is used in messages (NULL: stdin). */
enum pd_status lang_compile_mem(const char *name, const char *text, struct lang_prog **out,
                                struct pd_err *e);
void lang_free(struct lang_prog *p); /* NULL ok */
/* A deal_accept_fn: 1 if the deal has the script's predealt cards and suit lengths and meets
 * its condition, 0 if not, <0 on a run-time error (division by zero, libdds) with e set.
 * Safe to call from several threads with the same prog; tricks() goes through a per-deal
 * memo and a locked libdds thread slot; rnd() is a function of (deal, board). */
int lang_accept(void *prog, const struct deal *d, int board, struct pd_err *e);
/* The script's `dealer` line (enum seat) and `vulnerable` line (enum vul); -1 when absent. */
int lang_script_dealer(const struct lang_prog *p);
int lang_script_vul(const struct lang_prog *p);
/* The SHA-256 (64 hex digits) of the script's bytes: under mpirun every rank must run the same. */
const char *lang_script_sha256(const struct lang_prog *p);

/* ---------------------------------------------------------------- 8 double dummy */
/* (dealer/dd.c: libdds, one module and one cache for tricks(), analyze and the hand record) */

/* Double-dummy tricks for declarer seat (N,E,S,W) and strain (S,H,D,C,NT). */
struct dd_table {
    int8_t tricks[4][5]; /* [enum seat][enum strain], 0..13 */
};
/* Par for one vulnerability: score from North-South's side and the par contracts as text. */
struct dd_par {
    int score_ns;        /* e.g. 420, -600, 0 when passed out */
    char contracts[64];  /* the PBN ParContract value, e.g. "NS 4S", "EW 3NTx", "NS 4S,NS 5D" */
};

/* libdds 2.9 underneath. Each call is thread-safe given a distinct thread slot: libdds keeps
 * per-thread search memory, so callers working on several threads pass 0, 1, 2 ... as thread
 * (below dd_max_threads()). */
int dd_max_threads(void);
/* Caps libdds's threads (n >= 1); loads libdds, which happens on first use of any dd_ call.
 * PD_ERR_INTERNAL when libdds cannot be loaded. */
enum pd_status dd_set_threads(int threads, struct pd_err *e);
/* Full tables for n complete deals (CalcAllTables in batches), out[i] for deals[i]. */
enum pd_status dd_tables(const struct deal *deals, size_t n, struct dd_table *out,
                         struct pd_err *e);
/* Tricks declarer takes in strain, double dummy, the lead from declarer's left (SolveBoard). */
enum pd_status dd_tricks(const struct deal *d, enum seat declarer, enum strain strain,
                         int thread, int *tricks, struct pd_err *e);
/* Par score and contracts for a table, vulnerability and dealer (libdds DealerPar). */
enum pd_status dd_par(const struct dd_table *t, enum vul vul, enum seat dealer,
                      struct dd_par *out, struct pd_err *e);
/* Per-deal memo, so that a script asking several strains of one deal solves each once. */
struct dd_memo {
    struct deal deal;
    int8_t tricks[4][5]; /* -1 = not solved yet */
};
void dd_memo_reset(struct dd_memo *m, const struct deal *d);
enum pd_status dd_memo_tricks(struct dd_memo *m, enum seat declarer, enum strain strain,
                              int thread, int *tricks, struct pd_err *e);

/* ---------------------------------------------------------------- 9 subcommands */

/* Subcommands implemented in dealer/: argv[0] is the subcommand name. They print their normal
 * output; errors go to e and predup.c reports them. */
enum pd_status cmd_key(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_number(int argc, char **argv, struct pd_err *e);
enum pd_status cmd_dealer(int argc, char **argv, struct pd_err *e); /* dealer/lang*.c */

/* ---------------------------------------------------------------- 10 Big Deal and SquareDeal */
/* Big Deal (Hans van Staveren) and its SquareDeal ceremony, reproduced independently so that
 * predup can re-deal and verify their published sets (dealer/BIGDEAL.md: the algorithm, with
 * worked examples from published files). dealer/bigdeal.c and dealer/squaredeal.c. */

/* Kuipers' "Gödel" numbering, Big Deal's (a different bijection from Pavlicek's in section 4):
 * 0 gives N all spades, E hearts, S diamonds, W clubs. PD_ERR_RANGE for g >= D or an
 * incomplete deal. */
enum pd_status godel_to_deal(deal_num g, struct deal *out, struct pd_err *e);
enum pd_status godel_from_deal(const struct deal *d, deal_num *out, struct pd_err *e);

/* Big Deal's seed: random = RIPEMD-160 of its entropy strings (bigdealx -e, concatenated in
 * order), owner = RIPEMD-160 of the owner string (bigdealx -W). */
enum { BIGDEAL_HASH = 20 };
struct bigdeal_seed {
    uint8_t random[BIGDEAL_HASH];
    uint8_t owner[BIGDEAL_HASH];
};
enum pd_status bigdeal_seed_make(const char *owner, const char *const *entropy, size_t n,
                                 struct bigdeal_seed *out, struct pd_err *e);
/* The Gödel numbers of the n deals of one Big Deal run, in board order: candidate c (from 1) is
 * the first 96 bits, big-endian, of RIPEMD-160(c as 4 bytes little-endian || random || owner);
 * candidates >= D are skipped. */
enum pd_status bigdeal_run(const struct bigdeal_seed *seed, size_t n, deal_num *numbers,
                           struct pd_err *e);

/* A SquareDeal description file (.sqd): event name (TN), delayed-information description (DI),
 * delayed value (DV), phases (SN sessions:boards:fileprefix:description) and the SHA-256 of
 * the key file (KH). Absent lines are NULL. */
struct sqd_phase {
    int sessions;
    char *boards;  /* "1-10,11-20", "16", or "?" when given at dealing time */
    char *prefix;  /* file prefix, a run of '#' standing for the session number */
    char *descr;
};
struct sqd_event {
    char path[1024];
    char *name, *di, *dv, *kh;
    struct sqd_phase *phases;
    int nphases;
};
enum pd_status sqd_load(const char *path, struct sqd_event *ev, struct pd_err *e);
void sqd_free(struct sqd_event *ev);

/* One session's dealing, from the .sqd and the .sqk beside it (same name, .sqk). The .sqk's
 * SHA-256 is checked against KH first (PD_ERR_MISMATCH when it differs). boards gives the
 * board list of a phase published with "?" (the .sqd syntax: "16", "1-16", "1-16,17-32",
 * "2x16"); NULL otherwise. */
struct sqd_session {
    int phase, session;
    bool reserve;
    int first, last;     /* the session's boards */
    char file[160];      /* SquareDeal's file name for the set, without extension */
    bool sqk_lf;         /* the .sqk matched KH only in its CRLF form (it has LF endings) */
    struct bigdeal_seed seed;
};
enum pd_status sqd_session_open(const struct sqd_event *ev, int phase, int session, bool reserve,
                                const char *boards, struct sqd_session *out, struct pd_err *e);
/* SquareDeal's file name of a session's set: the prefix with its '#' run as the session number,
 * zero-padded to the run's width, "reserve" appended for a reserve set. Sessions first..last
 * (first < last) name the file SquareDeal combines them into ("SWISS01-03"). */
void sqd_file_name(const struct sqd_phase *ph, int first, int last, bool reserve, char *buf,
                   size_t n);

/* ---------------------------------------------------------------- 11 beyond one machine (MPI) */
/* `predup dealer` and `predup analyze` under mpirun: the ranks split the work, rank 0 gathers it
 * in order and writes. A run that mpirun did not start (no OMPI_COMM_WORLD_SIZE / PMIX_RANK /
 * PMI_RANK in the environment) never calls MPI_Init: rank 0 of 1, and every call below is a
 * no-op. Only the calling thread of pd_mpi_start talks MPI (MPI_THREAD_FUNNELED). */
enum pd_status pd_mpi_start(struct pd_err *e); /* on ranks other than 0, stdout is discarded */
int pd_mpi_rank(void);
int pd_mpi_size(void); /* 1 without mpirun */
/* Collective, once at the same step on every rank: the status of the lowest rank that failed
 * (its message as "rank R: ..." on rank 0), PD_OK when none did. */
enum pd_status pd_mpi_agree(enum pd_status rc, struct pd_err *e);
/* One thing every rank of a job must have the same of (ranks that differ give silently
 * different output): what it is, for messages ("script"), and the SHA-256 of its bytes
 * (pd_sha256_hex); an empty sha when a rank cannot know it (not compared). */
struct pd_mpi_fact {
    const char *what;
    char sha[65];
};
/* Collective, once at the same step on every rank: PD_OK when every rank has rank 0's digest
 * of each of the n facts; else PD_ERR_USAGE on every rank, "the ranks of this mpirun job
 * differ from rank 0: rank 1 (script), rank 3 (seed, options); " then hint, which rank 0 alone
 * reports (as with pd_mpi_agree). */
enum pd_status pd_mpi_same(const struct pd_mpi_fact *facts, int n, const char *hint,
                           struct pd_err *e);
/* Collective: rank 0's n bytes at p on every rank. */
void pd_mpi_share(void *p, size_t n);
/* Point to point, bytes: pd_mpi_send returns once the receiver has taken them (MPI_Ssend), so
 * a fast sender never runs far ahead; pd_mpi_recv allocates *buf (free it) for the next message
 * from rank `from` with tag *tag (PD_MPI_ANY_TAG: any) and gives its tag in *tag;
 * pd_mpi_waiting tells whether one is there. */
enum pd_status pd_mpi_send(int to, int tag, const void *buf, size_t n, struct pd_err *e);
enum pd_status pd_mpi_recv(int from, int *tag, void **buf, size_t *n, struct pd_err *e);
bool pd_mpi_waiting(int from, int tag); /* tag PD_MPI_ANY_TAG: any message from `from` */
/* A send that does not wait: pd_mpi_post starts it on buf (which must stay unchanged until it
 * is done) and gives a handle; pd_mpi_posted sets *done once the receiver has taken it, and
 * frees the handle then or when the test fails. A sender that must go on working while its
 * receiver is busy elsewhere (a rank holding dealt blocks) posts them. */
struct pd_mpi_post;
enum pd_status pd_mpi_post(int to, int tag, const void *buf, size_t n, struct pd_mpi_post **h,
                           struct pd_err *e);
enum pd_status pd_mpi_posted(struct pd_mpi_post **h, bool *done, struct pd_err *e);
enum { PD_MPI_ANY_TAG = -1 };
/* Sleeps *us microseconds and doubles *us up to 1 ms: the pause of a loop that tests for
 * messages (start *us at 20, and again after each message). */
void pd_mpi_nap(long *us);
/* An empty message with tag, sent without waiting for the receiver (completed at pd_mpi_end). */
void pd_mpi_notify(int to, int tag);
/* The sender of the next message with tag from any rank, waiting up to about max_us
 * microseconds for one (sleeping between tests); -1 when none came. */
int pd_mpi_poll(int tag, long max_us);
/* Ends MPI (MPI_Finalize) and returns rc; PD_OK on a rank other than 0 whose failure rank 0
 * reports (pd_mpi_agree), so that the job shows one message and rank 0's exit status. */
enum pd_status pd_mpi_end(enum pd_status rc);

#endif
