/* webgame.h - the one game `boardvm serve` plays: a rules file with its options, a start, the
 * moves played and those taken back (for redo), and the engine. Every operation either succeeds
 * or leaves the game as it was and says why in err. Not thread-safe: webapi.c holds its lock
 * around every call (the engine's own thread is described below). */
#ifndef BOARDVM_WEBGAME_H
#define BOARDVM_WEBGAME_H
#include <jansson.h>
#include <stddef.h>
#include "position.h"
#include "search.h"

typedef struct WebGame WebGame;
/* The seconds of rules code one request may run (setting up a position and its moves, making a
 * move, generating the legal moves): past it the VM jumps out of the generation, the request is
 * refused and the game is as it was. It bounds how long a request holds the game; the engine's
 * search is bounded by its own time instead. */
#define WEB_REQUEST_SECONDS 20.0
/* The rules code run from now on has `seconds` in all (webapi.c sets it at the start of each
 * request; 0 when it ends); with none set, each run has WEB_REQUEST_SECONDS. */
void webgame_bound(WebGame *w, double seconds);

/* Compile path with opts, set up fen (NULL: the game's start) and play moves. NULL after a
 * message on stderr. */
WebGame *webgame_open(const char *path, int nopts, char **opts, const char *fen,
                      char **moves, int nmoves);
void webgame_free(WebGame *w);

/* A new game: opts (NULL: keep the current ones), fen (NULL or "": the game's start), moves. */
int webgame_new(WebGame *w, int nopts, char **opts, const char *fen, char **moves, int nmoves,
                char *err, size_t errlen);
int webgame_move(WebGame *w, const char *move, char *err, size_t errlen);
int webgame_undo(WebGame *w, char *err, size_t errlen);
/* The position after move (position_json: board, hands, turn...), the game left as it was:
 * what the page shows before a move of several parts is confirmed. NULL with err when the
 * move is not legal here (or while the engine thinks). */
json_t *webgame_preview(WebGame *w, const char *move, char *err, size_t errlen);
int webgame_redo(WebGame *w, char *err, size_t errlen);
/* The engine plays a move for the side to move; res says what it found. */
int webgame_engine(WebGame *w, const SearchLimits *lim, SearchResult *res, char *err,
                   size_t errlen);

/* The engine in a thread of its own, so the server answers while it thinks:
 * webgame_think_start() starts a search for the side to move (lim->info is set here);
 * while webgame_thinking() the game must not be touched, except webgame_game(),
 * webgame_state() (the state before the search, with "thinking": the last progress line) and
 * webgame_think_stop(), which asks the search to stop with the best move so far.
 * webgame_think_finish() (wait = 0: only if the search has ended) makes the move found, sets
 * the state's "engine" to what the engine found and returns 1 (0 with err if that failed); it
 * returns -1 when nothing has finished. */
int webgame_think_start(WebGame *w, const SearchLimits *lim, char *err, size_t errlen);
int webgame_thinking(WebGame *w);
void webgame_think_stop(WebGame *w);
int webgame_think_finish(WebGame *w, int wait, char *err, size_t errlen);
/* Wait until the search has ended (or none runs), without touching the game: called without
 * webapi.c's lock, so that others are answered meanwhile (a search ends within its time). */
void webgame_think_wait(WebGame *w);
/* A game record (record.c's format) of the game so far; malloc'ed; NULL while thinking. */
char *webgame_record(WebGame *w);
/* Start a new game from a record's start and moves (same rules and options). */
int webgame_load_record(WebGame *w, const char *text, char *err, size_t errlen);

/* The players' clocks (webclock.h): set the time control (base and increment in seconds; base
 * 0: no clocks) with every player's time at base; a new game sets them back to base. */
void webgame_clock(WebGame *w, double base, double inc);
/* Whether the running clock's time ran out now (then the game is over: the state's "result" says
 * who won on time, no move is offered, moves and the engine are refused); 1 only the first
 * time. Called at every request, so that any of them (another tab's poll too) sees the flag. */
int webgame_clock_tick(WebGame *w);
/* The seconds the engine may think with the side to move's clock; 0 when there are no clocks. */
double webgame_clock_budget(WebGame *w);
/* The rules text the game was compiled from, its length and its file's path (the editor's
 * "this game"). */
const char *webgame_source(const WebGame *w, size_t *len, const char **path);
/* The game's description (game_json), owned by w (valid until the game changes). */
json_t *webgame_game(WebGame *w);
/* The state (a new reference): position, legal moves, result, moves played, redo list, the
 * options and start; "engine": what the engine last found; "thinking": its progress. */
json_t *webgame_state(WebGame *w);
#endif
