/* show.c - `boardvm show FILE` (the position drawn, with a key to its letters, its position
 * string and its legal moves or result) and `boardvm moves FILE` (the legal moves, one a line;
 * with --every-ply those of every position along --moves). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"
#include "movegen.h"
#include "notation.h"
#include "oom.h"
#include "posstring.h"
#include "protect.h"
#include "session.h"
#ifdef HAVE_SERVE
#include "gamejson.h"
#endif

/* The legal moves of p, sorted as every listing sorts them, each as a string to print. */
static void print_sorted_moves(Pos *p, MoveList *ml, const char *first, const char *sep,
                               const char *last)
{
    int *order = malloc(sizeof *order * (size_t)(ml->n + 1));
    int *same = malloc(sizeof *same * (size_t)(ml->n + 1));     /* i: order[i - 1] has its string */
    if (!order || !same) out_of_memory("a move list");
    move_sorted(p->g, ml, order);
    char prev[MOVE_STR_MAX] = "", buf[MOVE_STR_MAX];
    int nsame = 0, in_run = 0;
    for (int i = 0; i < ml->n; i++) {
        move_string(p->g, ml, &ml->m[order[i]], buf, sizeof buf);
        printf("%s%s", i ? sep : first, buf);
        int again = i && !strcmp(buf, prev);
        if (again && !in_run) same[nsame++] = i;
        in_run = again;
        memcpy(prev, buf, sizeof prev);
    }
    fputs(last, stdout);
    /* (at a throw of the dice a string listed twice is an outcome twice as likely: no mistake) */
    if (pos_chance_turn(p)) nsame = 0;
    /* a string two moves share names neither of them: say so after the list, once a string */
    if (nsame) fflush(stdout);
    for (int k = 0; k < nsame && k < 3; k++) {
        move_string(p->g, ml, &ml->m[order[same[k]]], buf, sizeof buf);
        int i = order[same[k] - 1], j = order[same[k]];
        fprintf(stderr, "boardvm: warning: two legal moves have the string '%s' (given as a move, "
                        "it %s); %s\n", buf,
                moves_reach_same_state(p, ml, i, j) ? "plays that position" : "is refused",
                same_string_advice(p, ml, i, j));
    }
    if (nsame > 3)
        fprintf(stderr, "boardvm: warning: and %d more strings that two moves share\n", nsame - 3);
    free(same);
    free(order);
}

/* moves --every-ply: the sorted legal moves of the first position and of the position after
 * each move of --moves, one line per position (empty once the game is over). Replaying the
 * game once costs one generation per ply; a run per ply would cost one per earlier ply too. */
typedef struct { char **moves; int nmoves, st; } EveryPly;

static void every_ply(Pos *p, void *ctx)
{
    EveryPly *e = ctx;
    for (int k = 0; ; k++) {
        MoveList *ml = pos_list(p, 0);
        node_moves(p, ml);
        print_sorted_moves(p, ml, "", " ", "\n");
        if (k == e->nmoves) break;
        if (!play_move(p, e->moves[k], k + 1)) { e->st = 1; return; }
    }
}

static int moves_every_ply(Args *a)
{
    Game *g; Pos *p = NULL;
    EveryPly e = { a->moves, a->nmoves, 0 };
    a->nmoves = 0;                      /* set up the first position only; play them in every_ply */
    int st = open_position(a, &g, &p);
    a->nmoves = e.nmoves;
    if (st) return st;
    if (protected_run(p, every_ply, &e)) {
        fflush(stdout);
        fprintf(stderr, "%s\n", p->errmsg);
        e.st = 1;
    }
    pos_free(p); game_free(g);
    return e.st;
}

static int print_game_json(Pos *p, int show)
{
#ifdef HAVE_SERVE
    print_json(p, show, stdout);
    return 0;
#else
    (void)p; (void)show;
    fprintf(stderr, "boardvm: --json needs jansson, which this boardvm was built without "
                    "(Debian: apt-get install libjansson-dev libmicrohttpd-dev; ./configure)\n");
    return 2;
#endif
}

static void print_show(Pos *p, MoveList *ml)
{
    const Game *g = p->g;
    show_board(p, stdout);
    show_legend(g, stdout);
    char *s = pos_to_string(p);
    printf("position: %s\n", s);
    free(s);
    printf("to move: %s%s\n", g->player_name[pos_turn(p)],
           pos_chance_turn(p) ? " (a throw: each move listed is as likely as the others)" : "");
    if (p->result) {
        static const char *res[] = { "", "wins", "loses", "draw" };
        printf("result: %s %s%s%s\n", g->player_name[pos_result_side(p)], res[p->result],
               p->result_reason ? ": " : "",
               p->result_reason ? g->strings[p->result_reason - 1] : "");
    } else {
        printf("legal moves (%d):", ml->n);
        print_sorted_moves(p, ml, " ", " ", "\n");
    }
}

static void print_moves(Pos *p, MoveList *ml)
{
    const Game *g = p->g;
    print_sorted_moves(p, ml, "", "\n", ml->n ? "\n" : "");
    if (p->result) {
        static const char *res[] = { "", "win", "loss", "draw" };
        fprintf(stderr, "boardvm: the game is over: %s for %s%s%s\n", res[p->result],
                g->player_name[pos_turn(p)], p->result_reason ? ", " : "",
                p->result_reason ? g->strings[p->result_reason - 1] : "");
    }
}

typedef struct { const Args *a; int show, st; } ShowRun;

static void show_run(Pos *p, void *ctx)
{
    ShowRun *r = ctx;
    if (r->a->json) { r->st = print_game_json(p, r->show); return; }
    MoveList *ml = pos_list(p, 0);         /* owned by p: freed even after a runtime error */
    node_moves(p, ml);
    if (r->show) print_show(p, ml);
    else print_moves(p, ml);
}

static int show_or_moves(Args *a, int show)
{
    Game *g; Pos *p = NULL;
    int st = open_position(a, &g, &p);
    if (st) return st;
    ShowRun r = { a, show, 0 };
    if (protected_run(p, show_run, &r)) { fprintf(stderr, "%s\n", p->errmsg); r.st = 1; }
    pos_free(p); game_free(g);
    return r.st;
}

int cmd_show(Args *a) { return show_or_moves(a, 1); }

int cmd_moves(Args *a)
{
    if (a->every_ply && (a->game || a->json)) {
        fprintf(stderr, "boardvm: --every-ply goes with --moves, not with --game or --json\n"
                        "Try 'boardvm moves --help'.\n");
        return 2;
    }
    return a->every_ply ? moves_every_ply(a) : show_or_moves(a, 0);
}
