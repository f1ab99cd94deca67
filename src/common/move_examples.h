/* move_examples.h - what the moves of a position look like, for a person who must type one:
 * one example of each shape of move string (a2a3, e7e8=Q, N@e4, R:b3c3, a1^b1 ...). */
#ifndef BOARDVM_MOVE_EXAMPLES_H
#define BOARDVM_MOVE_EXAMPLES_H
#include <stddef.h>
#include "position.h"

/* "a2a3, b7b8=Q" (sorted; the first move of each shape, at most max of them) into buf. */
void move_examples(const Game *g, MoveList *ml, int max, char *buf, size_t len);
#endif
