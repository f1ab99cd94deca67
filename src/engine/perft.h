/* perft.h - counting the leaves of the legal move tree: the exactness test of a move generator. */
#ifndef BOARDVM_PERFT_H
#define BOARDVM_PERFT_H
#include <signal.h>
#include <stdint.h>
#include "position.h"

/* Set (by a SIGINT handler) to stop a count: perft then returns early with what it has, the
 * position made and unmade as always. Looked at only where 3 or more plies are left, so the
 * bulk of the tree pays nothing for it. */
extern volatile sig_atomic_t perft_stop;

uint64_t perft(Pos *p, int depth, int ply);
#endif
