/* linecount.h - a piece's line moves counted instead of listed, where the pins already say each
 * one is legal (perft's last ply: only the number of legal moves is wanted).
 *
 * At a node where pins_find() holds (the mover is not in check, legality is `require not
 * in-check;`), pins_move_safe() calls a plain move of a piece that is not royal, not pinned,
 * and leaves and reaches no square an attack program looked at, legal, and no capture hook
 * must run for it: such a move needs neither a list entry nor a test, only to be counted.
 * The other moves of the piece are listed as gen_atoms() lists them, and judged as before. */
#ifndef BOARDVM_LINECOUNT_H
#define BOARDVM_LINECOUNT_H
#include "position.h"
#include "pins.h"

/* The moves of the lines of T from sq (piece w, of `mover`): returns how many were counted
 * (legal without a test) and pushes the others on ml; -1 when the piece's moves must all be
 * listed by the caller (a royal piece, a pinned one, lines that may overlap, a game whose
 * `legal` goes on after the in-check test). */
/* The table of every type's lines from every square (Game.line_rays), built at compile time. */
void linecount_prepare(Game *g);
long count_line_moves(Pos *p, MoveList *ml, int sq, int32_t w, const PieceType *T, int mover,
                      const Pins *pins);
#endif
