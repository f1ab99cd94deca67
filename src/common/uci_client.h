/* uci_client.h - another move generator behind the UCI protocol, asked for perft "divide"
 * counts (`go perft N`, which Fairy-Stockfish and most chess-variant engines answer); and the
 * bounded pipes to an engine that match's players (engine_player.h) speak UCI or CECP over. */
#ifndef BOARDVM_UCI_CLIENT_H
#define BOARDVM_UCI_CLIENT_H
#include <stddef.h>
#include <stdint.h>

typedef struct UciEngine UciEngine;

/* What one answer of an engine may be (the answer to `uci`, to `isready`, to one `go perft`):
 * an engine that writes more, or takes longer than the timeout for the whole answer, is an
 * error, so that a hostile or broken engine costs boardvm bounded memory and time. */
#define UCI_MAX_LINE 65536              /* bytes of one line, its end of line included */
#define UCI_MAX_ANSWER_BYTES (64 << 20) /* bytes of one answer (64 MiB) */
#define UCI_MAX_ANSWER_MOVES 1048576    /* "MOVE: COUNT" lines of one answer (MAX_MOVES) */

typedef struct { char *move; uint64_t count; } UciDivideLine;
typedef struct {
    UciDivideLine *line; int n;   /* "MOVE: COUNT" lines, in the engine's order */
    uint64_t nodes;               /* its "Nodes searched: N" */
} UciDivide;

/* Start `sh -c command`, say `uci` and, when variant is not NULL, set UCI_Variant (refused when
 * the engine lists the option's values and variant is not one of them). timeout: seconds that
 * each whole answer may take; set: NAME=VALUE for `setoption`, sent before the variant. NULL
 * with a message in err. The engine runs in a process group
 * of its own, killed on SIGINT, SIGTERM and SIGHUP and when boardvm exits (see uci_stop()). */
UciEngine *uci_start(const char *command, const char *variant, int nset, char *const *set,
                     double timeout, char *err, size_t errlen);
/* `position fen FEN moves ...` then `go perft depth`; 0 with a message in err (the engine died,
 * did not answer in time, wrote more than the bounds above, or its counts do not fit in 64 bits
 * or do not add up to its total). */
int uci_perft(UciEngine *e, const char *fen, char *const *moves, int nmoves, int depth,
              UciDivide *out,
              char *err, size_t errlen);
void uci_divide_free(UciDivide *d);
/* `quit`; the engine has a second to exit, then its whole process group is killed and the
 * engine reaped. */
void uci_stop(UciEngine *e);

/* Whether an engine's `option name UCI_Variant ... var A var B` line lists the variant v. */
int uci_lists_variant(const char *option_line, const char *v);

/* For a protocol the caller speaks itself (match's players, engine_player.c): the engine
 * started as uci_start() starts it, but nothing said; uci_stop() ends it (after `quit`). */
UciEngine *uci_spawn(const char *command, double timeout, char *err, size_t errlen);
double uci_clock(void);                     /* seconds, monotonic: the deadlines below */
/* text (whole lines) written before the deadline; 0 with a message. */
int uci_send(UciEngine *e, const char *text, double deadline, char *err, size_t errlen);
/* The next line of the engine's output (waiting: what for, in a message): 1; 0 with a message
 * when it ended, or wrote a line too long or holding a NUL; -1 with a message when the deadline
 * passed first. */
int uci_read_line(UciEngine *e, double deadline, const char *waiting, char *line, size_t n,
                  char *err, size_t errlen);
/* 1 when the engine's output ended or its process did, with how ("exit status 3", "killed by
 * signal 11") in story; 0 while it runs. */
int uci_ended(UciEngine *e, char *story, size_t n);
#endif
