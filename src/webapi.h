/* webapi.h - the requests `boardvm serve` answers, without the HTTP server: a method, a path
 * and a body in; a status, a content type and a body out. serve.c is the libmicrohttpd side
 * (it collects the body, then calls webapi_handle and sends the reply); fuzz/fuzz_web.c calls
 * webapi_handle directly, with no socket. The routes are listed in serve.c. */
#ifndef BOARDVM_WEBAPI_H
#define BOARDVM_WEBAPI_H
#include <limits.h>
#include <stddef.h>
#include "webgame.h"

#define WEBAPI_MAX_BODY (1u << 20)    /* a request body: a long game record fits */

typedef struct {
    WebGame *w;
    char webdir[PATH_MAX];            /* where the page's files are */
    /* 0, or a bound on the seconds of a search below what the request allows (at most 60):
     * the fuzz harness sets it so that an engine request does not outlast its timeout */
    double engine_time_cap;
} WebApi;

typedef struct {
    unsigned status;                  /* an HTTP status: 200, 202, 4xx or 500 */
    const char *type;                 /* its Content-Type (a static string) */
    char *body;                       /* malloc'ed, len bytes (JSON: valid UTF-8) */
    size_t len;
} WebReply;

/* Answer one request. method is the HTTP method; path the URL's path as the server decoded it
 * (no query string: no route reads one); body the request body (len bytes, need not end in a
 * NUL), too_big set when the server dropped a body over WEBAPI_MAX_BODY. Fills r (its body is
 * the caller's to free); returns 0 only when memory ran out (r is then empty). */
int webapi_handle(WebApi *a, const char *method, const char *path, const char *body, size_t len,
                  int too_big, WebReply *r);

/* A JSON refusal {"error": msg} with status; 0 when memory ran out. */
int webapi_error(WebReply *r, unsigned status, const char *msg);

/* The page's files as the server names them: the file for path, NULL for any other path. */
const char *webapi_asset_file(const char *path);
#endif
