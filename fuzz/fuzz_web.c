/* fuzz_web.c - the web server's requests (webapi.c, all `boardvm serve` answers), called directly:
 * no socket, no libmicrohttpd daemon.
 *
 * Input: one byte that picks the game (web_games below), then up to 32 requests separated by
 * lines "%%". A request is a first line "METHOD TARGET [too-big]" and a body (the rest, up to the
 * next separator; NUL bytes included). TARGET is cut at '?' (no route reads a query) and its
 * path unescaped by libmicrohttpd's own MHD_http_unescape, which is what the server does before
 * its handler sees the URL ("%00" ends it there, as it does in the server). A further word
 * Host=V, Origin=V, Content-Type=V or Sec-Fetch-Site=V is that header (V up to the next space):
 * with any of them the request first goes through webapi_refused, as the server does with its
 * headers, and a refusal must be 403, 415 or 421 ({"error": "why"}; 403 and 415 never to a GET);
 * any other further word stands for a body the server dropped as over 1 MiB. The engine may think 0.05 s at most (the
 * request's "time" is still checked as the server checks it); a search still running when the
 * input ends is stopped.
 *
 * Checks beyond the sanitizers, for every request:
 * - it gets an answer (webapi_handle returns 1: a dropped connection is a finding) with a status
 *   the API documents: 200, 202, 400, 404, 405, 409, 413 or 422 (500 means the page's files
 *   are missing, and they are not);
 * - a path that is neither an API call nor a page file is 404, a page file asked with another
 *   method than GET or HEAD is 405;
 * - a JSON answer is a JSON object in valid UTF-8; a refusal (4xx) is {"error": "why"}, a
 *   non-empty message that is not an internal error (unless the request's body says so); a 200
 *   to a POST holds the state with its "moves" (to /api/preview: the position after the move); a move accepted is the last of the state's
 *   "history"; a new game from a position has it as its "start";
 * - any other answer is a page file: a GET or HEAD of its path, status 200, its exact bytes;
 * - no file is opened while requests are answered, except the page's own files and the game's
 *   weights file (its rules file's name with .weights, which the engine reads when it is made):
 *   fopen, open and opendir are wrapped at link time (-Wl,--wrap), so every call of boardvm's
 *   code goes through fz_opened below.
 */
#define _GNU_SOURCE                  /* memmem */
#include <dirent.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <microhttpd.h>
#include <stdarg.h>
#include <unistd.h>
#include "make.h"                 /* fuzz_common.h makes moves */
#include "fuzz_common.h"
#include "rulespath.h"
#include "webapi.h"

#define MAX_REQUESTS 32
#define ENGINE_SECONDS 0.05
#define EDIT_SECONDS 0.2              /* a rules editor's compile runs its rules code that long */

static const char *const web_games[] = {
    "rules/chess.rules", "rules/smegi.rules", "rules/ivory-tower.rules",
    "tests/lang/stacks.rules", "tests/lang/drops.rules",
    "tests/fuzz-regress/cli/record-odd-notes.rules",
};
#define NWEB ((int)(sizeof web_games / sizeof *web_games))
static WebApi apis[NWEB];
static int napis;

/* The page's files as the harness read them, to compare with what is served. */
static const char *const page_files[] = { "index.html", "board.js", "board.css", "edit.html",
                                          "edit.js" };
#define NPAGE ((int)(sizeof page_files / sizeof *page_files))
static char *page_text[NPAGE];
static size_t page_len[NPAGE];
static char webdir_real[PATH_MAX];
/* The weights files of the games (search.c reads one when the engine is made). */
static char weights_path[NWEB][PATH_MAX];

/* ---- every file boardvm's code opens ---- */
static int watching;           /* set while a request is answered */
static int listing;            /* ... a request of the rules editor's shipped games */

/* Whether path is one of the directories the games are found in (rulespath.h), or a NAME.rules
 * file of one: what the editor's list of shipped games and their texts may open. */
static int shipped_game_path(const char *path)
{
    char real[PATH_MAX], dir[PATH_MAX];
    RulesDirs d;
    rules_dirs(&d);
    int ok = 0;
    for (int i = 0; i < d.n && !ok; i++) ok = !strcmp(path, d.dir[i]);   /* (there or not) */
    int n = realpath(path, real) ? d.n : 0;
    for (int i = 0; i < n && !ok; i++) {
        if (!realpath(d.dir[i], dir)) continue;
        size_t dn = strlen(dir), len = strlen(real);
        ok = !strcmp(real, dir) || (!strncmp(real, dir, dn) && real[dn] == '/' &&
                                    !strchr(real + dn + 1, '/') && len > dn + 7 &&
                                    !strcmp(real + len - 6, ".rules"));
    }
    rules_dirs_free(&d);
    return ok;
}

static void fz_opened(const char *path)
{
    if (!watching) return;
    if (listing) {
        int was = watching;
        watching = 0;                /* (rules_dirs and realpath open nothing, but to be sure) */
        int ok = shipped_game_path(path);
        watching = was;
        if (ok) return;
    }
    for (int i = 0; i < NWEB; i++)
        if (!strcmp(path, weights_path[i])) return;
    char real[PATH_MAX];
    const char *p = realpath(path, real) ? real : path;
    size_t n = strlen(webdir_real);
    int ok = !strncmp(p, webdir_real, n) && p[n] == '/';
    if (ok) {
        ok = 0;
        for (int i = 0; i < NPAGE; i++) ok |= !strcmp(p + n + 1, page_files[i]);
    }
    FZ_CHECK(ok, "a request opened '%s', which is not one of the page's files in %s nor a game's "
             "weights file", path, webdir_real);
}

FILE *__real_fopen(const char *path, const char *mode);
FILE *__wrap_fopen(const char *path, const char *mode)
{
    fz_opened(path);
    return __real_fopen(path, mode);
}
int __real_open(const char *path, int flags, ...);
int __wrap_open(const char *path, int flags, ...)
{
    fz_opened(path);
    mode_t mode = 0;
    if (flags & O_CREAT) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    return __real_open(path, flags, mode);
}
DIR *__real_opendir(const char *path);
DIR *__wrap_opendir(const char *path)
{
    fz_opened(path);
    return __real_opendir(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    fz_quiet();
    fz_limits();
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/web", fz_srcdir());
    if (!realpath(dir, webdir_real)) { fprintf(fz_real_stderr(), "fuzz: no %s\n", dir); exit(1); }
    for (int i = 0; i < NPAGE; i++) {
        char path[PATH_MAX + 32];
        snprintf(path, sizeof path, "%s/%s", webdir_real, page_files[i]);
        page_text[i] = read_file(path, &page_len[i]);
        if (!page_text[i]) { fprintf(fz_real_stderr(), "fuzz: cannot read %s\n", path); exit(1); }
    }
    for (int i = 0; i < NWEB; i++) {
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", fz_srcdir(), web_games[i]);
        snprintf(weights_path[i], sizeof weights_path[i], "%.*s.weights", (int)strlen(path) - 6,
                 path);
        WebGame *w = webgame_open(path, 0, NULL, NULL, NULL, 0);
        if (!w) { fprintf(fz_real_stderr(), "fuzz: %s does not open, skipped\n", path); continue; }
        apis[napis].w = w;
        snprintf(apis[napis].webdir, sizeof apis[napis].webdir, "%s", webdir_real);
        apis[napis].engine_time_cap = ENGINE_SECONDS;
        apis[napis].edit_time_cap = EDIT_SECONDS;
        webapi_init(&apis[napis]);
        napis++;
    }
    if (!napis) {
        fprintf(fz_real_stderr(), "fuzz: no game opened (set BOARDVM_SRCDIR)\n");
        exit(1);
    }
    return 0;
}

/* The game as it was opened: no search, no options, its start, no moves. */
static void reset(WebApi *a)
{
    char err[4096];
    if (webgame_thinking(a->w)) {
        webgame_think_stop(a->w);
        webgame_think_finish(a->w, 1, err, sizeof err);
    }
    json_t *st = webgame_state(a->w);
    int with_options = json_array_size(json_object_get(st, "options")) > 0;
    json_decref(st);
    char *none[1] = { NULL };
    FZ_CHECK(webgame_new(a->w, 0, with_options ? none : NULL, NULL, NULL, 0, err, sizeof err),
             "the game does not start again: %s", err);
}

static int is_page_path(const char *path) { return webapi_asset_file(path) != NULL; }

/* The reply r to one request, checked (see the top of the file). req is the request's JSON body
 * when it parsed (NULL otherwise). */
static void check_reply(const char *method, const char *path, const WebReply *r, json_t *req,
                        const char *body, size_t len)
{
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD"), post = !strcmp(method, "POST");
    unsigned s = r->status;
    FZ_CHECK(s == 200 || s == 202 || s == 400 || s == 404 || s == 405 || s == 409 || s == 413 ||
             s == 422,
             "%s '%s': status %u", method, path, s);
    FZ_CHECK(r->type, "%s '%s': no content type", method, path);
    if (strncmp(path, "/api/", 5)) {
        if (!is_page_path(path))
            FZ_CHECK(s == 404, "%s '%s' (not a page file): status %u", method, path, s);
        else if (!get) FZ_CHECK(s == 405, "%s '%s' (a page file): status %u", method, path, s);
    } else if (!get && !post) FZ_CHECK(s == 405 || s == 409, "%s '%s': status %u", method, path, s);

    if (strcmp(r->type, "application/json")) {
        /* a page file, exactly */
        FZ_CHECK(s == 200 && get && is_page_path(path), "%s '%s': status %u of type %s", method,
                 path, s, r->type);
        const char *file = webapi_asset_file(path);
        int k = 0;
        while (k < NPAGE && strcmp(file, page_files[k])) k++;
        FZ_CHECK(k < NPAGE && r->len == page_len[k] && !memcmp(r->body, page_text[k], r->len),
                 "'%s' is not served as the file %s", path, file);
        return;
    }
    json_error_t je;
    json_t *j = json_loadb(r->body, r->len, JSON_REJECT_DUPLICATES, &je);
    FZ_CHECK(j, "%s '%s': the answer (status %u) is not JSON: %s: %.200s", method, path, s, je.text,
             r->body);
    FZ_CHECK(json_is_object(j), "%s '%s': the answer is not a JSON object", method, path);
    if (s >= 400) {
        const char *e = json_string_value(json_object_get(j, "error"));
        FZ_CHECK(e && *e && json_object_size(j) == 1,
                 "%s '%s': a refusal (%u) that is not {\"error\": \"why\"}: %.200s", method, path,
                 s, r->body);
        /* (a message may quote the request, which may say anything) */
        FZ_CHECK(!strstr(e, "internal error") || memmem(body, len, "internal error", 14),
                 "%s '%s': %s", method, path, e);
    } else if (!strcmp(path, "/api/edit/compile")) {
        /* the editor's answer: whether it compiled, its messages; a game and a state when it did */
        json_t *ok = json_object_get(j, "ok");
        FZ_CHECK(json_is_boolean(ok) && json_is_array(json_object_get(j, "errors")),
                 "POST /api/edit/compile: no \"ok\" and \"errors\": %.200s", r->body);
        if (json_is_true(ok))
            FZ_CHECK(json_is_object(json_object_get(j, "game")) &&
                     json_is_array(json_object_get(json_object_get(j, "state"), "moves")) &&
                     json_is_array(json_object_get(j, "perft")),
                     "POST /api/edit/compile: compiled, but no game, state and perft: %.200s",
                     r->body);
        else FZ_CHECK(json_array_size(json_object_get(j, "errors")) > 0,
                      "POST /api/edit/compile: not compiled, and no message says why: %.200s",
                      r->body);
    } else if (!strncmp(path, "/api/edit/", 10)) {
        /* the games' list, a game's text */
        FZ_CHECK(json_is_array(json_object_get(j, "games")) ||
                 json_is_string(json_object_get(j, "text")),
                 "%s '%s': neither games nor a text: %.200s", method, path, r->body);
    } else if (post && !strcmp(path, "/api/preview")) {
        /* the position after the move, the game unchanged (the next state says so) */
        json_t *pv = json_object_get(j, "preview");
        FZ_CHECK(json_is_object(pv) && json_is_array(json_object_get(pv, "board")),
                 "POST /api/preview (%u): no position: %.200s", s, r->body);
    } else if (post) {
        json_t *st = json_object_get(j, "state");
        FZ_CHECK(json_is_object(st) && json_is_array(json_object_get(st, "moves")),
                 "%s '%s' (%u): no state with its moves: %.200s", method, path, s, r->body);
        json_t *hist = json_object_get(st, "history");
        const char *m = json_string_value(json_object_get(req, "move"));
        if (!strcmp(path, "/api/move") && s == 200) {
            size_t n = json_array_size(hist);
            json_t *lastj = n ? json_object_get(json_array_get(hist, n - 1), "s") : NULL;
            const char *last = json_string_value(lastj);
            FZ_CHECK(last && m && !strcmp(last, m),
                     "move '%s' accepted, but the history ends in '%s'", m ? m : "",
                     last ? last : "(nothing)");
        }
        const char *fen = json_string_value(json_object_get(req, "fen"));
        if (!strcmp(path, "/api/new") && s == 200 && fen && *fen) {
            const char *start = json_string_value(json_object_get(st, "start"));
            FZ_CHECK(start && !strcmp(start, fen), "a new game from '%s' starts at '%s'", fen,
                     start ? start : "(null)");
        }
    }
    json_decref(j);
}

/* A header word of a request line (see the top of the file): 1 when w is one, set in h. */
static int header_word(char *w, WebHeaders *h)
{
    static const char *const names[] = { "Host=", "Origin=", "Content-Type=", "Sec-Fetch-Site=" };
    const char **fields[] = { &h->host, &h->origin, &h->content_type, &h->fetch_site };
    for (int i = 0; i < 4; i++)
        if (!strncmp(w, names[i], strlen(names[i]))) {
            *fields[i] = w + strlen(names[i]);
            return 1;
        }
    return 0;
}

/* Whether the request's headers were refused (the reply checked); 0 when it goes on. */
static int refused(WebApi *a, const char *method, const WebHeaders *h)
{
    WebReply r;
    int get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    if (!webapi_refused(a, method, h, &r)) {
        /* what another site's page can send is never let through to change the game */
        FZ_CHECK(get || !h->fetch_site || !strcasecmp(h->fetch_site, "same-origin") ||
                 !strcasecmp(h->fetch_site, "none"),
                 "%s with Sec-Fetch-Site '%s' let through", method, h->fetch_site);
        FZ_CHECK(strcmp(method, "POST") || (h->content_type && !strncasecmp(h->content_type,
                 "application/json", 16)), "a POST of type '%s' let through",
                 h->content_type ? h->content_type : "(none)");
        return 0;
    }
    if (getenv("FUZZ_PRINT"))
        fprintf(fz_real_stderr(), "%s refused for its headers -> %u: %.300s\n", method,
                r.status, r.body ? r.body : "");
    FZ_CHECK(r.status == 421 || (!get && (r.status == 403 || r.status == 415)),
             "%s refused for its headers with status %u", method, r.status);
    json_t *j = r.body ? json_loadb(r.body, r.len, 0, NULL) : NULL;
    const char *e = json_string_value(json_object_get(j, "error"));
    FZ_CHECK(e && *e && json_object_size(j) == 1, "a refusal for the headers that is not "
             "{\"error\": \"why\"}: %.200s", r.body ? r.body : "(none)");
    json_decref(j);
    free(r.body);
    return 1;
}

/* One request: line is "METHOD TARGET [words]" (NUL-terminated, modified), body len bytes. */
static void request(WebApi *a, char *line, const char *body, size_t len)
{
    char *method = line, *target = strchr(line, ' ');
    char root[] = "/";                   /* unescaped in place: not a string literal */
    int too_big = 0, headers = 0;
    WebHeaders h = { 0 };
    if (target) {
        *target++ = 0;
        char *sp = strchr(target, ' ');
        if (sp) {
            *sp = 0;
            too_big = 1;                 /* a third word, or an empty one */
            char *save, *w = strtok_r(sp + 1, " ", &save);
            for (int words = 0; w; w = strtok_r(NULL, " ", &save), words++) {
                if (!words) too_big = 0;
                if (header_word(w, &h)) headers = 1;
                else too_big = 1;
            }
        }
    } else target = root;
    if (headers && refused(a, method, &h)) return;
    char *q = strchr(target, '?');
    if (q) *q = 0;
    MHD_http_unescape(target);

    json_t *req = len ? json_loadb(body, len, 0, NULL) : NULL;
    WebReply r;
    watching = 1;
    listing = !strcmp(target, "/api/edit/games") || !strncmp(target, "/api/edit/source/", 17);
    int ok = webapi_handle(a, method, target, body, len, too_big, &r);
    watching = listing = 0;
    if (getenv("FUZZ_PRINT"))
        fprintf(fz_real_stderr(), "%s %s (%zu bytes) -> %u %s: %.300s\n", method, target, len,
                r.status, r.type ? r.type : "(none)",
                r.body && r.type && !strcmp(r.type, "application/json") ? r.body : "");
    FZ_CHECK(ok && r.body, "%s '%s': no answer (the connection would be dropped without a status)",
             method, target);
    check_reply(method, target, &r, req, body, len);
    json_decref(req);
    free(r.body);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int k = size ? data[0] % napis : 0;
    if (size) { data++; size--; }
    WebApi *a = &apis[k];
    reset(a);
    char *text = malloc(size + 1);
    if (!text) abort();
    memcpy(text, data, size);
    text[size] = 0;
    char *p = text, *end = text + size;
    for (int n = 0; n < MAX_REQUESTS && p < end; n++) {
        /* this request ends at the next line "%%" */
        char *stop = end, *next = end;
        for (char *s = p; s + 2 <= end; s++)
            if ((s == p || s[-1] == '\n') && !memcmp(s, "%%", 2) &&
                (s + 2 == end || s[2] == '\n')) {
                stop = s; next = s + 2 < end ? s + 3 : end;
                break;
            }
        char *nl = memchr(p, '\n', (size_t)(stop - p));
        char *body = nl ? nl + 1 : stop;
        size_t blen = (size_t)(stop - body);
        if (nl) *nl = 0;
        else if (stop < end) *stop = 0;
        size_t ln = strlen(p);
        if (ln && p[ln - 1] == '\r') p[ln - 1] = 0;
        /* the body, without the newline before the separator */
        if (blen && body[blen - 1] == '\n' && stop < end) blen--;
        char *b = malloc(blen + 1);
        if (!b) abort();
        memcpy(b, body, blen);
        b[blen] = 0;
        request(a, p, b, blen);
        free(b);
        p = next;
    }
    free(text);
    if (webgame_thinking(a->w)) {
        char err[512];
        webgame_think_stop(a->w);
        webgame_think_finish(a->w, 1, err, sizeof err);
    }
    return 0;
}
