/* webapi.h - the requests `boardvm serve` answers, without the HTTP server: a method, a path
 * and a body in; a status, a content type and a body out. serve.c is the libmicrohttpd side
 * (it collects the body, then calls webapi_handle and sends the reply); fuzz/fuzz_web.c calls
 * webapi_handle directly, with no socket. The routes are listed in serve.c. */
#ifndef BOARDVM_WEBAPI_H
#define BOARDVM_WEBAPI_H
#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include "webgame.h"

#define WEBAPI_MAX_BODY (1u << 20)    /* a request body: a long game record fits */
#define WEBAPI_LOCK_SECONDS 2         /* a request waits this long for another's to end */

typedef struct {
    WebGame *w;
    char webdir[PATH_MAX];            /* where the page's files are */
    /* The names a request's Host header may give (DNS rebinding: a page of another site whose
     * name was made to point here must not read or play): localhost, 127.0.0.1, [::1] and
     * `address`, with `port`. any_host: the user chose another address (--address), whose
     * names the server cannot know: then any address written as numbers (no DNS name can
     * rebind to it) is accepted, and `hostname` (the machine's name, gethostname()) and
     * hostname.local, each with `port`; any other name is refused as before. */
    char address[64];
    char hostname[128];
    int port, any_host;
    pthread_mutex_t lock;             /* the game: one request at a time (webapi_init) */
    unsigned long version;            /* counts the game's changes (GET /api/version): another
                                       * tab of the page polls it to follow them */
    /* 0, or a bound on the seconds of a search below what the request allows (at most 60):
     * the fuzz harness sets it so that an engine request does not outlast its timeout */
    double engine_time_cap;
    /* the rules editor (/edit, webedit.c): one compile at a time, apart from the game's lock
     * (it never touches the game); edit_halt asks the one running to stop: a newer text came */
    pthread_mutex_t edit_lock;
    int edit_halt;
    double edit_time_cap;             /* 0, or a bound below WEBEDIT_SECONDS (the fuzz harness) */
} WebApi;

typedef struct {
    unsigned status;                  /* an HTTP status: 200, 202, 4xx or 500 */
    const char *type;                 /* its Content-Type (a static string) */
    char *body;                       /* malloc'ed, len bytes (JSON: valid UTF-8) */
    size_t len;
} WebReply;

/* The headers of a request that webapi_refused reads (each NULL when absent). */
typedef struct { const char *host, *origin, *content_type, *fetch_site; } WebHeaders;
/* Set up a's lock (before the first request). */
void webapi_init(WebApi *a);
/* Whether a request must be refused for its headers alone, before its body is read: a Host that
 * is not this server's (421), a POST from a page of another origin, by its Origin or its
 * Sec-Fetch-Site (403), or whose body is not declared JSON (415: a page of another site can
 * send a form's text/plain POST without asking, never an application/json one). 1 with r
 * filled when refused. */
int webapi_refused(const WebApi *a, const char *method, const WebHeaders *h, WebReply *r);
/* Answer one request (from any thread: the game's requests take a's lock, waiting at most
 * WEBAPI_LOCK_SECONDS before a 503). method is the HTTP method; path the URL's path as the
 * server decoded it (no query string: no route reads one); body the request body (len bytes,
 * need not end in a NUL), too_big set when the server dropped a body over WEBAPI_MAX_BODY.
 * Fills r (its body is the caller's to free); returns 0 only when memory ran out (r is then
 * empty). */
int webapi_handle(WebApi *a, const char *method, const char *path, const char *body, size_t len,
                  int too_big, WebReply *r);

/* A JSON refusal {"error": msg} with status; 0 when memory ran out. */
int webapi_error(WebReply *r, unsigned status, const char *msg);

/* The page's files as the server names them: the file for path, NULL for any other path. */
const char *webapi_asset_file(const char *path);
#endif
