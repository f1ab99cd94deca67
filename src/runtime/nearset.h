/* nearset.h - CHOOSEANY's search of a square's neighbours as one AND of two 64-bit sets, on a
 * board of one piece a square and at most 64 squares (skips.c): each square's neighbours along
 * a direction set (a table built once a set), and the squares that pass the search's test (from
 * Pos.owned, which every write keeps). */
#ifndef BOARDVM_NEARSET_H
#define BOARDVM_NEARSET_H

#include "position.h"
#include "opcodes.h"

enum { NEARSET_MAX_SQ = 64, NEARSET_TABLES = 4 };

typedef struct {
    uint64_t mask;                    /* the directions (absolute) */
    uint64_t set[NEARSET_MAX_SQ];     /* by square: the squares one step away along them */
    uint8_t on[NEARSET_MAX_SQ];       /* by square: how many of them do not step off the board */
    uint8_t distinct[NEARSET_MAX_SQ]; /* by square: no two of them step to one square */
    uint8_t dirs;                     /* how many directions mask has */
} NearTable;

struct NearSetCache { NearTable table[NEARSET_TABLES]; int ntables, next_table, last_table; };

/* (a table not the last given: nearset.c) */
const NearTable *nearset_table_find(Pos *p, uint64_t mask);

/* Whether the sets answer for mover: Pos.owned is kept, and mover is a player */
static inline int nearset_usable(const Pos *p, int mover)
{
    return p->owned_kept && (unsigned)mover < MAX_PLAYERS;
}

/* The table of direction set mask (only where nearset_usable) */
static inline const NearTable *nearset_table(Pos *p, uint64_t mask)
{
    const struct NearSetCache *c = p->nearset;
    if (c && c->table[c->last_table].mask == mask && c->ntables) return &c->table[c->last_table];
    return nearset_table_find(p, mask);
}

/* The squares whose test (OP_EMPTY, OP_FRIEND or OP_ENEMY, as square_test) for mover is `on`
 * (only where nearset_usable) */
static inline uint64_t nearset_passing(const Pos *p, int test, int on, int mover)
{
    const uint64_t board = p->g->nsq >= 64 ? ~0ull : (1ull << p->g->nsq) - 1;
    uint64_t yes = test == OP_EMPTY ? p->owned[0]
                 : test == OP_FRIEND ? p->owned[2 + mover]
                 : board & ~(p->owned[0] | p->owned[1] | p->owned[2 + mover]);
    return on ? yes : board & ~yes;
}

/* The squares of a set: a loop a square (the sets counted are a few neighbours) */
static inline int nearset_count(uint64_t squares)
{
    int n = 0;
    for (; squares; squares &= squares - 1) n++;
    return n;
}

#endif
