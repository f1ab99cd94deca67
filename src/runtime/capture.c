/* capture.c - see capture.h */
#include "capture.h"

static int taken_by(int32_t w, int mover) { return w && PW_OWNER(w) >= 0 && PW_OWNER(w) != mover; }

/* A piece of another player than mover that counts: any, or (man >= 0) one of a type other
 * than man (a king, for `maximal captures` 2) */
static int counted(int32_t w, int mover, int man)
{
    return taken_by(w, mover) && (man < 0 || PW_TYPE(w) != man);
}

/* The pieces m takes, of the types counted (counted()) */
static int captures_of(const Pos *p, const MoveList *ml, const Move *m, int man)
{
    const Game *g = p->g;
    int mover = pos_turn(p);
    int landed = m->kind == MK_MOVE && m->to != m->from && counted(m->captured, mover, man);
    /* the recorded writes hold each slot once, with its final value; the position is the one
     * before the move, so p->st holds each slot's value before it */
    const int32_t *ops = m->nops ? ml->ops + 2 * m->op0 : NULL;
    int board = g->nsq * g->stack, others = 0;
    for (uint32_t i = 0; i < m->nops; i++) {
        int loc = ops[2 * i];
        if (loc < 0 || loc >= board) continue;
        others += counted(ops[2 * i + 1], mover, man) - counted(p->st[loc], mover, man);
    }
    return landed - others > 0 ? landed - others : 0;
}

int move_captures(const Pos *p, const MoveList *ml, const Move *m)
{
    return captures_of(p, ml, m, -1);
}

/* What a move takes, as one number ordered as the rule orders them: the pieces, and with
 * kings (Game.capture_kings) then the kings among them */
static long capture_rank(const Pos *p, const MoveList *ml, const Move *m, int kings)
{
    long n = move_captures(p, ml, m);
    if (!kings || !n) return n;
    return n * (MAX_SQUARES * (long)MAX_STACK + 1) + captures_of(p, ml, m, p->g->capture_man_type);
}

void keep_captures(const Pos *p, MoveList *ml, int most)
{
    int kings = most && p->g->capture_kings;
    long best = 0;
    for (int i = 0; i < ml->n && (most || !best); i++) {
        long n = capture_rank(p, ml, &ml->m[i], kings);
        if (n > best) best = n;
    }
    if (!best) return;
    int k = 0;
    for (int i = 0; i < ml->n; i++) {
        long n = capture_rank(p, ml, &ml->m[i], kings);
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
