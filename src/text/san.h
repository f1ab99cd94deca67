/* san.h - Standard Algebraic Notation for any game, as Fairy-Stockfish generalises chess's SAN.
 *
 * Written: the piece's code (none for the pawn: the type coded "P" that is not royal), the
 * from-square's file, rank or both when another piece of the type reaches the same square (a
 * pawn's capture: its file), "x" for a capture, the to-square, "=CODE" for a promotion ("+" when
 * the new code is "+" and the old one, shogi's promotion), "CODE@square" for a drop, "O-O" and
 * "O-O-O" for a royal move that also moves another piece of the mover (castling: O-O when that
 * piece came from a file after the royal piece's), then "+" when the move attacks a royal piece
 * of the player to move next and "#" when that player then has no move or has lost.
 * A move SAN cannot express (a move with notes: several pieces, a stay; a move whose SAN another
 * legal move shares, such as a quiet step and an en passant capture onto one square) is written
 * as boardvm writes it (`boardvm moves`). docs/san-pgn.md says it with examples.
 *
 * Read: the exact SAN, with or without its check mark and with "!" or "?" annotations; then
 * the usual lax forms (a pawn's "P", a missing "x" or "=", "0-0", a longer disambiguation than
 * needed, "e8Q") when exactly one legal move fits. Both make and take back moves on p (the
 * check mark), so they run rules code: call them under protected_run. */
#ifndef BOARDVM_SAN_H
#define BOARDVM_SAN_H
#include <stddef.h>
#include "position.h"

#define SAN_MAX 64

/* The SAN of ml->m[i], ml being node_moves() of p; p is left as it was. */
void san_move(Pos *p, const MoveList *ml, int i, char *out, size_t len);
/* The legal move of ml (node_moves() of p) that the SAN s names, -1 if none; *other is a second
 * move that s fits as well (then s is ambiguous), or -1 (as move_find_pair). */
int san_find(Pos *p, const MoveList *ml, const char *s, int *other);
#endif
