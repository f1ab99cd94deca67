/* reach.h - the squares a move or attack program can emit a move onto from a square, whatever
 * stands on the board (see reach.c). */
#ifndef BOARDVM_REACH_H
#define BOARDVM_REACH_H
#include <stdint.h>
#include "game.h"

/* The words of a set of squares, a bit a square */
#define REACH_WORDS(g) (((g)->nsq + 63) / 64)

/* Where the walks of program fn may stop (one byte an instruction of the program, from its
 * entry): made once per program, handed to each of its walks. */
void reach_settle(const Game *g, int fn, uint8_t *settled);

/* Sets out (REACH_WORDS(g) words) to a superset of the squares where program fn, run for
 * player `player` with its piece on `sq`, can reach an `emit` of a move that does not stay (a
 * move, a drop): the only emits an attack or reach test counts. Returns 0 when the walk could not
 * tell (too long, or an instruction it does not follow): then any square may be reached. Each
 * instruction followed takes one from *budget; none left, it gives up. */
/* A pure instruction on known operands (a[0] the deepest), for player `player`: its value in
 * *r, 1; 0 if it is not one of those (or overflows). Also puretab.c's. */
int reach_evaluate(const Game *g, int player, int op, const int32_t *opnd, const int64_t *a,
                   int64_t *r);

int reach_squares(const Game *g, int fn, int player, int sq, const uint8_t *settled,
                  uint64_t *out, long *budget);
#endif
