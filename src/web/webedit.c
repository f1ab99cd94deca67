/* webedit.c - the live rules editor's compiles (see webedit.h).
 *
 * A text is compiled as every rules file is (game_compile_to: the compiler, the runtime's tables,
 * the start position checked), its messages caught in a memory stream and split into their line,
 * column and message for the page. The game it makes is the editor's alone and is freed before
 * the answer goes: the game being played is never touched. What the text then runs (its start
 * set up, the moves played on the editor's board, the legal moves, perft) runs in one
 * protected_run_until under WEBEDIT_SECONDS of the clock and WEBEDIT_WORK steps of work
 * (vm_set_total_work), and stops early when a newer text comes (vm_set_halt). The compile itself
 * runs no rules code: it is bounded by the text's size and the language's limits
 * (docs/bounds.md). A Zillions text would read its includes from the disk: the reader is told
 * to refuse them (zrf_refuse_includes, per thread). */
#include "webedit.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gameload.h"
#include "gamejson.h"
#include "make.h"
#include "movegen.h"
#include "notation.h"
#include "oom.h"
#include "perft.h"
#include "posstring.h"
#include "protect.h"
#include "rulespath.h"
#include "session.h"
#include "vm.h"
#include "zrf_compile.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

/* The compiler's messages, "edited.rules:12:7: error: unknown piece 'knigt'" (the source line
 * and caret lines after each are left out), as [{"line", "col", "severity", "message"}]: line
 * and col 0 when a message has no place; a runtime error has a line and no column. */
static json_t *errors_of(const char *diag)
{
    json_t *a = json_array();
    const size_t nlen = strlen(WEBEDIT_NAME);
    for (const char *s = diag; s && *s;) {
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        if (len > nlen + 1 && !strncmp(s, WEBEDIT_NAME ":", nlen + 1)) {
            char line[2048];
            snprintf(line, sizeof line, "%.*s", (int)(len - nlen - 1), s + nlen + 1);
            int l = 0, c = 0, k = 0;
            char sev[16] = "";
            const char *rest = line;
            if (sscanf(line, "%d:%d: %15[a-z]: %n", &l, &c, sev, &k) == 3 && k) rest = line + k;
            else if ((c = 0, sscanf(line, "%d: %15[a-z]: %n", &l, sev, &k)) == 2 && k)
                rest = line + k;
            else if ((l = 0, sscanf(line, " %15[a-z]: %n", sev, &k)) == 1 && k) rest = line + k;
            else snprintf(sev, sizeof sev, "error");
            json_array_append_new(a, json_pack("{s:i, s:i, s:s, s:o}", "line", l, "col", c,
                                               "severity", sev, "message", json_text(rest)));
        }
        s = eol ? eol + 1 : NULL;
    }
    return a;
}

/* What runs under the bounds: the start, the moves, the legal moves, perft. Everything it makes
 * is kept in the context at once, so that a jump out of it (a runtime error, the deadline) loses
 * nothing the caller must free. */
typedef struct {
    char **moves; int nmoves, depth;
    int played;                  /* the moves made */
    json_t *state, *perft;       /* (the caller's) */
    int stage;                   /* 0 the start, 1 the moves, 2 the legal moves, 3 perft */
    int perft_depth;             /* the depth being counted */
    char bad[512];               /* the start refused, or the first move not played */
} EditRun;

static void edit_run(Pos *p, void *ctx)
{
    EditRun *r = ctx;
    char e[256];
    if (!pos_from_string(p, p->g->start, e, sizeof e)) {
        snprintf(r->bad, sizeof r->bad, "the start position: %s", e);
        return;
    }
    r->stage = 1;
    for (; r->played < r->nmoves; r->played++) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        int other, k = p->result ? -1 : move_find_typed(p, ml, r->moves[r->played], &other);
        if (k < 0) {
            snprintf(r->bad, sizeof r->bad, "move %d '%.100s' is not legal in the edited game: "
                     "the moves stop before it", r->played + 1, r->moves[r->played]);
            break;
        }
        pos_make(p, ml, &ml->m[k]);
    }
    r->stage = 2;
    r->state = position_json(p);      /* before the moves: in_check may use the scratch lists */
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    json_object_set_new(r->state, "moves", moves_json(p->g, ml));
    json_object_set_new(r->state, "result", result_json(p));
    r->stage = 3;
    for (r->perft_depth = 1; r->perft_depth <= r->depth && !p->result; r->perft_depth++) {
        double t0 = now();
        uint64_t n = perft(p, r->perft_depth, 0);
        json_array_append_new(r->perft, json_pack("{s:i, s:I, s:f}", "depth", r->perft_depth,
                                                  "nodes", (json_int_t)n, "seconds", now() - t0));
    }
}

json_t *webedit_compile(const char *text, size_t len, char **moves, int nmoves, int depth,
                        double seconds, const int *halt)
{
    json_t *out = json_object();
    if (len > WEBEDIT_MAX_TEXT) {
        char msg[128];
        snprintf(msg, sizeof msg, "the text is %zu bytes: the editor compiles at most %u",
                 len, WEBEDIT_MAX_TEXT);
        json_object_set_new(out, "ok", json_false());
        json_object_set_new(out, "diagnostics", json_text(msg));
        json_object_set_new(out, "errors", json_pack("[{s:i, s:i, s:s, s:s}]", "line", 0, "col",
                                                     0, "severity", "error", "message", msg));
        return out;
    }
    char *diag = NULL; size_t dlen = 0;
    FILE *f = open_memstream(&diag, &dlen);
    if (!f) out_of_memory("diagnostics");
    int status = 0;
    zrf_refuse_includes = 1;          /* (this thread's: no include reads a file) */
    Game *g = game_compile_to(text, len, WEBEDIT_NAME, 0, NULL, &status, f);
    zrf_refuse_includes = 0;
    fclose(f);
    json_object_set_new(out, "diagnostics", json_text(diag ? diag : ""));
    json_t *errors = errors_of(diag);
    free(diag);
    json_object_set_new(out, "ok", json_boolean(g != NULL));
    if (!g) {
        json_object_set_new(out, "errors", errors);
        return out;
    }
    json_object_set_new(out, "game", game_json(g));
    if (depth > WEBEDIT_MAX_DEPTH) depth = WEBEDIT_MAX_DEPTH;
    EditRun r = { moves, nmoves, depth, 0, NULL, json_array(), 0, 0, "" };
    Pos *p = pos_new(g);
    vm_set_total_work(p, WEBEDIT_WORK);
    vm_set_halt(p, halt);
    double t0 = now();
    int why = protected_run_until(p, t0 + seconds, edit_run, &r);
    vm_set_halt(p, NULL);
    if (why == 1) {
        /* a runtime error of the text's rules code: its line, as the compiler's are */
        json_t *more = errors_of(p->errmsg);
        if (!json_array_size(more))
            json_array_append_new(more, json_pack("{s:i, s:i, s:s, s:o}", "line", 0, "col", 0,
                                                  "severity", "error", "message",
                                                  json_text(p->errmsg)));
        json_t *e;
        size_t i;
        json_array_foreach(more, i, e) {
            char msg[1200], text[1024];
            /* (the bound of a command names its option; the editor's is its own) */
            snprintf(text, sizeof text, "%s", json_string_value(json_object_get(e, "message")));
            char *opt = strstr(text, " (`--work N` allows N million)");
            if (opt) *opt = 0;
            snprintf(msg, sizeof msg, "%s (%s)", text,
                     r.stage == 3 ? "while counting perft" : r.stage == 2 ? "while generating "
                     "the legal moves" : r.stage == 1 ? "while playing the moves" :
                     "while setting up the start");
            json_object_set_new(e, "message", json_text(msg));
        }
        json_array_extend(errors, more);
        json_decref(more);
    }
    if (r.stage < 3 || !r.state) {
        /* no state to show: the start or the moves failed, or the bound came first */
        char msg[700];
        if (why == 2 && halt && *halt)
            snprintf(msg, sizeof msg, "stopped: a newer text came");
        else if (why == 2)
            snprintf(msg, sizeof msg, "setting up the position and its moves took more than %g "
                     "seconds (the editor's bound)", seconds);
        else snprintf(msg, sizeof msg, "%s", r.bad[0] ? r.bad : "the position cannot be set up");
        if (why != 1 || r.bad[0])
            json_array_append_new(errors, json_pack("{s:i, s:i, s:s, s:o}", "line", 0, "col", 0,
                                                    "severity", "error", "message",
                                                    json_text(msg)));
        json_object_set_new(out, "ok", json_false());
        json_decref(r.state);
    } else {
        json_object_set_new(out, "state", r.state);
        if (r.bad[0])
            json_array_append_new(errors, json_pack("{s:i, s:i, s:s, s:o}", "line", 0, "col", 0,
                                                    "severity", "warning", "message",
                                                    json_text(r.bad)));
        if (r.perft_depth <= depth && why) {
            char msg[256], bound[64];
            snprintf(bound, sizeof bound, "the editor's bound of %g seconds", seconds);
            snprintf(msg, sizeof msg, "perft %d was stopped: %s", r.perft_depth,
                     why == 2 ? (halt && *halt ? "a newer text came" : bound)
                              : "a runtime error (above)");
            json_object_set_new(out, "perft_stopped", json_text(msg));
        }
    }
    json_object_set_new(out, "played", json_integer(r.played));
    json_object_set_new(out, "perft", r.perft);
    json_object_set_new(out, "seconds", json_real(now() - t0));
    json_object_set_new(out, "errors", errors);
    pos_free(p);
    game_free(g);
    return out;
}

/* ---------- the shipped games ---------- */

/* Whether name is a game's name as the list gives them: letters, digits, '-' and '_'. */
static int plain_name(const char *name, size_t len)
{
    if (!len || len > 64) return 0;
    for (size_t i = 0; i < len; i++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_", name[i]))
            return 0;
    return 1;
}

/* fn(dir, name) for each game NAME.rules of each directory of rules_dirs, the first of each
 * name only; stops when fn returns non-zero (its value returned). */
typedef int GameFn(const char *dir, const char *name, void *ctx);

static int each_game(GameFn *fn, void *ctx)
{
    RulesDirs d;
    rules_dirs(&d);
    json_t *seen = json_object();
    int ret = 0;
    for (int i = 0; i < d.n && !ret; i++) {
        DIR *dir = opendir(d.dir[i]);
        if (!dir) continue;
        for (struct dirent *e; !ret && (e = readdir(dir));) {
            size_t len = strlen(e->d_name);
            if (len <= 6 || strcmp(e->d_name + len - 6, ".rules")) continue;
            char name[80];
            if (!plain_name(e->d_name, len - 6)) continue;
            snprintf(name, sizeof name, "%.*s", (int)(len - 6), e->d_name);
            if (json_object_get(seen, name)) continue;
            json_object_set_new(seen, name, json_true());
            ret = fn(d.dir[i], name, ctx);
        }
        closedir(dir);
    }
    json_decref(seen);
    rules_dirs_free(&d);
    return ret;
}

static int add_name(const char *dir, const char *name, void *ctx)
{
    (void)dir;
    json_array_append_new(ctx, json_text(name));
    return 0;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(json_string_value(*(json_t *const *)a), json_string_value(*(json_t *const *)b));
}

json_t *webedit_games(void)
{
    json_t *a = json_array();
    each_game(add_name, a);
    size_t n = json_array_size(a);
    json_t **v = xmalloc(sizeof *v * (n + 1), "the games' names");
    for (size_t i = 0; i < n; i++) v[i] = json_incref(json_array_get(a, i));
    qsort(v, n, sizeof *v, by_text);
    json_array_clear(a);
    for (size_t i = 0; i < n; i++) json_array_append_new(a, v[i]);
    free(v);
    return json_pack("{s:o}", "games", a);
}

typedef struct { const char *want; char *path; } Find;

static int find_name(const char *dir, const char *name, void *ctx)
{
    Find *f = ctx;
    if (strcmp(name, f->want)) return 0;
    size_t n = strlen(dir) + strlen(name) + 8;
    f->path = xmalloc(n, "a path");
    snprintf(f->path, n, "%s/%s.rules", dir, name);
    return 1;
}

json_t *webedit_source(const char *name, char *err, size_t errlen)
{
    /* the name is only compared with the names listed: the path is the list's own */
    Find f = { name, NULL };
    if (!plain_name(name, strlen(name)) || !each_game(find_name, &f)) {
        snprintf(err, errlen, "no shipped game is called '%.100s'", name);
        return NULL;
    }
    size_t len = 0;
    char *text = read_file(f.path, &len);
    free(f.path);
    if (!text || len > WEBEDIT_MAX_TEXT) {
        free(text);
        snprintf(err, errlen, "the game '%s' cannot be read", name);
        return NULL;
    }
    json_t *j = json_pack("{s:s, s:o}", "name", name, "text", json_text(text));
    free(text);
    return j;
}
