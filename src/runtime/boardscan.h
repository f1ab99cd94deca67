/* boardscan.h - FORTEST's walk of `board` (List.square_order: element j is square j): the first
 * square from j on whose test passes, from the sets of the stacks' layers the writes keep where
 * the board has at most 64 squares (Game.layer_sets), else eight squares at a time. */
#ifndef BOARDVM_BOARDSCAN_H
#define BOARDVM_BOARDSCAN_H

#include "position.h"

/* Whether the game's writes keep the layers' sets: where a FORTEST walk of `board` tests heights
 * (once, after the lists are known: movegen_prepare) */
void boardscan_prepare(Game *g);

/* From square j (0 <= j < n, n the board's squares, item the list: square k at k) on: the first
 * square whose value passes the test (lo <= val <= hi) != outside, or n. val is the square
 * variable at var_base + square (var_base >= 0), else the square's height. */
int64_t boardscan_first(const Pos *p, const int32_t *item, int var_base, int64_t j, int64_t n,
                        int64_t lo, int64_t hi, int outside);

#endif
