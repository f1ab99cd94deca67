/* guards.h - the tests a move program (or the `end` block) makes of the position before it can
 * do anything, found in its code once, so that the runtime can leave the run out where none of
 * its ways can get past them (see guards.c). */
#ifndef BOARDVM_GUARDS_H
#define BOARDVM_GUARDS_H
#include "game.h"

/* Sets g->guard: per program (and the `end` block), NULL or the tests (ProgramGuard, game.h)
 * one of whose ways must pass for a run of it from its start to emit, write or end anything;
 * g->guard itself is NULL where no program has a guard. */
void guards_prepare(Game *g);
#endif
