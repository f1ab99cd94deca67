/* movetext.h - a legal move written as text: "e2e4", "e7e8=Q", "N@e4", plus its suffix and notes.
 *
 * It is part of the runtime, below the notation that reads and sorts moves (notation.h), because
 * the language defines a runtime rule by it: of the moves that reach one state, `distinct
 * smallest` keeps the one whose string is smallest (merge.c), and the seed games' rulings name
 * a state by that string (Four Towers §4). Writing a move needs only the game and the list. */
#ifndef BOARDVM_MOVETEXT_H
#define BOARDVM_MOVETEXT_H
#include <stddef.h>
#include "position.h"

#define MOVE_STR_MAX 256                /* room for any move string (notes included) */

/* "e2e4", "e7e8=Q", "N@e4", plus the move's suffix ("e5d6ep") and notes; a move of no one
 * piece (a top-level `moves` block) is its notes alone. ml holds the notes. */
void move_string(const Game *g, const MoveList *ml, const Move *m, char *buf, size_t len);
#endif
