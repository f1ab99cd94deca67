/* maxima.h - the largest values a run reaches against each limit of docs/language.md "Limits".
 *
 * Built only with -DBOARDVM_MAXIMA (`make CPPFLAGS=-DBOARDVM_MAXIMA`): the normal build has no
 * trace of it, so the hot loop pays nothing. bench/limits.sh runs the shipped games with such a
 * build and prints, for each limit, the largest value met next to the limit itself: a bound that
 * a legal position of a shipped game can reach is a fidelity bug, not a safety net. */
#ifndef BOARDVM_MAXIMA_H
#define BOARDVM_MAXIMA_H

#ifdef BOARDVM_MAXIMA
typedef struct {
    long steps;           /* instructions run by one program between two emits (STEP_BUDGET) */
    long work;            /* work of one position (GEN_BUDGET / `moves work`) */
    long moves;           /* moves in one position's list (MAX_MOVES) */
    long list_ops;        /* state changes recorded in one position's moves (MAX_LIST_OPS) */
    long list_text;       /* note characters of one position's moves (MAX_LIST_TEXT) */
    long trail;           /* state changes pending while one position is generated
                             (MAX_GEN_TRAIL) */
    long choices;         /* open choices (MAX_CHOICES) */
    long operand_stack;   /* operand stack depth of any program (MAX_STACK_DEPTH; static) */
    long stack_height;    /* pieces on one square (the game's `stack`) */
    long attack_nest;     /* attack tests inside one another (MAX_ATTACK_NEST) */
    long movesof_nest;    /* `moves-of` runs inside one another (MAX_MOVESOF_NEST) */
    long move_text;       /* characters of one move's notes (MAX_MOVE_TEXT) */
} Maxima;
extern Maxima maxima;
#define MAXIMA_NOTE(field, value) \
    do { long v_ = (long)(value); if (v_ > maxima.field) maxima.field = v_; } while (0)
/* Print the table (at exit, to stderr). */
void maxima_report(void);
#else
#define MAXIMA_NOTE(field, value) ((void)0)
#endif

#endif
