/* guardtest.h - a move program's or the `end` block's guard (guards.h) tested on a position,
 * before its run. */
#ifndef BOARDVM_GUARDTEST_H
#define BOARDVM_GUARDTEST_H
#include "position.h"

/* 1 if one of pg's ways passes for a run by `mover` from `origin` on p as it is (the run may
 * then do something), 0 if none does (the run would emit nothing, change nothing and end
 * nothing). For `end`, origin is 1 where the side to move has no legal move, else 0. *made
 * (set to 0 first by the caller) grows by the tests made and the history entries read, the
 * work to charge. */
int guard_passes(Pos *p, const ProgramGuard *pg, int mover, int origin, long *made);
#endif
