/* notation.c - move strings (see notation.h). */
#include "notation.h"
#include "oom.h"
#include "movegen.h"
#include "make.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int move_find(const Game *g, const MoveList *ml, const char *s)
{
    char buf[MOVE_STR_MAX];
    for (int i = 0; i < ml->n; i++) {
        move_string(g, ml, &ml->m[i], buf, sizeof buf);
        if (!strcmp(buf, s)) return i;
    }
    return -1;
}

int move_find_pair(const Game *g, const MoveList *ml, const char *s, int *second)
{
    char buf[MOVE_STR_MAX];
    int first = -1;
    *second = -1;
    for (int i = 0; i < ml->n; i++) {
        move_string(g, ml, &ml->m[i], buf, sizeof buf);
        if (strcmp(buf, s)) continue;
        if (first >= 0) { *second = i; break; }
        first = i;
    }
    return first;
}

/* The state after move m, copied into out (g->st_size words). */
static void state_after(Pos *p, const MoveList *ml, const Move *m, int32_t *out)
{
    pos_make(p, ml, m);
    memcpy(out, p->st, sizeof *out * (size_t)p->g->st_size);
    pos_unmake(p);
}

/* The whole state is compared, not its hash: a collision would play a move the user did not
 * mean. */
int moves_reach_same_state(Pos *p, const MoveList *ml, int i, int j)
{
    size_t words = (size_t)(p->g->st_size ? p->g->st_size : 1);
    int32_t *a = xmalloc(sizeof *a * words, "a state to compare"),
            *b = xmalloc(sizeof *b * words, "a state to compare");
    state_after(p, ml, &ml->m[i], a);
    state_after(p, ml, &ml->m[j], b);
    int same = !memcmp(a, b, sizeof *a * (size_t)p->g->st_size);
    free(a); free(b);
    return same;
}

/* Moves written s that reach different states keep s ambiguous. */
int move_find_typed(Pos *p, const MoveList *ml, const char *s, int *second)
{
    int first = move_find_pair(p->g, ml, s, second);
    if (first < 0 || *second < 0) return first;
    char buf[MOVE_STR_MAX];
    int differs = -1;
    for (int i = *second; i < ml->n && differs < 0; i++) {
        move_string(p->g, ml, &ml->m[i], buf, sizeof buf);
        if (!strcmp(buf, s) && !moves_reach_same_state(p, ml, first, i)) differs = i;
    }
    *second = differs;
    return first;
}

/* Sorted by an insertion sort of the indices, not by qsort: glibc's qsort of more than 1 KB
 * asks sysconf for the machine's memory, and the pages of libc that this touches (the kernel
 * maps 64 KB around each) were 0.2 MB of a perft's peak memory (docs/runtime.md, "Peak
 * memory"). A list holds at most a few hundred moves, and is sorted once per command. */
void move_sorted(const Game *g, const MoveList *ml, int *order)
{
    char (*s)[MOVE_STR_MAX] = malloc(sizeof *s * (size_t)(ml->n ? ml->n : 1));
    if (!s) out_of_memory("the move strings to sort");
    for (int i = 0; i < ml->n; i++) {
        move_string(g, ml, &ml->m[i], s[i], sizeof s[i]);
        int j = i;
        for (; j > 0 && strcmp(s[order[j - 1]], s[i]) > 0; j--) order[j] = order[j - 1];
        order[j] = i;
    }
    free(s);
}

typedef struct { const char *s; int i; } NamedMove;
static int cmp_named(const void *a, const void *b)
{
    return strcmp(((const NamedMove *)a)->s, ((const NamedMove *)b)->s);
}

/* `qualify` text is written only where two legal moves would otherwise have one string. The
 * strings are sorted and equal neighbours marked: comparing every pair took minutes for the
 * MAX_MOVES moves one position may have. */
static void mark_qualified(const Game *g, MoveList *ml)
{
    int any = 0;
    for (int i = 0; i < ml->n && !any; i++) any = ml->m[i].nqual != 0;
    if (!any) return;
    char (*s)[MOVE_STR_MAX] = malloc(sizeof *s * (size_t)ml->n);
    NamedMove *nm = malloc(sizeof *nm * (size_t)ml->n);
    if (!s || !nm) out_of_memory("the move strings to qualify");
    for (int i = 0; i < ml->n; i++) {
        ml->m[i].qualified = 0;
        move_string(g, ml, &ml->m[i], s[i], sizeof s[i]);
        nm[i].s = s[i]; nm[i].i = i;
    }
    qsort(nm, (size_t)ml->n, sizeof *nm, cmp_named);
    for (int i = 0; i + 1 < ml->n; i++)
        if (!strcmp(nm[i].s, nm[i + 1].s))
            ml->m[nm[i].i].qualified = ml->m[nm[i + 1].i].qualified = 1;
    free(nm); free(s);
}

void node_moves(Pos *p, MoveList *ml)
{
    node_moves_unnamed(p, ml);
    mark_qualified(p->g, ml);
}
