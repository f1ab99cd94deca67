/* movesquares.h - the squares a move is shown on and clicked by (the web board, boardvm svg). */
#ifndef BOARDVM_MOVESQUARES_H
#define BOARDVM_MOVESQUARES_H
#include "position.h"

/* The move's from and to squares (-1 for none). A move of one piece has its own (a stay: no
 * to; a drop: no from). A move of no one piece (a top-level `moves` block: Four Towers' moves,
 * Spinal Tap's battle moves) has only its string s: the squares it names, when they are one
 * (a stay on it) or two (from, to); else none. Returns 1 when the squares came from s. */
int move_squares(const Game *g, const Move *m, const char *s, int *from, int *to);
#endif
