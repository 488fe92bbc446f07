/* pbn/sets/sets.h - the engines of `predup deal` and `predup verify`: deal a set of boards from a
 * key (and a script) into PBN or any format, and verify files against a key or an event record.
 * The front-ends (config/commands/cmd_deal.c, config/commands/cmd_verify.c) read the options into these structs
 * and call one engine; the engines print their normal output on stdout (progress on stderr) and
 * return their errors in e. */
#ifndef PREDUP_PBN_SETS_H
#define PREDUP_PBN_SETS_H

#include "pbn/pbn.h"

/* ---------------------------------------------------------------- what a set is dealt from */

/* The set key and the optional script the boards are dealt from (pbn/sets/dealing.c). */
struct dealing {
    struct set_key sk;
    struct lang_prog *prog; /* NULL: every first candidate */
    struct lang_deal *ld;   /* the script prepared for its dealing version */
    int version;            /* DEALING_V1 or DEALING_V2 (dealer/README.md), for a script */
    uint64_t max_tries;
    const struct deal_watch *watch; /* NULL: none; deal sets one on a terminal */
    char commit[65];
    char script_hash[65];
};

/* Loads the key, derives the set key for label, and compiles the script if any, prepared for
 * dealing version (DEALING_V1 .. DEALING_LATEST). */
enum pd_status dealing_open(const char *key_path, const char *label, const char *script,
                            int version, struct dealing *dl, struct pd_err *e);
void dealing_close(struct dealing *dl);

/* The board rule (dealer/deal/deal.h) of a set dealt from dl with the override dealer and vul
 * (-1: none): the script's dealer and vulnerable lines above the override. */
struct board_rule dealing_rule(const struct dealing *dl, int dealer, int vul);

/* The threads a set is dealt on by default: the processors, 64 at most (the deals never
 * depend on the number). */
int dealing_threads(void);
/* Every board of range into bd (range->n of them), on threads, from dl's key and script. */
enum pd_status dealing_generate(const struct dealing *dl, const struct board_range *range,
                                int threads, struct board_deal *bd, struct pd_err *e);
/* Every board of range dealt (dealing_generate) and added to out as PBN games with ev's tags,
 * dealer and vulnerability by rule (board_conditions). */
enum pd_status dealing_to_set(const struct dealing *dl, const struct board_range *range,
                              int threads, const struct pbn_event *ev,
                              const struct board_rule *rule, struct pbn_set *out,
                              struct pd_err *e);

/* ---------------------------------------------------------------- an event's set (event_set.c) */

/* The one derivation of set si of an event record (dealer/EVENTS.md): `event deal` deals with
 * it and verify re-deals with it. Sets up dl: the set key from key, the record's digest, public
 * value and set name; script (required when the set has one; compared with the record's
 * SHA-256 of it: PD_ERR_MISMATCH when another) compiled for the record's dealing version. Close
 * dl with dealing_close, whatever the result. */
enum pd_status event_set_dealing(const struct ev_record *r, int si, const struct pd_key *key,
                                 const char *script, struct dealing *dl, struct pd_err *e);

/* Deals every board of set si into out as PBN games: the record's Event, Site and Date, the
 * Generator tag of an event set, dealer and vulnerability by the board rule (dealing_rule). */
enum pd_status event_set_deal(const struct ev_record *r, int si, const struct pd_key *key,
                              const char *script, struct pbn_set *out, struct pd_err *e);

/* ---------------------------------------------------------------- deal a set (deal_set.c) */

struct deal_set_opts {
    const char *key_path, *label, *boards, *out, *event, *site, *date, *formats, *script;
    unsigned long long max_tries;
    int threads;
    int dealer, vul; /* -1: Law 2 */
    int dealing;     /* dealing version for script */
    bool quiet;
    unsigned out_flags; /* PD_OUT_FORCE, PD_OUT_PUBLIC */
};

/* Deals boards (a range, BOARD_MAX at most) and writes them to out ("-": stdout) as PBN, or as
 * the formats that formats or out's extension names. */
enum pd_status deal_set(const struct deal_set_opts *o, struct pd_err *e);

/* ---------------------------------------------------------------- verify (verify.c) */

struct verify_opts {
    const char *key_path, *label, *script, *boards, *set;
    int dealer, vul; /* -1: not given */
    int dealing;     /* 0: from the file */
    unsigned long long max_tries; /* a board's re-deal with a script; 0: DEAL_MAX_TRIES */
};

/* Re-deals every board of the set in path from the key o->key_path (label, range, dealer,
 * vulnerability and script hash from the file's Generator tag unless o says) and lists every
 * fault on stdout: PD_ERR_MISMATCH when there is any. */
enum pd_status verify_with_key(const struct verify_opts *o, const char *path, struct pd_err *e);

/* The analysis a set carries, checked by verify (pbn/sets/analysis.c): for each game i of set
 * with solve[i] (its deal is the one expected: deals[i], dealt under bi[i]'s dealer and
 * vulnerability) that has an analysis tag, a fresh solve; fault(ctx, g, line, what) for each tag
 * that differs (line: the tag's); *checked counts the games solved. */
struct analysis_job {
    const bool *solve;
    const struct deal *deals;
    const struct board_info *bi;
};
typedef void analysis_fault_fn(void *ctx, const struct pbn_game *g, int line,
                               const char *what);
enum pd_status verify_analysis(const struct pbn_set *set, const struct analysis_job *job,
                               analysis_fault_fn *fault, void *ctx, size_t *checked,
                               struct pd_err *e);

/* Checks the event record files[0], then each of files[1 .. nfiles) against it; every file is
 * checked and reported, the first failure is the one returned. */
enum pd_status verify_with_record(const struct verify_opts *o, int nfiles, char **files,
                                  struct pd_err *e);

/* ---------------------------------------------------------------- SquareDeal (squaredeal.c) */

/* Sessions lo..hi of one phase (lo == hi but for a file SquareDeal combined). */
struct sqd_span {
    int phase, lo, hi; /* phase 0: not given */
    bool reserve;
};

struct sqd_set_opts {
    const char *sqd, *boards, *out, *formats;
    struct sqd_span span;
    unsigned out_flags; /* PD_OUT_FORCE, PD_OUT_PUBLIC */
};

/* Re-deals session span.lo of phase span.phase of the event in sqd exactly as Big Deal dealt it
 * (the revealed keys EVENT.sqk beside it) and writes it as deal_set writes a set. */
enum pd_status sqd_deal_session(const struct sqd_set_opts *o, struct pd_err *e);

/* Checks each of files[0 .. nfiles) against its session's deals (o->span, or the file's name):
 * PD_ERR_MISMATCH when any set differs. */
enum pd_status sqd_verify_sets(const struct sqd_set_opts *o, int nfiles, char **files,
                               struct pd_err *e);

#endif
