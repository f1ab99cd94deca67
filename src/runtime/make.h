/* make.h - making a move, with the rules file's hooks (see make.c). pos_unmake (position.h)
 * takes it back. */
#ifndef BOARDVM_MAKE_H
#define BOARDVM_MAKE_H
#include "position.h"

void pos_make(Pos *p, const MoveList *ml, const Move *m);
/* The same for a legality test: only the parts `parts` (PROBE_* of effects.h) of the hooks and
 * the history, those the `legal` block can see (Game.probe); undone by pos_unmake as well. */
void pos_make_parts(Pos *p, const MoveList *ml, const Move *m, int parts);
/* Whether m, a `land`ed move or a `stay` that its program emits now, is legal, tested on the
 * board as the program leaves it, where the caller has put back since mark (pos_mark) what a
 * make would not take from the branch, as keep_legal would test it after a make of Game.probe's
 * parts; charged as that make; all taken back to mark. 1 legal, 0 not, -1 not known (the test
 * set a result). */
int pos_legal_emitted(Pos *p, const Move *m, int mark);
/* A make's end after `after-move` (the turn, the transient variables' reset, `turn-start` and
 * the history, those of them that parts asks for): the VM runs it between `after-move` and
 * `legal` at a test of pos_legal_emitted (RunCtx.then_legal) */
void pos_make_rest(Pos *p, const Move *m, int mover, int parts);
/* The `reset` variables that a make of any move from this position writes back (those not at
 * their start values), found once a node for pos_hash_after; n = -1: too many to keep. */
#define NODE_RESETS_MAX 64
typedef struct { int n; int32_t loc[NODE_RESETS_MAX], init[NODE_RESETS_MAX]; } NodeResets;
void pos_node_resets(const Pos *p, NodeResets *r);
/* The hash of the state pos_make_parts(p, ml, m, PROBE_FULL) reaches, without the make: 1 and
 * *h where the make would run no hook and no turn order table, else 0 (the move must be made).
 * r: pos_node_resets of this position. Charges what the make charges. */
int pos_hash_after(Pos *p, const NodeResets *r, const MoveList *ml, const Move *m, uint64_t *h);
/* A pass (the search's null move): the side to move moves nothing; the `reset` variables, the
 * turn, the transient variables and `turn-start` as after any move. pos_unmake takes it back. */
void pos_make_null(Pos *p);
/* After the `end` block has judged a node (p->result): in a game of three or more players who
 * take turns, a loss of the side to move while two or more others are still in is no end but
 * the side's elimination: the result is cleared and ml holds one move, MK_OUT. Returns 1 then. */
int end_eliminates(Pos *p, MoveList *ml);
/* The player who wins when the side to move loses: the next one still in after it (with two
 * players, the other one); -1 when none is. */
int pos_loss_winner(const Pos *p);
/* The winner of a finished game (p->result): the side to move for a win, pos_loss_winner for a
 * loss, -1 for a draw. */
int pos_winner(const Pos *p);
#endif
