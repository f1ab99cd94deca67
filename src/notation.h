/* notation.h - move strings: one canonical string per legal move, and back. */
#ifndef BOARDVM_NOTATION_H
#define BOARDVM_NOTATION_H
#include <stddef.h>
#include "position.h"

#define MOVE_STR_MAX 256                /* room for any move string (notes included) */

/* "e2e4", "e7e8=Q", "N@e4", plus the move's suffix ("e5d6ep") and notes; a move of no one
 * piece (a top-level `moves` block) is its notes alone. ml holds the notes. */
void move_string(const Game *g, const MoveList *ml, const Move *m, char *buf, size_t len);
/* Find the legal move written s in ml; -1 if none. */
int move_find(const Game *g, const MoveList *ml, const char *s);
/* The same, and in *second the next legal move written s (-1 if none): a string that two moves
 * share names neither, and what reads a move someone wrote refuses it (session.h). */
int move_find_pair(const Game *g, const MoveList *ml, const char *s, int *second);
/* Sort indexes of ml's moves by their strings (byte order). */
void move_sorted(const Game *g, const MoveList *ml, int *order);
#endif
