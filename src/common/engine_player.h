/* engine_player.h - an external engine as a player of `boardvm match`'s games: a UCI engine
 * (Fairy-Stockfish, `boardvm uci`) or an XBoard/CECP one (Fairy-Max), started with `sh -c
 * COMMAND` and asked for one move at a time, with a chess clock (time controls) for both sides.
 *
 * The engine is not trusted (uci_client.h bounds what it may write): an engine that ends, that
 * does not move before its clock runs out, or whose move is not legal loses the game, with a
 * message that says so (PlayerOutcome), and is started again for the next game. */
#ifndef BOARDVM_ENGINE_PLAYER_H
#define BOARDVM_ENGINE_PLAYER_H
#include <stddef.h>
#include <stdint.h>
#include "engine_notation.h"
#include "position.h"

enum { PLAYER_UCI, PLAYER_XBOARD };

typedef struct {
    const char *command;          /* --engine 'COMMAND' */
    int protocol;                 /* PLAYER_UCI or PLAYER_XBOARD (--protocol) */
    const char *variant;          /* --engine-variant; NULL: from the game's name */
    int nset; char **set;         /* --engine-option NAME=VALUE: UCI's setoption, CECP's option */
    double timeout;               /* seconds for the handshake, and for a move with no clock */
} PlayerSpec;

/* A time control, "BASE+INC" (Fischer: BASE seconds for the game, INC added after each move);
 * base 0: none. */
typedef struct { double base, inc; } TimeControl;

/* "10+0.1", "60", "1:30+1" (minutes:seconds) into tc; 0 if malformed. */
int tc_parse(const char *s, TimeControl *tc);
/* "10+0.1", as tc_parse reads it. */
void tc_string(const TimeControl *tc, char *out, size_t len);
/* The seconds boardvm's own engine thinks with `left` on its clock and `inc` to come: a share
 * of what is left and most of the increment (as `boardvm uci` does with wtime/winc). */
double tc_think_time(double left, double inc);

/* What the engine's limit for one move is when there is no clock: its depth, nodes or seconds
 * (the B of match's --depth, --nodes, --time). */
typedef struct {
    int depth; uint64_t nodes; double movetime;
    int clocked;                  /* a clock: clock[] and inc[] below, per player (0 first) */
    double clock[2], inc[2];
    double margin;                /* seconds a move may pass its clock by (match --tc-margin) */
} PlayerLimits;

typedef struct EnginePlayer EnginePlayer;

/* Start the engine and choose its variant for the game g; NULL with a message in err. */
EnginePlayer *player_start(const PlayerSpec *s, const Game *g, char *err, size_t errlen);
/* The engine's name (`id name`, `myname`), or its command. */
const char *player_name(const EnginePlayer *pl);
/* The variant it was told ("" when none was sent: chess). */
const char *player_variant(const EnginePlayer *pl);
/* Whether it can be given a position (UCI's position fen, CECP's setboard), not only moves. */
int player_takes_positions(const EnginePlayer *pl);
void player_stop(EnginePlayer *pl);

/* A new game: p is its position after the `nplayed` moves of log (boardvm's strings), which are
 * taken back and made again to be named for the engine; from_start: the game began at the rules
 * file's own start (a CECP engine without `setboard` can play only those). Runs rules code (the
 * caller's protected_run). 1: ready; 0 with a message in err: the engine failed (it did not
 * start, or answer in time: its loss); -1 with a message: it cannot play this game (an error). */
int player_new_game(EnginePlayer *pl, Pos *p, char **log, int nplayed, int from_start,
                    const PlayerLimits *lim, char *err, size_t errlen);
/* The move ml->m[k] about to be made in p (either side's): named for the engine. 0 with a
 * message when the engine has no name for it. */
int player_moved(EnginePlayer *pl, const Game *g, const MoveList *ml, int k, char *err,
                 size_t errlen);

typedef enum {
    PLAYER_MOVED,                 /* *k: its move, a legal move of p */
    PLAYER_LOST,                  /* it lost: an illegal move, its clock, its end, a resignation */
    PLAYER_DRAW_CLAIMED,          /* a CECP engine claimed a draw (1/2-1/2 {why}) */
    PLAYER_FAILED                 /* neither side's fault, or not known whose: an error */
} PlayerOutcome;

/* The engine's move in p, to play for the side to move: within its clock (lim->clock of that
 * side), else within the limit and the timeout. *used: the seconds it took. Except for
 * PLAYER_MOVED, why says what happened (for the game's result and the record). */
PlayerOutcome player_move(EnginePlayer *pl, Pos *p, const PlayerLimits *lim, int *k,
                          double *used, char *why, size_t whylen);
#endif
