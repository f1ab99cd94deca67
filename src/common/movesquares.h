/* movesquares.h - the squares a move is shown on and clicked by (the web board, boardvm svg). */
#ifndef BOARDVM_MOVESQUARES_H
#define BOARDVM_MOVESQUARES_H
#include "position.h"

/* The move's from and to squares (-1 for none). A move of one piece has its own (a stay: no
 * to; a drop: no from). A move of no one piece (a top-level `moves` block: Four Towers' moves,
 * Spinal Tap's battle moves) has only its string s: the squares it names, when they are one
 * (a stay on it) or two (from, to); else none. Returns 1 when the squares came from s. */
int move_squares(const Game *g, const Move *m, const char *s, int *from, int *to);

/* A move in parts (Game.part_squares: the ZRF lowering's add-partial), the squares it goes
 * through: its from, where each part landed (read from its qualifier, "(b4)(d2)"), its to; at
 * most max of them. Returns how many, or 0 when the move is not in parts (or says more than max,
 * or its qualifier is not of parts). */
int move_part_squares(const Game *g, const MoveList *ml, const Move *m, int *out, int max);
#endif
