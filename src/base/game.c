/* game.c - what any layer asks of a compiled Game: find a square or a piece type by its name,
 * and free it. Kept apart from the compiler, which builds the Game, so that position strings,
 * notation and the commands look names up without calling into a front end (issue 33). */
#include "game.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

int game_file_name(int x, char *out, size_t len)
{
    char rev[8];
    int n = 0;
    for (int v = x + 1; v > 0 && n < (int)sizeof rev; v = (v - 1) / 26)
        rev[n++] = (char)('a' + (v - 1) % 26);
    int k = 0;
    for (; k < n && (size_t)k + 1 < len; k++) out[k] = rev[n - 1 - k];
    if (len) out[k] = 0;
    return k;
}

static uint32_t name_hash(const char *s)
{
    uint32_t h = 2166136261u;                     /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

void game_index_squares(Game *g)
{
    int size = 1;
    while (size < 2 * g->nsq) size *= 2;
    g->sq_hash = arena_alloc(&g->arena, sizeof *g->sq_hash * (size_t)size);
    g->sq_hash_mask = size - 1;
    for (int i = 0; i < size; i++) g->sq_hash[i] = -1;
    for (int sq = 0; sq < g->nsq; sq++) {
        uint32_t i = name_hash(g->sq_name[sq]) & (uint32_t)g->sq_hash_mask;
        while (g->sq_hash[i] >= 0) {
            if (!strcmp(g->sq_name[g->sq_hash[i]], g->sq_name[sq])) break;   /* (the first) */
            i = (i + 1) & (uint32_t)g->sq_hash_mask;
        }
        if (g->sq_hash[i] < 0) g->sq_hash[i] = (int16_t)sq;
    }
}

const uint8_t *game_name_lengths(Game *g)
{
    if (!g->sq_name_len) {
        uint8_t *len = arena_alloc(&g->arena, (size_t)g->nsq + 1);
        for (int sq = 0; sq < g->nsq; sq++)
            len[sq] = (uint8_t)strnlen(g->sq_name[sq], NOTE_NAME_MAX);
        g->sq_name_len = len;
    }
    return g->sq_name_len;
}

/* A grid board's square name: the file's letters (lower case, game_file_name()), then the
 * rank's number without leading zeros. */
int game_find_square(const Game *g, const char *name)
{
    if (g->sq_name && g->named_squares && g->sq_hash) {
        for (uint32_t i = name_hash(name) & (uint32_t)g->sq_hash_mask; g->sq_hash[i] >= 0;
             i = (i + 1) & (uint32_t)g->sq_hash_mask)
            if (!strcmp(g->sq_name[g->sq_hash[i]], name)) return g->sq_hash[i];
        return -1;
    }
    if (g->sq_name && g->named_squares) {
        for (int sq = 0; sq < g->nsq; sq++) if (!strcmp(g->sq_name[sq], name)) return sq;
        return -1;
    }
    if (!g->sq_name) return -1;
    const char *p = name;
    int x = 0;
    for (; *p >= 'a' && *p <= 'z'; p++) {
        if (p - name == 3) return -1;            /* (3 letters name 18278 files: more than any) */
        x = x * 26 + (*p - 'a' + 1);
    }
    x -= 1;
    if (p == name || x >= g->files || *p < '1' || *p > '9') return -1;
    int y = 0;
    for (; *p; p++) {
        if (!isdigit((unsigned char)*p) || y > 100000) return -1;
        y = y * 10 + (*p - '0');
    }
    y -= 1;
    if (y >= g->ranks) return -1;
    return game_sq_at(g, x, y);
}

int game_graph_board(const Game *g)
{
    if (!g->sq_name || !g->named_squares) return 0;
    for (int sq = 0; sq < g->nsq; sq++) {
        char std[24];
        int k = game_file_name(g->sq_x[sq], std, sizeof std);
        snprintf(std + k, sizeof std - (size_t)k, "%d", g->sq_y[sq] + 1);
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
    for (int i = 0; i < g->npure_tables; i++) free(g->pure_tables[i].entry);
    free(g->pure_tables); free(g->pure_sites); free(g->sqmemo_sites);
    arena_free(&g->arena);
    free(g);
}
