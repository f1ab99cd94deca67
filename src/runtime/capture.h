/* capture.h - `moves compulsory capture;`: a side that can capture must (antichess, checkers);
 * `moves maximum capture;`: ... and must take the most pieces it can (international draughts).
 *
 * A move captures when it leaves fewer pieces of the other players on the board than there
 * were: it lands on one, or its program takes one off (`capture`, `remove`, `land`, an
 * explosion) or takes one over (`owner`). Pieces moved about (`move a to b`) are not taken.
 * The test reads the move as it was generated (its destination and its recorded writes), so
 * it costs a pass over the legal moves, not a search for attacks.
 * Zillions' move-priorities are filtered the same way: after legality, over the whole list. */
#ifndef BOARDVM_CAPTURE_H
#define BOARDVM_CAPTURE_H
#include "position.h"

/* How many pieces of the other players m, a move of the side to move in p, takes (0: none). */
int move_captures(const Pos *p, const MoveList *ml, const Move *m);
/* When one of ml's moves captures, keep only those that do (in their order); with `most`, only
 * those that take as many pieces as the most any move takes, and with Game.capture_kings, of
 * those, the ones that take the most kings (Zillions' "maximal captures" 2). */
void keep_captures(const Pos *p, MoveList *ml, int most);
/* Move classes with priorities (Game.move_priorities): keep only the moves whose key (their
 * class's rank) is the best (lowest) of the list's, and those with a negative key (a pass,
 * which no priority removes). */
void keep_best_class(MoveList *ml);
/* Does which moves are legal depend on the whole legal list (compulsory captures, move
 * priorities)? Then no generation may stop at the first legal move. */
static inline int legal_list_whole(const Game *g)
{
    return g->compulsory_capture || g->move_priorities;
}
#endif
