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
 * A POST answers {"state": ...}; every refusal is {"error": "why"} with a 4xx status. The
 * server runs in one thread, so requests are handled one at a time and the game needs no lock;
 * only the engine searches in a thread of its own (webgame.c), during which the game answers
 * /api/game, /api/state and /api/stop and refuses the rest with 409. */
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
#include <jansson.h>
#include <limits.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include "rulespath.h"
#include "webgame.h"

#define MAX_BODY (1u << 20)          /* a request body: a long game record fits */
#define MAX_ASSET (4u << 20)         /* a page file */
#define MAX_ENGINE_TIME 60.0         /* seconds the engine may think for one move */
#define MAX_ENGINE_DEPTH 64

typedef struct { char *buf; size_t n; int too_big; } Request;

typedef struct {
    WebGame *w;
    char webdir[PATH_MAX];
} Server;

/* The page's files: only these names are ever served, so no URL can reach another file. */
static const struct { const char *url, *file, *type; } assets[] = {
    { "/", "index.html", "text/html; charset=utf-8" },
    { "/index.html", "index.html", "text/html; charset=utf-8" },
    { "/board.js", "board.js", "text/javascript; charset=utf-8" },
    { "/board.css", "board.css", "text/css; charset=utf-8" },
};

static enum MHD_Result send_text(struct MHD_Connection *c, unsigned status, const char *type,
                                 char *body, size_t len)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
    if (!r) { free(body); return MHD_NO; }
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ret = MHD_queue_response(c, status, r);
    MHD_destroy_response(r);
    return ret;
}

/* Send j (its reference is taken) as JSON. */
static enum MHD_Result send_json(struct MHD_Connection *c, unsigned status, json_t *j)
{
    char *s = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    if (!s) return MHD_NO;
    return send_text(c, status, "application/json", s, strlen(s));
}

static enum MHD_Result send_error(struct MHD_Connection *c, unsigned status, const char *msg)
{
    return send_json(c, status, json_pack("{s:s}", "error", msg));
}

static enum MHD_Result send_asset(struct MHD_Connection *c, const Server *s, int i)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", s->webdir, assets[i].file);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "boardvm: serve: cannot open %s: %s\n", path, strerror(errno));
        return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "the page's files are missing");
    }
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size < 0 || size > (long)MAX_ASSET || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return send_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "a page file cannot be read");
    }
    char *buf = malloc((size_t)size + 1);
    size_t n = buf ? fread(buf, 1, (size_t)size, f) : 0;
    fclose(f);
    if (!buf) return MHD_NO;
    return send_text(c, MHD_HTTP_OK, assets[i].type, buf, n);
}

/* The answer to a POST that changed the game (or not, with err). */
static enum MHD_Result send_after(struct MHD_Connection *c, Server *s, int ok, const char *err,
                                  json_t *extra)
{
    if (!ok) { json_decref(extra); return send_error(c, 422, err); }
    json_t *j = extra ? extra : json_object();
    json_object_set_new(j, "state", webgame_state(s->w));
    return send_json(c, MHD_HTTP_OK, j);
}

/* An array of strings from the request, or NULL with err. n and the strings point into j. */
static const char **string_array(json_t *a, int *n, const char *what, char *err, size_t errlen)
{
    if (!json_is_array(a)) {
        snprintf(err, errlen, "\"%s\" must be an array of strings", what);
        return NULL;
    }
    size_t k = json_array_size(a);
    const char **v = calloc(k + 1, sizeof *v);
    if (!v) return NULL;
    for (size_t i = 0; i < k; i++) {
        v[i] = json_string_value(json_array_get(a, i));
        if (!v[i]) {
            snprintf(err, errlen, "\"%s\" must be an array of strings", what);
            free(v);
            return NULL;
        }
    }
    *n = (int)k;
    return v;
}

static enum MHD_Result api_new(struct MHD_Connection *c, Server *s, json_t *req)
{
    char err[4096] = "";
    json_t *jo = json_object_get(req, "options"), *jf = json_object_get(req, "fen"),
           *jm = json_object_get(req, "moves");
    if (jf && !json_is_string(jf) && !json_is_null(jf))
        return send_error(c, 400, "\"fen\" must be a string");
    int nopts = 0, nmoves = 0;
    const char **opts = NULL, **moves = NULL;
    if (jo && !json_is_null(jo) && !(opts = string_array(jo, &nopts, "options", err, sizeof err)))
        return send_error(c, 400, err);
    if (jm && !json_is_null(jm) && !(moves = string_array(jm, &nmoves, "moves", err, sizeof err))) {
        free(opts);
        return send_error(c, 400, err);
    }
    int ok = webgame_new(s->w, nopts, opts ? (char **)opts : NULL, json_string_value(jf),
                         (char **)moves, nmoves, err, sizeof err);
    free(opts); free(moves);
    return send_after(c, s, ok, err, NULL);
}

/* The engine searches in a thread of its own (webgame.c): the answer comes at once (202) and
 * the page follows the search in /api/state ("thinking") until "engine" says what it played;
 * with "wait": true the answer waits for the move (for scripts). */
static enum MHD_Result api_engine(struct MHD_Connection *c, Server *s, json_t *req)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    json_t *jd = json_object_get(req, "depth"), *jt = json_object_get(req, "time");
    json_t *jw = json_object_get(req, "wait");
    if (jd && (!json_is_integer(jd) || json_integer_value(jd) < 1 ||
               json_integer_value(jd) > MAX_ENGINE_DEPTH))
        return send_error(c, 400, "\"depth\" must be a whole number from 1 to 64");
    if (jt && (!json_is_number(jt) || !(json_number_value(jt) > 0) ||
               json_number_value(jt) > MAX_ENGINE_TIME))
        return send_error(c, 400, "\"time\" must be a number of seconds above 0, at most 60");
    if (jw && !json_is_boolean(jw)) return send_error(c, 400, "\"wait\" must be true or false");
    lim.depth = jd ? (int)json_integer_value(jd) : 0;
    /* a depth alone still has a time limit: the server must not think for ever */
    lim.time = jt ? json_number_value(jt) : (jd ? MAX_ENGINE_TIME : 1.0);
    char err[1024] = "";
    if (!webgame_think_start(s->w, &lim, err, sizeof err)) return send_error(c, 422, err);
    if (!json_is_true(jw)) {
        json_t *j = json_pack("{s:b}", "thinking", 1);
        json_object_set_new(j, "state", webgame_state(s->w));
        return send_json(c, 202, j);
    }
    int ok = webgame_think_finish(s->w, 1, err, sizeof err);
    return send_after(c, s, ok == 1, err, NULL);
}

static enum MHD_Result api_post(struct MHD_Connection *c, Server *s, const char *url, Request *rq)
{
    if (rq->too_big) return send_error(c, 413, "the request body is too large (at most 1 MiB)");
    json_t *req = NULL;
    if (rq->n) {
        json_error_t je;
        req = json_loadb(rq->buf, rq->n, JSON_REJECT_DUPLICATES, &je);
        if (!req) {
            char msg[256];
            snprintf(msg, sizeof msg, "the request body is not JSON: %s (at character %d)", je.text,
                     je.position);
            return send_error(c, 400, msg);
        }
    } else req = json_object();
    if (!json_is_object(req)) {
        json_decref(req);
        return send_error(c, 400, "the request body must be a JSON object");
    }
    char err[4096] = "";
    enum MHD_Result r;
    if (!strcmp(url, "/api/move")) {
        const char *m = json_string_value(json_object_get(req, "move"));
        if (!m) r = send_error(c, 400, "\"move\" (a move string) is missing");
        else r = send_after(c, s, webgame_move(s->w, m, err, sizeof err), err, NULL);
    } else if (!strcmp(url, "/api/undo"))
        r = send_after(c, s, webgame_undo(s->w, err, sizeof err), err, NULL);
    else if (!strcmp(url, "/api/redo"))
        r = send_after(c, s, webgame_redo(s->w, err, sizeof err), err, NULL);
    else if (!strcmp(url, "/api/new")) r = api_new(c, s, req);
    else if (!strcmp(url, "/api/engine")) r = api_engine(c, s, req);
    else if (!strcmp(url, "/api/stop")) {
        webgame_think_stop(s->w);
        if (json_is_true(json_object_get(req, "wait")))
            webgame_think_finish(s->w, 1, err, sizeof err);
        r = send_after(c, s, 1, err, NULL);
    }
    else if (!strcmp(url, "/api/load")) {
        const char *t = json_string_value(json_object_get(req, "record"));
        if (!t) r = send_error(c, 400, "\"record\" (the text of a game record) is missing");
        else r = send_after(c, s, webgame_load_record(s->w, t, err, sizeof err), err, NULL);
    } else r = send_error(c, MHD_HTTP_NOT_FOUND, "no such API call");
    json_decref(req);
    return r;
}

static enum MHD_Result api_get(struct MHD_Connection *c, Server *s, const char *url)
{
    if (!strcmp(url, "/api/game"))
        return send_json(c, MHD_HTTP_OK, json_incref(webgame_game(s->w)));
    if (!strcmp(url, "/api/state")) return send_json(c, MHD_HTTP_OK, webgame_state(s->w));
    if (!strcmp(url, "/api/record")) {
        char *text = webgame_record(s->w);
        if (!text) return send_error(c, 409, "the engine is thinking (wait, or stop it)");
        json_t *j = json_pack("{s:s}", "record", text);
        free(text);
        return send_json(c, MHD_HTTP_OK, j);
    }
    return send_error(c, MHD_HTTP_NOT_FOUND, "no such API call");
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **con_cls)
{
    (void)version;
    Server *s = cls;
    Request *rq = *con_cls;
    if (!rq) {                              /* the headers only: set up, refuse early */
        if (!(rq = calloc(1, sizeof *rq))) return MHD_NO;
        *con_cls = rq;
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (cl && strtoull(cl, NULL, 10) > MAX_BODY)
            return send_error(c, 413, "the request body is too large (at most 1 MiB)");
        return MHD_YES;
    }
    if (*upload_size) {                     /* a piece of the body */
        if (!rq->too_big && rq->n + *upload_size <= MAX_BODY) {
            char *b = realloc(rq->buf, rq->n + *upload_size + 1);
            if (!b) return MHD_NO;
            rq->buf = b;
            memcpy(rq->buf + rq->n, upload, *upload_size);
            rq->n += *upload_size;
        } else rq->too_big = 1;
        *upload_size = 0;
        return MHD_YES;
    }
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD"), post = !strcmp(method, "POST");
    if (!strncmp(url, "/api/", 5)) {
        /* a search that has ended: its move is made before anything else is answered (an
         * error of the search goes to the state's "engine") */
        char err[512];
        webgame_think_finish(s->w, 0, err, sizeof err);
        if (webgame_thinking(s->w) &&
            !(get && (!strcmp(url, "/api/game") || !strcmp(url, "/api/state"))) &&
            !(post && !strcmp(url, "/api/stop")))
            return send_error(c, 409, "the engine is thinking (wait, or stop it: POST /api/stop)");
        if (get) return api_get(c, s, url);
        if (post) return api_post(c, s, url, rq);
        return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "use GET or POST");
    }
    for (size_t i = 0; i < sizeof assets / sizeof *assets; i++)
        if (!strcmp(url, assets[i].url)) {
            if (!get) return send_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "use GET");
            return send_asset(c, s, (int)i);
        }
    return send_error(c, MHD_HTTP_NOT_FOUND, "not found");
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

int cmd_serve(Args *a)
{
    if (a->npos < 2) {
        fprintf(stderr, "boardvm: serve needs a rules file\nTry 'boardvm --help'.\n");
        return 2;
    }
    static Server s;
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

    /* SIGINT/SIGTERM are taken by sigwait below; the server's threads must not get them */
    sigset_t sigs;
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGINT);
    sigaddset(&sigs, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &sigs, NULL);
    signal(SIGPIPE, SIG_IGN);

    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_USE_ERROR_LOG, 0, NULL, NULL,
        handle, &s,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)200,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)65536,
        MHD_OPTION_END);
    if (!d) {
        fprintf(stderr, "boardvm: cannot listen on %s port %d (in use? --port 0 picks a free "
                "one)\n",
                host, ntohs(addr.sin_port));
        webgame_free(s.w);
        return 2;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    int port = info ? info->port : ntohs(addr.sin_port);
    printf("boardvm: serving %s at http://%s:%d/ - open that address in a browser; Ctrl-C stops\n",
           a->pos[1], host, port);
    fflush(stdout);
    int sig = 0;
    sigwait(&sigs, &sig);
    MHD_stop_daemon(d);
    webgame_free(s.w);
    printf("boardvm: stopped\n");
    return 0;
}
#endif
