/* make.h - making a move, with the rules file's hooks (see make.c). pos_unmake (position.h)
 * takes it back. */
#ifndef BOARDVM_MAKE_H
#define BOARDVM_MAKE_H
#include "position.h"

void pos_make(Pos *p, const MoveList *ml, const Move *m);
/* The same for a legality test: only the parts `parts` (PROBE_* of effects.h) of the hooks and
 * the history, those the `legal` block can see (Game.probe); undone by pos_unmake as well. */
void pos_make_parts(Pos *p, const MoveList *ml, const Move *m, int parts);
/* A pass (the search's null move): the side to move moves nothing; the `reset` variables, the
 * turn, the transient variables and `turn-start` as after any move. pos_unmake takes it back. */
void pos_make_null(Pos *p);
#endif
