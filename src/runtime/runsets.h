/* runsets.h - FORRUNS's pass (opcodes.h; superinstr.c, runs_follow): over a loop of the board's
 * squares that counts a run along each direction of a set from every square of one owner, the
 * squares from which no count comes to its K2 are passed over, the runs found as 64-bit sets. */
#ifndef BOARDVM_RUNSETS_H
#define BOARDVM_RUNSETS_H
#include "position.h"

/* Game.run_dirs, where a program has FORRUNS and the board has one piece a square and at most
 * 64 squares: each direction's step as a shift with a mask, or as a table (movegen_prepare) */
void runsets_prepare(Game *g);

/* FORRUNS at ip over a list in square order (List.square_order), n elements, its cursor at i:
 * the first index from i on whose square passes the loop's owner test and from which the count
 * along some direction of the set comes to K2, or n. The squares before it are passed over:
 * *steps gets the instructions they would have run, and a pass to the end leaves the loop's
 * locals as its last round leaves them. Returns i itself where the sets do not answer (no
 * Pos.owned, a count that does not grow, or one of more than RUNS_MAX rounds). */
int64_t skip_runs(const Pos *p, const int32_t *ip, int64_t *L, int mover, int64_t i, int64_t n,
                  long *steps);

#endif
