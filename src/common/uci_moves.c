/* uci_moves.c - the legal moves named for a UCI or XBoard peer (uci_moves.h). */
#include "uci_moves.h"
#include <stdio.h>
#include <string.h>
#include "notation.h"

/* The UCI form of ml->m[i] into out; 0 when it has none. */
static int uci_form(const EngineNotation *n, const Game *g, const MoveList *ml, int i, char *out,
                    size_t len)
{
    char err[256];
    const Move *m = &ml->m[i];
    if (m->nnote && m->kind != MK_DROP) return 0;   /* a move that writes more than its squares */
    return notation_move(n, g, ml, m, out, len, err, sizeof err);
}

/* Another move of ml with the UCI form s (the moves with m's squares only are tried). */
static int shares_form(const EngineNotation *n, const Game *g, const MoveList *ml, int i,
                       const char *s)
{
    const Move *m = &ml->m[i];
    char t[MOVE_STR_MAX];
    for (int j = 0; j < ml->n; j++) {
        const Move *o = &ml->m[j];
        if (j == i || o->to != m->to || o->from != m->from || o->kind != m->kind) continue;
        if (uci_form(n, g, ml, j, t, sizeof t) && !strcmp(t, s)) return 1;
    }
    return 0;
}

void uci_move_name(const EngineNotation *n, const Game *g, const MoveList *ml, int i, char *out,
                   size_t len)
{
    if (uci_form(n, g, ml, i, out, len) && !shares_form(n, g, ml, i, out)) return;
    move_string(g, ml, &ml->m[i], out, len);
}

int uci_move_find(const EngineNotation *n, const Game *g, const MoveList *ml, const char *s,
                  int *other)
{
    int found = -1, count = 0;
    char t[MOVE_STR_MAX];
    *other = -1;
    for (int i = 0; i < ml->n; i++) {
        if (!uci_form(n, g, ml, i, t, sizeof t) || strcmp(t, s)) continue;
        if (count++) *other = i; else found = i;
    }
    if (count == 1) return found;
    int own = move_find(g, ml, s);
    if (own >= 0) return own;
    return count > 1 ? -2 : -1;
}
