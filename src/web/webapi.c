/* webapi.c - the requests `boardvm serve` answers (see webapi.h and the routes in serve.c).
 *
 * Every answer is a JSON object (a refusal is {"error": "why"} with a 4xx status) or one of the
 * page's files. Only the files of the `assets` table are ever read, by their fixed names in the
 * page's directory, so no path of any form (dot segments, escapes, long names) reaches another
 * file.
 *
 * Requests come from several threads (serve.c): those of the API take the game's lock, one at a
 * time; the page's files need none. No request holds the lock for long: its rules code runs at
 * most WEB_REQUEST_SECONDS (webgame.c), and the engine searches in a thread of its own, so a
 * request that waits for its move (or for /api/stop) waits without the lock. */
#include "webapi.h"
#include <arpa/inet.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "gamejson.h"
#include "webclock.h"
#include "webedit.h"

#define MAX_ASSET (4u << 20)         /* a page file */
#define MAX_ENGINE_TIME 60.0         /* seconds the engine may think for one move */
#define MAX_ENGINE_DEPTH 64

/* The page's files: only these names are ever served, so no URL can reach another file. */
static const struct { const char *url, *file, *type; } assets[] = {
    { "/", "index.html", "text/html; charset=utf-8" },
    { "/index.html", "index.html", "text/html; charset=utf-8" },
    { "/board.js", "board.js", "text/javascript; charset=utf-8" },
    { "/board.css", "board.css", "text/css; charset=utf-8" },
    { "/edit", "edit.html", "text/html; charset=utf-8" },
    { "/edit.js", "edit.js", "text/javascript; charset=utf-8" },
};
#define NASSETS (sizeof assets / sizeof *assets)

const char *webapi_asset_file(const char *path)
{
    for (size_t i = 0; i < NASSETS; i++)
        if (!strcmp(path, assets[i].url)) return assets[i].file;
    return NULL;
}

static int reply_text(WebReply *r, unsigned status, const char *type, char *body, size_t len)
{
    r->status = status;
    r->type = type;
    r->body = body;
    r->len = len;
    return body != NULL;
}

/* j (its reference is taken) as JSON. */
static int reply_json(WebReply *r, unsigned status, json_t *j)
{
    char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    if (!s) return reply_text(r, 0, NULL, NULL, 0);
    return reply_text(r, status, "application/json", s, strlen(s));
}

int webapi_error(WebReply *r, unsigned status, const char *msg)
{
    /* json_text: a message may quote the request cut at its buffer's end, inside a character
     * (F26: jansson then gave no JSON and the server no answer) */
    return reply_json(r, status, json_pack("{s:o}", "error", json_text(msg)));
}

void webapi_init(WebApi *a)
{
    pthread_mutex_init(&a->lock, NULL);
    pthread_mutex_init(&a->edit_lock, NULL);
}

/* The game's lock, waiting at most WEBAPI_LOCK_SECONDS (a request that holds it ends within
 * WEB_REQUEST_SECONDS, but several may be waiting). 0: not taken. */
static int lock_game(WebApi *a)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += WEBAPI_LOCK_SECONDS;
    return pthread_mutex_timedlock(&a->lock, &until) == 0;
}

static int busy(WebReply *r)
{
    char msg[256];
    snprintf(msg, sizeof msg, "the server is busy with another request of the game (one takes "
             "at most %g seconds); try again", WEB_REQUEST_SECONDS);
    return webapi_error(r, 503, msg);
}

/* ---------- the headers (webapi_refused) ---------- */

/* Whether name (a Host header's, its port cut off) is an address written as numbers: an IPv4
 * address or a bracketed IPv6 one. No DNS name can be made to stand for it (rebinding). */
static int numeric_host(const char *name, size_t len)
{
    char buf[64];
    unsigned char addr[16];
    if (len < 2 || len >= sizeof buf) return 0;
    if (name[0] == '[') {
        if (name[len - 1] != ']') return 0;
        memcpy(buf, name + 1, len - 2);
        buf[len - 2] = 0;
        return inet_pton(AF_INET6, buf, addr) == 1;
    }
    memcpy(buf, name, len);
    buf[len] = 0;
    return inet_pton(AF_INET, buf, addr) == 1;
}

/* Whether host ("name:port", or "name" alone for port 80) is name with the server's port. */
static int host_is(const WebApi *a, const char *host, const char *name)
{
    char want[192];
    snprintf(want, sizeof want, "%s:%d", name, a->port);
    return !strcasecmp(host, want) || (a->port == 80 && !strcasecmp(host, name));
}

/* Whether a Host header names this server: localhost, 127.0.0.1, [::1] or the bound address
 * with its port; on another address than 127.0.0.1 (any_host), any numeric address and the
 * machine's own name too (WebApi). */
static int host_is_ours(const WebApi *a, const char *host)
{
    const char *names[] = { "localhost", "127.0.0.1", "[::1]", a->address };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (host_is(a, host, names[i])) return 1;
    if (!a->any_host) return 0;
    if (a->hostname[0]) {
        char local[192];
        snprintf(local, sizeof local, "%s.local", a->hostname);
        if (host_is(a, host, a->hostname) || host_is(a, host, local)) return 1;
    }
    const char *colon = strrchr(host, ':');
    if (colon && colon > host && colon[-1] != ']' && host[0] == '[') colon = NULL;
    if (!colon) return a->port == 80 && numeric_host(host, strlen(host));
    char *end;
    long port = strtol(colon + 1, &end, 10);
    return !*end && colon[1] && port == a->port && numeric_host(host, (size_t)(colon - host));
}

/* Whether a request's Origin is the server's own page: the origin a browser gives, scheme and
 * host, is "http://" and the Host header. No Origin: not a browser's POST (curl, a script),
 * which no other site can send in a user's name. */
static int origin_is_ours(const char *origin, const char *host)
{
    if (!origin) return 1;
    return host && !strncasecmp(origin, "http://", 7) && !strcasecmp(origin + 7, host);
}

/* "application/json", with parameters (; charset=utf-8) or not. */
static int is_json_type(const char *type)
{
    static const char json[] = "application/json";
    if (!type) return 0;
    type += strspn(type, " \t");
    if (strncasecmp(type, json, sizeof json - 1)) return 0;
    type += sizeof json - 1;
    type += strspn(type, " \t");
    return *type == 0 || *type == ';';
}

int webapi_refused(const WebApi *a, const char *method, const WebHeaders *h, WebReply *r)
{
    char msg[512];
    memset(r, 0, sizeof *r);
    if (h->host && !host_is_ours(a, h->host)) {
        if (a->any_host)
            snprintf(msg, sizeof msg, "this server answers only to localhost, its addresses and "
                     "its name %.100s with its port %d, not to the Host '%.200s' (a name that "
                     "might be another site's)", a->hostname, a->port, h->host);
        else
            snprintf(msg, sizeof msg, "this server answers only to localhost, 127.0.0.1 and "
                     "[::1] with its port %d, not to the Host '%.200s' (serve --address lets "
                     "other names in)", a->port, h->host);
        webapi_error(r, 421, msg);
        return 1;
    }
    if (!strcmp(method, "GET") || !strcmp(method, "HEAD")) return 0;
    if (!origin_is_ours(h->origin, h->host)) {
        snprintf(msg, sizeof msg, "a request from the page of another origin ('%.200s') may not "
                 "change the game: only this server's own page may", h->origin);
        webapi_error(r, 403, msg);
        return 1;
    }
    /* a browser says where the request comes from: "same-site" is another port of this host
     * (another local server's page), "cross-site" another site; only the page itself
     * ("same-origin") or the user ("none": typed, a bookmark) may change the game */
    if (h->fetch_site && strcasecmp(h->fetch_site, "same-origin") &&
        strcasecmp(h->fetch_site, "none")) {
        snprintf(msg, sizeof msg, "a request from the page of another origin (Sec-Fetch-Site: "
                 "'%.100s') may not change the game: only this server's own page may",
                 h->fetch_site);
        webapi_error(r, 403, msg);
        return 1;
    }
    if (!strcmp(method, "POST") && !is_json_type(h->content_type)) {
        snprintf(msg, sizeof msg, "a POST must say Content-Type: application/json (not '%.200s')",
                 h->content_type ? h->content_type : "none");
        webapi_error(r, 415, msg);
        return 1;
    }
    return 0;
}

static int reply_asset(WebReply *r, const WebApi *a, int i)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", a->webdir, assets[i].file);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "boardvm: serve: cannot open %s: %s\n", path, strerror(errno));
        return webapi_error(r, 500, "the page's files are missing");
    }
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size < 0 || size > (long)MAX_ASSET || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return webapi_error(r, 500, "a page file cannot be read");
    }
    char *buf = malloc((size_t)size + 1);
    size_t n = buf ? fread(buf, 1, (size_t)size, f) : 0;
    fclose(f);
    return reply_text(r, 200, assets[i].type, buf, n);
}

/* The answer to a POST that changed the game (or not, with err). */
static int reply_after(WebReply *r, WebApi *a, int ok, const char *err, json_t *extra)
{
    if (!ok) { json_decref(extra); return webapi_error(r, 422, err); }
    json_t *j = extra ? extra : json_object();
    json_object_set_new(j, "state", webgame_state(a->w));
    return reply_json(r, 200, j);
}

/* An array of strings from the request, or NULL with err. n and the strings point into j. */
static const char **string_array(json_t *j, int *n, const char *what, char *err, size_t errlen)
{
    if (!json_is_array(j)) {
        snprintf(err, errlen, "\"%s\" must be an array of strings", what);
        return NULL;
    }
    size_t k = json_array_size(j);
    const char **v = calloc(k + 1, sizeof *v);
    if (!v) { snprintf(err, errlen, "out of memory"); return NULL; }
    for (size_t i = 0; i < k; i++) {
        v[i] = json_string_value(json_array_get(j, i));
        if (!v[i]) {
            snprintf(err, errlen, "\"%s\" must be an array of strings", what);
            free(v);
            return NULL;
        }
    }
    *n = (int)k;
    return v;
}

static int api_new(WebReply *r, WebApi *a, json_t *req)
{
    char err[4096] = "";
    json_t *jo = json_object_get(req, "options"), *jf = json_object_get(req, "fen"),
           *jm = json_object_get(req, "moves");
    if (jf && !json_is_string(jf) && !json_is_null(jf))
        return webapi_error(r, 400, "\"fen\" must be a string");
    int nopts = 0, nmoves = 0;
    const char **opts = NULL, **moves = NULL;
    if (jo && !json_is_null(jo) && !(opts = string_array(jo, &nopts, "options", err, sizeof err)))
        return webapi_error(r, 400, err);
    if (jm && !json_is_null(jm) && !(moves = string_array(jm, &nmoves, "moves", err, sizeof err))) {
        free(opts);
        return webapi_error(r, 400, err);
    }
    int ok = webgame_new(a->w, nopts, opts ? (char **)opts : NULL, json_string_value(jf),
                         (char **)moves, nmoves, err, sizeof err);
    free(opts); free(moves);
    return reply_after(r, a, ok, err, NULL);
}

/* The answer to a request that waits for the search to end (engine or stop with "wait"): the
 * wait is without the game's lock, so that the state and /api/stop are answered meanwhile. Its
 * move is made by whichever request comes first after it ends (webapi_handle). */
static int reply_after_search(WebReply *r, WebApi *a, int *locked)
{
    webgame_bound(a->w, 0);
    pthread_mutex_unlock(&a->lock);
    *locked = 0;
    webgame_think_wait(a->w);
    if (!lock_game(a)) return busy(r);
    *locked = 1;
    webgame_bound(a->w, WEB_REQUEST_SECONDS);      /* a bound of its own to make the move */
    char err[1024] = "";
    if (webgame_think_finish(a->w, 1, err, sizeof err) == 0) return webapi_error(r, 422, err);
    /* (-1: another request made its move already; the state says what it found) */
    return reply_after(r, a, 1, err, NULL);
}

/* The engine searches in a thread of its own (webgame.c): the answer comes at once (202) and
 * the page follows the search in /api/state ("thinking") until "engine" says what it played;
 * with "wait": true the answer waits for the move (for scripts). */
static int api_engine(WebReply *r, WebApi *a, json_t *req, int *locked)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    json_t *jd = json_object_get(req, "depth"), *jt = json_object_get(req, "time");
    json_t *jw = json_object_get(req, "wait");
    if (jd && (!json_is_integer(jd) || json_integer_value(jd) < 1 ||
               json_integer_value(jd) > MAX_ENGINE_DEPTH))
        return webapi_error(r, 400, "\"depth\" must be a whole number from 1 to 64");
    if (jt && (!json_is_number(jt) || !(json_number_value(jt) > 0) ||
               json_number_value(jt) > MAX_ENGINE_TIME))
        return webapi_error(r, 400, "\"time\" must be a number of seconds above 0, at most 60");
    if (jw && !json_is_boolean(jw)) return webapi_error(r, 400, "\"wait\" must be true or false");
    lim.depth = jd ? (int)json_integer_value(jd) : 0;
    /* a depth alone still has a time limit: the server must not think for ever */
    lim.time = jt ? json_number_value(jt) : (jd ? MAX_ENGINE_TIME : 1.0);
    /* with clocks, the engine thinks for a part of its own time, whatever the request says */
    double budget = webgame_clock_budget(a->w);
    if (budget > 0) lim.time = budget < MAX_ENGINE_TIME ? budget : MAX_ENGINE_TIME;
    if (a->engine_time_cap > 0 && lim.time > a->engine_time_cap) lim.time = a->engine_time_cap;
    char err[1024] = "";
    if (!webgame_think_start(a->w, &lim, err, sizeof err)) return webapi_error(r, 422, err);
    if (!json_is_true(jw)) {
        json_t *j = json_pack("{s:b}", "thinking", 1);
        json_object_set_new(j, "state", webgame_state(a->w));
        return reply_json(r, 202, j);
    }
    return reply_after_search(r, a, locked);
}

/* POST /api/clock {"base": seconds, "inc": seconds}: the time control (base 0: none), every
 * player's time set to base. */
static int api_clock(WebReply *r, WebApi *a, json_t *req)
{
    json_t *jb = json_object_get(req, "base"), *ji = json_object_get(req, "inc");
    if (!json_is_number(jb) || !(json_number_value(jb) >= 0) ||
        json_number_value(jb) > WEBCLOCK_MAX_SECONDS ||
        (ji && (!json_is_number(ji) || !(json_number_value(ji) >= 0) ||
                json_number_value(ji) > WEBCLOCK_MAX_SECONDS)))
        return webapi_error(r, 400, "\"base\" and \"inc\" must be seconds from 0 to 86400 (base "
                            "0: no clocks)");
    webgame_clock(a->w, json_number_value(jb), ji ? json_number_value(ji) : 0);
    return reply_after(r, a, 1, "", NULL);
}

static int api_post(WebReply *r, WebApi *a, const char *path, const char *body, size_t len,
                    int too_big, int *locked)
{
    if (too_big) return webapi_error(r, 413, "the request body is too large (at most 1 MiB)");
    json_t *req = NULL;
    if (len) {
        json_error_t je;
        req = json_loadb(body, len, JSON_REJECT_DUPLICATES, &je);
        if (!req) {
            char msg[256];
            snprintf(msg, sizeof msg, "the request body is not JSON: %s (at character %d)", je.text,
                     je.position);
            return webapi_error(r, 400, msg);
        }
    } else req = json_object();
    if (!json_is_object(req)) {
        json_decref(req);
        return webapi_error(r, 400, "the request body must be a JSON object");
    }
    char err[4096] = "";
    int ok;
    if (!strcmp(path, "/api/move")) {
        const char *m = json_string_value(json_object_get(req, "move"));
        if (!m) ok = webapi_error(r, 400, "\"move\" (a move string) is missing");
        else ok = reply_after(r, a, webgame_move(a->w, m, err, sizeof err), err, NULL);
    } else if (!strcmp(path, "/api/undo"))
        ok = reply_after(r, a, webgame_undo(a->w, err, sizeof err), err, NULL);
    else if (!strcmp(path, "/api/redo"))
        ok = reply_after(r, a, webgame_redo(a->w, err, sizeof err), err, NULL);
    else if (!strcmp(path, "/api/new")) ok = api_new(r, a, req);
    else if (!strcmp(path, "/api/engine")) ok = api_engine(r, a, req, locked);
    else if (!strcmp(path, "/api/clock")) ok = api_clock(r, a, req);
    else if (!strcmp(path, "/api/stop")) {
        webgame_think_stop(a->w);
        if (json_is_true(json_object_get(req, "wait"))) ok = reply_after_search(r, a, locked);
        else ok = reply_after(r, a, 1, err, NULL);
    }
    else if (!strcmp(path, "/api/preview")) {
        const char *m = json_string_value(json_object_get(req, "move"));
        json_t *pv = m ? webgame_preview(a->w, m, err, sizeof err) : NULL;
        if (!m) ok = webapi_error(r, 400, "\"move\" (a move string) is missing");
        else if (!pv) ok = webapi_error(r, 422, err);
        else ok = reply_json(r, 200, json_pack("{s:o}", "preview", pv));
        json_decref(req);
        return ok;                    /* (changes nothing: the version stays) */
    }
    else if (!strcmp(path, "/api/load")) {
        const char *t = json_string_value(json_object_get(req, "record"));
        if (!t) ok = webapi_error(r, 400, "\"record\" (the text of a game record) is missing");
        else ok = reply_after(r, a, webgame_load_record(a->w, t, err, sizeof err), err, NULL);
    } else ok = webapi_error(r, 404, "no such API call");
    json_decref(req);
    if (r->status == 200 || r->status == 202) a->version++;
    return ok;
}

static int api_get(WebReply *r, WebApi *a, const char *path)
{
    if (!strcmp(path, "/api/game")) return reply_json(r, 200, json_incref(webgame_game(a->w)));
    if (!strcmp(path, "/api/state")) return reply_json(r, 200, webgame_state(a->w));
    if (!strcmp(path, "/api/version"))
        return reply_json(r, 200, json_pack("{s:I, s:b}", "version", (json_int_t)a->version,
                                            "thinking", webgame_thinking(a->w)));
    if (!strcmp(path, "/api/record")) {
        char *text = webgame_record(a->w);
        if (!text) return webapi_error(r, 409, "the engine is thinking (wait, or stop it)");
        json_t *j = json_pack("{s:o}", "record", json_text(text));
        free(text);
        return reply_json(r, 200, j);
    }
    return webapi_error(r, 404, "no such API call");
}

/* A request of the API, with the game's lock held (*locked: whether it still is). */
static int api_request(WebApi *a, const char *method, const char *path, const char *body,
                       size_t len, int too_big, WebReply *r, int *locked)
{
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD"), post = !strcmp(method, "POST");
    /* a search that has ended: its move is made before anything else is answered (an error of
     * the search goes to the state's "engine") */
    char err[512];
    if (webgame_think_finish(a->w, 0, err, sizeof err) != -1) a->version++;
    if (webgame_clock_tick(a->w)) a->version++;       /* a flag fell: every tab must see it */
    if (webgame_thinking(a->w) &&
        !(get && (!strcmp(path, "/api/game") || !strcmp(path, "/api/state") ||
                  !strcmp(path, "/api/version"))) &&
        !(post && !strcmp(path, "/api/stop")))
        return webapi_error(r, 409, "the engine is thinking (wait, or stop it: POST /api/stop)");
    if (get) return api_get(r, a, path);
    if (post) return api_post(r, a, path, body, len, too_big, locked);
    return webapi_error(r, 405, "use GET or POST");
}

/* ---------- the rules editor (/edit): webedit.c, never the game being played ---------- */

/* POST /api/edit/compile {"text": "...", "moves": [...], "depth": n}: a newer compile asks the
 * one running to stop (edit_halt), then waits for the editor's lock as the game's requests wait
 * for theirs. */
static int edit_compile(WebReply *r, WebApi *a, const char *body, size_t len)
{
    json_error_t je;
    json_t *req = json_loadb(body ? body : "", len, JSON_REJECT_DUPLICATES, &je);
    if (!json_is_object(req)) {
        json_decref(req);
        return webapi_error(r, 400, "the request body must be a JSON object with \"text\"");
    }
    json_t *jt = json_object_get(req, "text"), *jd = json_object_get(req, "depth"),
           *jm = json_object_get(req, "moves");
    int ok;
    char err[256];
    const char **moves = NULL;
    int nmoves = 0;
    if (!json_is_string(jt)) ok = webapi_error(r, 400, "\"text\" (the rules text) is missing");
    else if (jd && (!json_is_integer(jd) || json_integer_value(jd) < 0 ||
                    json_integer_value(jd) > WEBEDIT_MAX_DEPTH))
        ok = webapi_error(r, 400, "\"depth\" (perft's) must be a whole number from 0 to 6");
    else if (jm && !json_is_null(jm) && (!(moves = string_array(jm, &nmoves, "moves", err,
                                                                   sizeof err)) ||
                                         nmoves > WEBEDIT_MAX_MOVES))
        ok = webapi_error(r, moves ? 413 : 400, moves ? "at most 1024 moves" : err);
    else {
        __atomic_store_n(&a->edit_halt, 1, __ATOMIC_RELEASE);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += WEBAPI_LOCK_SECONDS + (time_t)WEBEDIT_SECONDS;
        if (pthread_mutex_timedlock(&a->edit_lock, &until)) ok = busy(r);
        else {
            __atomic_store_n(&a->edit_halt, 0, __ATOMIC_RELEASE);
            json_t *j = webedit_compile(json_string_value(jt), json_string_length(jt),
                                        (char **)moves, nmoves,
                                        jd ? (int)json_integer_value(jd) : 0,
                                        a->edit_time_cap > 0 ? a->edit_time_cap : WEBEDIT_SECONDS,
                                        &a->edit_halt);
            pthread_mutex_unlock(&a->edit_lock);
            ok = reply_json(r, 200, j);
        }
    }
    free(moves);
    json_decref(req);
    return ok;
}

static int edit_request(WebApi *a, const char *method, const char *path, const char *body,
                        size_t len, int too_big, WebReply *r)
{
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    if (!strcmp(path, "/api/edit/compile")) {
        if (strcmp(method, "POST")) return webapi_error(r, 405, "use POST");
        if (too_big) return webapi_error(r, 413, "the request body is too large (at most 1 MiB)");
        return edit_compile(r, a, body, len);
    }
    if (!get) return webapi_error(r, 405, "use GET");
    if (!strcmp(path, "/api/edit/games")) return reply_json(r, 200, webedit_games());
    if (!strcmp(path, "/api/edit/current")) {
        /* the game being played: its text as the server read it at start */
        size_t n;
        const char *file;
        const char *text = webgame_source(a->w, &n, &file);
        const char *base = strrchr(file, '/');
        return reply_json(r, 200, json_pack("{s:o, s:o}", "name", json_text(base ? base + 1 : file),
                                            "text", json_text(text)));
    }
    if (!strncmp(path, "/api/edit/source/", 17)) {
        char err[256];
        json_t *j = webedit_source(path + 17, err, sizeof err);
        return j ? reply_json(r, 200, j) : webapi_error(r, 404, err);
    }
    return webapi_error(r, 404, "no such API call");
}

int webapi_handle(WebApi *a, const char *method, const char *path, const char *body, size_t len,
                  int too_big, WebReply *r)
{
    memset(r, 0, sizeof *r);
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    if (!strncmp(path, "/api/edit/", 10))
        return edit_request(a, method, path, body, len, too_big, r);
    if (!strncmp(path, "/api/", 5)) {
        if (!lock_game(a)) return busy(r);
        int locked = 1;
        webgame_bound(a->w, WEB_REQUEST_SECONDS);
        int ok = api_request(a, method, path, body, len, too_big, r, &locked);
        if (locked) {
            webgame_bound(a->w, 0);
            pthread_mutex_unlock(&a->lock);
        }
        return ok;
    }
    for (size_t i = 0; i < NASSETS; i++)
        if (!strcmp(path, assets[i].url)) {
            if (!get) return webapi_error(r, 405, "use GET");
            return reply_asset(r, a, (int)i);
        }
    return webapi_error(r, 404, "not found");
}
