/* machine/operator/server.c - the operator page's web server: the listening socket (bound
 * before the fill starts, so that a port in use stops nothing half done), the token, and
 * libmicrohttpd's handler on its own thread. Three requests: GET / (the page), GET /state
 * (what the page shows, JSON, polled) and POST /answer?prompt=ID&answer=continue|stop.
 *
 * Guards: on any address but loopback every request carries t=TOKEN (32 hex digits from the
 * OS's generator, printed in the URL; compared in constant time), else 403. On loopback, the
 * Host header must name the loopback address or localhost (a web site that rebinds its name to
 * 127.0.0.1 gets 403). An answer needs the header X-Predup: answer, which no other site's page
 * can send without a CORS preflight this server never grants, and an Origin, when sent, that
 * is this server's own. */
#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netdb.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "machine/operator/op_int.h"

/* ---------------------------------------------------------------- libmicrohttpd, on first use */

/* libmicrohttpd is loaded on first use (op_start), not linked (HACKING.md "Libraries loaded on
 * first use"): with gnutls and the eight libraries gnutls brings, it cost every start of predup,
 * for a page only fill --web serves. Each entry point used here is a field of httpd of the
 * header's own type (the variadic start_daemon and connection_info too). The header names no
 * soname (MHD_VERSION is the release's), so the library's is written here. */
#define HTTPD_ENTRY_POINTS(X)                                                                    \
    X(start_daemon, MHD_start_daemon) X(stop_daemon, MHD_stop_daemon)                           \
    X(connection_info, MHD_get_connection_info) X(lookup, MHD_lookup_connection_value)          \
    X(response_from_buffer, MHD_create_response_from_buffer)                                    \
    X(add_header, MHD_add_response_header) X(queue_response, MHD_queue_response)                \
    X(destroy_response, MHD_destroy_response)
#define HTTPD_SYMBOL(field, f) {#f, (void **)&httpd.field},
static struct {
    HTTPD_ENTRY_POINTS(PD_LIB_FIELD)
} httpd;
static const struct pd_lib_symbol httpd_symbols[] = {HTTPD_ENTRY_POINTS(HTTPD_SYMBOL){NULL, NULL}};
static struct pd_lib httpd_lib = {.name = "libmicrohttpd", .soname = "libmicrohttpd.so.12",
                                  .package = "libmicrohttpd12", .symbols = httpd_symbols};

/* ---------------------------------------------------------------- the listening socket */

/* "PORT", "ADDR:PORT" or "[ADDR6]:PORT" into host (loopback when none) and port. */
static enum pd_status parse_listen(const char *spec, char *host, size_t hcap, char *port,
                                   size_t pcap, struct pd_err *e)
{
    const char *colon = strrchr(spec, ':'), *p = colon ? colon + 1 : spec;
    size_t hlen = colon ? (size_t)(colon - spec) : 0;
    unsigned long long n;

    if (pd_parse_number(p, 0, 65535, "--web's port", &n, e) != PD_OK)
        return pd_fail(e, PD_ERR_USAGE, "--web %s: wants [ADDR:]PORT, e.g. 8080 or "
                                        "0.0.0.0:8080 (%s)", spec, e->msg);
    if (hlen >= 2 && spec[0] == '[' && spec[hlen - 1] == ']')
        spec++, hlen -= 2; /* [::1]:8080 */
    if (colon && (hlen == 0 || hlen >= hcap))
        return pd_fail(e, PD_ERR_USAGE, "--web %s: wants [ADDR:]PORT, e.g. 8080 or "
                                        "0.0.0.0:8080", spec);
    snprintf(host, hcap, "%.*s", colon ? (int)hlen : 9, colon ? spec : "127.0.0.1");
    snprintf(port, pcap, "%llu", n);
    return PD_OK;
}

static bool is_loopback(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
    if (sa->sa_family == AF_INET6) {
        const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;

        return IN6_IS_ADDR_LOOPBACK(a) ||
               (IN6_IS_ADDR_V4MAPPED(a) && a->s6_addr[12] == 127);
    }
    return false;
}

/* A socket bound to host:port and listening, its port (the system's pick for port 0) and
 * whether it is loopback. */
static enum pd_status listen_on(const char *host, const char *port, int *fd_out,
                                struct op_server *srv, struct pd_err *e)
{
    struct addrinfo hints = {.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE,
                             .ai_socktype = SOCK_STREAM}, *ai = NULL;
    struct sockaddr_storage got;
    socklen_t glen = sizeof got;
    int one = 1, fd, rc = getaddrinfo(host, port, &hints, &ai);

    if (rc != 0)
        return pd_fail(e, PD_ERR_USAGE, "--web %s:%s: not a numeric address (%s): give an "
                                        "address such as 0.0.0.0 or 192.168.1.20", host, port,
                       gai_strerror(rc));
    fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd >= 0)
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (fd < 0 || bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 16) != 0 ||
        getsockname(fd, (struct sockaddr *)&got, &glen) != 0) {
        int err = errno;

        if (fd >= 0)
            close(fd);
        freeaddrinfo(ai);
        return pd_fail(e, PD_ERR_IO, "--web %s:%s: cannot serve the operator page there: %s%s",
                       host, port, strerror(err), err == EADDRINUSE
                           ? " (another program, or another fill's page, has it): pick another port"
                           : "");
    }
    srv->need_token = !is_loopback(ai->ai_addr);
    srv->port = ntohs(got.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&got)->sin6_port
                                                : ((struct sockaddr_in *)&got)->sin_port);
    freeaddrinfo(ai);
    *fd_out = fd;
    return PD_OK;
}

static enum pd_status make_token(struct op_server *srv, struct pd_err *e)
{
    uint8_t raw[16];

    if (RAND_bytes(raw, sizeof raw) != 1)
        return pd_fail(e, PD_ERR_CRYPTO, "no random token for the operator page (the system's "
                                         "random generator failed)");
    pd_hex_encode(raw, sizeof raw, srv->token);
    OPENSSL_cleanse(raw, sizeof raw);
    return PD_OK;
}

/* ---------------------------------------------------------------- requests */

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned code, const char *type,
                                 char *body, size_t len, enum MHD_ResponseMemoryMode mode)
{
    struct MHD_Response *r = httpd.response_from_buffer(len, body, mode);
    enum MHD_Result rc;

    if (!r)
        return MHD_NO;
    httpd.add_header(r, "Content-Type", type);
    httpd.add_header(r, "Cache-Control", "no-store");
    httpd.add_header(r, "X-Content-Type-Options", "nosniff");
    httpd.add_header(r, "X-Frame-Options", "DENY");
    httpd.add_header(r, "Referrer-Policy", "no-referrer");
    httpd.add_header(r, "Content-Security-Policy",
                            "default-src 'none'; script-src 'unsafe-inline'; style-src "
                            "'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'");
    rc = httpd.queue_response(c, code, r);
    httpd.destroy_response(r);
    return rc;
}

static enum MHD_Result refuse(struct MHD_Connection *c, unsigned code, const char *why)
{
    return send_text(c, code, "text/plain; charset=utf-8", (char *)why, strlen(why),
                     MHD_RESPMEM_PERSISTENT);
}

static bool token_ok(const struct op_server *srv, struct MHD_Connection *c)
{
    const char *t = httpd.lookup(c, MHD_GET_ARGUMENT_KIND, "t");

    if (!srv->need_token)
        return true;
    return t && strlen(t) == strlen(srv->token) &&
           CRYPTO_memcmp(t, srv->token, strlen(srv->token)) == 0;
}

/* On loopback, Host names loopback or localhost: a rebound name of another site does not. */
static bool host_ok(const struct op_server *srv, struct MHD_Connection *c)
{
    const char *h = httpd.lookup(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    const char *end = h ? strrchr(h, ':') : NULL;
    size_t n = end && end[-1 < 0 ? 0 : 0] ? (size_t)(end - h) : h ? strlen(h) : 0;

    if (srv->need_token)
        return true;
    if (!h)
        return false;
    if (end && strchr(end, ']')) /* "[::1]" without a port */
        n = strlen(h);
    return (n == 9 && !strncmp(h, "localhost", n)) || (n == 5 && !strncmp(h, "[::1]", n)) ||
           (n >= 4 && !strncmp(h, "127.", 4) && strspn(h, "0123456789.") == n);
}

/* An answer comes from this server's own page: the custom header, and its own origin. */
static bool answer_from_page(struct MHD_Connection *c)
{
    const char *x = httpd.lookup(c, MHD_HEADER_KIND, "X-Predup");
    const char *o = httpd.lookup(c, MHD_HEADER_KIND, "Origin");
    const char *h = httpd.lookup(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);

    if (!x || strcmp(x, "answer") != 0)
        return false;
    return !o || (h && !strncmp(o, "http://", 7) && !strcmp(o + 7, h));
}

/* ---------------------------------------------------------------- slow and idle clients */

/* Anyone on the network may connect: a client that holds connections open must not lock the
 * operator out. Each address gets OP_PER_ADDRESS connections (libmicrohttpd's limit), each
 * silent one is closed after OP_IDLE_SECONDS, and a request whose headers trickle in (a byte
 * now and then, never silent) is cut off OP_HEADER_SECONDS after it began (a connection's
 * first request from the connection's start, a later one from its request line; a keep-alive
 * connection between requests is left to the idle timeout, so that a request just arriving on
 * it is never cut off): every second a reaper thread shuts down those overdue (libmicrohttpd
 * then closes them: it
 * reports a connection closed, under conn_lock, before it closes its socket, so the reaper
 * never shuts down a socket number reused by another connection). */
static double seconds_since(const struct timespec *t)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

static void cut_off_slow(struct op_server *srv)
{
    for (int i = 0; i < OP_CONNECTIONS; i++) {
        struct op_conn *k = &srv->conns[i];

        if (k->used && k->waiting && !k->busy &&
            seconds_since(&k->since) > OP_HEADER_SECONDS) {
            shutdown(k->fd, SHUT_RDWR);
            k->waiting = false; /* once */
        }
    }
}

static void *reaper(void *arg)
{
    struct op_server *srv = arg;

    pthread_mutex_lock(&srv->conn_lock);
    while (!srv->stopping) {
        struct timespec at;

        clock_gettime(CLOCK_REALTIME, &at);
        at.tv_sec += 1;
        pthread_cond_timedwait(&srv->reaper_wake, &srv->conn_lock, &at);
        cut_off_slow(srv);
    }
    pthread_mutex_unlock(&srv->conn_lock);
    return NULL;
}

static void on_connection(void *cls, struct MHD_Connection *c, void **ctx,
                          enum MHD_ConnectionNotificationCode code)
{
    struct op_server *srv = cls;
    struct op_conn *k = *ctx;
    const union MHD_ConnectionInfo *fd = httpd.connection_info(c,
                                                                 MHD_CONNECTION_INFO_CONNECTION_FD);

    pthread_mutex_lock(&srv->conn_lock);
    if (code == MHD_CONNECTION_NOTIFY_CLOSED && k)
        k->used = false;
    for (int i = 0; code == MHD_CONNECTION_NOTIFY_STARTED && i < OP_CONNECTIONS && fd && !*ctx;
         i++)
        if (!srv->conns[i].used) {
            srv->conns[i] = (struct op_conn){true, true, false, fd->connect_fd, {0, 0}};
            clock_gettime(CLOCK_MONOTONIC, &srv->conns[i].since);
            *ctx = &srv->conns[i];
        }
    pthread_mutex_unlock(&srv->conn_lock);
}

enum conn_step { REQUEST_LINE, HEADERS_DONE, ANSWERED };

/* A request's line came (its headers are due within OP_HEADER_SECONDS; a connection's first
 * request is due from its start), its headers came (busy), or it was answered (the connection
 * idles: waiting for nothing). */
static void mark_connection(struct op_server *srv, struct MHD_Connection *c, enum conn_step step)
{
    const union MHD_ConnectionInfo *i =
        httpd.connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    struct op_conn *k = i ? i->socket_context : NULL;

    if (!k)
        return;
    pthread_mutex_lock(&srv->conn_lock);
    if (step == REQUEST_LINE && !k->waiting) {
        k->waiting = true;
        clock_gettime(CLOCK_MONOTONIC, &k->since);
    }
    k->busy = step == HEADERS_DONE;
    if (step == ANSWERED)
        k->waiting = false;
    pthread_mutex_unlock(&srv->conn_lock);
}

static void *request_line(void *cls, const char *uri, struct MHD_Connection *c)
{
    (void)uri;
    mark_connection(cls, c, REQUEST_LINE);
    return NULL; /* the request's context starts empty, as handle expects */
}

/* libmicrohttpd's own messages (a client gone, the limit reached) would land in the middle of
 * the operator's terminal: they are nobody's business there. */
static void quiet_log(void *cls, const char *fmt, va_list ap)
{
    (void)cls, (void)fmt, (void)ap;
}

/* What a POST's request context points to: its headers seen, or its answer won. */
static char posting, answer_won;

/* The fill goes on once the page has its reply: a stop ends the process, which would cut
 * the reply off if the fill were woken before it was sent. */
static void request_done(void *cls, struct MHD_Connection *c, void **req,
                         enum MHD_RequestTerminationCode why)
{
    struct op_server *srv = cls;

    (void)why;
    mark_connection(srv, c, ANSWERED);
    if (*req == &answer_won)
        op_wake(&srv->st);
}

static enum MHD_Result post_answer(struct op_server *srv, struct MHD_Connection *c, void **req)
{
    const char *id = httpd.lookup(c, MHD_GET_ARGUMENT_KIND, "prompt");
    const char *a = httpd.lookup(c, MHD_GET_ARGUMENT_KIND, "answer");
    enum mach_answer ans = !a ? MACH_ANSWER_NONE
                           : !strcmp(a, "continue") ? MACH_ANSWER_CONTINUE
                           : !strcmp(a, "stop") ? MACH_ANSWER_STOP : MACH_ANSWER_NONE;
    char *end = NULL;
    long n = id ? strtol(id, &end, 10) : 0;

    if (!answer_from_page(c))
        return refuse(c, MHD_HTTP_FORBIDDEN, "answers come from the operator page\n");
    if (!id || !*id || *end || n <= 0 || ans == MACH_ANSWER_NONE)
        return refuse(c, MHD_HTTP_BAD_REQUEST, "wants prompt=ID&answer=continue|stop\n");
    if (!op_claim(&srv->st, n, ans))
        return refuse(c, MHD_HTTP_CONFLICT, "answered already (at the terminal or on another "
                                            "device)\n");
    *req = &answer_won;
    return refuse(c, MHD_HTTP_OK, "answered\n");
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **req)
{
    struct op_server *srv = cls;
    bool post = !strcmp(method, MHD_HTTP_METHOD_POST);
    char *json;

    (void)version, (void)upload;
    mark_connection(srv, c, HEADERS_DONE);
    if (post && !*req) { /* the headers: the (empty) body and the answer come next */
        *req = &posting;
        return MHD_YES;
    }
    if (*upload_size) { /* an answer has no body: discard one */
        *upload_size = 0;
        return MHD_YES;
    }
    if (!token_ok(srv, c) || !host_ok(srv, c))
        return refuse(c, MHD_HTTP_FORBIDDEN, "forbidden: open the URL predup printed (with its "
                                             "token)\n");
    if (post)
        return strcmp(url, "/answer") ? refuse(c, MHD_HTTP_NOT_FOUND, "not found\n")
                                      : post_answer(srv, c, req);
    if (strcmp(method, MHD_HTTP_METHOD_GET) != 0)
        return refuse(c, MHD_HTTP_METHOD_NOT_ALLOWED, "GET or POST\n");
    if (!strcmp(url, "/"))
        return send_text(c, MHD_HTTP_OK, "text/html; charset=utf-8", (char *)op_page_html,
                         strlen(op_page_html), MHD_RESPMEM_PERSISTENT);
    if (strcmp(url, "/state") != 0)
        return refuse(c, MHD_HTTP_NOT_FOUND, "not found\n");
    json = op_state_json(srv);
    return json ? send_text(c, MHD_HTTP_OK, "application/json", json, strlen(json),
                            MHD_RESPMEM_MUST_FREE)
                : refuse(c, MHD_HTTP_SERVICE_UNAVAILABLE, "no memory\n");
}

/* ---------------------------------------------------------------- start and stop */

static void print_url(struct op_server *srv, const char *host, FILE *out)
{
    bool v6 = strchr(host, ':') != NULL;

    snprintf(srv->url, sizeof srv->url, "http://%s%s%s:%d/%s%s", v6 ? "[" : "", host,
             v6 ? "]" : "", srv->port, srv->need_token ? "?t=" : "",
             srv->need_token ? srv->token : "");
    fprintf(out, "operator page: %s\n", srv->url);
    if (srv->need_token)
        fprintf(out, "  (open it on the tablet beside the machine; the token lets a device answer "
                     "the prompts: give it to no one else)\n");
    fflush(out);
}

enum pd_status op_start(const char *listen, FILE *out, struct op_server **srvp,
                        struct pd_err *e)
{
    struct op_server *srv;
    char host[64], port[8];
    int fd = -1;
    enum pd_status rc = pd_lib_ready(&httpd_lib, e);

    *srvp = NULL;
    if (rc != PD_OK)
        return rc;
    srv = calloc(1, sizeof *srv);
    if (!srv)
        return pd_fail(e, PD_ERR_NOMEM, "no memory for the operator page");
    pthread_mutex_init(&srv->conn_lock, NULL);
    pthread_cond_init(&srv->reaper_wake, NULL);
    rc = parse_listen(listen, host, sizeof host, port, sizeof port, e);
    if (rc == PD_OK)
        rc = op_state_init(&srv->st, e);
    if (rc != PD_OK) {
        free(srv);
        return rc;
    }
    rc = listen_on(host, port, &fd, srv, e);
    if (rc == PD_OK && srv->need_token)
        rc = make_token(srv, e);
    if (rc == PD_OK) {
        srv->mhd = httpd.start_daemon(MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ERROR_LOG, 0, NULL,
                                    NULL, handle, srv, MHD_OPTION_LISTEN_SOCKET, fd,
                                    MHD_OPTION_EXTERNAL_LOGGER, quiet_log, NULL,
                                    MHD_OPTION_CONNECTION_LIMIT, (unsigned)OP_CONNECTIONS,
                                    MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)OP_PER_ADDRESS,
                                    MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)OP_IDLE_SECONDS,
                                    MHD_OPTION_NOTIFY_CONNECTION, on_connection, srv,
                                    MHD_OPTION_URI_LOG_CALLBACK, request_line, srv,
                                    MHD_OPTION_NOTIFY_COMPLETED, request_done, srv,
                                    MHD_OPTION_END);
        if (!srv->mhd)
            rc = pd_fail(e, PD_ERR_IO, "cannot start the operator page's server on %s:%s",
                         host, port);
        else
            fd = -1; /* the daemon's now: MHD_stop_daemon closes it */
    }
    if (rc == PD_OK) {
        srv->reaping = pthread_create(&srv->reaper, NULL, reaper, srv) == 0;
        if (!srv->reaping)
            rc = pd_fail(e, PD_ERR_NOMEM, "cannot start the operator page's server (no thread)");
    }
    if (rc != PD_OK) {
        if (fd >= 0)
            close(fd);
        op_stop(srv);
        return rc;
    }
    op_state_watch(&srv->st, &srv->watch);
    print_url(srv, host, out);
    *srvp = srv;
    return PD_OK;
}

void op_stop(struct op_server *srv)
{
    if (!srv)
        return;
    op_state_linger(&srv->st, 3000); /* the page shows the summary, not "no connection" */
    if (srv->reaping) {
        pthread_mutex_lock(&srv->conn_lock);
        srv->stopping = true;
        pthread_cond_signal(&srv->reaper_wake);
        pthread_mutex_unlock(&srv->conn_lock);
        pthread_join(srv->reaper, NULL);
    }
    if (srv->mhd)
        httpd.stop_daemon(srv->mhd); /* joins its thread, closes the listening socket */
    op_state_free(&srv->st);
    pthread_cond_destroy(&srv->reaper_wake);
    pthread_mutex_destroy(&srv->conn_lock);
    OPENSSL_cleanse(srv->token, sizeof srv->token);
    free(srv);
}

const struct mach_watch *op_watch(struct op_server *srv)
{
    return &srv->watch;
}

const char *op_url(const struct op_server *srv)
{
    return srv->url;
}
