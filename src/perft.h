/* perft.h - counting the leaves of the legal move tree: the exactness test of a move generator. */
#ifndef BOARDVM_PERFT_H
#define BOARDVM_PERFT_H
#include <stdint.h>
#include "position.h"

uint64_t perft(Pos *p, int depth, int ply);
#endif
