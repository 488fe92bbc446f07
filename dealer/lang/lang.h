/* dealer/lang/lang.h - the language room (dealer/lang/): Hans van Staveren's dealer language
 * (dealer/LANGUAGE.md): compile a script, test a deal against it, prepare it for a dealing
 * version. The grammar, the evaluation and conditional generation are internal: lang_int.h
 * (lex.c, parse.c, stmt.c, shape.c, eval.c, act.c, lazy.c, keyed.c), gen.h and hands.h
 * (gen.c, hands.c). Includes dealer/deal/deal.h only. */
#ifndef PREDUP_DEALER_LANG_H
#define PREDUP_DEALER_LANG_H

#include "dealer/deal/deal.h"

/* ---------------------------------------------------------------- constraint language */
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
struct lang_deal; /* a compiled script prepared for one dealing version; opaque, read-only */
/* Prepares p (which must outlive it) for version. PD_ERR_RANGE for an unknown version or a
 * condition whose bounds no hand meets; PD_ERR_NOMEM. Safe to share between threads. */
enum pd_status lang_deal_new(const struct lang_prog *p, int version, struct lang_deal **out,
                             struct pd_err *e);
void lang_deal_free(struct lang_deal *ld); /* NULL ok */
/* The script's `dealer` line (enum seat) and `vulnerable` line (enum vul); -1 when absent. */
int lang_script_dealer(const struct lang_prog *p);
int lang_script_vul(const struct lang_prog *p);
/* The SHA-256 (64 hex digits) of the script's bytes: under mpirun every rank must run the same. */
const char *lang_script_sha256(const struct lang_prog *p);

/* ---------------------------------------------------------------- keyed sets */

/* keyed.c, for the runner's sets (dealer/run/sets.c): the version, the script, and for tests
 * the drawn seat (-1: none) and the number of its hands the bounds allow. */
int lang_deal_version(const struct lang_deal *ld);
const struct lang_prog *lang_deal_prog(const struct lang_deal *ld);
int lang_deal_seat(const struct lang_deal *ld);
uint64_t lang_deal_hands(const struct lang_deal *ld);
/* One attempt of a version-2 board from the stream at its position: 1 when the script accepts
 * the deal (in out), 0 when not, <0 on a run-time error (in e). */
int lang_deal_try(const struct lang_deal *ld, struct deal_stream *s, int board,
                  struct deal *out, struct pd_err *e);

/* The script solves double dummy somewhere (tricks(), evalcontract): the fuzz target skips
 * it, a run deals it in small blocks. */
bool lang_script_uses_dd(const struct lang_prog *p);

/* ---------------------------------------------------------------- the runner's face */
/* What dealer/run/ needs to run a script block by block (dealer/lang/run_face.c): the language's
 * side of a run's plan, the dealing and testing of a block's deals, and the statistics of the
 * actions, committed in deal order. The program and the generator stay internal: the runner
 * holds them through these handles and calls per block or per kept deal, never per deal. */
enum { LANG_DRAW_BYTES = 102 }; /* a lazily dealt deal's stream bytes (lazy.c) */
/* A deal a block keeps, as the commit needs it. */
struct lang_kept {
    uint64_t ordinal;
    uint64_t plain;  /* conditional generation: the plain deals up to this one, in its block */
    struct deal d;
    bool memo_ready;
    bool pending;    /* lazy dealing: d lacks hands the actions read; deal them from draws */
    uint8_t draws[LANG_DRAW_BYTES];
    struct dd_memo memo;
};
/* What a block of deals yields: its kept deals in acc, or in rows when the run tallies. */
struct lang_block {
    struct lang_kept *acc;
    int nacc, cap;   /* kept deals: in acc, or in rows when the run tallies */
    int *rows;       /* tallying runs: per kept deal, its place in the block then its values */
    int caprows;     /* rows allocated */
    bool late;       /* the actions failed at the deal after the last row: commit rows first */
    struct pd_err err;
    uint64_t plain_total; /* conditional generation: the plain deals the block stands for */
};
/* The facts of a script's run that the runner plans with. */
struct lang_scan_info {
    long long generate, produce; /* the script's lines, 0 = not given */
    bool will_print;             /* the actions print deals */
    bool uses_dd;                /* the script solves double dummy: small blocks */
    bool dd_actions;             /* its actions do: the workers solve them ahead */
    bool keep_all;               /* print(): every produced deal is kept for the end */
    int tally;                   /* values per kept deal of a tallying run, 0: keeps deals */
    bool gen;                    /* conditional generation */
    double gen_p;                /* its set's probability, 1 without */
    const struct deal *predeal;  /* the cards the script predeals */
};
struct lang_scan; /* the language's plan of a run; opaque, read-only once made */
/* The plan of p for a run with dealer's -2/-3 (swapping 0, 2, 3), conditional generation when
 * fast allows it, -e (exhaust), nthreads threads, practice dealing version `dealing`
 * (PRACTICE_V1, PRACTICE_V2); NULL when out of memory. */
struct lang_scan *lang_scan_new(const struct lang_prog *p, int swapping, bool fast,
                                bool exhaust, int nthreads, int dealing,
                                struct lang_scan_info *info);
void lang_scan_free(struct lang_scan *s); /* NULL ok */
/* Deals and tests block `index` of `size` deals (the practice stream's block index), keeping
 * at most produce deals, up to deal `generate` of the run; stops early when *abort. ds, rs,
 * gs: the worker's practice, rnd() and gap streams; pr its practice dealing 2 source (NULL
 * for version 1: not read). Then, for dd_actions, solves ahead what
 * the actions will ask of the kept deals. */
enum pd_status lang_scan_block(const struct lang_scan *s, struct lang_block *b, long long index,
                               long long size, long long generate, long long produce,
                               const _Atomic bool *abort, struct deal_stream *ds,
                               struct deal_stream *rs, struct deal_stream *gs,
                               struct practice *pr);
/* -e: deal k (its ordinal and d set) holds the predeal lengths and the condition: 1 kept
 * (its memo set), 0 not; *failed when the condition failed to evaluate (e set). */
int lang_scan_test(const struct lang_scan *s, struct lang_kept *k, struct deal_stream *rs,
                   bool *failed, struct pd_err *e);
/* The whole deal of k: k->d, or when pending its hands dealt from its draws into *whole. */
const struct deal *lang_scan_whole(const struct lang_scan *s, const struct lang_kept *k,
                                   struct deal *whole);
struct lacc; /* the actions' statistics over a run; opaque */
/* For -q, --sd, the PBN Event tag (input_name), the seed and date of printpbn. */
struct lacc *lang_acc_new(const struct lang_prog *p, bool quiet, bool sd, const char *input_name,
                          unsigned long long seed, const char *date, struct pd_err *e);
void lang_acc_free(struct lacc *a, const struct lang_prog *p); /* NULL ok */
/* The actions of produced deal nprod (0-based), kept as k, whole deal d: printing to out. */
enum pd_status lang_acc_deal(const struct lang_scan *s, struct lacc *a, const struct lang_kept *k,
                             const struct deal *d, struct deal_stream *rs, long long nprod,
                             FILE *out, struct pd_err *e);
/* Tallying runs: n rows of stride ints counted in order (lact_tally_rows). */
void lang_acc_rows(const struct lang_prog *p, struct lacc *a, const int *rows, int n,
                   int stride);
/* The end-of-run outputs (print() pages from kept, averages, frequencies, tables). */
void lang_acc_finish(const struct lang_prog *p, const struct lacc *a, const struct deal *kept,
                     long long nprod, FILE *out);

#endif
