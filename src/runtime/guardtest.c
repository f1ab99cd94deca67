/* guardtest.c - a move program's guard tested on a position (see src/bytecode/guards.c): each
 * test answers as the instructions it was found in would (vm_loop.h: EMPTY reads the square's
 * bottom cell, AT, FRIEND and ENEMY its top piece, BTEST a bit of the value as int64_t). */
#include "guardtest.h"
#include "opcodes.h"
#include "vm.h"                   /* VmHost: `in-check` */

/* the tests other than GT_MASK */
static int __attribute__((noinline)) slow_test(Pos *p, const GuardTest *t, int mover)
{
    const Game *g = p->g;
    if (t->kind == GT_INCHECK) return g->host->in_check(p, mover);
    if (t->kind == GT_CMP) {
        int64_t v = p->st[t->loc];
        switch (t->op) {
        case OP_EQ: return v == t->val;
        case OP_NE: return v != t->val;
        case OP_LT: return v < t->val;
        case OP_LE: return v <= t->val;
        case OP_GT: return v > t->val;
        default: return v >= t->val;                   /* OP_GE */
        }
    }
    int loc = g->stack == 1 ? t->loc : pos_top_loc(p, t->loc);
    int32_t w = loc >= 0 ? p->st[loc] : 0;             /* the top piece */
    if (t->kind == GT_TOP_TYPE) return w && PW_TYPE(w) == t->val;
    if (t->kind == GT_FRIEND) return w && PW_OWNER(w) == mover;
    return w && PW_OWNER(w) >= 0 && PW_OWNER(w) != mover;                     /* GT_ENEMY */
}

int guard_passes(Pos *p, const ProgramGuard *pg, int mover, int origin, long *made)
{
    const Game *g = p->g;
    *made = 0;
    if ((unsigned)mover >= (unsigned)g->nplayers || (unsigned)origin >= (unsigned)g->nsq)
        return 1;
    const GuardTest *t = pg->test + pg->start[mover * g->nsq + origin];
    const int32_t *st = p->st;
    long n = 0;
    for (; t->kind == GT_WAY; t += 1 + t->val) {
        const GuardTest *u = t + 1;
        int i = 0;
        for (; i < t->val; i++, n++) {
            int ok = u[i].kind == GT_MASK ? (st[u[i].loc] & u[i].mask) == u[i].val
                                          : slow_test(p, &u[i], mover);
            if (ok != u[i].want) break;
        }
        if (i == t->val) { *made = n + 1; return 1; }
    }
    *made = n + 1;
    return 0;
}
