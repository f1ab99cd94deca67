/* royal.h - where a player's royal piece stands, for the built-ins `royal-square(P)` and
 * `in-check(P)` (three-check, racing kings and atomic ask it of either side). */
#ifndef BOARDVM_ROYAL_H
#define BOARDVM_ROYAL_H
#include "position.h"

/* The square of a royal piece of player: with several, the first in square order (a1, b1, ...),
 * so that the answer does not depend on the history of the search; -1 (none) with none. */
int royal_square(Pos *p, int player);
#endif
