/* notation.c - move strings (see notation.h). */
#include "notation.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void move_string(const Game *g, const Move *m, char *buf, size_t len)
{
    const char *suffix = m->suffix ? g->strings[m->suffix - 1] : "";
    const char *from = m->from >= 0 && m->from < g->nsq ? g->sq_name[m->from] : "?";
    const char *to = m->to >= 0 && m->to < g->nsq ? g->sq_name[m->to] : "?";
    switch (m->kind) {
    case MK_DROP:
        snprintf(buf, len, "%s@%s%s", m->become >= 1 && m->become <= g->ntypes ? g->types[m->become].code : "?", to, suffix);
        break;
    case MK_STAY:
        snprintf(buf, len, "%s%s", from, suffix);
        break;
    default:
        if (m->become && m->become != PW_TYPE(m->piece) && m->become <= g->ntypes)
            snprintf(buf, len, "%s%s=%s%s", from, to, g->types[m->become].code, suffix);
        else snprintf(buf, len, "%s%s%s", from, to, suffix);
    }
}

int move_find(const Game *g, const MoveList *ml, const char *s)
{
    char buf[64];
    for (int i = 0; i < ml->n; i++) {
        move_string(g, &ml->m[i], buf, sizeof buf);
        if (!strcmp(buf, s)) return i;
    }
    return -1;
}

typedef struct { char s[64]; int i; } Keyed;

static int cmp_keyed(const void *a, const void *b) { return strcmp(((const Keyed *)a)->s, ((const Keyed *)b)->s); }

void move_sorted(const Game *g, const MoveList *ml, int *order)
{
    Keyed *k = malloc(sizeof *k * (size_t)(ml->n ? ml->n : 1));
    if (!k) abort();
    for (int i = 0; i < ml->n; i++) { move_string(g, &ml->m[i], k[i].s, sizeof k[i].s); k[i].i = i; }
    qsort(k, (size_t)ml->n, sizeof *k, cmp_keyed);
    for (int i = 0; i < ml->n; i++) order[i] = k[i].i;
    free(k);
}
