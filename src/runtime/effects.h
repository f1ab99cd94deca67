/* effects.h - what each program of a game reads and writes of the game state.
 *
 * Read off the bytecode with the EFFECT column of the instruction table (opcodes.h): a program's
 * effects are the union of its instructions', and those of the programs its tests run (attack
 * and move programs, `on capture`), to a fixed point. The runtime uses them to test a move's
 * legality without running the hooks whose writes the `legal` block cannot see. An effect the
 * analysis cannot place (E_ALL, E_WANY) keeps every hook: it only ever errs toward the full,
 * exact path. */
#ifndef BOARDVM_EFFECTS_H
#define BOARDVM_EFFECTS_H
#include <stdint.h>
#include "game.h"

typedef struct {
    int flags;                           /* E_* of opcodes.h */
    uint64_t rvars[4], wvars[4];         /* state variables read and written, by index */
} Effects;

/* What a legality test needs of a move's make: bits of Game.probe. */
enum {
    PROBE_AFTER_MOVE = 1,                /* run `after-move` */
    PROBE_TURN_START = 2,                /* run `turn-start` */
    PROBE_HISTORY = 4                    /* push the position on the history (repetition) */
};
#define PROBE_FULL (PROBE_AFTER_MOVE | PROBE_TURN_START | PROBE_HISTORY)

/* Compute g->probe, the parts of a make that `legal` can see, and g->memo_ok: the programs
 * whose attack runs depend on nothing but the pieces on the squares they look at (and the
 * piece, square and target they start from), so that a run's result holds wherever those
 * squares hold the same pieces (the attack memo of movegen.c). */
void effects_prepare(Game *g);
#endif
