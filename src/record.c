/* record.c - game records: a PGN-like text any game can use.
 *
 *   [Game "FIDE Chess"]
 *   [Rules "chess.rules"]
 *   [Options "knights=zebra"]        (only when options were given)
 *   [Position "rnbqkbnr/... w KQkq - 0 1"]
 *   [White "boardvm depth 3"]        (one tag per player, by its name)
 *   [Result "1-0"]                   (1-0, 0-1, 1/2-1/2, or * for an unfinished game)
 *   [Reason "checkmate"]
 *
 *   1. e2e4 e7e5 2. g1f3 ... 1-0
 *
 * Moves are in boardvm's canonical notation; move numbers and the result are skipped on
 * reading, as are {comments}. */
#include "record.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void tag(FILE *f, const char *name, const char *value)
{
    fprintf(f, "[%s \"", name);
    for (const char *c = value; *c; c++) {
        if (*c == '"' || *c == '\\') fputc('\\', f);
        fputc(*c, f);
    }
    fprintf(f, "\"]\n");
}

const char *record_result_string(const Game *g, int result, int side_to_move)
{
    if (!result) return "*";
    if (result == RESULT_DRAW || g->nplayers != 2) return result == RESULT_DRAW ? "1/2-1/2" : "*";
    int winner = result == RESULT_WIN ? side_to_move : 1 - side_to_move;
    return winner == 0 ? "1-0" : "0-1";
}

void record_write(FILE *f, const GameRecord *r)
{
    const Game *g = r->game;
    tag(f, "Game", g->name);
    tag(f, "Rules", r->rules);
    if (r->options && *r->options) tag(f, "Options", r->options);
    tag(f, "Position", r->start);
    for (int pl = 0; pl < g->nplayers; pl++) tag(f, g->player_name[pl], r->player[pl] ? r->player[pl] : "?");
    tag(f, "Result", r->result_str ? r->result_str : "*");
    if (r->reason && *r->reason) tag(f, "Reason", r->reason);
    fputc('\n', f);
    int col = 0;
    for (int i = 0; i < r->nmoves; i++) {
        char num[32] = "";
        if (g->nplayers == 2 && i % 2 == 0) snprintf(num, sizeof num, "%d. ", i / 2 + 1);
        int len = (int)(strlen(num) + strlen(r->moves[i]) + 1);
        if (col + len > 90) { fputc('\n', f); col = 0; }
        col += fprintf(f, "%s%s ", num, r->moves[i]);
    }
    fprintf(f, "%s\n\n", r->result_str ? r->result_str : "*");
    fflush(f);
}

/* Read the first game of a record file: its position string and moves. */
int record_read(const char *text, char **position, char ***moves, int *nmoves, char *err, size_t errlen)
{
    *position = NULL; *moves = NULL; *nmoves = 0;
    int cap = 0;
    const char *p = text;
    int in_moves = 0;
    while (*p) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p) break;
        if (*p == '[' && !in_moves) {
            const char *end = strchr(p, ']');
            if (!end) {
                /* a failed read returns nothing: its callers free only what a success gives */
                snprintf(err, errlen, "unterminated tag");
                free(*position); *position = NULL;
                for (int i = 0; i < *nmoves; i++) free((*moves)[i]);
                free(*moves); *moves = NULL; *nmoves = 0;
                return 0;
            }
            char name[64]; int k = 0;
            const char *q = p + 1;
            while (q < end && !isspace((unsigned char)*q) && k < 63) name[k++] = *q++;
            name[k] = 0;
            const char *v = strchr(q, '"');
            if (v && v < end && !strcmp(name, "Position")) {
                v++;
                char *val = malloc((size_t)(end - v) + 1);
                int n = 0;
                for (; v < end && *v != '"'; v++) { if (*v == '\\' && v + 1 < end) v++; val[n++] = *v; }
                val[n] = 0;
                free(*position);
                *position = val;
            }
            p = end + 1;
            continue;
        }
        in_moves = 1;
        if (*p == '{') { const char *e = strchr(p, '}'); p = e ? e + 1 : p + strlen(p); continue; }
        const char *s = p;
        while (*p && !isspace((unsigned char)*p)) p++;
        size_t len = (size_t)(p - s);
        /* skip move numbers ("12." "12...") and results */
        if (isdigit((unsigned char)s[0]) && s[len - 1] == '.') continue;
        if ((len == 3 && !strncmp(s, "1-0", 3)) || (len == 3 && !strncmp(s, "0-1", 3)) ||
            (len == 7 && !strncmp(s, "1/2-1/2", 7)) || (len == 1 && *s == '*')) break;
        if (*nmoves == cap) { cap = cap ? 2 * cap : 64; *moves = realloc(*moves, sizeof **moves * (size_t)cap); }
        char *m = malloc(len + 1);
        memcpy(m, s, len); m[len] = 0;
        (*moves)[(*nmoves)++] = m;
    }
    return 1;
}
