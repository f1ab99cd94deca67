/* xboard.c - `boardvm xboard FILE`: the engine speaks the XBoard/CECP protocol (version 2) on
 * standard input and output, so a GUI such as XBoard can play any rectangular game against it.
 *
 * Moves cross the protocol in XBoard's coordinate form: from and to squares, a promotion as the
 * lower-case piece code appended (e7e8q), a drop as CODE@square. For FIDE chess the variant is
 * announced as "normal"; other games are announced with their board size and a `setup` line
 * carrying the piece codes and the start position, so the GUI can draw them. */
#include <ctype.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ast.h"
#include "commands.h"
#include "movegen.h"
#include "notation.h"
#include "posstring.h"
#include "search.h"
#include "session.h"

typedef struct {
    Game *g;
    Pos *p;
    Engine *eng;
    int force, engine_side, post;
    int sd;                        /* depth limit, 0 = none */
    double st;                     /* fixed seconds per move, 0 = use the clock */
    int mps, mps_left;             /* moves per time control (0 = whole game) */
    double inc, time_left;         /* seconds */
    int chess;                     /* the rules file is FIDE chess: variant "normal" */
    const char *rules_path;
} XB;

/* Our move string -> XBoard's: "e7e8=Q" -> "e7e8q". */
static void to_xboard(const char *ours, char *out, size_t len)
{
    const char *eq = strchr(ours, '=');
    if (!eq) { snprintf(out, len, "%s", ours); return; }
    size_t n = (size_t)(eq - ours);
    if (n >= len) n = len - 1;
    memcpy(out, ours, n);
    size_t k = n;
    for (const char *c = eq + 1; *c && k + 1 < len; c++) out[k++] = (char)tolower((unsigned char)*c);
    out[k] = 0;
}

/* Find the legal move that XBoard's string names. */
static int find_xboard_move(const Game *g, const MoveList *ml, const char *s)
{
    char buf[MOVE_STR_MAX], xb[MOVE_STR_MAX];
    for (int i = 0; i < ml->n; i++) {
        move_string(g, ml, &ml->m[i], buf, sizeof buf);
        to_xboard(buf, xb, sizeof xb);
        if (!strcmp(xb, s) || !strcmp(buf, s)) return i;
    }
    return -1;
}

static double think_time(const XB *x)
{
    if (x->st > 0) return x->st * 0.95;
    if (x->time_left <= 0) return 1.0;
    int moves = x->mps ? (x->mps_left > 0 ? x->mps_left : x->mps) : 30;
    double t = x->time_left / (moves + 2) + x->inc * 0.8;
    if (t > x->time_left * 0.5) t = x->time_left * 0.5;
    return t < 0.02 ? 0.02 : t;
}

static void announce_result(XB *x)
{
    const Game *g = x->g;
    Pos *p = x->p;
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    if (!p->result) return;
    const char *why = p->result_reason ? g->strings[p->result_reason - 1] : "game over";
    if (p->result == RESULT_DRAW) printf("1/2-1/2 {%s}\n", why);
    else {
        int winner = p->result == RESULT_WIN ? pos_turn(p) : (pos_turn(p) + 1) % g->nplayers;
        printf("%s {%s}\n", winner == 0 ? "1-0" : "0-1", why);
    }
}

static void engine_move(XB *x)
{
    const Game *g = x->g;
    Pos *p = x->p;
    MoveList *ml = pos_list(p, 0);
    node_moves(p, ml);
    if (p->result || ml->n == 0) { announce_result(x); return; }
    SearchLimits lim = { .depth = x->sd, .time = x->sd ? 0 : think_time(x), .info = x->post ? stdout : NULL,
                         .xboard_post = 1 };
    SearchResult r;
    engine_search(x->eng, p, &lim, &r);
    ml = pos_list(p, 0);
    node_moves(p, ml);
    int k = move_find(g, ml, r.best_str);
    if (k < 0) return;
    char xb[MOVE_STR_MAX];
    to_xboard(r.best_str, xb, sizeof xb);
    pos_make(p, ml, &ml->m[k]);
    if (x->mps_left > 0 && --x->mps_left == 0) x->mps_left = x->mps;
    printf("move %s\n", xb);
    fflush(stdout);
    announce_result(x);
}

static void features(XB *x)
{
    const Game *g = x->g;
    char variants[128];
    if (x->chess) snprintf(variants, sizeof variants, "normal");
    else snprintf(variants, sizeof variants, "%dx%d+0_fairy", g->files, g->ranks);
    printf("feature ping=1 setboard=1 usermove=1 san=0 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=0 "
           "colors=0 name=1 myname=\"boardvm %s\" variants=\"%s\" done=1\n", g->name, variants);
    fflush(stdout);
}

/* For a game other than chess: tell the GUI the piece codes and the start position. */
static void setup_line(XB *x)
{
    const Game *g = x->g;
    if (x->chess) return;
    char *s = pos_to_string(x->p);
    printf("setup (");
    for (int t = 1; t <= g->ntypes; t++) printf("%c", g->types[t].code[0]);
    printf("-");
    for (int t = 1; t <= g->ntypes; t++) printf("%c", tolower((unsigned char)g->types[t].code[0]));
    printf(") %dx%d+0_fairy %s\n", g->files, g->ranks, s);
    fflush(stdout);
    free(s);
}

static int new_game(XB *x, const char *fen)
{
    char e[256];
    pos_free(x->p);
    x->p = pos_new(x->g);
    if (!pos_from_string(x->p, fen ? fen : x->g->start, e, sizeof e)) {
        printf("tellusererror Illegal position: %s\n", e);
        pos_from_string(x->p, x->g->start, e, sizeof e);
        return 0;
    }
    return 1;
}

int cmd_xboard(Args *a)
{
    if (a->npos < 2) { fprintf(stderr, "boardvm: xboard needs a rules file\n"); return 2; }
    int status;
    XB x = {0};
    x.rules_path = a->pos[1];
    x.g = load_game(a->pos[1], NULL, a->nopts, a->opts, &status);
    if (!x.g) return status;
    x.chess = !strcmp(x.g->name, "FIDE Chess");
    x.eng = engine_new(x.g, 64);
    x.engine_side = 1; x.post = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    jmp_buf jb;
    if (setjmp(jb)) {
        printf("tellusererror %s\n", x.p ? x.p->errmsg : "runtime error");
        fflush(stdout);
        pos_free(x.p); engine_free(x.eng); game_free(x.g);
        return 1;
    }
    new_game(&x, NULL);
    x.p->on_error = &jb;
    char line[8192];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *cmd = line, *arg = strchr(line, ' ');
        if (arg) { *arg++ = 0; while (*arg == ' ') arg++; } else arg = "";
        if (!strcmp(cmd, "xboard")) continue;
        else if (!strcmp(cmd, "protover")) features(&x);
        else if (!strcmp(cmd, "ping")) printf("pong %s\n", arg);
        else if (!strcmp(cmd, "new")) {
            new_game(&x, NULL); x.p->on_error = &jb;
            engine_clear(x.eng);
            x.force = 0; x.engine_side = 1; x.sd = 0; x.mps_left = x.mps;
        } else if (!strcmp(cmd, "variant")) setup_line(&x);
        else if (!strcmp(cmd, "force")) x.force = 1;
        else if (!strcmp(cmd, "go")) { x.force = 0; x.engine_side = pos_turn(x.p); engine_move(&x); }
        else if (!strcmp(cmd, "playother")) { x.force = 0; x.engine_side = (pos_turn(x.p) + 1) % x.g->nplayers; }
        else if (!strcmp(cmd, "setboard")) { new_game(&x, arg); x.p->on_error = &jb; }
        else if (!strcmp(cmd, "usermove")) {
            MoveList *ml = pos_list(x.p, 0);
            node_moves(x.p, ml);
            int k = find_xboard_move(x.g, ml, arg);
            if (k < 0) { printf("Illegal move: %s\n", arg); continue; }
            pos_make(x.p, ml, &ml->m[k]);
            if (!x.force && pos_turn(x.p) == x.engine_side) engine_move(&x);
            else announce_result(&x);
        } else if (!strcmp(cmd, "undo")) { if (x.p->nundo > 0) pos_unmake(x.p); }
        else if (!strcmp(cmd, "remove")) { for (int i = 0; i < 2 && x.p->nundo > 0; i++) pos_unmake(x.p); }
        else if (!strcmp(cmd, "time")) x.time_left = atof(arg) / 100.0;
        else if (!strcmp(cmd, "otim")) continue;
        else if (!strcmp(cmd, "st")) { x.st = atof(arg); x.sd = 0; }
        else if (!strcmp(cmd, "sd")) x.sd = atoi(arg);
        else if (!strcmp(cmd, "level")) {
            /* level MPS BASE INC, BASE in minutes or minutes:seconds */
            int mps = 0; char base[32] = ""; double inc = 0;
            if (sscanf(arg, "%d %31s %lf", &mps, base, &inc) >= 2) {
                x.mps = x.mps_left = mps; x.inc = inc; x.st = 0;
                int mm = 0, ss = 0;
                if (strchr(base, ':')) sscanf(base, "%d:%d", &mm, &ss); else mm = atoi(base);
                x.time_left = mm * 60.0 + ss;
            }
        } else if (!strcmp(cmd, "post")) x.post = 1;
        else if (!strcmp(cmd, "nopost")) x.post = 0;
        else if (!strcmp(cmd, "quit")) break;
        else if (!strcmp(cmd, "result") || !strcmp(cmd, "hard") || !strcmp(cmd, "easy") || !strcmp(cmd, "random") ||
                 !strcmp(cmd, "computer") || !strcmp(cmd, "name") || !strcmp(cmd, "accepted") ||
                 !strcmp(cmd, "rejected") || !strcmp(cmd, "?") || !strcmp(cmd, "draw") || !strcmp(cmd, "cores") ||
                 !strcmp(cmd, "memory") || !strcmp(cmd, "white") || !strcmp(cmd, "black") || !strcmp(cmd, "ics") ||
                 !strcmp(cmd, "easy") || !strcmp(cmd, "bk") || !strcmp(cmd, "hint") || !strcmp(cmd, "exit") ||
                 !strcmp(cmd, "option") || !*cmd) continue;
        else {
            /* protover 1 GUIs send bare moves */
            MoveList *ml = pos_list(x.p, 0);
            node_moves(x.p, ml);
            int k = find_xboard_move(x.g, ml, cmd);
            if (k >= 0) {
                pos_make(x.p, ml, &ml->m[k]);
                if (!x.force && pos_turn(x.p) == x.engine_side) engine_move(&x);
            } else printf("Error (unknown command): %s\n", cmd);
        }
        fflush(stdout);
    }
    pos_free(x.p);
    engine_free(x.eng);
    game_free(x.g);
    return 0;
}
