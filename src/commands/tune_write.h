/* tune_write.h - `tune --write FILE.rules`: a copy of the rules file with the learned piece
 * values (tune_write.c). */
#ifndef BOARDVM_TUNE_WRITE_H
#define BOARDVM_TUNE_WRITE_H
#include <stddef.h>
#include "game.h"

/* What tune learned of a type: its value, its standard error, and whether it has one (a type
 * whose count never differed between the players has none and is left as declared). */
typedef struct {
    int have;
    long value;
    double se;
} LearnedValue;

/* Whether --write FILE asks for a rules file rather than a weights file: FILE ends in .rules. */
int tune_write_is_rules(const char *path);

/* Write to `out` a copy of the rules file of g (g->filename, compiled with opts) whose piece
 * declarations carry the learned values (learned[t] for type t, 1..ntypes): `value N` replaced,
 * or added after the piece's code, and a comment line above each declaration with the value's
 * standard error (`about`: what the values were learned from, for the comment at the top). The
 * copy is compiled again and each value checked before anything is written; the file is written
 * whole or not at all (outfile.c). `out` the same file as the rules file is refused unless
 * `overwrite`. 0, or an exit status after a message (2: a file not read or written, 1: the
 * rules file's declarations could not be found or the copy does not carry the values). */
int tune_write_rules(const Game *g, char **opts, int nopts, const LearnedValue *learned,
                     const char *about, const char *out, int overwrite);
#endif
