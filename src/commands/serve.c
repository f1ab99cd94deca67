/* serve.c - `boardvm serve FILE`: a local web server (GNU libmicrohttpd) with one page that
 * draws and plays the game, and a JSON API (jansson) the page uses:
 *
 *   GET  /  /board.js  /board.css   the page (from the web/ directory: pkgdatadir/web when
 *                                   installed, the source tree's web/ when run uninstalled)
 *   GET  /api/game                  the board, squares and arrows, piece types, options
 *   GET  /api/state                 the position, its legal moves, result, moves played
 *   GET  /api/record                {"record": the game so far as a game record}
 *   POST /api/move    {"move": "e2e4"}
 *   POST /api/undo, /api/redo
 *   POST /api/new     {"options": ["name=value", ...], "fen": "...", "moves": [...]} (all optional)
 *   POST /api/engine  {"depth": N, "time": S, "wait": B}   the engine moves for the side to move
 *   POST /api/stop    {"wait": B}   stop the search: it plays the best move found so far
 *   POST /api/load    {"record": "..."}
 * A POST answers {"state": ...}; every refusal is {"error": "why"} with a 4xx status. This file
 * is the HTTP side (libmicrohttpd); the requests are answered by webapi.c, which
 * fuzz/fuzz_web.c drives without a socket.
 *
 * Threads: libmicrohttpd runs each connection in a thread of its own
 * (MHD_USE_THREAD_PER_CONNECTION), so that a request that runs rules code for long (up to
 * WEB_REQUEST_SECONDS: a position whose moves take minutes is refused at that bound) or waits
 * for the engine's move holds only its own connection: the page, /api/stop and the state are
 * answered meanwhile. One polling thread with a pool would stall every connection of a pool
 * thread behind such a request. The game itself takes one request at a time, under webapi.c's
 * lock; the engine searches in a thread of its own (webgame.c), during which the game answers
 * /api/game, /api/state and /api/stop and refuses the rest with 409. Since a thread costs more
 * than a polled socket, connections are few and short: at most SERVE_CONNECTIONS in all and
 * SERVE_PER_ADDRESS from one address, closed after SERVE_IDLE_SECONDS without a byte, so that
 * idle sockets lock others out for at most that long (docs/web.md, "Bounds"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"

#ifndef HAVE_SERVE
int cmd_serve(Args *a)
{
    (void)a;
    fprintf(stderr, "boardvm: this boardvm was built without the web board (serve): it needs GNU "
                    "libmicrohttpd and jansson\n(Debian: apt-get install libmicrohttpd-dev "
                    "libjansson-dev; then ./configure && make again)\n");
    return 2;
}
#else
#include <arpa/inet.h>
#include <errno.h>
#include <limits.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include "dynlib.h"
#include "rulespath.h"
#include "webapi.h"

/* libmicrohttpd, loaded by `serve` alone (dynlib.h): its functions, typed as its header
 * declares them, and their names. MHD_SONAME is the soname configure found. */
static struct {
    __typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
    __typeof__(MHD_add_response_header) *add_response_header;
    __typeof__(MHD_queue_response) *queue_response;
    __typeof__(MHD_destroy_response) *destroy_response;
    __typeof__(MHD_lookup_connection_value) *lookup_connection_value;
    __typeof__(MHD_start_daemon) *start_daemon;
    __typeof__(MHD_get_daemon_info) *get_daemon_info;
    __typeof__(MHD_stop_daemon) *stop_daemon;
} mhd;

#define MHD_SYM(f) { "MHD_" #f, (void **)&mhd.f }
static const DynSym mhd_syms[] = {
    MHD_SYM(create_response_from_buffer), MHD_SYM(add_response_header),
    MHD_SYM(queue_response), MHD_SYM(destroy_response), MHD_SYM(lookup_connection_value),
    MHD_SYM(start_daemon), MHD_SYM(get_daemon_info), MHD_SYM(stop_daemon),
};

#define SERVE_CONNECTIONS 256       /* threads: a few MB of memory each at most */
#define SERVE_PER_ADDRESS 64
#define SERVE_IDLE_SECONDS 5u       /* the page's requests send all they have at once */

typedef struct { char *buf; size_t n; int too_big; } Request;

/* Send a reply of webapi.c (its body is freed by libmicrohttpd). */
static enum MHD_Result send_reply(struct MHD_Connection *c, WebReply *rp)
{
    if (!rp->body) return MHD_NO;                  /* out of memory: drop the connection */
    struct MHD_Response *r = mhd.create_response_from_buffer(rp->len, rp->body,
                                                             MHD_RESPMEM_MUST_FREE);
    if (!r) { free(rp->body); return MHD_NO; }
    mhd.add_response_header(r, "Content-Type", rp->type);
    mhd.add_response_header(r, "Cache-Control", "no-store");
    mhd.add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ret = mhd.queue_response(c, rp->status, r);
    mhd.destroy_response(r);
    return ret;
}

/* libmicrohttpd calls this for the headers, for each piece of the body, then once more: the
 * body is collected (at most WEBAPI_MAX_BODY bytes) and the request answered by webapi.c. The
 * url is the path, unescaped by libmicrohttpd, without its query string. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **con_cls)
{
    (void)version;
    WebApi *s = cls;
    Request *rq = *con_cls;
    WebReply reply;
    if (!rq) {                              /* the headers only: set up, refuse early */
        if (!(rq = calloc(1, sizeof *rq))) return MHD_NO;
        *con_cls = rq;
        WebHeaders h = {
            mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Host"),
            mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Origin"),
            mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type"),
        };
        if (webapi_refused(s, method, &h, &reply)) return send_reply(c, &reply);
        const char *cl = mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (cl && strtoull(cl, NULL, 10) > WEBAPI_MAX_BODY) {
            webapi_error(&reply, 413, "the request body is too large (at most 1 MiB)");
            return send_reply(c, &reply);
        }
        return MHD_YES;
    }
    if (*upload_size) {                     /* a piece of the body */
        if (!rq->too_big && rq->n + *upload_size <= WEBAPI_MAX_BODY) {
            char *b = realloc(rq->buf, rq->n + *upload_size + 1);
            if (!b) return MHD_NO;
            rq->buf = b;
            memcpy(rq->buf + rq->n, upload, *upload_size);
            rq->n += *upload_size;
        } else rq->too_big = 1;
        *upload_size = 0;
        return MHD_YES;
    }
    webapi_handle(s, method, url, rq->buf, rq->n, rq->too_big, &reply);
    return send_reply(c, &reply);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode t)
{
    (void)cls; (void)c; (void)t;
    Request *rq = *con_cls;
    if (rq) { free(rq->buf); free(rq); }
    *con_cls = NULL;
}

static int has_index(const char *dir)
{
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/index.html", dir);
    return access(path, R_OK) == 0;
}

/* The page's directory: $BOARDVM_WEB; the source tree's web/ when this binary is the one in
 * the build tree (run uninstalled); else the installed pkgdatadir/web. */
static int find_webdir(char *out, size_t len)
{
    const char *env = getenv("BOARDVM_WEB");
    if (env && *env) { snprintf(out, len, "%s", env); return has_index(out); }
#ifdef BOARDVM_SRCDIR
    if (running_from_build_tree()) {
        snprintf(out, len, "%s/web", BOARDVM_SRCDIR);
        if (has_index(out)) return 1;
    }
#endif
    snprintf(out, len, "%s/web", BOARDVM_DATADIR);
    if (has_index(out)) return 1;
#ifdef BOARDVM_SRCDIR
    snprintf(out, len, "%s/web", BOARDVM_SRCDIR);
    if (has_index(out)) return 1;
#endif
    snprintf(out, len, "%s/web", BOARDVM_DATADIR);
    return 0;
}

/* A socket listening on addr, its port in *port (the one bound: --port 0 asks for any), or -1
 * after a message naming the port asked for. Bound here rather than by libmicrohttpd, whose
 * message named "port 0" (the port argument it was not given), and so that the port is known
 * before the first request, whose Host header is checked against it. */
static int listen_on(struct sockaddr_in *addr, const char *host, int *port)
{
    int asked = ntohs(addr->sin_port), one = 1;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        fprintf(stderr, "boardvm: cannot make a socket: %s\n", strerror(errno));
        return -1;
    }
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);  /* (as libmicrohttpd did) */
    socklen_t len = sizeof *addr;
    if (bind(fd, (struct sockaddr *)addr, sizeof *addr) || listen(fd, SOMAXCONN) ||
        getsockname(fd, (struct sockaddr *)addr, &len)) {
        int e = errno;
        fprintf(stderr, "boardvm: cannot listen on %s port %d: %s%s\n", host, asked, strerror(e),
                e == EADDRINUSE ? " (--port 0 picks a free one)" : "");
        close(fd);
        return -1;
    }
    *port = ntohs(addr->sin_port);
    return fd;
}

/* The server on the listening socket fd (see the top of the file for its threads and limits). */
static struct MHD_Daemon *start_daemon(WebApi *s, int fd)
{
    return mhd.start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_AUTO |
            MHD_USE_ERROR_LOG,
        (uint16_t)s->port, NULL, NULL, handle, s,
        MHD_OPTION_LISTEN_SOCKET, fd,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_CONNECTION_TIMEOUT, SERVE_IDLE_SECONDS,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)SERVE_CONNECTIONS,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)SERVE_PER_ADDRESS,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)65536,
        MHD_OPTION_END);
}

/* On SIGTERM: a search is asked to stop first, so that a request waiting for its move ends
 * soon and libmicrohttpd's stop, which waits for every connection's thread, does not wait for
 * the whole of its time. */
static void stop_search(WebApi *s)
{
    WebReply r;
    if (webapi_handle(s, "POST", "/api/stop", NULL, 0, 0, &r)) free(r.body);
}

int cmd_serve(Args *a)
{
    const char *why;
    if (!dynlib_load(MHD_SONAME, mhd_syms, (int)(sizeof mhd_syms / sizeof *mhd_syms), &why)) {
        fprintf(stderr, "boardvm: serve needs GNU libmicrohttpd (%s), which cannot be loaded: "
                "%s\n(Debian: apt-get install libmicrohttpd-dev)\n", MHD_SONAME, why);
        return 2;
    }
    static WebApi s;
    if (!find_webdir(s.webdir, sizeof s.webdir)) {
        fprintf(stderr, "boardvm: the web page's files are not in %s (set BOARDVM_WEB to their "
                "directory)\n", s.webdir);
        return 2;
    }
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)(a->port >= 0 ? a->port : 8080));
    const char *host = a->address ? a->address : "127.0.0.1";
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
        fprintf(stderr, "boardvm: --address '%s' is not an IPv4 address (such as 127.0.0.1 or "
                "0.0.0.0)\n", host);
        return 2;
    }
    s.w = webgame_open(a->pos[1], a->nopts, a->opts, a->fen, a->moves, a->nmoves);
    if (!s.w) return 1;
    webapi_init(&s);
    snprintf(s.address, sizeof s.address, "%s", host);
    s.any_host = a->address && strcmp(a->address, "127.0.0.1");
    int fd = listen_on(&addr, host, &s.port);
    if (fd < 0) { webgame_free(s.w); return 2; }

    /* SIGINT/SIGTERM are taken by sigwait below; the server's threads must not get them */
    sigset_t sigs;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL);
    signal(SIGPIPE, SIG_IGN);

    struct MHD_Daemon *d = start_daemon(&s, fd);
    if (!d) {
        fprintf(stderr, "boardvm: cannot start the web server on %s port %d\n", host, s.port);
        close(fd);
        webgame_free(s.w);
        return 2;
    }
    printf("boardvm: serving %s at http://%s:%d/ - open that address in a browser; Ctrl-C stops\n",
           a->pos[1], host, s.port);
    fflush(stdout);
    int sig = 0;
    sigwait(&sigs, &sig);
    stop_search(&s);
    mhd.stop_daemon(d);              /* (it closes fd) */
    webgame_free(s.w);
    printf("boardvm: stopped\n");
    return 0;
}
#endif
