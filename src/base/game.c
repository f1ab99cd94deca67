/* game.c - what any layer asks of a compiled Game: find a square or a piece type by its name,
 * and free it. Kept apart from the compiler, which builds the Game, so that position strings,
 * notation and the commands look names up without calling into a front end (issue 33). */
#include "game.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

int game_find_square(const Game *g, const char *name)
{
    if (g->sq_name && g->named_squares) {
        for (int sq = 0; sq < g->nsq; sq++) if (!strcmp(g->sq_name[sq], name)) return sq;
        return -1;
    }
    if (!g->sq_name || !isalpha((unsigned char)name[0]) || isalpha((unsigned char)name[1]))
        return -1;
    int x = name[0] - 'a';
    if (x < 0 || x >= g->files || !isdigit((unsigned char)name[1]) || name[1] == '0') return -1;
    int y = 0;
    for (const char *p = name + 1; *p; p++) {
        if (!isdigit((unsigned char)*p) || y > 100) return -1;
        y = y * 10 + (*p - '0');
    }
    y -= 1;
    if (y < 0 || y >= g->ranks) return -1;
    return g->sq_at[x + y * MAX_FILES];
}

int game_graph_board(const Game *g)
{
    if (!g->sq_name || !g->named_squares) return 0;
    for (int sq = 0; sq < g->nsq; sq++) {
        char std[16];
        snprintf(std, sizeof std, "%c%d", 'a' + g->sq_x[sq], g->sq_y[sq] + 1);
        if (strcmp(std, g->sq_name[sq])) return 1;
    }
    return 0;
}

int game_find_type_code(const Game *g, const char *code, int *owner)
{
    for (int t = 1; t <= g->ntypes; t++) {
        if (!strcmp(g->types[t].code, code)) { *owner = g->types[t].neutral ? -1 : 0; return t; }
        if (g->nplayers > 1 && !strcmp(g->types[t].lcode, code)) { *owner = 1; return t; }
    }
    return 0;
}

void game_free(Game *g)
{
    if (!g) return;
    free(g->code); free(g->line);
    arena_free(&g->arena);
    free(g);
}
