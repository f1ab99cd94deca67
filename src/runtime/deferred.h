/* deferred.h - effects recorded by `defer { }` and done when the move is made (deferred.c).
 *
 * Zillions' moves work so: a program's `capture`, `change-type`, `flip`, ... are pending until
 * its `add` emits the move; later tests see the board as it was, and when the move is made the
 * piece arrives first, so that an effect on the destination acts on the arriving piece
 * (docs/language.md, "Deferred effects"). The VM keeps the recorded effects of all branches of
 * one run in one list; each branch sees its own through a chain from its last entry back, kept
 * in the branch's local LOC_DEFERRED (the last entry's index + 1, 0 for none), which choice
 * points save and restore with the other locals, so backtracking needs nothing more. */
#ifndef BOARDVM_DEFERRED_H
#define BOARDVM_DEFERRED_H
#include <stdint.h>
#include "opcodes.h"
#include "position.h"

typedef struct {
    int op;              /* OP_CAPTURE ... OP_MOVEP: the effect, as done at once; or
                            OP_DCASCADEP (deferred_lift) */
    int line;            /* the rules file's line, for messages */
    int prev;            /* the branch's entry before this one, + 1 (0: none) */
    int64_t a[3];        /* its operands, in the order they were pushed */
} DeferredFx;

typedef struct {
    DeferredFx *e; int n, cap;
    int cascades;                /* a cascade part (OP_DCASCADEP) was recorded since the list
                                    was last emptied: deferred_lift has work */
    int *walk, cap_walk;         /* deferred_apply's scratch: one chain's entries */
} DeferredList;

/* the number of values a recording instruction (OP_DCAPTURE ...) takes: its POP column */
static inline int deferred_arity(int op) { return opcode_info[op].pop; }

/* Record the effect of instruction op (OP_DCAPTURE ...) with its n operands after the branch's
 * entry last (+ 1); returns the new entry's index + 1, for LOC_DEFERRED. */
int deferred_record(Pos *p, DeferredList *d, int op, const int64_t *a, int n, int last, int line);
/* Do the effects of the chain ending at last (+ 1), oldest first; returns how many were done,
 * or -1 when one could not be (the move is then no move). *taken: as fx_capture's. */
int deferred_apply(Pos *p, DeferredList *d, int mover, int last, int64_t *taken);
/* Before the moving piece leaves origin and lands: the cascade parts of the chain ending at
 * last (+ 1) take their pieces off the board (OP_DCASCADEP), to be put down by deferred_apply. */
void deferred_lift(Pos *p, DeferredList *d, int last, int origin);
/* Does the chain ending at last (+ 1) capture on sq? (Zillions' attacks, game.h) */
int deferred_captures(const DeferredList *d, int last, int sq);
void deferred_free(DeferredList *d);
#endif
