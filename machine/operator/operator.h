/* machine/operator/operator.h - the operator page of a fill (`predup fill --web [ADDR:]PORT`,
 * `predup event deal --fill --web`): a small web server (libmicrohttpd, its own thread) that a
 * phone or tablet beside the machine opens. It shows the fill live (event, set, board n of m,
 * copy k of c, cards placed, rate, time left, notes, bad boards) and the open prompt with
 * buttons that answer it as Enter and q do at the terminal. It never shows a card: it is told
 * only what struct mach_watch carries, and no deal goes through that. The one public header of
 * machine/operator/.
 *
 * Bound to 127.0.0.1 unless an address is given; on any other address every request must
 * carry a random token (from the OS's generator, never the event key) printed in the URL at
 * start: without it, 403. */
#ifndef PREDUP_MACHINE_OPERATOR_H
#define PREDUP_MACHINE_OPERATOR_H

#include <stdbool.h>
#include <stdio.h>

#include "machine/machine.h"

struct op_server;

/* Parses listen ("PORT", "ADDR:PORT", "[ADDR6]:PORT"; port 0: one the system picks), binds
 * and listens (a port in use: PD_ERR_IO naming it, before anything else happens), starts the
 * server's thread and prints the page's URL (with the token when one is needed) on out.
 * PD_ERR_USAGE for a malformed listen. */
enum pd_status op_start(const char *listen, FILE *out, struct op_server **srv,
                        struct pd_err *e);
/* Stops the server (its thread joined, every connection closed) and frees it; NULL is fine. */
void op_stop(struct op_server *srv);
/* The watch to put in struct fill_opts: the fill tells the page through it. */
const struct mach_watch *op_watch(struct op_server *srv);
/* The page's URL as printed ("http://127.0.0.1:8080/", with "?t=TOKEN" when needed). */
const char *op_url(const struct op_server *srv);

/* What a request to the server carries the page's answer with: exposed for tests. The page's
 * answer to prompt id: true when it answered it (the prompt was open and is id), false when
 * it was answered already (at the terminal, or by another device) or is another prompt. */
bool op_answer(struct op_server *srv, long id, enum mach_answer a);
/* The state the page polls, as JSON (malloc'd; NULL without memory). */
char *op_state_json(struct op_server *srv);

#endif
