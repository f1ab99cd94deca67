/* webgame.c - the game `boardvm serve` plays (see webgame.h).
 *
 * The position is only ever changed by pos_make/pos_unmake with a move the move generator
 * listed (found by its string, as every command finds moves), so the page can show and play
 * nothing the rules do not allow. Rules code runs under protected_run; a runtime error (in move
 * generation or a hook) may leave the position half made: the game is then rebuilt from its
 * start and the moves played before (a new position, made outside the run), and the error is
 * reported. */
#define _GNU_SOURCE                  /* fopencookie: the engine's progress lines */
#include "webgame.h"
#include "gameload.h"
#include "make.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gamejson.h"
#include "webclock.h"
#include "movegen.h"
#include "movesquares.h"
#include "vm.h"
#include "notation.h"
#include "posstring.h"
#include "protect.h"
#include "record.h"
#include "rulespath.h"
#include "session.h"
#include "san.h"
#include "movetext.h"
#include "oom.h"

/* the move's string, its SAN, its squares; thrower: the player whose throw of the dice it was
 * (a chance turn, which the server plays itself: throw_dice), or -1 */
typedef struct { char *s, *san; int from, to, thrower; } Played;
typedef struct { Played *m; int n, cap; } PlayedList;

/* The engine's thread. Only the worker touches the position while `running`; the server's
 * thread reads `done` and, under `mu`, the last progress line `info`. */
typedef struct {
    pthread_t th;
    int running;                     /* started and not yet joined (the server's thread) */
    int done;                        /* atomic: the search has ended */
    SearchLimits lim;
    SearchResult res;
    int failed; char err[512];       /* 1: a runtime error of the rules code during the search;
                                        2: its time ran out before it had a move */
    double start; int late;          /* when it started; whether the deadline stopped it */
    char line[1024]; size_t nline;   /* the progress line being written (the worker) */
    pthread_mutex_t mu;
    char info[1024];                 /* the last complete progress line (under mu) */
    FILE *infof;
} Think;

struct WebGame {
    char *path, *text; size_t len;   /* the rules file, read once */
    char **opts; int nopts;          /* the options the game was compiled with */
    Game *g; Pos *p; Engine *eng;
    char *start;                     /* the start position string, NULL: the game's own */
    PlayedList hist, redo;
    json_t *game_j, *state_j;        /* caches, NULL when stale */
    json_t *engine_j;                /* what the engine last found (or its error), or NULL */
    double deadline;                 /* of the request's rules code (webgame_bound), 0: none set */
    Think think;
    WebClock clock;                  /* the players' clocks (webgame_clock) */
    int flag_unseen;                 /* a flag fell inside a request (flag_fell) */
    uint64_t throws;                 /* the throws of the dice made so far (throw_dice) */
};

#define NOT_WHILE_THINKING(w, err, errlen) \
    do {                                                                                        \
        if ((w)->think.running)                                                                 \
            return fail(err, errlen, "the engine is thinking (wait, or stop it)");              \
    } while (0)

static void oom(const char *what) { out_of_memory(what); }

static int fail(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return 0;
}

static double clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* fn on the game's own position with the request's deadline (the VM reads the clock inside
 * long move generations): 0 when fn returned; 1 after a runtime error (p->errmsg;
 * p may be half made: the caller rebuilds the game); 2 when the deadline passed, p then taken
 * back to where it was by search_run_until, so nothing needs rebuilding. */
typedef struct { ProtectedFn *fn; void *ctx; double deadline; int late; } Bounded;

static void bounded_inner(Pos *p, void *ctx)
{
    Bounded *b = ctx;
    b->late = search_run_until(p, b->deadline, b->fn, b->ctx);
}

/* The deadline of the rules code of the request being answered (webgame_bound). */
static double deadline_of(const WebGame *w)
{
    return w->deadline > 0 ? w->deadline : clock_now() + WEB_REQUEST_SECONDS;
}

static int bounded_run(WebGame *w, ProtectedFn *fn, void *ctx)
{
    Pos *p = w->p;
    Bounded b = { fn, ctx, deadline_of(w), 0 };
    if (protected_run(p, bounded_inner, &b)) return 1;
    return b.late ? 2 : 0;
}

static int too_long(char *err, size_t errlen, const char *what)
{
    return fail(err, errlen, "%s took more than %g seconds (the bound of one request of the web "
                "board): refused", what, WEB_REQUEST_SECONDS);
}

void webgame_bound(WebGame *w, double seconds)
{
    w->deadline = seconds > 0 ? clock_now() + seconds : 0;
}

static void played_push(PlayedList *l, const char *s, const char *san, int from, int to,
                        int thrower)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->m = realloc(l->m, sizeof *l->m * (size_t)l->cap);
        if (!l->m) oom("move list");
    }
    l->m[l->n++] = (Played){ xstrdup(s, "a move"), xstrdup(san, "a move"), from, to, thrower };
}

static void played_free(Played *m) { free(m->s); free(m->san); }

static void played_clear(PlayedList *l)
{
    while (l->n) played_free(&l->m[--l->n]);
}

static void invalidate(WebGame *w)
{
    json_decref(w->state_j);
    w->state_j = NULL;
}

/* Compile the rules text with opts; the compiler's messages go to err. */
static Game *compile(WebGame *w, int nopts, char **opts, char *err, size_t errlen)
{
    char *diag = NULL; size_t dlen = 0;
    FILE *f = open_memstream(&diag, &dlen);
    if (!f) oom("diagnostics");
    int status;
    Game *g = game_compile_to(w->text, w->len, w->path, nopts, opts, &status, f);
    fclose(f);
    if (!g) {
        /* the messages end in a newline; the JSON error does not need it */
        while (dlen && (diag[dlen - 1] == '\n')) diag[--dlen] = 0;
        fail(err, errlen, "%s", dlen ? diag : "the rules file does not compile");
    }
    free(diag);
    return g;
}

/* The game keeps the undo data of every move played, to take it back (undo): one entry of 8
 * bytes per state word the move changed, and a move may change thousands (an after-move hook
 * in a loop). A move past this many entries is refused, so that no series of requests (a
 * 120 KB /api/new took 445 MB) takes the server past 1 GB (F28): 2^24 entries are 128 MiB,
 * over a million chess moves. */
#define WEB_MAX_TRAIL (1 << 24)

/* Find the legal move written s (its string, or its SAN: "Nf3") in p and make it; from/to say
 * where it went, name and san get its string and its SAN. Runs under protected_run (build_run,
 * play_run). */
static int make_named(Pos *p, const char *s, int *from, int *to, int *thrower, char *name,
                      char *san, char *err, size_t errlen)
{
    const Game *g = p->g;
    *thrower = pos_chance_turn(p) ? pos_turn(p) : -1;
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    if (p->result) return fail(err, errlen, "'%s': the game is over", s);
    int other, k = move_find_typed(p, ml, s, &other);
    if (k < 0) k = san_find(p, ml, s, &other);
    if (k < 0) return fail(err, errlen, "'%s' is not a legal move here", s);
    if (other >= 0)
        return fail(err, errlen, "'%s' is ambiguous: two legal moves have this string; %s", s,
                    same_string_advice(p, ml, k, other));
    move_string(g, ml, &ml->m[k], name, MOVE_STR_MAX);
    san_move(p, ml, k, san, SAN_MAX);
    move_squares(g, &ml->m[k], name, from, to);    /* the last move, as the page shows it */
    pos_make(p, ml, &ml->m[k]);
    if (p->ntrail > WEB_MAX_TRAIL) {
        pos_unmake(p);
        return fail(err, errlen, "'%s': the game would keep more than %d state changes to take "
                    "its moves back; start a new game from this position", s, WEB_MAX_TRAIL);
    }
    return 1;
}

/* Setting up a position from its string and its moves (under protected_run: both run rules
 * code). */
typedef struct {
    const char *start;
    char **moves; int nmoves;
    PlayedList *played;
    int i;                         /* the move being played */
    char *err; size_t errlen;
    int ok;
} Build;

static void build_run(Pos *p, void *ctx)
{
    Build *b = ctx;
    char e[256];
    if (!pos_from_string(p, b->start ? b->start : p->g->start, e, sizeof e)) {
        fail(b->err, b->errlen, "bad position: %s", e);
        return;
    }
    for (b->i = 0; b->i < b->nmoves; b->i++) {
        int from, to, thrower;
        char why[512], name[MOVE_STR_MAX], san[SAN_MAX];
        if (!make_named(p, b->moves[b->i], &from, &to, &thrower, name, san, why, sizeof why)) {
            fail(b->err, b->errlen, "move %d: %s", b->i + 1, why);
            return;
        }
        if (b->played) played_push(b->played, name, san, from, to, thrower);
    }
    b->ok = 1;
}

/* A position of g from start (NULL: the game's) after moves; NULL with err after a bad start,
 * an illegal move or a runtime error. The moves' squares go to played (if not NULL). */
static Pos *build(Game *g, double deadline, const char *start, char **moves, int nmoves,
                  PlayedList *played, char *err, size_t errlen)
{
    Pos *p = pos_new(g);
    Build b = { start, moves, nmoves, played, 0, err, errlen, 0 };
    /* a position of its own, freed if the run does not end: no need to take it back */
    int why = protected_run_until(p, deadline, build_run, &b);
    if (why == 2) {
        b.ok = 0;
        char what[512];
        if (b.i < nmoves) snprintf(what, sizeof what, "setting up move %d '%.200s'", b.i + 1,
                                   moves[b.i]);
        else snprintf(what, sizeof what, "setting up the position");
        too_long(err, errlen, what);
    } else if (why) {
        if (b.i < nmoves)
            fail(err, errlen, "%s (while playing move %d '%s')", p->errmsg, b.i + 1, moves[b.i]);
        else fail(err, errlen, "%s", p->errmsg);
    }
    if (!b.ok) {
        pos_free(p);
        if (played) played_clear(played);
        return NULL;
    }
    return p;
}

/* The moves of a played list as an array of strings (pointing into it). */
static char **strings_of(const PlayedList *l)
{
    char **s = malloc(sizeof *s * (size_t)(l->n + 1));
    if (!s) oom("moves");
    for (int i = 0; i < l->n; i++) s[i] = l->m[i].s;
    return s;
}

/* After a runtime error inside p: the same game again from its start and moves. */
static void rebuild(WebGame *w)
{
    char **moves = strings_of(&w->hist);
    char err[512];
    PlayedList again = { 0 };
    /* a bound of its own: the request that failed may have spent its own, and a rebuild that
     * does not end in time loses the game's moves */
    Pos *p = build(w->g, clock_now() + WEB_REQUEST_SECONDS, w->start, moves, w->hist.n, &again,
                   err, sizeof err);
    free(moves);
    if (!p) {
        /* the same moves were played before: this cannot fail unless the rules code is not
         * deterministic; start the game again rather than keep a broken position */
        fprintf(stderr, "boardvm: cannot rebuild the game (%s); starting again\n", err);
        played_clear(&w->hist);
        p = build(w->g, clock_now() + WEB_REQUEST_SECONDS, w->start, NULL, 0, NULL, err,
                  sizeof err);
        if (!p) { fprintf(stderr, "boardvm: %s\n", err); exit(1); }
    }
    played_clear(&again);
    free(again.m);
    pos_free(w->p);
    w->p = p;
    invalidate(w);
}

static int throw_dice(WebGame *w, char *err, size_t errlen);

/* Replace the game: g (owned from now on), start, moves; nothing changes on failure. */
static int replace(WebGame *w, Game *g, int nopts, char **opts, const char *start,
                   char **moves, int nmoves, char *err, size_t errlen)
{
    PlayedList played = { 0 };
    Pos *p = build(g, deadline_of(w), start, moves, nmoves, &played, err, errlen);
    if (!p) {
        free(played.m);
        if (g != w->g) game_free(g);
        return 0;
    }
    char *st = start && *start ? xstrdup(start, "the start") : NULL;
    if (opts != w->opts) {
        char **copy = calloc((size_t)nopts + 1, sizeof *copy);
        if (!copy) oom("options");
        for (int i = 0; i < nopts; i++) copy[i] = xstrdup(opts[i], "the options");
        for (int i = 0; i < w->nopts; i++) free(w->opts[i]);
        free(w->opts);
        w->opts = copy;
        w->nopts = nopts;
    }
    pos_free(w->p);
    if (g != w->g) {
        if (w->eng) engine_free(w->eng);
        w->eng = NULL;
        if (w->g) game_free(w->g);
        w->g = g;
        json_decref(w->game_j);
        w->game_j = NULL;
    } else if (w->eng) engine_clear(w->eng);
    w->p = p;
    free(w->start);
    w->start = st;
    played_clear(&w->hist);
    free(w->hist.m);
    w->hist = played;
    played_clear(&w->redo);
    json_decref(w->engine_j);
    w->engine_j = NULL;
    webclock_set(&w->clock, w->clock.base, w->clock.inc, g->nplayers);  /* (times back to base) */
    invalidate(w);
    /* (a game that starts with a throw of the dice: thrown now; should it fail, the state says
     * why, as for any position whose rules code fails) */
    char terr[512];
    throw_dice(w, terr, sizeof terr);
    return 1;
}

WebGame *webgame_open(const char *path, int nopts, char **opts, const char *fen,
                      char **moves, int nmoves)
{
    WebGame *w = calloc(1, sizeof *w);
    if (!w) oom("game");
    pthread_mutex_init(&w->think.mu, NULL);
    w->path = rules_find(path);          /* "chess" names the installed chess.rules */
    if (!w->path) {
        fprintf(stderr, "boardvm: cannot open %s: no such file, nor a game of that name in %s\n",
                path, rules_search_text());
        webgame_free(w);
        return NULL;
    }
    w->text = read_file(w->path, &w->len);
    char err[4096];
    Game *g = w->text ? compile(w, nopts, opts, err, sizeof err) : NULL;
    if (!g) {
        if (w->text) fprintf(stderr, "%s\n", err);
        webgame_free(w);
        return NULL;
    }
    if (!replace(w, g, nopts, opts, fen, moves, nmoves, err, sizeof err)) {
        fprintf(stderr, "boardvm: %s\n", err);
        webgame_free(w);
        return NULL;
    }
    return w;
}

void webgame_free(WebGame *w)
{
    if (!w) return;
    if (w->think.running) {
        webgame_think_stop(w);
        char err[512];
        webgame_think_finish(w, 1, err, sizeof err);
    }
    pthread_mutex_destroy(&w->think.mu);
    json_decref(w->engine_j);
    json_decref(w->state_j);
    json_decref(w->game_j);
    played_clear(&w->hist); free(w->hist.m);
    played_clear(&w->redo); free(w->redo.m);
    if (w->p) pos_free(w->p);
    if (w->eng) engine_free(w->eng);
    if (w->g) game_free(w->g);
    for (int i = 0; i < w->nopts; i++) free(w->opts[i]);
    free(w->opts);
    free(w->start); free(w->text); free(w->path);
    free(w);
}

int webgame_new(WebGame *w, int nopts, char **opts, const char *fen, char **moves, int nmoves,
                char *err, size_t errlen)
{
    NOT_WHILE_THINKING(w, err, errlen);
    Game *g = w->g;
    if (opts) {
        g = compile(w, nopts, opts, err, errlen);
        if (!g) return 0;
    } else {
        nopts = w->nopts;
        opts = w->opts;
    }
    return replace(w, g, nopts, opts, fen && *fen ? fen : NULL, moves, nmoves, err, errlen);
}

/* Making a named move (under protected_run: its hooks run rules code). */
typedef struct {
    const char *s; int from, to, thrower; char name[MOVE_STR_MAX], san[SAN_MAX];
    char *err; size_t errlen; int ok;
} Play;

static void play_run(Pos *p, void *ctx)
{
    Play *m = ctx;
    m->ok = make_named(p, m->s, &m->from, &m->to, &m->thrower, m->name, m->san, m->err,
                       m->errlen);
}

/* Make the move named s and record it. After a runtime error the game is rebuilt (its
 * position may be half made). */
static int play(WebGame *w, const char *s, char *err, size_t errlen)
{
    Play m = { .s = s, .from = -1, .to = -1, .err = err, .errlen = errlen };
    switch (bounded_run(w, play_run, &m)) {
    case 1:
        fail(err, errlen, "%s", w->p->errmsg);
        rebuild(w);
        return 0;
    case 2: return too_long(err, errlen, "finding and making the move");
    }
    if (!m.ok) return 0;
    played_push(&w->hist, m.name, m.san, m.from, m.to, m.thrower);
    invalidate(w);
    return 1;
}

/* A throw of the dice: the outcome the k-th throw draws, each legal move as likely. */
typedef struct { uint64_t x; char name[MOVE_STR_MAX]; } Throw;

static void throw_run(Pos *p, void *ctx)
{
    Throw *t = ctx;
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    t->name[0] = 0;
    if (!p->result && ml->n)
        move_string(p->g, ml, &ml->m[t->x % (uint64_t)ml->n], t->name, sizeof t->name);
}

/* A chance player's turn (dice) is played by the server at once, whoever plays the sides: the
 * page shows the throw (the state's "throw"). The outcomes are drawn from a generator counted
 * from the server's start, so a server gives the same throws in the same order. */
static int throw_dice(WebGame *w, char *err, size_t errlen)
{
    for (int k = 0; k < 64 && pos_chance_turn(w->p); k++) {
        Throw t = { mix64(++w->throws * 0x9e3779b97f4a7c15ull), "" };
        switch (bounded_run(w, throw_run, &t)) {
        case 1:
            fail(err, errlen, "%s", w->p->errmsg);
            rebuild(w);
            return 0;
        case 2: return too_long(err, errlen, "throwing the dice");
        }
        if (!t.name[0] || !play(w, t.name, err, errlen)) return !t.name[0];
    }
    return 1;
}

/* Refused when a flag has fallen, now included (a move, the engine's too, that comes after its
 * player's time ran out does not count): the game is over on the clock. */
static int flag_fell(WebGame *w, char *err, size_t errlen)
{
    if (webclock_check(&w->clock, clock_now())) {
        w->flag_unseen = 1;          /* (webgame_clock_tick tells the server: every tab sees it) */
        invalidate(w);
    }
    if (w->clock.flagged < 0) return 0;
    fail(err, errlen, "the game is over: %s's time ran out", w->g->player_name[w->clock.flagged]);
    return 1;
}

int webgame_move(WebGame *w, const char *move, char *err, size_t errlen)
{
    NOT_WHILE_THINKING(w, err, errlen);
    if (flag_fell(w, err, errlen)) return 0;
    int mover = pos_turn(w->p);
    if (!play(w, move, err, errlen)) return 0;
    webclock_moved(&w->clock, mover, pos_turn(w->p), clock_now());
    /* a move of one's own ends the redo list unless it is the move the list had next (the
     * move as played: its string, whichever way it was written) */
    const char *made = w->hist.m[w->hist.n - 1].s;
    if (w->redo.n && !strcmp(w->redo.m[w->redo.n - 1].s, made))
        played_free(&w->redo.m[--w->redo.n]);
    else played_clear(&w->redo);
    return throw_dice(w, err, errlen);
}

json_t *webgame_preview(WebGame *w, const char *move, char *err, size_t errlen)
{
    if (w->think.running) {
        fail(err, errlen, "the engine is thinking (wait, or stop it)");
        return NULL;
    }
    json_t *kept = w->state_j ? json_incref(w->state_j) : NULL;   /* the state, as it will be */
    if (!play(w, move, err, errlen)) { json_decref(kept); return NULL; }
    json_t *j = position_json(w->p);
    Played m = w->hist.m[--w->hist.n];
    pos_unmake(w->p);
    played_free(&m);
    invalidate(w);
    w->state_j = kept;
    return j;
}

int webgame_undo(WebGame *w, char *err, size_t errlen)
{
    NOT_WHILE_THINKING(w, err, errlen);
    if (!w->hist.n) return fail(err, errlen, "no move to take back");
    /* a move, and the throws before it: the server would throw again at once */
    do {
        Played m = w->hist.m[--w->hist.n];
        pos_unmake(w->p);
        played_push(&w->redo, m.s, m.san, m.from, m.to, m.thrower);
        played_free(&m);
    } while (w->hist.n && pos_chance_turn(w->p));
    webclock_switch(&w->clock, pos_turn(w->p), clock_now());   /* (no time is given back) */
    invalidate(w);
    return 1;
}

int webgame_redo(WebGame *w, char *err, size_t errlen)
{
    NOT_WHILE_THINKING(w, err, errlen);
    if (!w->redo.n) return fail(err, errlen, "no move to play again");
    char *s = xstrdup(w->redo.m[w->redo.n - 1].s, "a move");
    int ok = webgame_move(w, s, err, errlen);
    free(s);
    return ok;
}

/* The progress lines of the search (lim.info), kept one at a time for the page. */
static ssize_t info_write(void *cookie, const char *buf, size_t n)
{
    Think *t = cookie;
    for (size_t i = 0; i < n; i++) {
        if (buf[i] == '\n') {
            pthread_mutex_lock(&t->mu);
            memcpy(t->info, t->line, t->nline);
            t->info[t->nline] = 0;
            pthread_mutex_unlock(&t->mu);
            t->nline = 0;
        } else if (t->nline < sizeof t->line - 1) t->line[t->nline++] = buf[i];
    }
    return (ssize_t)n;
}

/* The search, in the engine's thread (under protected_run: it runs rules code). */
static void think_run(Pos *p, void *arg)
{
    WebGame *w = arg;
    engine_search(w->eng, p, &w->think.lim, &w->think.res);
}

/* The search's own time limit is read at its nodes; the moves of the root are generated before
 * the first node, and a position's moves may take minutes (up to its work bound). The whole
 * search therefore runs under a deadline as well, its time plus ENGINE_GRACE: past it, the
 * VM jumps out of the generation and the search ends without a move. */
#define ENGINE_GRACE 0.25

static void think_bounded(Pos *p, void *arg)
{
    WebGame *w = arg;
    Think *t = &w->think;
    /* with no time limit, a deadline that never comes: it is what lets Stop (engine_stop's
     * flag, read by the VM where it reads the clock) end a long root generation too */
    double deadline = t->lim.time > 0 ? t->start + t->lim.time + ENGINE_GRACE : t->start + 1e9;
    t->late = search_run_until(p, deadline, think_run, w);
}

static void *think_main(void *arg)
{
    WebGame *w = arg;
    Think *t = &w->think;
    t->late = 0;
    vm_set_halt(w->p, engine_halt_flag(w->eng));
    int failed = protected_run(w->p, think_bounded, w);
    vm_set_halt(w->p, NULL);
    if (failed) {
        t->failed = 1;
        snprintf(t->err, sizeof t->err, "%s", w->p->errmsg);
    } else if (t->late && engine_halted(w->eng)) {
        t->failed = 2;
        snprintf(t->err, sizeof t->err, "stopped before the engine had a move (generating the "
                 "moves of this position takes longer)");
    } else if (t->late) {
        t->failed = 2;
        snprintf(t->err, sizeof t->err, "the engine's time (%g s) ran out before it had a move "
                 "(generating the moves of this position takes longer)", t->lim.time);
    }
    fflush(t->infof);
    __atomic_store_n(&t->done, 1, __ATOMIC_RELEASE);
    return NULL;
}

int webgame_think_start(WebGame *w, const SearchLimits *lim, char *err, size_t errlen)
{
    NOT_WHILE_THINKING(w, err, errlen);
    Think *t = &w->think;
    /* the state as it is now: what the page is shown while the worker has the position */
    json_t *st = webgame_state(w);
    const char *no_moves = json_string_value(json_object_get(st, "error"));
    int over = !json_is_null(json_object_get(st, "result")) ||
               !json_array_size(json_object_get(st, "moves"));
    if (no_moves) fail(err, errlen, "%s", no_moves);
    json_decref(st);
    if (no_moves) return 0;
    if (over) return fail(err, errlen, "the game is over");
    if (flag_fell(w, err, errlen)) return 0;
    if (!w->eng) w->eng = engine_new(w->g, 32);
    static const cookie_io_functions_t io = { NULL, info_write, NULL, NULL };
    t->infof = fopencookie(t, "w", io);
    if (!t->infof) oom("engine progress");
    t->lim = *lim;
    t->lim.info = t->infof;
    t->lim.xboard_post = 0;
    memset(&t->res, 0, sizeof t->res);
    t->res.best = -1;
    t->failed = 0;
    t->nline = 0;
    t->info[0] = 0;
    t->start = clock_now();
    __atomic_store_n(&t->done, 0, __ATOMIC_RELEASE);
    if (pthread_create(&t->th, NULL, think_main, w)) {
        fclose(t->infof);
        return fail(err, errlen, "cannot start the engine's thread");
    }
    __atomic_store_n(&t->running, 1, __ATOMIC_RELEASE);
    return 1;
}

int webgame_thinking(WebGame *w) { return __atomic_load_n(&w->think.running, __ATOMIC_ACQUIRE); }

void webgame_think_wait(WebGame *w)
{
    const struct timespec tick = { 0, 5000000 };     /* 5 ms: no answer waits on it much */
    while (__atomic_load_n(&w->think.running, __ATOMIC_ACQUIRE) &&
           !__atomic_load_n(&w->think.done, __ATOMIC_ACQUIRE))
        nanosleep(&tick, NULL);
}

void webgame_think_stop(WebGame *w)
{
    if (w->think.running && w->eng) engine_stop(w->eng);
}

int webgame_think_finish(WebGame *w, int wait, char *err, size_t errlen)
{
    Think *t = &w->think;
    if (!t->running) return -1;
    if (!wait && !__atomic_load_n(&t->done, __ATOMIC_ACQUIRE)) return -1;
    pthread_join(t->th, NULL);
    __atomic_store_n(&t->running, 0, __ATOMIC_RELEASE);
    fclose(t->infof);
    t->infof = NULL;
    json_decref(w->engine_j);
    w->engine_j = NULL;
    if (t->failed) {
        if (t->failed == 1) rebuild(w);     /* (after the deadline, p was taken back) */
        fail(err, errlen, "%s", t->err);
    } else if (t->res.best < 0) fail(err, errlen, "the engine found no move");
    else {
        char move[sizeof t->res.best_str];
        snprintf(move, sizeof move, "%s", t->res.best_str);
        if (webgame_move(w, move, err, errlen)) {
            w->engine_j = json_pack("{s:o, s:i, s:i, s:I, s:f, s:o}", "move", json_text(move),
                                    "score", t->res.score, "depth", t->res.depth,
                                    "nodes", (json_int_t)t->res.nodes, "seconds", t->res.seconds,
                                    "pv", json_text(t->res.pv));
            invalidate(w);
            return 1;
        }
    }
    /* no move made: the position and its moves are as the cached state has them (a rebuild
     * dropped the cache itself), and the engine's error is added to each answer of the state;
     * generating the moves again could take as long as the search's failure did */
    w->engine_j = json_pack("{s:o}", "error", json_text(err));
    return 0;
}

int webgame_engine(WebGame *w, const SearchLimits *lim, SearchResult *res, char *err, size_t errlen)
{
    if (!webgame_think_start(w, lim, err, errlen)) return 0;
    int ok = webgame_think_finish(w, 1, err, errlen);
    *res = w->think.res;
    return ok == 1;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

char *webgame_record(WebGame *w)
{
    if (w->think.running) return NULL;
    char *text = NULL; size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) oom("record");
    /* the options as one string, however long (a fixed buffer cut them silently) */
    char *opts = NULL; size_t olen = 0;
    FILE *of = open_memstream(&opts, &olen);
    if (!of) oom("record");
    for (int i = 0; i < w->nopts; i++) fprintf(of, "%s%s", i ? " " : "", w->opts[i]);
    fclose(of);
    char **moves = strings_of(&w->hist);
    const Pos *p = w->p;
    int flag = w->clock.flagged;
    GameRecord r = { w->g, "boardvm serve", 0, base_name(w->path), opts,
                     w->start ? w->start : w->g->start, { 0 }, moves, w->hist.n,
                     flag >= 0 ? record_result_string(w->g, RESULT_LOSS, flag)
                               : record_result_string(w->g, p->result, pos_turn(p)),
                     flag >= 0 ? "time forfeit"
                     : p->result && p->result_reason ? w->g->strings[p->result_reason - 1] : "" };
    for (int i = 0; i < w->g->nplayers; i++) r.player[i] = "?";
    record_write(f, &r);
    fclose(f);
    free(moves);
    free(opts);
    return text;
}

int webgame_load_record(WebGame *w, const char *text, char *err, size_t errlen)
{
    NOT_WHILE_THINKING(w, err, errlen);
    char *pos = NULL, **moves = NULL; int n = 0;
    char e[256];
    if (!record_read(text, &pos, &moves, &n, e, sizeof e))
        return fail(err, errlen, "bad game record: %s", e);
    int ok = webgame_new(w, 0, NULL, pos, moves, n, err, errlen);
    for (int i = 0; i < n; i++) free(moves[i]);
    free(moves); free(pos);
    return ok;
}

const char *webgame_source(const WebGame *w, size_t *len, const char **path)
{
    *len = w->len;
    *path = w->path;
    return w->text;
}

json_t *webgame_game(WebGame *w)
{
    if (!w->game_j) w->game_j = game_json(w->g);
    return w->game_j;
}

static json_t *played_json(const PlayedList *l, int reversed)
{
    json_t *a = json_array();
    for (int k = 0; k < l->n; k++) {
        const Played *m = &l->m[reversed ? l->n - 1 - k : k];
        json_array_append_new(a, json_pack("{s:o, s:o, s:i, s:i}", "s", json_text(m->s),
                                           "san", json_text(m->san), "from", m->from, "to", m->to));
        if (m->thrower >= 0)        /* a throw of the dice: who threw */
            json_object_set_new(json_array_get(a, json_array_size(a) - 1), "thrower",
                                json_integer(m->thrower));
    }
    return a;
}

/* ---------- the clocks ---------- */

/* {"base", "inc", "left": [seconds...], "running": player or -1, "flagged": player or -1}, the
 * times as of now; null when no time control is set. */
static json_t *clock_json(const WebGame *w)
{
    const WebClock *c = &w->clock;
    if (!c->base) return json_null();
    double now = clock_now();
    json_t *left = json_array();
    for (int i = 0; i < c->nplayers; i++)
        json_array_append_new(left, json_real(webclock_left(c, i, now)));
    return json_pack("{s:f, s:f, s:o, s:i, s:i}", "base", c->base, "inc", c->inc, "left", left,
                     "running", c->running, "flagged", c->flagged);
}

/* The result of a flag's fall, as result_json has results: of two players the other wins
 * ("White wins on time"); of more, the one whose time ran out loses. */
static json_t *flag_result(const WebGame *w)
{
    const Game *g = w->g;
    int loser = w->clock.flagged, two = g->nplayers == 2;
    int who = two ? 1 - loser : loser;
    json_t *r = json_pack("{s:s, s:o, s:s, s:s, s:o, s:b}", "code",
                          record_result_string(g, RESULT_LOSS, loser), "player",
                          json_text(g->player_name[who]), "outcome", two ? "wins" : "loses",
                          "reason", "on time", "flag", json_text(g->player_name[loser]),
                          "on_time", 1);
    if (!r) oom("state");
    return r;
}

void webgame_clock(WebGame *w, double base, double inc)
{
    webclock_set(&w->clock, base, inc, w->g->nplayers);
    invalidate(w);
}

int webgame_clock_tick(WebGame *w)
{
    int unseen = w->flag_unseen;
    w->flag_unseen = 0;
    if (!webclock_check(&w->clock, clock_now())) return unseen;
    invalidate(w);
    return 1;
}

double webgame_clock_budget(WebGame *w)
{
    if (!w->clock.base) return 0;
    double t = webclock_budget(&w->clock, pos_turn(w->p), clock_now());
    return t > 0.01 ? t : 0.01;
}

/* A new reference: the cached state, with what the engine is doing or last found. */
static json_t *state_with_engine(WebGame *w)
{
    json_t *s = json_copy(w->state_j);    /* shallow: the cache stays as it is */
    if (!s) oom("state");
    if (w->engine_j) json_object_set(s, "engine", w->engine_j);
    json_object_set_new(s, "clock", clock_json(w));
    if (w->clock.flagged >= 0) {
        /* the game is over on the clock: no move is offered, and the result says who won */
        json_object_set_new(s, "result", flag_result(w));
        json_object_set_new(s, "moves", json_array());
    }
    if (w->think.running) {
        char info[sizeof w->think.info];
        pthread_mutex_lock(&w->think.mu);
        memcpy(info, w->think.info, sizeof info);
        pthread_mutex_unlock(&w->think.mu);
        json_object_set_new(s, "thinking", json_pack("{s:o}", "info", json_text(info)));
    }
    return s;
}

/* What the page shows of the position and its legal moves (under protected_run: generating
 * them runs rules code). */
typedef struct { json_t *s; MoveList *ml; } StateRun;

static void state_run(Pos *p, void *ctx)
{
    StateRun *r = ctx;
    r->s = position_json(p);
    r->ml = pos_list(p, 0);
    node_moves(p, r->ml);
}

json_t *webgame_state(WebGame *w)
{
    if (w->state_j) return state_with_engine(w);
    Pos *p = w->p;
    StateRun r = { NULL, NULL };
    int why = bounded_run(w, state_run, &r);
    if (why) {
        /* the rules code failed on this position, or took too long: say so, offer no move (a
         * runtime error's answer is kept; after the deadline the next request tries again,
         * under its own bound: this one may have spent its time on something else) */
        char err[1024];
        if (why == 2) too_long(err, sizeof err, "generating the moves of this position");
        else snprintf(err, sizeof err, "%s", p->errmsg);
        json_decref(r.s);
        json_t *s = json_pack("{s:o, s:[], s:[]}", "error", json_text(err), "moves", "board");
        if (why == 2) return s;
        rebuild(w);
        w->state_j = s;
        return state_with_engine(w);
    }
    json_t *s = r.s;
    MoveList *ml = r.ml;
    json_object_set_new(s, "moves", moves_json(w->g, ml));
    json_object_set_new(s, "result", result_json(p));
    json_object_set_new(s, "history", played_json(&w->hist, 0));
    /* the last throw of the dice, shown beside the board: who threw, and what */
    for (int k = w->hist.n - 1; k >= 0; k--)
        if (w->hist.m[k].thrower >= 0) {
            json_object_set_new(s, "throw", json_pack("{s:o, s:o}", "player",
                                json_text(w->g->player_name[w->hist.m[k].thrower]), "outcome",
                                json_text(w->hist.m[k].s)));
            break;
        }
    json_object_set_new(s, "redo", played_json(&w->redo, 1));   /* the next move to redo first */
    json_t *opts = json_array();
    for (int i = 0; i < w->nopts; i++) json_array_append_new(opts, json_text(w->opts[i]));
    json_object_set_new(s, "options", opts);
    json_object_set_new(s, "start", w->start ? json_text(w->start) : json_null());
    if (p->result) webclock_stop(&w->clock, clock_now());   /* the game ended on the board */
    w->state_j = s;
    return state_with_engine(w);
}
