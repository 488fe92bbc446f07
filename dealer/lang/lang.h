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

#endif
