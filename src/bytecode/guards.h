/* guards.h - the tests a move program makes of the position before it can do anything, found
 * in its code once, so that the runtime can leave the program out where none of its ways can
 * get past them (see guards.c). */
#ifndef BOARDVM_GUARDS_H
#define BOARDVM_GUARDS_H
#include "game.h"

/* Sets g->guard: per program, NULL or the tests (ProgramGuard, game.h) one of whose ways must
 * pass for a run of it from its start to emit or write anything. */
void guards_prepare(Game *g);
#endif
