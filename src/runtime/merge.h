/* merge.h - `distinct`: moves that reach one state are one move, and which of them is kept.
 *
 * Moves are merged twice. When a program emits a move, it is compared with the moves already
 * emitted that do the same thing from the same state (same state after the program's changes,
 * same piece, squares, promotion and `again`): those can only end in one state, so the list
 * never fills up with copies (a Four Towers dragon can reach one state by thousands of paths).
 * After the `legal` block, gen_legal merges the remaining moves by the state they reach.
 * Of moves merged, the one kept is the one with the lowest `key`; among equal keys, the smallest
 * move string under `smallest`, else the first generated.
 */
#ifndef BOARDVM_MERGE_H
#define BOARDVM_MERGE_H

#include <stdint.h>
#include "position.h"

/* May move `m` (just emitted, the last of ml) be merged with other moves? */
static inline int merge_applies(const Game *g, const Move *m)
{
    return g->distinct || m->group != 0;
}

/* What a just-emitted move does, as a hash: the current state (the program's changes made)
 * and the move's own fields. Two moves with one such hash reach one state. */
uint64_t merge_emit_hash(const Pos *p, const Move *m);

/* Look `h` up in ml's merge table: the index of the move already there, or -1 after entering
 * index `idx` under it. */
int merge_lookup(MoveList *ml, uint64_t h, int idx);
/* The table emptied (movelist_clear) */
void merge_clear(MoveList *ml);

/* Should `a` be kept rather than `b`, two moves merged as one? */
int merge_prefer(const Game *g, const MoveList *ml, const Move *a, const Move *b);

#endif
