/* sqmemo.h - the effects of board walks' bodies kept by the words they read (SQMEMO,
 * SQMEMOEND; src/lang/squarelocal.c decides which bodies; docs/runtime.md step 54). */
#ifndef BOARDVM_SQMEMO_H
#define BOARDVM_SQMEMO_H

#include <stdint.h>
#include "position.h"

/* At SQMEMO of site: 1 if the table holds the body's effect for the words it reads now (then
 * the square's stack and the outer locals in L are as the body would leave them, and *steps
 * is what the body ran); else 0, and the entry that SQMEMOEND fills is noted. steps_now: the
 * run's steps so far. */
int sqmemo_enter(Pos *p, int site, int64_t *L, int mover, long steps_now, long *steps);
/* At SQMEMOEND of site: the body's effect into the entry noted at its SQMEMO */
void sqmemo_leave(Pos *p, int site, const int64_t *L, long steps_now);
void sqmemo_free(Pos *p);

#endif
