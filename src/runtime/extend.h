/* extend.h - `moves extend { }`: a program run after every move of a piece (extend.c). */
#ifndef BOARDVM_EXTEND_H
#define BOARDVM_EXTEND_H
#include "position.h"

/* Replace the moves ml->m[first ..] (one unit's, just generated) by what the game's `moves
 * extend` program makes of each. Must run where a runtime error is caught. */
void extend_moves(Pos *p, MoveList *ml, int first);
#endif
