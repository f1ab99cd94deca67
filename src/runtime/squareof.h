/* squareof.h - `square-of(type, player)`: the first square holding such a piece, its answers
 * kept while the board they were read from stands (pos_board_stamp). */
#ifndef BOARDVM_SQUAREOF_H
#define BOARDVM_SQUAREOF_H

#include "position.h"

/* The first square (in square order) with a piece of type t owned by pl at any layer, or -1;
 * *scanned: the squares a scan of the board looks at to answer (the work it is charged, whether
 * the answer was scanned or kept). */
int squareof_find(Pos *p, int t, int pl, int *scanned);

#endif
