/* uci_client.h - another move generator behind the UCI protocol, asked for perft "divide"
 * counts (`go perft N`, which Fairy-Stockfish and most chess-variant engines answer). */
#ifndef BOARDVM_UCI_CLIENT_H
#define BOARDVM_UCI_CLIENT_H
#include <stddef.h>
#include <stdint.h>

typedef struct UciEngine UciEngine;

typedef struct { char *move; uint64_t count; } UciDivideLine;
typedef struct {
    UciDivideLine *line; int n;   /* "MOVE: COUNT" lines, in the engine's order */
    uint64_t nodes;               /* its "Nodes searched: N" */
} UciDivide;

/* Start `sh -c command`, say `uci` and, when variant is not NULL, set UCI_Variant (refused when
 * the engine lists the option's values and variant is not one of them). timeout: seconds to
 * wait for any one answer. NULL with a message in err. */
UciEngine *uci_start(const char *command, const char *variant, double timeout, char *err,
                     size_t errlen);
/* `position fen FEN moves ...` then `go perft depth`; 0 with a message in err (the engine died,
 * said nothing in time, or its counts do not add up to its total). */
int uci_perft(UciEngine *e, const char *fen, char *const *moves, int nmoves, int depth,
              UciDivide *out,
              char *err, size_t errlen);
void uci_divide_free(UciDivide *d);
/* `quit`, then the process is waited for (killed if it lingers) */
void uci_stop(UciEngine *e);
#endif
