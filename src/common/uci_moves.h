/* uci_moves.h - the legal moves of a position named for a UCI or XBoard peer, and found again.
 *
 * A move is written in a UCI engine's notation (engine_notation.h: from-square and to-square, a
 * promotion's letter in lower case or "+", a drop as P@e5) when it has that form and no other
 * legal move of the position shares it; otherwise (a move of several pieces, a stay, a piece
 * code of several letters, two moves with one from-to such as a Crab's quiet step and its en
 * passant capture) it is written as boardvm writes it (`boardvm moves`), which is unique and
 * holds no space. docs/uci-san.md, "Moves". */
#ifndef BOARDVM_UCI_MOVES_H
#define BOARDVM_UCI_MOVES_H
#include <stddef.h>
#include "engine_notation.h"

/* The name of ml->m[i] for a peer. */
void uci_move_name(const EngineNotation *n, const Game *g, const MoveList *ml, int i, char *out,
                   size_t len);
/* The move of ml that s names: by its UCI form when exactly one legal move has it, else by
 * boardvm's own string. -1 when none; -2 when two or more legal moves have the UCI form s and
 * boardvm writes none of them s (*other then one of them, for a message). */
int uci_move_find(const EngineNotation *n, const Game *g, const MoveList *ml, const char *s,
                  int *other);
#endif
