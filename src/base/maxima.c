/* maxima.c - the table of maxima (see maxima.h); empty unless built with -DBOARDVM_MAXIMA. */
#include "maxima.h"

#ifdef BOARDVM_MAXIMA
#include <stdio.h>
#include "game.h"

Maxima maxima;

/* The limit the C source sets, next to the largest value met: a reader sees the margin. */
void maxima_report(void)
{
    fprintf(stderr,
            "maxima: steps-between-emits %ld / %d (STEP_BUDGET default)\n"
            "maxima: work-per-position %ld / %ld (GEN_BUDGET default)\n"
            "maxima: moves-per-position %ld / %d\n"
            "maxima: list-state-changes %ld / %d\n"
            "maxima: list-note-chars %ld / %d\n"
            "maxima: move-text %ld / %d\n"
            "maxima: pending-trail %ld / %d\n"
            "maxima: open-choices %ld / %d\n"
            "maxima: operand-stack %ld / %d\n"
            "maxima: pieces-on-a-square %ld / %d\n"
            "maxima: attack-nesting %ld / %d\n"
            "maxima: moves-of-nesting %ld / %d\n",
            maxima.steps, STEP_BUDGET, maxima.work, (long)GEN_BUDGET, maxima.moves, MAX_MOVES,
            maxima.list_ops, MAX_LIST_OPS, maxima.list_text, MAX_LIST_TEXT, maxima.move_text,
            MAX_MOVE_TEXT, maxima.trail, MAX_GEN_TRAIL, maxima.choices, 100000,
            maxima.operand_stack, MAX_STACK_DEPTH, maxima.stack_height, MAX_STACK,
            maxima.attack_nest, MAX_ATTACK_NEST, maxima.movesof_nest, MAX_MOVESOF_NEST);
}
#endif
