/* nearset.c - CHOOSEANY's search of the neighbours, as sets (nearset.h).
 *
 * Ataxx's clones, `choose s in board { go s; require empty; let near = false; for d in adjacent
 * { let t = step(here, d); if t != none and friend(t) { near = true; } } require near; ... }`,
 * looked at the eight neighbours of every empty square, one at a time (skips.c, near_pass: a
 * third of ataxx's perft after step 30). Whether a square has a neighbour that passes is the
 * AND of its neighbours (a table of the game's board, built once a direction set) with the
 * squares that pass (one look at each square, once a board: the choice's resumptions and the
 * squares it passes over all ask of one board). The answers are the code's: the same test
 * (squaretest.h) of the same squares. */
#include "nearset.h"
#include "oom.h"
#include "opcodes.h"
#include "squaretest.h"
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
    if (g->nsq > NEARSET_MAX_SQ) return NULL;
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

/* The squares that are empty, the mover's and the mover's enemies' (sets[0], [1], [2]), as
 * square_test answers; one look at each square */
static void scan(const Pos *p, int mover, uint64_t sets[3])
{
    const Game *g = p->g;
    sets[0] = sets[1] = sets[2] = 0;
    if (g->stack != 1 || mover < 0) {
        for (int sq = 0; sq < g->nsq; sq++) {
            sets[0] |= (uint64_t)square_test(p, OP_EMPTY, sq, mover) << sq;
            sets[1] |= (uint64_t)square_test(p, OP_FRIEND, sq, mover) << sq;
            sets[2] |= (uint64_t)square_test(p, OP_ENEMY, sq, mover) << sq;
        }
        return;
    }
    /* a board of one piece a square, the mover a player: the owner's nibble is the mover + 1
     * for the mover's, 0 for an empty square (as skips.c's near_pass) */
    const uint32_t own = (uint32_t)mover + 1;
    const int32_t *st = p->st;
    uint64_t empty = 0, mine = 0, theirs = 0;
    for (int sq = 0; sq < g->nsq; sq++) {
        uint32_t w = (uint32_t)st[sq], o = (w >> 8) & 0xfu;
        uint64_t bit = 1ull << sq;
        empty |= w == 0 ? bit : 0;
        mine |= o == own ? bit : 0;
        theirs |= o != 0 && o != own ? bit : 0;
    }
    sets[0] = empty; sets[1] = mine; sets[2] = theirs;
}

const uint64_t *nearset_sets_find(Pos *p, int mover)
{
    struct NearSetCache *c = cache(p);
    if (!p->stamps) pos_start_stamps(p);
    uint64_t stamp = pos_board_stamp(p);
    for (int k = 0; stamp && k < NEARSET_PASSING; k++)
        if (c->passing[k].stamp == stamp && c->passing[k].mover == mover)
            return c->passing[c->last_passing = k].sets;
    /* (a board with no stamp, read from a string before stamps were kept: not kept) */
    int i = c->last_passing = c->next_passing++ % NEARSET_PASSING;
    c->passing[i].stamp = stamp; c->passing[i].mover = mover;
    scan(p, mover, c->passing[i].sets);
    return c->passing[i].sets;
}
