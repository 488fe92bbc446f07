/* dealer/event/event.h - the event room (dealer/event/), the one home of every rule an event
 * record obeys (dealer/EVENTS.md, "Every rule a record obeys"): the record (event_record.c; its
 * bytes in dealer/EVENTS.md), the rules of its lines (rules.c: ev_params_check applies them
 * all), the public value's forms (form.c), what an event's texts and set names may hold
 * (event_texts.c), one key for one event (spent.c); Big Deal (bigdeal.c) and SquareDeal
 * (squaredeal.c; dealer/BIGDEAL.md). Includes dealer/deal/deal.h only. */
#ifndef PREDUP_DEALER_EVENT_H
#define PREDUP_DEALER_EVENT_H

#include "dealer/deal/deal.h"

/* ---------------------------------------------------------------- event record, forms, texts */
/* The event record (dealer/EVENTS.md has its exact bytes): what was committed for an event,
 * then the delayed public value, then the key. Fixed sizes: a record is small. An event's sets
 * (and SquareDeal's sessions) stop at EV_MAX_BOARD, below BOARD_MAX, so that every file of an
 * event reads back everywhere; a limit of the event, checked at commit, not a second reader's. */
enum { EV_MAX_SETS = 32, EV_TEXT_MAX = 512, EV_MAX_BOARD = 100000, EV_FORM_MAX = 32,
       EV_LANG_MAX = 9 };
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
    char public_form[EV_FORM_MAX]; /* "numbers 6 of 49": required */
    char language[EV_LANG_MAX];    /* what is printed is in it ("de"); "" = none given (en) */
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
/* Where two parameter texts differ, for the event file's reader: the event file's key, the
 * set it is in, both values as the record writes them and the record line ("[set a] boards =
 * \"1-27\" committed, \"27\" now (record line 10)"). */
void ev_params_diff(const char *committed, const char *now, char *out, size_t n);
/* The record's text with its \\u{XXXX} escapes as the characters they name, under a line that
 * says so (malloc'd), for NAME.record.txt where the record is posted; NULL when the record
 * has no escape (it reads as it is) or on no memory. */
char *ev_record_readable(const char *text, size_t len, const char *name);
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
 * accepted. dealer/event/form.c: the public value's named forms (at least 1,000,000 values). */
enum pd_status ev_form_check(const char *form, struct pd_err *e);
/* How many values form allows, as text: "13983816", "more than 1000000000000", "10^30". */
void ev_form_values(const char *form, char *out, size_t n);
/* The one canonical spelling of value in form (out holds PD_LABEL_MAX + 1), or PD_ERR_USAGE
 * naming the first character outside the form's alphabet as U+XXXX. */
enum pd_status ev_public_canon(const char *form, const char *value, char *out, size_t n,
                               struct pd_err *e);
/* dealer/event/rules.c: the delayed value's description (required: never "" or "?"), 64
 * lower-case hex digits; ev_params_check applies every rule of the parameters (each line's,
 * the texts', the sets': the generator line, the date ...), for the event file's loader and
 * for every reader of a record. */
enum pd_status ev_delayed_check(const char *delayed, struct pd_err *e);
enum pd_status ev_hex64_check(const char *what, const char *hex, struct pd_err *e);
enum pd_status ev_params_check(const struct ev_params *p, struct pd_err *e);
/* dealer/event/event_texts.c (ICU): set names (a lower-case letter, then a-z 0-9 _ -, at most 32); an event name, site or description; texts of p confusable with
 * one another; "U+00A0 NO-BREAK SPACE" for the character at p (*len: its bytes, 1 if invalid). */
enum pd_status ev_set_name_check(const char *name, struct pd_err *e);
enum pd_status ev_text_check(const char *what, const char *text, struct pd_err *e);
enum pd_status ev_texts_distinct(const struct ev_params *p, struct pd_err *e);
void ev_char_describe(const char *p, char *out, size_t n, int *len);
/* The record's ASCII spelling of a text: a backslash and every non-ASCII character as \u{XXXX}
 * (upper-case hex, 4 to 6 digits); out holds EV_ESCAPED_MAX. Unescaping works in place and
 * fails on a malformed escape or a code point that is no character. */
enum { EV_ESCAPED_MAX = 8 * EV_TEXT_MAX };
void ev_text_escape(const char *in, char *out, size_t n);
bool ev_text_unescape(char *s);

/* ---------------------------------------------------------------- Big Deal and SquareDeal */
/* Big Deal (Hans van Staveren) and its SquareDeal ceremony, reproduced independently so that
 * predup can re-deal and verify their published sets (dealer/BIGDEAL.md: the algorithm, with
 * worked examples from published files). dealer/event/bigdeal.c and dealer/event/squaredeal.c. */

/* Kuipers' "Gödel" numbering, Big Deal's (not Pavlicek's, dealer/deal/deal.h):
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

/* ---------------------------------------------------------------- keys an event may adopt */
/* One key, one event (dealer/event/spent.c; dealer/EVENTS.md): whether event commit may adopt
 * an existing key file path for the record at record (read with key_load_file, spent as it
 * said): PD_ERR_RANGE for a key marked spent, a key whose bytes take fewer than 8 values (not
 * made by key new: all zeros, one byte repeated), and a key any *.record beside record
 * mentions. ev_key_mentioned: whether a *.record file in the folder of self, other than self
 * and not of the event digest (NULL: any), mentions the key committed to by commit (its
 * commitment, or the key revealed), read leniently; its path goes to found. */
enum pd_status ev_key_check_unspent(const char *path, const char *record,
                                    const struct pd_key *key, bool spent, struct pd_err *e);
bool ev_key_mentioned(const char *self, const char *commit, const char *digest, char *found,
                      size_t cap);
/* The same test on one file's text (a record given to verify beside another). */
bool ev_text_mentions_key(const char *text, const char *commit, const char *digest);
/* A file read as the scan above reads records: a regular file of at most 1 MiB, each NUL made
 * a space so that none hides what follows; NULL when it is not one or cannot be read. Free it
 * with ev_lenient_free, which wipes it (a revealed record holds a key). */
char *ev_read_lenient(const char *path, size_t *len);
void ev_lenient_free(char *text, size_t len);

#endif
