/* tails.h - a move's tail: the code after a branch's last test that cannot fail and ends in
 * EMIT; RET, in a form that perft's last ply counts without running it (tails.c finds it at
 * compile time, src/runtime/counttail.c counts it). */
#ifndef BOARDVM_TAILS_H
#define BOARDVM_TAILS_H
#include "game.h"

#define TAIL_NOTES 4

/* What the tail does, its locals named as they were at its head (the values it reads there) */
typedef struct CountTail {
    int head, emit, ret;          /* pcs: its first instruction (COUNTTAIL), the EMIT, the RET or
                                     the JMP to a RET after it */
    int steps;                    /* the instructions it runs outside its loop, the EMIT's too */
    int move_from, move_to;       /* MOVEP of the pieces of these locals' squares; -1: none */
    int loop_from;                /* the loop's square x, or -1: no loop */
    int loop_dirs;                /* the loop's direction set (PUSHDIRS's operand) */
    int loop_test;                /* OP_ENEMY or OP_FRIEND: the squares whose owner it writes */
    int loop_body;                /* the instructions a passing direction runs after the test */
    int nnotes;
    int note_local[TAIL_NOTES], note_kind[TAIL_NOTES];
    int after;                    /* the instructions from `ret` to the failure: 1 (RET) or 2 */
    int near;                     /* the CHOOSENEAR whose directions that pass go straight to the
                                     head (its test's jump goes on there); -1: none (the VM
                                     counts its directions in a row, vm_loop.h) */
    const uint8_t *name_len;      /* by square: the length of its name, as `note` writes it (a
                                     note of a square: no look at its name at the last ply) */
} CountTail;

/* The tail that CHOOSENEAR at pc leads to (CountTail.near), or NULL */
const CountTail *count_tail_after(const Game *g, int pc);

/* Finds the tails of function fn and writes COUNTTAIL over their heads (after the
 * superinstructions, whose FORNEAR it reads; before the verifier's second pass). */
void find_count_tails(Game *g, int fn);

#endif
