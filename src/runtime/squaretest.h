/* squaretest.h - EMPTY, FRIEND or ENEMY of a square as the VM's instructions answer them, for
 * the native passes that stand for them (skips.c, nearset.c). */
#ifndef BOARDVM_SQUARETEST_H
#define BOARDVM_SQUARETEST_H
#include "position.h"
#include "opcodes.h"

/* The test op (OP_EMPTY, OP_FRIEND, OP_ENEMY) of square sq (0 for none, as the VM's) */
static inline int square_test(const Pos *p, int op, int64_t sq, int mover)
{
    const Game *g = p->g;
    if ((uint64_t)sq >= (uint64_t)g->nsq) return 0;
    if (op == OP_EMPTY) return !p->st[sq * g->stack];
    int loc = g->stack == 1 ? (int)sq : pos_top_loc(p, (int)sq);
    int32_t w = loc >= 0 ? p->st[loc] : 0;
    if (!w) return 0;
    return op == OP_FRIEND ? PW_OWNER(w) == mover : PW_OWNER(w) >= 0 && PW_OWNER(w) != mover;
}

#endif
