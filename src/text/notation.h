/* notation.h - move strings: one canonical string per legal move, and back. */
#ifndef BOARDVM_NOTATION_H
#define BOARDVM_NOTATION_H
#include <stddef.h>
#include "position.h"
#include "movetext.h"                   /* move_string(), MOVE_STR_MAX */
/* Find the legal move written s in ml; -1 if none. */
int move_find(const Game *g, const MoveList *ml, const char *s);
/* The same, and in *second the next legal move written s (-1 if none): a string that two moves
 * share names neither, and what reads a move someone wrote refuses it (session.h). */
int move_find_pair(const Game *g, const MoveList *ml, const char *s, int *second);
/* move_find_pair for a move someone typed: when every legal move written s reaches the same
 * state (one move made twice, as a Zillions file that cannot say `moves distinct` makes them),
 * s names that state, and the first is found with *second = -1. Makes and unmakes the moves. */
int move_find_typed(Pos *p, const MoveList *ml, const char *s, int *second);
/* Whether moves i and j of ml reach the same state (the whole state compared). */
int moves_reach_same_state(Pos *p, const MoveList *ml, int i, int j);
/* Legal moves and the game result of the current position, named: node_moves_unnamed()
 * (movegen.h), then the moves whose strings two moves would share are marked, so that their
 * `qualify` text is written. */
void node_moves(Pos *p, MoveList *ml);
/* Sort indexes of ml's moves by their strings (byte order). */
void move_sorted(const Game *g, const MoveList *ml, int *order);
#endif
