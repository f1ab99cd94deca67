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
 * reading, as are {comments}. Tag values are quoted, with \" and \\ inside: a position string
 * may hold ']' (stacks: "[KQ]7/..."). A move string that could not be read back as one word
 * (empty, or holding white space, a brace, a quote, or looking like a move number, a result or a
 * tag, as a move's notes can) is written quoted the same way: "a1 via b2". At most
 * MAX_RECORD_MOVES moves are read. */
#include "record.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RECORD_MOVES 1000000    /* a 16 MB record of 2-byte moves would be 8 million */

/* "value" with \" and \\: what read_quoted reads back. Returns the characters written. */
static int write_quoted(FILE *f, const char *value)
{
    int n = 2;
    fputc('"', f);
    for (const char *c = value; *c; c++, n++) {
        if (*c == '"' || *c == '\\') { fputc('\\', f); n++; }
        fputc(*c, f);
    }
    fputc('"', f);
    return n;
}

static void tag(FILE *f, const char *name, const char *value)
{
    fprintf(f, "[%s ", name);
    write_quoted(f, value);
    fprintf(f, "]\n");
}

static int is_result(const char *s, size_t len)
{
    return (len == 3 && (!strncmp(s, "1-0", 3) || !strncmp(s, "0-1", 3))) ||
           (len == 7 && !strncmp(s, "1/2-1/2", 7)) || (len == 1 && *s == '*');
}

static int is_move_number(const char *s, size_t len)
{
    return len && isdigit((unsigned char)s[0]) && s[len - 1] == '.';
}

/* Would this move string read back as the one word it is? */
static int plain_word(const char *m)
{
    size_t len = strlen(m);
    if (!len || m[0] == '[' || is_result(m, len) || is_move_number(m, len)) return 0;
    for (const char *c = m; *c; c++)
        if (isspace((unsigned char)*c) || *c == '{' || *c == '}' || *c == '"') return 0;
    return 1;
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
        int plain = plain_word(r->moves[i]);
        int len = (int)(strlen(num) + strlen(r->moves[i]) + (plain ? 1 : 3));
        if (col + len > 90 && col) { fputc('\n', f); col = 0; }
        col += fprintf(f, "%s", num);
        if (plain) col += fprintf(f, "%s", r->moves[i]);
        else col += write_quoted(f, r->moves[i]);
        fputc(' ', f); col++;
    }
    fprintf(f, "%s\n\n", r->result_str ? r->result_str : "*");
    fflush(f);
}

/* A quoted value from *pp (at the opening quote) up to its closing quote, \" and \\ undone:
 * malloc'ed, *pp after the closing quote; NULL if there is none. */
static char *read_quoted(const char **pp)
{
    const char *q = *pp + 1;
    size_t n = 0;
    for (const char *c = q; *c != '"'; c++) {
        if (!*c) return NULL;
        if (*c == '\\' && c[1]) c++;
        n++;
    }
    char *val = malloc(n + 1);
    if (!val) abort();
    n = 0;
    for (; *q != '"'; q++) {
        if (*q == '\\' && q[1]) q++;
        val[n++] = *q;
    }
    val[n] = 0;
    *pp = q + 1;
    return val;
}

static int fail(char **position, char ***moves, int *nmoves, char *err, size_t errlen, const char *why)
{
    /* a failed read returns nothing: its callers free only what a success gives */
    snprintf(err, errlen, "%s", why);
    free(*position); *position = NULL;
    for (int i = 0; i < *nmoves; i++) free((*moves)[i]);
    free(*moves); *moves = NULL; *nmoves = 0;
    return 0;
}

static int add_move(char ***moves, int *nmoves, int *cap, char *m)
{
    if (*nmoves == MAX_RECORD_MOVES) { free(m); return 0; }
    if (*nmoves == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        *moves = realloc(*moves, sizeof **moves * (size_t)*cap);
        if (!*moves) abort();
    }
    (*moves)[(*nmoves)++] = m;
    return 1;
}

/* Read the first game of a record file: its position string and moves. */
int record_read(const char *text, char **position, char ***moves, int *nmoves, char *err, size_t errlen)
{
    *position = NULL; *moves = NULL; *nmoves = 0;
    int cap = 0;
    const char *p = text;
    int in_moves = 0;
    char too_many[64];
    snprintf(too_many, sizeof too_many, "more than %d moves", MAX_RECORD_MOVES);
    while (*p) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p) break;
        if (*p == '[' && !in_moves) {          /* [Name "value"] */
            char name[64]; int k = 0;
            const char *q = p + 1;
            while (*q && *q != ']' && *q != '"' && !isspace((unsigned char)*q)) { if (k < 63) name[k++] = *q; q++; }
            name[k] = 0;
            while (*q && isspace((unsigned char)*q)) q++;
            char *val = NULL;
            if (*q == '"' && !(val = read_quoted(&q)))
                return fail(position, moves, nmoves, err, errlen, "unterminated tag");
            while (*q && *q != ']') q++;          /* (a value without quotes: up to the ']') */
            if (!*q) { free(val); return fail(position, moves, nmoves, err, errlen, "unterminated tag"); }
            if (val && !strcmp(name, "Position")) { free(*position); *position = val; }
            else free(val);
            p = q + 1;
            continue;
        }
        in_moves = 1;
        if (*p == '{') { const char *e = strchr(p, '}'); p = e ? e + 1 : p + strlen(p); continue; }
        if (*p == '"') {                          /* a quoted move string */
            char *m = read_quoted(&p);
            if (!m) return fail(position, moves, nmoves, err, errlen, "unterminated quoted move");
            if (!add_move(moves, nmoves, &cap, m)) return fail(position, moves, nmoves, err, errlen, too_many);
            continue;
        }
        const char *s = p;
        while (*p && !isspace((unsigned char)*p)) p++;
        size_t len = (size_t)(p - s);
        /* skip move numbers ("12." "12...") and results */
        if (is_move_number(s, len)) continue;
        if (is_result(s, len)) break;
        char *m = malloc(len + 1);
        if (!m) abort();
        memcpy(m, s, len); m[len] = 0;
        if (!add_move(moves, nmoves, &cap, m)) return fail(position, moves, nmoves, err, errlen, too_many);
    }
    return 1;
}
