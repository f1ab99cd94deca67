/* diff_side.h - one side of `boardvm diff`: a rules file or a UCI engine, asked for the perft
 * "divide" of a position (the leaves below each legal move). */
#ifndef BOARDVM_DIFF_SIDE_H
#define BOARDVM_DIFF_SIDE_H
#include <stdint.h>
#include "engine_notation.h"
#include "position.h"
#include "uci_client.h"

typedef struct {
    char *key;          /* the move in the notation both sides are compared in */
    char *shown;        /* the move as this side writes it (a rules file: its own move string) */
    uint64_t count;     /* leaves below it */
    int times;          /* how often the side lists it (more than once: generated twice) */
} DivideEntry;

typedef struct { DivideEntry *e; int n; uint64_t total; } Divide;   /* sorted by key */

typedef struct {
    const char *label;              /* as on the command line */
    int is_engine;
    const char *path; char **opts; int nopts; Game *g;            /* a rules file */
    const char *command, *variant, *engine_fen; double timeout;   /* an engine */
    char **setopts; int nsetopts;   /* --setoption NAME=VALUE, sent before the variant */
    EngineNotation notation;
    UciEngine *eng;
} DiffSide;

/* Where both sides start, and the notation they are compared in. */
typedef struct {
    const char *fen;                /* boardvm's position string; NULL: the rules file's start */
    char **moves; int nmoves;       /* --moves, in boardvm's notation */
    const EngineNotation *notation; /* non-NULL when a side is an engine: compare its notation */
    char *engine_fen;               /* the engine's FEN of the start (before --moves) */
    char **start_keys;              /* the --moves in the compared notation */
} DiffStart;

/* Compile the rules file or start the engine; 0 with a message in err (a rules file's own
 * errors are printed as `check` prints them). */
int side_open(DiffSide *s, char *err, size_t errlen);
void side_close(DiffSide *s);
/* A rules side's position after the start, --moves and line (keys); NULL with a message (the
 * problems of the start and --moves are printed; a runtime error of the rules code on the way
 * is the message). What runs on it next needs a protected_run of its own. */
Pos *side_position(DiffSide *s, const DiffStart *st, char *const *line, int nline,
                   char *err, size_t errlen);
/* The key of a rules side's move (its string, or the engine's); 0 with a message. */
int side_key(const DiffStart *st, const Game *g, const MoveList *ml, const Move *m,
             char *out, size_t outlen, char *err, size_t errlen);
/* The divide at depth >= 1 after line; 0 with a message in err. */
int side_divide(DiffSide *s, const DiffStart *st, char *const *line, int nline, int depth,
                Divide *out, char *err, size_t errlen);
void divide_free(Divide *d);
#endif
