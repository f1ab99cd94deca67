/* uci.c - `boardvm uci FILE`: the engine speaks the Universal Chess Interface on standard input
 * and output, for any rules file, so that UCI GUIs and match runners (cutechess-cli, python-chess's
 * chess.engine, lichess-bot, `boardvm match --engine`) can play it.
 *
 * The search runs in a thread of its own while this one reads commands: `stop`, `isready`,
 * `ponderhit` and `quit` are answered during a search (a search checks its stop request at every
 * node and inside long move generations). Moves are written as uci_moves.h says: UCI's from-to
 * form, else boardvm's own string. A position is `startpos` or boardvm's position string (for
 * chess: FEN; in a game of two players the turn may also be w or b, as match runners write
 * it). The rules file's options are UCI options; setting one reloads the game.
 * docs/uci-san.md describes the whole protocol as boardvm speaks it. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include "commands.h"
#include "make.h"
#include "movegen.h"
#include "notation.h"
#include "oom.h"
#include "perft.h"
#include "posstring.h"
#include "protect.h"
#include "search.h"
#include "session.h"
#include "uci_moves.h"
#include "san.h"
#include "uci_input.h"
#include "variant_names.h"

#define UCI_HASH_MB 64
#define UCI_MAX_HASH 4096
#define UCI_MAX_THREADS 64
#define UCI_MAX_SECONDS (7 * 24 * 3600.0)     /* a week bounds every clock value (as xboard) */

typedef struct {
    const char *rules;            /* the rules file as named on the command line */
    int nopts; char **opts;       /* the game's options, "name=value" (malloc'ed) */
    Game *g;
    Pos *p;
    Engine *eng;
    EngineNotation n;
    int hash_mb, threads;
    /* the search in progress */
    pthread_t thread;
    int searching;                /* a thread runs or has finished without its bestmove sent */
    int wait_stop;                /* infinite or ponder: bestmove only after stop or ponderhit */
    int done;                     /* the thread has finished (done_pipe written) */
    int stopping;                 /* stop asked: asked again until the thread ends, for a stop
                                     may come before engine_search() clears the last request */
    int failed;                   /* a runtime error of the rules code (message in errmsg) */
    char errmsg[sizeof ((Pos *)0)->errmsg];
    double ponder_time;           /* ponder: seconds to think after ponderhit */
    double stop_at;               /* monotonic time at which to stop (0: none) */
    SearchLimits lim;
    SearchResult res;
    int done_pipe[2];
    pthread_mutex_t out;          /* one writer of stdout at a time */
} Uci;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void say(Uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(Uci *u, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&u->out);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
    pthread_mutex_unlock(&u->out);
}

/* ---------------------------------------------------------------- the game ---- */

/* A position string read under protected_run (it runs the turn-start hook). */
typedef struct { const char *str; char err[256]; int ok; } ReadPos;

static void read_pos(Pos *p, void *ctx)
{
    ReadPos *r = ctx;
    r->ok = pos_from_string(p, r->str, r->err, sizeof r->err);
}

/* The game's start in u->p; 0 after a runtime error (said). */
static int start_position(Uci *u)
{
    pos_free(u->p);
    u->p = pos_new(u->g);
    ReadPos r = { u->g->start, "", 0 };
    if (protected_run(u->p, read_pos, &r) || !r.ok) {
        say(u, "info string error: the start position: %s", r.ok ? u->p->errmsg : r.err);
        return 0;
    }
    return 1;
}

/* (Re)load the game with u->opts; 0 when it does not compile (its errors on stderr, said). */
static int load(Uci *u)
{
    int status;
    Game *g = load_game(u->rules, NULL, u->nopts, u->opts, &status);
    if (!g) return 0;
    pos_free(u->p); u->p = NULL;
    if (u->eng) engine_free(u->eng);
    if (u->g) game_free(u->g);
    u->g = g;
    u->eng = engine_new(g, u->hash_mb);
    return start_position(u);
}

/* ---------------------------------------------------------------- options ---- */

static void announce_options(Uci *u)
{
    const Game *g = u->g;
    say(u, "option name Hash type spin default %d min 1 max %d", UCI_HASH_MB, UCI_MAX_HASH);
    say(u, "option name Threads type spin default 1 min 1 max %d", UCI_MAX_THREADS);
    say(u, "option name Ponder type check default false");
    /* The game's name as a variant, the only value (as Fairy-Stockfish lists its variants), so
     * that a match runner finds the game by name: `boardvm match FILE --engine "boardvm uci
     * FILE"`. Plain chess has none: a UCI engine plays it untold. */
    char name[64];
    if (game_variant_name(g, name))
        say(u, "option name UCI_Variant type combo default %s var %s", name, name);
    for (int i = 0; i < g->noptions; i++) {
        const Option *o = &g->options[i];
        if (!o->nvalues) {
            say(u, "option name %s type check default %s", o->name, o->value ? "true" : "false");
            continue;
        }
        char vars[2048];
        size_t k = 0;
        for (int v = 0; v < o->nvalues && k < sizeof vars; v++)
            k += (size_t)snprintf(vars + k, sizeof vars - k, " var %s", o->values[v]);
        say(u, "option name %s type combo default %s%s", o->name, o->values[o->value], vars);
    }
}

/* The game's option "name=value" replaced or added in u->opts. */
static void set_game_option(Uci *u, const char *name, const char *value)
{
    size_t len = strlen(name) + strlen(value) + 2;
    char *s = xmalloc(len, "a game option");
    snprintf(s, len, "%s=%s", name, value);
    for (int i = 0; i < u->nopts; i++) {
        size_t nl = strcspn(u->opts[i], "=");
        if (nl == strlen(name) && !strncmp(u->opts[i], name, nl)) {
            free(u->opts[i]); u->opts[i] = s;
            return;
        }
    }
    u->opts = realloc(u->opts, sizeof *u->opts * (size_t)(u->nopts + 1));
    if (!u->opts) out_of_memory("the game's options");
    u->opts[u->nopts++] = s;
}

static int spin_value(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < lo || v > hi) return 0;
    *out = (int)v;
    return 1;
}

/* setoption name NAME [value VALUE] */
static void setoption(Uci *u, char *arg)
{
    if (strncmp(arg, "name ", 5)) {
        say(u, "info string error: setoption takes 'name NAME [value VALUE]': setoption %s", arg);
        return;
    }
    char *name = arg + 5, *value = strstr(name, " value ");
    if (value) { *value = 0; value += 7; } else value = "";
    uci_trim(name); uci_trim(value);
    if (!strcasecmp(name, "Hash")) {
        if (!spin_value(value, 1, UCI_MAX_HASH, &u->hash_mb))
            say(u, "info string error: Hash must be 1 to %d (MB): %s", UCI_MAX_HASH, value);
        else { engine_free(u->eng); u->eng = engine_new(u->g, u->hash_mb); }
        return;
    }
    if (!strcasecmp(name, "Threads")) {
        if (!spin_value(value, 1, UCI_MAX_THREADS, &u->threads))
            say(u, "info string error: Threads must be 1 to %d: %s", UCI_MAX_THREADS, value);
        return;
    }
    if (!strcasecmp(name, "Ponder") || !strcasecmp(name, "UCI_AnalyseMode")) return;
    if (!strcasecmp(name, "UCI_Variant")) {             /* the game's own name: nothing to do */
        char own[64];
        const char *v = game_variant_name(u->g, own);
        if (!v ? strcasecmp(value, "chess") && strcasecmp(value, "normal") : strcasecmp(value, v))
            say(u, "info string error: this engine plays only %s (%s), not the variant '%s'",
                v ? v : "chess", u->g->name, value);
        return;
    }
    for (int i = 0; i < u->g->noptions; i++) {
        const Option *o = &u->g->options[i];
        if (strcasecmp(o->name, name)) continue;
        const char *v = value;
        if (!o->nvalues) {
            if (strcmp(value, "true") && strcmp(value, "false")) {
                say(u, "info string error: %s is true or false: %s", o->name, value);
                return;
            }
            v = !strcmp(value, "true") ? "1" : "0";
        }
        char **old = xmalloc(sizeof *old * (size_t)(u->nopts + 1), "the game's options");
        for (int k = 0; k < u->nopts; k++) old[k] = xstrdup(u->opts[k], "a game option");
        int nold = u->nopts;
        set_game_option(u, o->name, v);
        if (!load(u)) {                         /* a value the game refuses: keep the old ones */
            say(u, "info string error: the game refuses %s=%s (see stderr)", name, value);
            for (int k = 0; k < u->nopts; k++) free(u->opts[k]);
            free(u->opts);
            u->opts = old; u->nopts = nold;
            load(u);
        } else {
            for (int k = 0; k < nold; k++) free(old[k]);
            free(old);
        }
        return;
    }
    say(u, "info string error: no option named '%s' (the options are listed after 'uci')", name);
}

/* ---------------------------------------------------------------- position ---- */

/* Play the moves of `position ... moves ...` (under protected_run). */
typedef struct { Uci *u; char *moves; int bad; } PlayMoves;

static void play_moves(Pos *p, void *ctx)
{
    PlayMoves *pm = ctx;
    Uci *u = pm->u;
    char *save = NULL;
    int number = 0;
    for (char *s = strtok_r(pm->moves, " \t", &save); s; s = strtok_r(NULL, " \t", &save)) {
        number++;
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        int other, k = uci_move_find(&u->n, u->g, ml, s, &other);
        if (k == -1) {                         /* SAN, for people typing */
            k = san_find(p, ml, s, &other);
            if (other >= 0) k = -2;
        }
        if (k < 0) {
            char b[MOVE_STR_MAX] = "";
            if (k == -2) move_string(u->g, ml, &ml->m[other], b, sizeof b);
            if (p->result)
                say(u, "info string error: move %d '%s': the game is over; the position is "
                    "the one before it", number, s);
            else if (k == -2)
                say(u, "info string error: move %d '%s' names two legal moves (such as %s): "
                    "write it as boardvm does (boardvm moves); the position is the one before "
                    "it", number, s, b);
            else
                say(u, "info string error: move %d '%s' is not a legal move here; the position "
                    "is the one before it", number, s);
            pm->bad = 1;
            return;
        }
        pos_make(p, ml, &ml->m[k]);
    }
}

/* A FEN as match runners write one for a game of two players whose position string names the
 * sides otherwise ("walgblaw/... w" for Nemoroth's "... a": engine_notation.c's notation_fen,
 * which `boardvm match --engine` sends): the same string with the turn field's w or b put back
 * as the first or second player's letter; NULL when it has no such field. Freed by the caller. */
static char *own_turn_letters(const Game *g, const char *fen)
{
    if (g->nplayers != 2) return NULL;
    int turn = 1;                                     /* the default fields: board turn [hands] */
    if (g->nfields) {
        turn = -1;
        for (int i = 0; i < g->nfields; i++) if (!strcmp(g->fields[i], "turn")) turn = i;
        if (turn < 0) return NULL;
    }
    size_t len = strlen(fen);
    size_t cap = len + strlen(g->player_letter[0]) + strlen(g->player_letter[1]) + 2;
    char *out = xmalloc(cap, "a position"), *copy = xstrdup(fen, "a position"), *save = NULL;
    size_t o = 0;
    int k = 0, mapped = 0;
    for (char *f = strtok_r(copy, " ", &save); f; f = strtok_r(NULL, " ", &save), k++) {
        const char *w = f;
        if (k == turn && (!strcmp(f, "w") || !strcmp(f, "b"))) {
            w = g->player_letter[*f == 'w' ? 0 : 1];
            mapped = 1;
        }
        o += (size_t)snprintf(out + o, cap - o, "%s%s", k ? " " : "", w);
        if (o >= cap) break;
    }
    free(copy);
    if (!mapped || o >= cap) { free(out); return NULL; }
    return out;
}

/* position startpos|fen STRING [moves MOVE...] */
static void position(Uci *u, char *arg)
{
    char *moves = strstr(arg, " moves ");
    char *tail = NULL;
    if (moves) { *moves = 0; tail = moves + 7; }
    size_t al = strlen(arg);
    if (al >= 6 && !strcmp(arg + al - 6, " moves")) arg[al - 6] = 0;   /* "moves" and none */
    uci_trim(arg);
    const char *str;
    if (!strcmp(arg, "startpos")) str = u->g->start;
    else if (!strncmp(arg, "fen ", 4)) str = arg + 4;
    else {
        say(u, "info string error: position takes 'startpos' or 'fen STRING', then 'moves ...': "
            "position %s", arg);
        return;
    }
    Pos *p = pos_new(u->g);
    ReadPos r = { str, "", 0 };
    if (protected_run(p, read_pos, &r)) {
        say(u, "info string error: %s", p->errmsg);
        pos_free(p);
        return;
    }
    char *mapped = r.ok || str == u->g->start ? NULL : own_turn_letters(u->g, str);
    if (mapped) {                             /* the sides as w and b: read again, and say why */
        ReadPos again = { mapped, "", 0 };
        Pos *q = pos_new(u->g);
        if (!protected_run(q, read_pos, &again) && again.ok) {
            pos_free(p);
            p = q;
            r.ok = 1;
        } else pos_free(q);
        free(mapped);
    }
    if (!r.ok) {
        say(u, "info string error: not a position of %s: %s", u->g->name, r.err);
        pos_free(p);
        return;
    }
    pos_free(u->p);
    u->p = p;
    if (!tail) return;
    PlayMoves pm = { u, tail, 0 };
    if (protected_run(p, play_moves, &pm)) {
        say(u, "info string error: %s", p->errmsg);
        start_position(u);
    }
}

/* ---------------------------------------------------------------- the search ---- */

/* UCI's score: "cp N", or "mate N" (moves, negative when the side to move is mated). */
static void uci_score(int s, char *out, size_t len)
{
    if (s > SCORE_MATE - MAX_PLY) snprintf(out, len, "mate %d", (SCORE_MATE - s + 1) / 2);
    else if (s < -SCORE_MATE + MAX_PLY) snprintf(out, len, "mate -%d", (SCORE_MATE + s) / 2);
    else snprintf(out, len, "cp %d", s);
}

/* The search's principal variation (boardvm's strings) in the peer's notation, played on p and
 * taken back; it ends at the first move not found. */
static void pv_names(Uci *u, Pos *p, const char *pv, char *out, size_t len)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", pv);
    size_t o = 0;
    int made = 0;
    out[0] = 0;
    char *save = NULL;
    for (char *s = strtok_r(buf, " ", &save); s; s = strtok_r(NULL, " ", &save)) {
        MoveList *ml = pos_list(p, MAX_PLY - 1 - (made & 1));
        node_moves(p, ml);
        int k = move_find(u->g, ml, s);
        if (k < 0) break;
        char name[MOVE_STR_MAX];
        uci_move_name(&u->n, u->g, ml, k, name, sizeof name);
        int w = snprintf(out + o, len - o, "%s%s", o ? " " : "", name);
        if (w < 0 || (size_t)w >= len - o) break;
        o += (size_t)w;
        pos_make(p, ml, &ml->m[k]);
        made++;
    }
    while (made--) pos_unmake(p);
}

static void report(void *ctx, Pos *p, const SearchResult *r)
{
    Uci *u = ctx;
    char score[32], pv[2048];
    uci_score(r->score, score, sizeof score);
    pv_names(u, p, r->pv, pv, sizeof pv);
    double nps = r->seconds > 0 ? r->nodes / r->seconds : 0;
    say(u, "info depth %d score %s nodes %llu nps %.0f time %.0f pv %s", r->depth, score,
        (unsigned long long)r->nodes, nps, r->seconds * 1000, pv);
}

static void run_search(Pos *p, void *ctx)
{
    Uci *u = ctx;
    engine_search(u->eng, p, &u->lim, &u->res);
}

static void *search_thread(void *arg)
{
    Uci *u = arg;
    if (protected_run(u->p, run_search, u)) {
        u->failed = 1;
        snprintf(u->errmsg, sizeof u->errmsg, "%s", u->p->errmsg);
    }
    char c = 1;
    while (write(u->done_pipe[1], &c, 1) < 0 && errno == EINTR) {}
    return NULL;
}

/* The search has ended: its move (bestmove), in the notation of the root's legal moves. */
static void send_bestmove(Uci *u)
{
    u->searching = u->done = u->wait_stop = u->stopping = 0;
    u->stop_at = 0;
    if (u->failed) {
        say(u, "info string error: %s", u->errmsg);
        say(u, "bestmove (none)");
        return;
    }
    MoveList *ml = pos_list(u->p, 0);
    node_moves(u->p, ml);
    int k = move_find(u->g, ml, u->res.best_str);
    char name[MOVE_STR_MAX];
    if (k < 0) { say(u, "bestmove (none)"); return; }
    uci_move_name(&u->n, u->g, ml, k, name, sizeof name);
    say(u, "bestmove %s", name);
}

typedef struct {
    double wtime, btime, winc, binc;    /* seconds; < 0: not given */
    int movestogo, depth, infinite, ponder, perft;
    long long nodes;
    double movetime;
} Go;

/* The seconds to think with the clock: a share of what is left, and most of the increment. */
static double clock_share(const Go *go, int side)
{
    double left = side == 0 ? go->wtime : go->btime, inc = side == 0 ? go->winc : go->binc;
    if (left < 0) return 0;
    if (inc < 0) inc = 0;
    int moves = go->movestogo > 0 ? go->movestogo : 30;
    double t = left / (moves + 2) + inc * 0.8;
    if (t > left * 0.5) t = left * 0.5;
    return t < 0.01 ? 0.01 : t;
}

/* The value v of go's key, times scale, within [.., max] (range says it in words); 0 after a
 * message. A negative clock is 0: a clock past its flag. */
static int go_number(Uci *u, const char *key, const char *v, double scale, double max,
                     const char *range, double *out)
{
    char *end;
    double x = v ? strtod(v, &end) : 0;
    if (!v || end == v || *end || !(x == x) || x * scale > max) {
        say(u, "info string error: go %s takes %s: %s", key, range, v ? v : "(nothing)");
        return 0;
    }
    *out = x * scale;
    if (*out < 0) *out = 0;
    return 1;
}

/* Read go's parameters; 0 after a message. */
static int go_parse(Uci *u, char *arg, Go *go)
{
    memset(go, 0, sizeof *go);
    go->wtime = go->btime = go->winc = go->binc = -1;
    char *save = NULL;
    for (char *k = strtok_r(arg, " \t", &save); k; k = strtok_r(NULL, " \t", &save)) {
        double v;
        if (!strcmp(k, "infinite")) { go->infinite = 1; continue; }
        if (!strcmp(k, "ponder")) { go->ponder = 1; continue; }
        char *val = strtok_r(NULL, " \t", &save);
        if (!strcmp(k, "searchmoves")) {
            say(u, "info string error: go searchmoves is not supported: every move is searched");
            while (strtok_r(NULL, " \t", &save)) {}
            break;
        }
        double *slot = !strcmp(k, "wtime") ? &go->wtime : !strcmp(k, "btime") ? &go->btime
                     : !strcmp(k, "winc") ? &go->winc : !strcmp(k, "binc") ? &go->binc
                     : !strcmp(k, "movetime") ? &go->movetime : NULL;
        if (slot) {
            if (!go_number(u, k, val, 0.001, UCI_MAX_SECONDS, "milliseconds, at most a week",
                           slot))
                return 0;
            continue;
        }
        if (!strcmp(k, "depth") || !strcmp(k, "movestogo") || !strcmp(k, "perft") ||
            !strcmp(k, "mate")) {
            if (!go_number(u, k, val, 1, MAX_PLY - 8, "a number up to 120", &v)) return 0;
            if (v < 1 && strcmp(k, "movestogo")) {
                say(u, "info string error: go %s must be 1 or more", k);
                return 0;
            }
            if (!strcmp(k, "depth")) go->depth = (int)v;
            else if (!strcmp(k, "perft")) go->perft = (int)v;
            else if (!strcmp(k, "mate")) go->depth = 2 * (int)v;
            else go->movestogo = (int)v;
            continue;
        }
        if (!strcmp(k, "nodes")) {
            if (!go_number(u, k, val, 1, 1e15, "a count of nodes", &v)) return 0;
            go->nodes = (long long)v;
            if (!go->nodes) go->nodes = 1;
            continue;
        }
        say(u, "info string error: go does not take '%s' (depth, nodes, movetime, wtime, btime, "
            "winc, binc, movestogo, mate, infinite, ponder, perft N)", k);
        return 0;
    }
    return 1;
}

/* go perft N: the leaves under each legal move, then their sum (as Stockfish writes it). */
typedef struct { Uci *u; int depth; } PerftRun;

static void perft_run(Pos *p, void *ctx)
{
    PerftRun *r = ctx;
    Uci *u = r->u;
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    MoveList *copy = ml;                   /* perft lists plies from 1 on: ply 0's stays */
    uint64_t total = 0;
    int *order = xmalloc(sizeof *order * (size_t)(copy->n + 1), "the move list");
    move_sorted(u->g, copy, order);
    for (int i = 0; i < copy->n; i++) {
        const Move *m = &copy->m[order[i]];
        char name[MOVE_STR_MAX];
        uci_move_name(&u->n, u->g, copy, order[i], name, sizeof name);
        pos_make(p, copy, m);
        uint64_t c = r->depth > 1 ? perft(p, r->depth - 1, 1) : 1;
        pos_unmake(p);
        total += c;
        say(u, "%s: %llu", name, (unsigned long long)c);
    }
    free(order);
    say(u, "\nNodes searched: %llu\n", (unsigned long long)total);
}

static void go(Uci *u, char *arg)
{
    Go go;
    if (!go_parse(u, arg, &go)) return;
    if (go.perft) {
        PerftRun r = { u, go.perft };
        if (protected_run(u->p, perft_run, &r)) say(u, "info string error: %s", u->p->errmsg);
        return;
    }
    MoveList *ml = pos_list(u->p, 0);
    node_moves(u->p, ml);
    if (u->p->result || !ml->n) {
        say(u, "info string the game is over: %s", u->p->result_reason ?
            u->g->strings[u->p->result_reason - 1] : "no legal move");
        say(u, "bestmove (none)");
        return;
    }
    SearchLimits lim = { .depth = go.depth, .nodes = (uint64_t)go.nodes, .threads = u->threads,
                         .report = report, .report_ctx = u };
    double t = go.movetime > 0 ? go.movetime : clock_share(&go, pos_turn(u->p) ? 1 : 0);
    u->wait_stop = go.infinite || go.ponder;
    u->ponder_time = go.ponder ? t : 0;
    if (!u->wait_stop) lim.time = t;
    if (!go.depth && !go.nodes && !lim.time && !u->wait_stop) lim.depth = 0;   /* go alone */
    u->lim = lim;
    u->failed = 0; u->done = 0; u->stop_at = 0;
    memset(&u->res, 0, sizeof u->res);
    if (pthread_create(&u->thread, NULL, search_thread, u)) {
        say(u, "info string error: cannot start the search thread");
        say(u, "bestmove (none)");
        return;
    }
    u->searching = 1;
}

/* stop, or quit during a search: end it now; its bestmove comes when the thread is done. */
static void stop_search(Uci *u)
{
    engine_stop(u->eng);
    u->wait_stop = 0;
    u->stopping = 1;
}

/* `moves` (not UCI's): the legal moves, each as the peer's name and SAN, "e2e4:e4". */
static void list_run(Pos *p, void *ctx)
{
    Uci *u = ctx;
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    size_t cap = 64 + (size_t)ml->n * (MOVE_STR_MAX + SAN_MAX), o = 0;
    char *line = xmalloc(cap, "the move list");    /* freed below: nothing jumps past it */
    o += (size_t)snprintf(line, cap, "info string moves");
    for (int i = 0; i < ml->n; i++) {
        char name[MOVE_STR_MAX], san[SAN_MAX];
        uci_move_name(&u->n, u->g, ml, i, name, sizeof name);
        san_move(p, ml, i, san, sizeof san);
        o += (size_t)snprintf(line + o, cap - o, " %s:%s", name, san);
    }
    say(u, "%s", line);
    free(line);
}

static void legal_moves(Uci *u)
{
    if (protected_run(u->p, list_run, u)) say(u, "info string error: %s", u->p->errmsg);
}

/* ---------------------------------------------------------------- the session ---- */

/* One command line. 1 for quit. */
static int command(Uci *u, char *line)
{
    uci_trim(line);
    char *arg = line + strcspn(line, " \t");
    if (*arg) { *arg++ = 0; uci_trim(arg); }
    const char *cmd = line;
    if (!*cmd) return 0;
    if (!strcmp(cmd, "quit")) return 1;
    if (!strcmp(cmd, "isready")) { say(u, "readyok"); return 0; }
    if (!strcmp(cmd, "stop")) { if (u->searching) stop_search(u); return 0; }
    if (!strcmp(cmd, "ponderhit")) {
        if (u->searching && u->wait_stop && u->ponder_time > 0) {
            u->wait_stop = 0;
            u->stop_at = now_s() + u->ponder_time;
        }
        return 0;
    }
    if (!strcmp(cmd, "uci")) {
        say(u, "id name boardvm %s (%s)", PACKAGE_VERSION, u->g->name);
        say(u, "id author the boardvm authors");
        announce_options(u);
        say(u, "uciok");
        return 0;
    }
    if (!strcmp(cmd, "debug") || !strcmp(cmd, "register")) return 0;
    if (u->searching) {
        say(u, "info string error: '%s' during a search: send stop first", cmd);
        return 0;
    }
    if (!strcmp(cmd, "ucinewgame")) { engine_clear(u->eng); start_position(u); }
    else if (!strcmp(cmd, "setoption")) setoption(u, arg);
    else if (!strcmp(cmd, "position")) position(u, arg);
    else if (!strcmp(cmd, "go")) go(u, arg);
    else if (!strcmp(cmd, "moves")) legal_moves(u);
    else if (!strcmp(cmd, "d")) {
        char *s = pos_to_string(u->p);
        say(u, "info string position %s", s);
        free(s);
    } else say(u, "info string error: unknown command '%s'", cmd);
    return 0;
}

/* The search thread has finished: join it (its bestmove waits while wait_stop holds). */
static void search_finished(Uci *u)
{
    char c;
    while (read(u->done_pipe[0], &c, 1) < 0 && errno == EINTR) {}
    pthread_join(u->thread, NULL);
    u->done = 1;
}

/* Commands answered during a search; any other waits for the search to end (an infinite or
 * pondering search is stopped for it: nothing else would end it). */
static int immediate(const char *line)
{
    static const char *const names[] = { "stop", "quit", "isready", "ponderhit", "debug" };
    size_t n = strcspn(line, " \t");
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strlen(names[i]) == n && !strncmp(line, names[i], n)) return 1;
    return 0;
}

/* Commands until quit or the end of the input; a search in progress then ends first. */
static int session(Uci *u)
{
    UciInput in;
    char *held = NULL;                      /* a command waiting for the search to end */
    uci_input_init(&in, 0);
    for (;;) {
        char *line;
        int got;
        if (held && !u->searching) {
            int quit = command(u, held);
            free(held); held = NULL;
            if (quit) goto end;
        }
        while (!held && (got = uci_input_line(&in, &line)) != UCI_LINE_NONE) {
            if (got == UCI_LINE_TOO_LONG)
                say(u, "info string error: command too long (over %d characters): %.40s...",
                    UCI_LINE_MAX, line);
            else if (got == UCI_LINE_NUL)
                say(u, "info string error: command holds a NUL byte: %.40s", line);
            else if (u->searching && !immediate(line + strspn(line, " \t"))) {
                held = xstrdup(line, "a command");
                if (u->wait_stop) stop_search(u);
            } else if (command(u, line)) goto end;
            if (u->searching && u->done && !u->wait_stop) send_bestmove(u);
        }
        if (held && !u->searching) continue;
        if (in.eof && !held) {
            if (!u->searching) break;
            if (u->wait_stop) stop_search(u);  /* the input ended: nothing else would stop it */
        }
        struct pollfd fds[2] = { { u->done_pipe[0], POLLIN, 0 }, { 0, POLLIN, 0 } };
        int timeout = -1;
        if (u->stop_at > 0) {
            double left = u->stop_at - now_s();
            timeout = left <= 0 ? 0 : (int)(left * 1000) + 1;
        }
        if (u->stopping && !u->done) { engine_stop(u->eng); timeout = 10; }
        int waiting = u->searching && !u->done;
        int nfds = held || in.eof ? waiting : 2;
        struct pollfd *f = waiting ? fds : fds + 1;
        if (!waiting && nfds == 2) nfds = 1;
        int n = poll(f, (nfds_t)nfds, timeout);
        if (n < 0 && errno != EINTR) break;
        if (u->stop_at > 0 && now_s() >= u->stop_at) { engine_stop(u->eng); u->stop_at = 0; }
        if (n > 0 && waiting && (fds[0].revents & POLLIN)) search_finished(u);
        if (u->searching && u->done && !u->wait_stop) send_bestmove(u);
        if (n > 0 && nfds > waiting && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)))
            uci_input_fill(&in);
    }
end:
    free(held);
    if (u->searching) {                     /* quit: the search stops; its move is sent */
        stop_search(u);
        while (!u->done) {
            struct pollfd f = { u->done_pipe[0], POLLIN, 0 };
            if (poll(&f, 1, 10) > 0) search_finished(u);
            else engine_stop(u->eng);
        }
        send_bestmove(u);
    }
    return 0;
}

int cmd_uci(Args *a)
{
    Uci u = {0};
    u.rules = a->pos[1];
    u.hash_mb = UCI_HASH_MB;
    u.n.ranks_from = 1;
    u.threads = 1;
    u.opts = xmalloc(sizeof *u.opts * (size_t)(a->nopts + 1), "the game's options");
    for (int i = 0; i < a->nopts; i++) u.opts[u.nopts++] = xstrdup(a->opts[i], "a game option");
    int status = 0;
    if (pipe(u.done_pipe)) { perror("boardvm: uci"); return 2; }
    pthread_mutex_init(&u.out, NULL);
    status = load(&u) ? session(&u) : 1;
    pos_free(u.p);
    if (u.eng) engine_free(u.eng);
    if (u.g) game_free(u.g);
    for (int i = 0; i < u.nopts; i++) free(u.opts[i]);
    free(u.opts);
    close(u.done_pipe[0]); close(u.done_pipe[1]);
    pthread_mutex_destroy(&u.out);
    return status;
}
