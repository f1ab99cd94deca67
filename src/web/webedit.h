/* webedit.h - the live rules editor of `boardvm serve` (the page /edit): a rules text that the
 * page sends as the user types, compiled here, with its errors at their line and column, the
 * board, the legal moves and perft to a chosen depth. The text is anyone's: it is compiled into
 * a game of its own (never the game being played), and everything it runs is bounded
 * (WEBEDIT_SECONDS of the clock, WEBEDIT_WORK steps of work, perft at most WEBEDIT_MAX_DEPTH
 * plies); no file is read or written for it (a Zillions text's includes are refused). The
 * shipped games the editor starts from are read from the server's own list of them, by a name
 * that must be one of the list (webedit_source). Not thread-safe: webapi.c runs one compile
 * at a time. */
#ifndef BOARDVM_WEBEDIT_H
#define BOARDVM_WEBEDIT_H
#include <jansson.h>
#include <stddef.h>

#define WEBEDIT_MAX_TEXT (256u << 10)   /* a rules text: the largest shipped one is 41 KB */
#define WEBEDIT_MAX_MOVES 1024          /* moves played on the editor's board */
#define WEBEDIT_MAX_DEPTH 6             /* perft's depth */
#define WEBEDIT_SECONDS 5.0             /* the clock of one compile's rules code in all */
#define WEBEDIT_WORK 2000000000L        /* its work in steps (about 5 s of CPU, docs/bounds.md) */
#define WEBEDIT_NAME "edited.rules"     /* what its messages call the text */

/* The compiled text's answer: {"ok": true, "game": game_json, "state": the position with its
 * "moves" and "result", "played": how many of moves were played, "perft": [{"depth", "nodes",
 * "seconds"}...], "perft_stopped": why (when it did not reach depth), "diagnostics": the
 * compiler's text, "errors": [{"line", "col", "severity", "message"}...]}; or {"ok": false,
 * "diagnostics", "errors"} when it does not compile or its start fails. moves (the moves played
 * on the editor's board, in order) are played while they are legal: "played" says how many
 * were. seconds: the clock's bound (WEBEDIT_SECONDS, lower in the fuzz harness). *halt (may
 * be NULL) stops the run where the VM reads the clock: a newer text came. */
json_t *webedit_compile(const char *text, size_t len, char **moves, int nmoves, int depth,
                        double seconds, const int *halt);

/* The shipped games (the rules files of the directories `boardvm list` reads: NAME.rules, the
 * first of each name), sorted: {"games": [names]}. */
json_t *webedit_games(void);
/* The text of the shipped game name (one of webedit_games' names, nothing else: no path is
 * made from the request), or NULL with err. */
json_t *webedit_source(const char *name, char *err, size_t errlen);
#endif
