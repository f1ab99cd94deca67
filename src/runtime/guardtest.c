/* guardtest.c - a move program's or the `end` block's guard tested on a position (see
 * src/bytecode/guards.c): each test answers as the instructions it was found in would
 * (vm_loop.h: EMPTY reads the square's bottom cell, AT, FRIEND and ENEMY its top piece, BTEST a
 * bit of the value as int64_t, REPETITION counts the history's keys). */
#include "guardtest.h"
#include "opcodes.h"
#include "vm.h"                   /* VmHost: `in-check` */

static inline int compare(int op, int64_t v, int64_t k)
{
    switch (op) {
    case OP_EQ: return v == k;
    case OP_NE: return v != k;
    case OP_LT: return v < k;
    case OP_LE: return v <= k;
    case OP_GT: return v > k;
    default: return v >= k;                            /* OP_GE */
    }
}

/* Whether `repetition OP k` has one answer for every count from lo to hi. */
static int decided(int op, int64_t lo, int64_t hi, int64_t k, int *answer)
{
    if (op == OP_EQ || op == OP_NE) {
        *answer = op == OP_NE;
        return k < lo || k > hi;
    }
    *answer = compare(op, lo, k);                      /* (the others are monotone) */
    return *answer == compare(op, hi, k);
}

/* `repetition` compared with k: REPETITION's count of the history's entries equal to the
 * position's key, 1 if none (vm_loop.h). It lies between 1 and the history's length, and
 * where both ends give one answer the key (a hundred instructions in chess) is not needed:
 * perft from a position string has a history as short as its depth. Nor where a tighter upper
 * end decides it: of two different entries at most one is the key, so each pair (2i, 2i + 1)
 * whose entries differ takes one from the length (in chess every pair: the side to move
 * alternates), and `repetition >= 5` cannot hold before ten plies. */
static int repetition_test(Pos *p, int op, int64_t k, long *made)
{
    int answer;
    int64_t hi = p->nhist > 1 ? p->nhist : 1;
    if (decided(op, 1, hi, k, &answer)) return answer;
    for (int i = 0; i + 1 < p->nhist; i += 2) hi -= p->hist[i] != p->hist[i + 1];
    *made += p->nhist / 2;
    if (decided(op, 1, hi > 1 ? hi : 1, k, &answer)) return answer;
    uint64_t key = pos_rep_key(p);
    int n = 0;
    for (int i = 0; i < p->nhist; i++) n += p->hist[i] == key;
    *made += p->nhist;
    return compare(op, n ? n : 1, k);
}

/* the tests other than GT_MASK and GT_CMP */
static int __attribute__((noinline)) slow_test(Pos *p, const GuardTest *t, int mover, long *made)
{
    const Game *g = p->g;
    if (t->kind == GT_INCHECK) return g->host->in_check(p, mover);
    if (t->kind == GT_REP) return repetition_test(p, t->op, t->val, made);
    int loc = g->stack == 1 ? t->loc : pos_top_loc(p, t->loc);
    int32_t w = loc >= 0 ? p->st[loc] : 0;             /* the top piece */
    if (t->kind == GT_TOP_TYPE) return w && PW_TYPE(w) == t->val;
    if (t->kind == GT_FRIEND) return w && PW_OWNER(w) == mover;
    return w && PW_OWNER(w) >= 0 && PW_OWNER(w) != mover;                     /* GT_ENEMY */
}

int guard_passes(Pos *p, const ProgramGuard *pg, int mover, int origin, long *made)
{
    const Game *g = p->g;
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
                   : u[i].kind == GT_CMP ? compare(u[i].op, st[u[i].loc], u[i].val)
                   : slow_test(p, &u[i], mover, made);
            if (ok != u[i].want) break;
        }
        if (i == t->val) { *made += n + 1; return 1; }
    }
    *made += n + 1;
    return 0;
}
