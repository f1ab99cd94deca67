/* nearset.h - CHOOSEANY's search of a square's neighbours as one AND of two 64-bit sets, on a
 * board of at most 64 squares (skips.c): each square's neighbours along a direction set, and the
 * squares that pass the search's test, kept while the board they were read from stands
 * (pos_board_stamp). */
#ifndef BOARDVM_NEARSET_H
#define BOARDVM_NEARSET_H

#include "position.h"
#include "opcodes.h"

enum { NEARSET_MAX_SQ = 64, NEARSET_TABLES = 4, NEARSET_PASSING = 8 };

typedef struct {
    uint64_t mask;                    /* the directions (absolute) */
    uint64_t set[NEARSET_MAX_SQ];     /* by square: the squares one step away along them */
    uint8_t on[NEARSET_MAX_SQ];       /* by square: how many of them do not step off the board */
    uint8_t distinct[NEARSET_MAX_SQ]; /* by square: no two of them step to one square */
    uint8_t dirs;                     /* how many directions mask has */
} NearTable;

struct NearSetCache {
    NearTable table[NEARSET_TABLES]; int ntables, next_table, last_table;
    struct { uint64_t stamp, sets[3]; int mover; } passing[NEARSET_PASSING];
    int next_passing, last_passing;
};

/* (the answers not kept yet, or not the last given: nearset.c) */
const NearTable *nearset_table_find(Pos *p, uint64_t mask);
const uint64_t *nearset_sets_find(Pos *p, int mover);

/* The table of direction set mask, or NULL on a board of more than NEARSET_MAX_SQ squares */
static inline const NearTable *nearset_table(Pos *p, uint64_t mask)
{
    const struct NearSetCache *c = p->nearset;
    if (c && c->ntables && c->table[c->last_table].mask == mask) return &c->table[c->last_table];
    return nearset_table_find(p, mask);
}

/* The squares whose test (OP_EMPTY, OP_FRIEND or OP_ENEMY, as square_test) for mover is `on`;
 * the answer is kept for the board's stamp. Only on a board of at most NEARSET_MAX_SQ. */
static inline uint64_t nearset_passing(Pos *p, int test, int on, int mover)
{
    const struct NearSetCache *c = p->nearset;
    const uint64_t *sets;
    if (c && c->passing[c->last_passing].stamp == pos_board_stamp(p)
        && c->passing[c->last_passing].stamp && c->passing[c->last_passing].mover == mover)
        sets = c->passing[c->last_passing].sets;
    else
        sets = nearset_sets_find(p, mover);
    uint64_t yes = sets[test == OP_EMPTY ? 0 : test == OP_FRIEND ? 1 : 2];
    if (on) return yes;
    int nsq = p->g->nsq;
    return ~yes & (nsq >= 64 ? ~0ull : (1ull << nsq) - 1);
}

/* The squares of a set: a loop a square (the sets counted are a few neighbours) */
static inline int nearset_count(uint64_t squares)
{
    int n = 0;
    for (; squares; squares &= squares - 1) n++;
    return n;
}

#endif
