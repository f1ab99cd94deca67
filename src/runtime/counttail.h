/* counttail.h - perft's last ply: a move's tail (tails.h) counted from the board at its head,
 * without running it (inline: the VM's COUNTTAIL and CHOOSENEAR call it once a move).
 *
 * The tail writes, notes and emits, and cannot fail; counted, its move needs only what the run
 * would have charged and what the list's bounds see: the instructions run, the writes (trail
 * entries) and how many of them leave a slot changed. The MOVEP's are two writes, the first
 * emptying a square that held a piece; the loop's are the squares next to x along its
 * directions that pass its test, read from the squares by owner (Pos.owned) when no two
 * directions step to one square and neither square of the MOVEP is among them (then nothing
 * the tail writes is read by it again), and its instructions as the VM charges them (skips.c,
 * near_pass: 9 a direction off the board, 12 one turned away, the test's 12 and the body's for
 * one that passes, 1 for the FORNEAR that ends it). Anything else: the tail runs as written. */
#ifndef BOARDVM_COUNTTAIL_H
#define BOARDVM_COUNTTAIL_H
#include "position.h"
#include "tails.h"
#include "nearset.h"
#include "opcodes.h"

/* What the tail would do on the board: the instructions its loop runs (the rest is
 * CountTail.steps), its writes (trail entries) and those that leave a slot changed (a move's
 * state changes, as branch_writes counts them) */
typedef struct { long loop_steps; uint32_t writes, kept; } TailBoard;

/* The tail of code position pc, or NULL */
static inline const CountTail *count_tail_at(const Game *g, int pc)
{
    for (int i = 0; i < g->ncount_tails; i++)
        if (g->count_tails[i].head == pc) return &g->count_tails[i];
    return NULL;
}

/* What the tail's loop reads that a run of its program does not change between two moves:
 * its directions, their table and the squares that pass its test (counttail.h asks them once a
 * row of moves); ok 0: the board keeps no sets, the loop's moves are not counted */
typedef struct { uint64_t mask, passing; const NearTable *tab; int ok; } TailSets;

static inline void tail_sets(Pos *p, int mover, const CountTail *t, TailSets *ts)
{
    const Game *g = p->g;
    *ts = (TailSets){ 0, 0, NULL, g->stack == 1 };
    if (t->loop_from < 0 || !ts->ok) return;
    int pl = (uint64_t)mover < (uint64_t)g->nplayers ? mover : 0;   /* (PUSHDIRS) */
    ts->mask = g->dirset_abs[t->loop_dirs * MAX_PLAYERS + pl];
    ts->ok = nearset_usable(p, mover) && mover < g->nplayers;
    if (!ts->ok) return;
    ts->tab = nearset_table(p, ts->mask);
    ts->passing = nearset_passing(p, t->loop_test, 1, mover);
}

/* 1 and *b: the tail, run from here with locals L and no write before it in its branch, would
 * reach its EMIT having done *b; 0: it may fail or be told apart from this account (a square
 * written twice, a neighbour the move wrote, no sets kept): run it. ts: tail_sets's, of the
 * board as it is. */
static inline __attribute__((always_inline)) int count_tail_board(const Pos *p, const int64_t *L,
                                                                  const CountTail *t,
                                                                  const TailSets *ts, TailBoard *b)
{
    const Game *g = p->g;
    uint64_t moved = 0;
    *b = (TailBoard){ 0, 0, 0 };
    if (!ts->ok) return 0;
    if (t->move_from >= 0) {
        int64_t x = L[t->move_from], y = L[t->move_to];
        if ((uint64_t)x >= (uint64_t)g->nsq || (uint64_t)y >= (uint64_t)g->nsq || x == y ||
            !p->st[x] || x >= g->st_transient || y >= g->st_transient)
            return 0;
        b->writes = 2;
        b->kept = 1 + (p->st[y] != p->st[x]);   /* x emptied; y changed unless it held the same */
        moved = (x < 64 ? 1ull << x : 0) | (y < 64 ? 1ull << y : 0);
    }
    if (t->loop_from >= 0) {
        int64_t x = L[t->loop_from];
        if ((uint64_t)x >= (uint64_t)g->nsq) {        /* every step off the board */
            b->loop_steps = 1 + 9L * __builtin_popcountll(ts->mask);
            return 1;
        }
        const NearTable *tab = ts->tab;
        if (!tab->distinct[x] || (tab->set[x] & moved)) return 0;
        long pass = nearset_count(tab->set[x] & ts->passing);
        long on = tab->on[x];
        b->loop_steps = 1 + 9 * (tab->dirs - on) + 12 * (on - pass) + (12 + t->loop_body) * pass;
        b->writes += (uint32_t)pass;
        if (t->loop_test == OP_ENEMY) b->kept += (uint32_t)pass;   /* (a friend's owner stays) */
    }
    return 1;
}

#endif
