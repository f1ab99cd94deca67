/* webclock.h - the players' clocks of the web board: a time control of a base time and a Fischer
 * increment (5+3: five minutes each, three seconds added after each move of one's own), kept by
 * the server so that a reload or a second tab sees the same clocks. Times are seconds of
 * CLOCK_MONOTONIC, passed in by the caller (`now`), so that the arithmetic is a plain function
 * of its inputs. No clock runs before the first move after the control is set or the game starts
 * again (as on lichess: nobody's time goes while the players sit down); then the clock of the
 * side to move runs; a move stops it, adds the increment and starts the next player's. */
#ifndef BOARDVM_WEBCLOCK_H
#define BOARDVM_WEBCLOCK_H

#define WEBCLOCK_PLAYERS 8
#define WEBCLOCK_MAX_SECONDS (24.0 * 3600)   /* a base time, an increment: at most a day */

typedef struct {
    double base, inc;            /* the control; base 0: no clocks */
    int nplayers;
    double left[WEBCLOCK_PLAYERS];   /* each player's time, as of `since` for the one running */
    int running;                 /* the player whose time goes, or -1 */
    double since;                /* when it began to go */
    int flagged;                 /* the player whose time ran out (the game is over), or -1 */
} WebClock;

/* Set the control (base 0: clocks off) and every player's time to base; none runs. */
void webclock_set(WebClock *c, double base, double inc, int nplayers);
/* The game starts again (a new game, a record loaded): the times back to base, none runs. */
void webclock_reset(WebClock *c);
/* A move was made by mover; next is to move. mover's time is charged and gets the increment;
 * next's starts. */
void webclock_moved(WebClock *c, int mover, int next, double now);
/* The side to move changed without a move (undo): the running time is charged, without an
 * increment, and next's starts (when a clock was running). */
void webclock_switch(WebClock *c, int next, double now);
/* The game ended on the board: the running time is charged and no clock runs any more. */
void webclock_stop(WebClock *c, double now);
/* A player's time at now. */
double webclock_left(const WebClock *c, int player, double now);
/* Whether the running player's time has run out at now: then flagged is set (once: 1 the call
 * that sets it, 0 after) and no clock runs. */
int webclock_check(WebClock *c, double now);
/* The seconds the engine may think for player's move: a thirtieth of its time plus most of the
 * increment, never more than half of what is left (so that it never loses on time by thinking:
 * the generation of a position's moves may take a little more). */
double webclock_budget(const WebClock *c, int player, double now);
#endif
