/* origins.h - what a move program can do at all: the squares it can move from, and the kinds
 * of move it can emit (see origins.c). */
#ifndef BOARDVM_ORIGINS_H
#define BOARDVM_ORIGINS_H
#include "game.h"

/* Sets g->origin_ok: per move program, NULL (it may move from anywhere) or one byte per player
 * and square, 0 where the program provably emits nothing. */
/* Sets g->moves_onto too: per program, 0 if it provably emits no move of kind MK_MOVE (all its
 * moves `emit stay` or drop), so that it cannot give the quiescence search a capture; and
 * g->captures_skip_ok, whether the quiescence search may leave such programs out. */
void origins_prepare(Game *g);
#endif
