/* counttail.h - perft's last ply: a move's tail (tails.h) counted from the board at its head,
 * without running it (counttail.c). */
#ifndef BOARDVM_COUNTTAIL_H
#define BOARDVM_COUNTTAIL_H
#include "position.h"
#include "tails.h"

/* What the tail would do on the board: the instructions its loop runs (the rest is
 * CountTail.steps), its writes (trail entries) and those that leave a slot changed (a move's
 * state changes, as branch_writes counts them) */
typedef struct { long loop_steps; uint32_t writes, kept; } TailBoard;

/* The tail of code position pc, or NULL */
const CountTail *count_tail_at(const Game *g, int pc);

/* 1 and *b: the tail, run from here by mover with locals L and no write before it in its
 * branch, would reach its EMIT having done *b; 0: it may fail or be told apart from this
 * account (a square written twice, a neighbour the move wrote, no sets kept): run it. */
int count_tail_board(Pos *p, int mover, const int64_t *L, const CountTail *t, TailBoard *b);

#endif
