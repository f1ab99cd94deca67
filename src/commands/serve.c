/* serve.c - `boardvm serve FILE`: a local web server (GNU libmicrohttpd) with one page that
 * draws and plays the game, and a JSON API (jansson) the page uses:
 *
 *   GET  /  /board.js  /board.css   the page (from the web/ directory: pkgdatadir/web when
 *                                   installed, the source tree's web/ when run uninstalled)
 *   GET  /api/game                  the board, squares and arrows, piece types, options
 *   GET  /api/state                 the position, its legal moves, result, moves played
 *   GET  /api/record                {"record": the game so far as a game record}
 *   GET  /api/version               {"version": N, "thinking": B}: N counts the game's changes
 *   POST /api/preview {"move": "a2a3"}   the position after the move, the game unchanged
 *   POST /api/move    {"move": "e2e4"}
 *   POST /api/undo, /api/redo
 *   POST /api/new     {"options": ["name=value", ...], "fen": "...", "moves": [...]} (all optional)
 *   POST /api/engine  {"depth": N, "time": S, "wait": B}   the engine moves for the side to move
 *   POST /api/stop    {"wait": B}   stop the search: it plays the best move found so far
 *   POST /api/load    {"record": "..."}
 *   POST /api/clock   {"base": S, "inc": S}   the players' clocks (base 0: none)
 *   GET  /edit  /edit.js            the rules editor's page
 *   POST /api/edit/compile {"text": "...", "moves": [...], "depth": N}   a rules text compiled
 *                                   (webedit.c: its own bounds; never the game being played)
 *   GET  /api/edit/games, /api/edit/source/NAME, /api/edit/current   texts to start from
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
 * SERVE_PER_ADDRESS from one address, closed after SERVE_IDLE_SECONDS without a byte, and after
 * SERVE_REQUEST_SECONDS when their request has not all come by then (a byte every few
 * seconds keeps an idle timeout from firing). When a new connection finds the limits reached,
 * it closes the one that has waited longest for its request (the guard below), so that idle
 * or trickling sockets, which all come from 127.0.0.1 as the page does, cannot lock the page
 * out: a connection answering a request is never closed (docs/web.md, "Bounds"). */
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
#include <sys/socket.h>
#include <time.h>
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
    __typeof__(MHD_get_connection_info) *get_connection_info;
} mhd;

#define MHD_SYM(f) { "MHD_" #f, (void **)&mhd.f }
static const DynSym mhd_syms[] = {
    MHD_SYM(create_response_from_buffer), MHD_SYM(add_response_header),
    MHD_SYM(queue_response), MHD_SYM(destroy_response), MHD_SYM(lookup_connection_value),
    MHD_SYM(start_daemon), MHD_SYM(get_daemon_info), MHD_SYM(stop_daemon),
    MHD_SYM(get_connection_info),
};

#define SERVE_CONNECTIONS 256       /* threads: a few MB of memory each at most */
#define SERVE_PER_ADDRESS 64
#define SERVE_IDLE_SECONDS 5u       /* the page's requests send all they have at once */
#define SERVE_REQUEST_SECONDS 10.0  /* a request's headers and body, from its connection's start
                                     * or its previous answer */
#define SERVE_SPARE 64              /* libmicrohttpd's own limit is this much higher: the
                                     * connections the guard closed until their threads end */

/* ---------- the guard: which connections wait for their request, and since when ---------- */

/* A connection as the guard sees it (from libmicrohttpd's start notice to its close notice,
 * before which it does not close the socket, so that fd stays this connection's). */
typedef struct Conn {
    struct Conn *prev, *next;
    int fd;
    struct in_addr ip;
    double since;          /* when it began waiting for its request (connected, or answered) */
    int busy;              /* its request came whole and is being answered */
    int closing;           /* shut down by the guard: no longer counted */
} Conn;

static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    Conn *head;
    int stop;
} guard = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0 };

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Close c for the guard (lock held): its thread sees the end of its socket and ends. */
static void guard_close(Conn *c)
{
    c->closing = 1;
    shutdown(c->fd, SHUT_RDWR);
}

/* The accept policy (libmicrohttpd's listening thread, before the start notice of the
 * connection, which the same thread gives): room for a new connection from addr, by closing the
 * one that has waited longest for its request, of the same address when that address has its
 * SERVE_PER_ADDRESS, of any when the server has its SERVE_CONNECTIONS; refused (MHD_NO) when
 * every connection that counts is answering a request. */
static enum MHD_Result guard_accept(void *cls, const struct sockaddr *addr, socklen_t len)
{
    (void)cls;
    if (len < (socklen_t)sizeof(struct sockaddr_in) || addr->sa_family != AF_INET) return MHD_NO;
    struct in_addr ip = ((const struct sockaddr_in *)addr)->sin_addr;
    pthread_mutex_lock(&guard.lock);
    int all = 0, mine = 0;
    Conn *oldest = NULL, *oldest_mine = NULL;
    for (Conn *c = guard.head; c; c = c->next) {
        if (c->closing) continue;
        int same = c->ip.s_addr == ip.s_addr;
        all++;
        mine += same;
        if (c->busy) continue;
        if (!oldest || c->since < oldest->since) oldest = c;
        if (same && (!oldest_mine || c->since < oldest_mine->since)) oldest_mine = c;
    }
    Conn *victim = mine >= SERVE_PER_ADDRESS ? oldest_mine : all >= SERVE_CONNECTIONS ? oldest
                                                                                      : NULL;
    int ok = (mine < SERVE_PER_ADDRESS && all < SERVE_CONNECTIONS) || victim;
    if (victim) guard_close(victim);
    pthread_mutex_unlock(&guard.lock);
    return ok ? MHD_YES : MHD_NO;
}

/* libmicrohttpd's notices of a connection's start and end. */
static void guard_notify(void *cls, struct MHD_Connection *mc, void **socket_context,
                         enum MHD_ConnectionNotificationCode code)
{
    (void)cls;
    Conn *c = *socket_context;
    pthread_mutex_lock(&guard.lock);
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *fd =
            mhd.get_connection_info(mc, MHD_CONNECTION_INFO_CONNECTION_FD);
        const union MHD_ConnectionInfo *ad =
            mhd.get_connection_info(mc, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        if (fd && (c = calloc(1, sizeof *c))) {
            c->fd = fd->connect_fd;
            if (ad && ad->client_addr && ad->client_addr->sa_family == AF_INET)
                c->ip = ((const struct sockaddr_in *)ad->client_addr)->sin_addr;
            c->since = now_seconds();
            c->next = guard.head;
            if (guard.head) guard.head->prev = c;
            guard.head = c;
        }
        *socket_context = c;          /* (NULL when out of memory: not guarded) */
    } else if (c) {
        if (c->prev) c->prev->next = c->next; else guard.head = c->next;
        if (c->next) c->next->prev = c->prev;
        free(c);
        *socket_context = NULL;
    }
    pthread_mutex_unlock(&guard.lock);
}

/* A connection's request came whole (busy 1) or was answered (busy 0: it waits for the next). */
static void guard_busy(struct MHD_Connection *mc, int busy)
{
    const union MHD_ConnectionInfo *info =
        mhd.get_connection_info(mc, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    Conn *c = info ? info->socket_context : NULL;
    if (!c) return;
    pthread_mutex_lock(&guard.lock);
    c->busy = busy;
    if (!busy) c->since = now_seconds();
    pthread_mutex_unlock(&guard.lock);
}

/* The guard's thread: every quarter of a second, close the connections whose request has not
 * all come within SERVE_REQUEST_SECONDS. */
static void *guard_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&guard.lock);
    while (!guard.stop) {
        double t = now_seconds();
        for (Conn *c = guard.head; c; c = c->next)
            if (!c->busy && !c->closing && t - c->since > SERVE_REQUEST_SECONDS) guard_close(c);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 250000000L;
        if (until.tv_nsec >= 1000000000L) { until.tv_sec++; until.tv_nsec -= 1000000000L; }
        pthread_cond_timedwait(&guard.wake, &guard.lock, &until);
    }
    pthread_mutex_unlock(&guard.lock);
    return NULL;
}

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
            mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Site"),
        };
        if (webapi_refused(s, method, &h, &reply)) {
            guard_busy(c, 1);
            return send_reply(c, &reply);
        }
        const char *cl = mhd.lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (cl && strtoull(cl, NULL, 10) > WEBAPI_MAX_BODY) {
            webapi_error(&reply, 413, "the request body is too large (at most 1 MiB)");
            guard_busy(c, 1);
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
    guard_busy(c, 1);
    webapi_handle(s, method, url, rq->buf, rq->n, rq->too_big, &reply);
    return send_reply(c, &reply);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls,
                      enum MHD_RequestTerminationCode t)
{
    (void)cls; (void)t;
    guard_busy(c, 0);
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
        (uint16_t)s->port, guard_accept, NULL, handle, s,
        MHD_OPTION_LISTEN_SOCKET, fd,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_NOTIFY_CONNECTION, guard_notify, NULL,
        MHD_OPTION_CONNECTION_TIMEOUT, SERVE_IDLE_SECONDS,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)(SERVE_CONNECTIONS + SERVE_SPARE),
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)65536,
        MHD_OPTION_END);
}

static void guard_stop(pthread_t t, int started)
{
    pthread_mutex_lock(&guard.lock);
    guard.stop = 1;
    pthread_cond_signal(&guard.wake);
    pthread_mutex_unlock(&guard.lock);
    if (started) pthread_join(t, NULL);
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
    if (gethostname(s.hostname, sizeof s.hostname)) s.hostname[0] = 0;
    s.hostname[sizeof s.hostname - 1] = 0;
    int fd = listen_on(&addr, host, &s.port);
    if (fd < 0) { webgame_free(s.w); return 2; }

    /* SIGINT/SIGTERM are taken by sigwait below; the server's threads must not get them */
    sigset_t sigs;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL);
    signal(SIGPIPE, SIG_IGN);

    pthread_t guard_thread;
    int guarded = !pthread_create(&guard_thread, NULL, guard_main, NULL);
    struct MHD_Daemon *d = start_daemon(&s, fd);
    if (!d) {
        guard_stop(guard_thread, guarded);
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
    guard_stop(guard_thread, guarded);
    mhd.stop_daemon(d);              /* (it closes fd) */
    webgame_free(s.w);
    printf("boardvm: stopped\n");
    return 0;
}
#endif
