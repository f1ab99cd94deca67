/* movesquares.c - the squares a move is shown on (see movesquares.h). */
#include "movesquares.h"
#include <string.h>

/* The squares a move string names, in order ("N:e2c3" -> e2 c3; "b1!" -> b1); max + 1 when
 * there are more than max. */
static int named_squares(const Game *g, const char *s, int *out, int max)
{
    int n = 0;
    while (*s) {
        if (*s < 'a' || *s > 'z') { s++; continue; }
        char name[8];
        size_t k = 0;
        while (*s >= 'a' && *s <= 'z' && k < 4) name[k++] = *s++;
        size_t letters = k;
        while (*s >= '0' && *s <= '9' && k < 7) name[k++] = *s++;
        name[k] = 0;
        int sq = k > letters ? game_find_square(g, name) : -1;
        if (sq < 0) continue;
        if (n == max) return max + 1;
        out[n++] = sq;
    }
    return n;
}

int move_squares(const Game *g, const Move *m, const char *s, int *from, int *to)
{
    *from = m->from >= 0 && m->from < g->nsq ? m->from : -1;
    *to = m->to >= 0 && m->to < g->nsq ? m->to : -1;
    if (*from >= 0 || m->kind == MK_DROP) return 0;
    int sq[3];
    int n = named_squares(g, s, sq, 2);
    *from = n == 1 || n == 2 ? sq[0] : -1;
    *to = n == 2 ? sq[1] : -1;
    return n == 1 || n == 2;
}

int move_part_squares(const Game *g, const MoveList *ml, const Move *m, int *out, int max)
{
    if (!g->part_squares || m->kind == MK_DROP || !m->nqual || m->from < 0 || m->from >= g->nsq ||
        m->to < 0 || m->to >= g->nsq)
        return 0;
    const char *q = ml->text + m->qual0, *end = q + m->nqual;
    int n = 0;
    out[n++] = m->from;
    while (q < end) {
        /* "(NAME)": a part's square; anything else, the qualifier is not one of parts */
        const char *close = memchr(q, ')', (size_t)(end - q));
        char name[64];
        size_t len = close ? (size_t)(close - q - 1) : 0;
        if (*q != '(' || !close || len == 0 || len >= sizeof name || n + 2 > max) return 0;
        memcpy(name, q + 1, len);
        name[len] = 0;
        int sq = game_find_square(g, name);
        if (sq < 0) return 0;
        out[n++] = sq;
        q = close + 1;
    }
    out[n++] = m->to;
    return n;
}
