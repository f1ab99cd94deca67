/* engine_notation.h - boardvm's moves and positions written the way a UCI engine writes them.
 *
 * Defaults (those of Fairy-Stockfish and UCI chess engines): a move is from-square and
 * to-square; a promotion adds the new piece's letter in lower case (boardvm e7e8=Q is e7e8q),
 * or "+" when the new piece's code is "+" and the old one's (shogi: c7c8=+P is c7c8+); a drop is
 * written as boardvm writes it (P@e5). In a FEN the hands go in brackets after the board
 * ("[PPb]"), the player who moves first is "w" and the other "b", and the fields after the turn
 * are boardvm's as they stand. Settable: the letter of any piece code (the only way to write a
 * code of several letters), the turn letters, and ranks numbered from 0. */
#ifndef BOARDVM_ENGINE_NOTATION_H
#define BOARDVM_ENGINE_NOTATION_H
#include <stddef.h>
#include "position.h"

#define NOTATION_MAX_MAPS 64

typedef struct {
    int nmaps;
    const char *code[NOTATION_MAX_MAPS], *letter[NOTATION_MAX_MAPS];   /* --piece CODE=LETTER */
    int nturns;
    const char *turn_from[MAX_PLAYERS], *turn_to[MAX_PLAYERS];        /* --turn FROM=TO */
    int ranks_from;                               /* 1, or 0 (--ranks-from 0) */
} EngineNotation;

/* Add "CODE=LETTER" (a --piece) or "FROM=TO" (a --turn); 0 with a message in err. */
int notation_add_piece(EngineNotation *n, const char *spec, char *err, size_t errlen);
int notation_add_turn(EngineNotation *n, const char *spec, char *err, size_t errlen);
void notation_free(EngineNotation *n);       /* what the two above allocated */

/* The engine's string for the move m of ml; 0 with a message in err when it has none. */
int notation_move(const EngineNotation *n, const Game *g, const MoveList *ml, const Move *m,
                  char *out, size_t outlen, char *err, size_t errlen);
/* The engine's move s written as boardvm would (best effort, for moves boardvm has not got):
 * p is the position it is played in. */
void notation_move_back(const EngineNotation *n, const Pos *p, const char *s, char *out,
                        size_t outlen);
/* The engine's FEN of p (malloc'ed); NULL with a message in err when p cannot be written so. */
char *notation_fen(const EngineNotation *n, const Pos *p, char *err, size_t errlen);
#endif
