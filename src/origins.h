/* origins.h - the squares a move program can move from at all (see origins.c). */
#ifndef BOARDVM_ORIGINS_H
#define BOARDVM_ORIGINS_H
#include "game.h"

/* Sets g->origin_ok: per move program, NULL (it may move from anywhere) or one byte per player
 * and square, 0 where the program provably emits nothing. */
void origins_prepare(Game *g);
#endif
