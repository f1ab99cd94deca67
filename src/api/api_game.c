/* api_game.c - the library's games (boardvm.h): loading a rules file by name or from memory,
 * its errors as values, and what a game is. The compiler's diagnostics, which the command line
 * prints on stderr, are written into a memory stream here and handed back as the message. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api_internal.h"
#include "gameload.h"
#include "oom.h"
#include "rulespath.h"
#include "session.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

/* The text of the calling thread's last error: the library's, as dlerror()'s is (boardvm.h);
 * one buffer a thread, grown as needed and kept (reachable) for the next error. */
static _Thread_local char *last_message;
static _Thread_local size_t last_size;

static void set_message(bvm_error *err, const char *text)
{
    size_t n = strlen(text) + 1;
    if (n > last_size) {
        last_message = xrealloc(last_message, n, "an error message");
        last_size = n;
    }
    memcpy(last_message, text, n);
    err->message = last_message;
}

int api_fail(bvm_error *err, int code, const char *fmt, ...)
{
    if (!err) return code;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *buf = xmalloc((size_t)(n > 0 ? n : 0) + 1, "an error message");
    va_start(ap, fmt);
    vsnprintf(buf, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
    va_end(ap);
    err->code = code;
    set_message(err, buf);
    free(buf);
    return code;
}

int api_ok(bvm_error *err)
{
    if (err) { err->code = BVM_OK; err->message = ""; }
    return BVM_OK;
}

const char *bvm_status_name(int code)
{
    static const char *const names[] = {
        "BVM_OK", "BVM_ERR_ARGUMENT", "BVM_ERR_FILE", "BVM_ERR_RULES", "BVM_ERR_OPTION",
        "BVM_ERR_POSITION", "BVM_ERR_MOVE", "BVM_ERR_RUNTIME", "BVM_ERR_BROKEN", "BVM_ERR_EMPTY",
    };
    return code >= 0 && code < (int)(sizeof names / sizeof *names) ? names[code] : "BVM_ERR_?";
}

const char *bvm_version(void) { return PACKAGE_VERSION; }

/* The compiler with its diagnostics caught in memory. */
static bvm_game *compile(const char *text, size_t len, const char *display,
                         const char *const *options, int noptions, bvm_error *err)
{
    if (noptions < 0 || (noptions && !options))
        { api_fail(err, BVM_ERR_ARGUMENT, "bad options"); return NULL; }
    char *diag = NULL; size_t diaglen = 0;
    FILE *out = open_memstream(&diag, &diaglen);
    if (!out) out_of_memory("the diagnostics' stream");
    int status = 0;
    /* the compiler takes char **, and reads them only */
    Game *g = game_compile_to(text, len, display, noptions, (char **)options, &status, out);
    fclose(out);
    if (!g) {
        size_t n = diaglen;                       /* without its last newline */
        while (n && diag[n - 1] == '\n') diag[--n] = 0;
        if (err) {                            /* (the diagnostics may be long: no format) */
            err->code = status == 2 ? BVM_ERR_OPTION : BVM_ERR_RULES;
            set_message(err, n ? diag : "the rules file has errors");
        }
        free(diag);
        return NULL;
    }
    bvm_game *bg = xmalloc(sizeof *bg, "a game");
    bg->g = g;
    bg->warnings = diag;                      /* what a good compile said: its warnings */
    api_ok(err);
    return bg;
}

bvm_game *bvm_game_load(const char *name, const char *const *options, int noptions,
                        bvm_error *err)
{
    if (!name) { api_fail(err, BVM_ERR_ARGUMENT, "no game named"); return NULL; }
    char *found = rules_find(name);       /* "chess" names the installed chess.rules */
    if (!found) {
        api_fail(err, BVM_ERR_FILE, "cannot open %s: no such file, nor a game of that name in %s",
                 name, rules_search_text());
        return NULL;
    }
    size_t len; char msg[512];
    char *text = read_file_msg(found, &len, msg, sizeof msg);
    if (!text) { free(found); api_fail(err, BVM_ERR_FILE, "%s", msg); return NULL; }
    bvm_game *g = compile(text, len, found, options, noptions, err);
    free(text);
    free(found);
    return g;
}

bvm_game *bvm_game_from_string(const char *text, size_t len, const char *display_name,
                               const char *const *options, int noptions, bvm_error *err)
{
    if (!text) { api_fail(err, BVM_ERR_ARGUMENT, "no text"); return NULL; }
    return compile(text, len, display_name ? display_name : "(string)", options, noptions, err);
}

void bvm_game_free(bvm_game *g)
{
    if (!g) return;
    game_free(g->g);
    free(g->warnings);
    free(g);
}

const char *bvm_game_warnings(const bvm_game *g) { return g->warnings; }
const char *bvm_game_title(const bvm_game *g) { return g->g->name; }
const char *bvm_game_file(const bvm_game *g) { return g->g->filename; }
const char *bvm_game_start(const bvm_game *g) { return g->g->start; }
int bvm_game_players(const bvm_game *g) { return g->g->nplayers; }
int bvm_game_squares(const bvm_game *g) { return g->g->nsq; }
int bvm_game_piece_types(const bvm_game *g) { return g->g->ntypes; }
int bvm_game_programs(const bvm_game *g) { return g->g->nfns; }
int bvm_game_code_words(const bvm_game *g) { return g->g->ncode; }

const char *bvm_game_player_name(const bvm_game *g, int player)
{
    return player >= 0 && player < g->g->nplayers ? g->g->player_name[player] : NULL;
}

const char *bvm_game_square_name(const bvm_game *g, int square)
{
    return square >= 0 && square < g->g->nsq ? g->g->sq_name[square] : NULL;
}

int bvm_game_square_find(const bvm_game *g, const char *name)
{
    return name ? game_find_square(g->g, name) : -1;
}

const char *bvm_game_piece_name(const bvm_game *g, int type)
{
    return type >= 1 && type <= g->g->ntypes ? g->g->types[type].name : NULL;
}

const char *bvm_game_piece_code(const bvm_game *g, int type)
{
    return type >= 1 && type <= g->g->ntypes ? g->g->types[type].code : NULL;
}
