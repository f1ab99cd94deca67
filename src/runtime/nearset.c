/* nearset.c - CHOOSEANY's search of the neighbours, as sets (nearset.h).
 *
 * Ataxx's clones, `choose s in board { go s; require empty; let near = false; for d in adjacent
 * { let t = step(here, d); if t != none and friend(t) { near = true; } } require near; ... }`,
 * looked at the eight neighbours of every empty square, one at a time (skips.c, near_pass: a
 * third of ataxx's perft after step 30). Whether a square has a neighbour that passes is the
 * AND of its neighbours (this table, built once a direction set) with the squares that pass
 * (Pos.owned, kept by the writes). The answers are the code's: the test of the same squares. */
#include "nearset.h"
#include "oom.h"
#include <stdlib.h>

static struct NearSetCache *cache(Pos *p)
{
    if (!p->nearset) {
        p->nearset = calloc(1, sizeof *p->nearset);
        if (!p->nearset) out_of_memory("the neighbour sets");
    }
    return p->nearset;
}

const NearTable *nearset_table_find(Pos *p, uint64_t mask)
{
    const Game *g = p->g;
    struct NearSetCache *c = cache(p);
    for (int i = 0; i < c->ntables; i++)
        if (c->table[i].mask == mask) return &c->table[c->last_table = i];
    int i = c->last_table = c->ntables < NEARSET_TABLES ? c->ntables++
                                                        : c->next_table++ % NEARSET_TABLES;
    NearTable *t = &c->table[i];
    t->mask = mask;
    t->dirs = (uint8_t)__builtin_popcountll(mask);
    for (int sq = 0; sq < g->nsq; sq++) {
        t->set[sq] = 0; t->on[sq] = 0;
        for (uint64_t m = mask; m; m &= m - 1) {
            int d = __builtin_ctzll(m);
            int to = d < g->ndirs ? g->neighbor[sq * g->ndirs + d] : -1;
            if (to < 0) continue;
            t->set[sq] |= 1ull << to;
            t->on[sq]++;
        }
        t->distinct[sq] = __builtin_popcountll(t->set[sq]) == t->on[sq];
    }
    return t;
}
