/* guardtest.h - a move program's guard (guards.h) tested on a position, before its run. */
#ifndef BOARDVM_GUARDTEST_H
#define BOARDVM_GUARDTEST_H
#include "position.h"

/* 1 if one of pg's ways passes for a run by `mover` from `origin` on p as it is (the run may
 * then do something), 0 if none does (the run would emit nothing and change nothing). *made
 * gets the tests made, the work to charge. */
int guard_passes(Pos *p, const ProgramGuard *pg, int mover, int origin, long *made);
#endif
