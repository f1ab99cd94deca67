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

/* A king of another player than mover: a piece of a type other than man */
static int king_of(int32_t w, int mover, int man)
{
    return taken_by(w, mover) && PW_TYPE(w) != man;
}

/* The kings m takes (as move_captures counts pieces; for `maximal captures` 2 only) */
static int move_captures_kings(const Pos *p, const MoveList *ml, const Move *m, int man)
{
    const Game *g = p->g;
    int mover = pos_mover(p);
    int landed = m->kind == MK_MOVE && m->to != m->from && king_of(m->captured, mover, man);
    const int32_t *ops = m->nops ? ml->ops + 2 * m->op0 : NULL;
    int board = g->nsq * g->stack, others = 0;
    for (uint32_t i = 0; i < m->nops; i++) {
        int loc = ops[2 * i];
        if (loc < 0 || loc >= board) continue;
        others += king_of(ops[2 * i + 1], mover, man) - king_of(p->st[loc], mover, man);
    }
    return landed - others > 0 ? landed - others : 0;
}

/* `maximal captures` 2: of the moves that take the most pieces, those that take the most kings
 * (rank: pieces, then kings, as one number) */
static void keep_most_kings(const Pos *p, MoveList *ml)
{
    const int64_t scale = MAX_SQUARES * (int64_t)MAX_STACK + 1;   /* (more than any king count) */
    int64_t best = 0;
    for (int i = 0; i < ml->n; i++) {
        int64_t n = move_captures(p, ml, &ml->m[i]);
        if (n) n = n * scale + move_captures_kings(p, ml, &ml->m[i], p->g->capture_man_type);
        if (n > best) best = n;
    }
    if (!best) return;
    int k = 0;
    for (int i = 0; i < ml->n; i++) {
        int64_t n = move_captures(p, ml, &ml->m[i]);
        if (n) n = n * scale + move_captures_kings(p, ml, &ml->m[i], p->g->capture_man_type);
        if (n == best) ml->m[k++] = ml->m[i];
    }
    ml->n = k;
}

void keep_captures(const Pos *p, MoveList *ml, int most)
{
    if (most && p->g->capture_kings) { keep_most_kings(p, ml); return; }
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
