/* capture.c - see capture.h */
#include "capture.h"

static int taken_by(int32_t w, int mover) { return w && PW_OWNER(w) >= 0 && PW_OWNER(w) != mover; }

int move_captures(const Pos *p, const MoveList *ml, const Move *m)
{
    const Game *g = p->g;
    int mover = pos_mover(p);
    int landed = m->kind == MK_MOVE && m->to != m->from && taken_by(m->captured, mover);
    /* the recorded writes hold each slot once, with its final value; the position is the one
     * before the move, so p->st holds each slot's value before it */
    const int32_t *ops = m->nops ? ml->ops + 2 * m->op0 : NULL;
    int board = g->nsq * g->stack, others = 0;
    for (uint32_t i = 0; i < m->nops; i++) {
        int loc = ops[2 * i];
        if (loc < 0 || loc >= board) continue;
        others += taken_by(ops[2 * i + 1], mover) - taken_by(p->st[loc], mover);
    }
    return landed - others > 0 ? landed - others : 0;
}

void keep_captures(const Pos *p, MoveList *ml, int most)
{
    int best = 0;
    for (int i = 0; i < ml->n && (most || !best); i++) {
        int n = move_captures(p, ml, &ml->m[i]);
        if (n > best) best = n;
    }
    if (!best) return;
    int k = 0;
    for (int i = 0; i < ml->n; i++) {
        int n = move_captures(p, ml, &ml->m[i]);
        if (most ? n == best : n > 0) ml->m[k++] = ml->m[i];
    }
    ml->n = k;
}

void keep_best_class(MoveList *ml)
{
    int32_t best = INT32_MAX;
    for (int i = 0; i < ml->n; i++)
        if (ml->m[i].key >= 0 && ml->m[i].key < best) best = ml->m[i].key;
    int k = 0;
    for (int i = 0; i < ml->n; i++)
        if (ml->m[i].key < 0 || ml->m[i].key == best) ml->m[k++] = ml->m[i];
    ml->n = k;
}
