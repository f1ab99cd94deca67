/* weights.h - piece values learned by `boardvm tune`, in a weights file next to the rules file
 * (chess.rules: chess.weights). The engine uses them for the types whose rules file declares
 * no `value`; a declared value always wins.
 *
 * The file has one type a line, `NAME VALUE` (the type's name or code, a whole number of
 * centipawns); `#` starts a comment, blank lines are skipped. tune writes it with --write. */
#ifndef BOARDVM_WEIGHTS_H
#define BOARDVM_WEIGHTS_H
#include <stddef.h>
#include "game.h"

/* The weights file of rules file `rules_path`: the same path with `.weights` for `.rules`
 * (malloc'ed; NULL when the path does not end in .rules). */
char *weights_path_for(const char *rules_path);
/* Read path into values[1..ntypes] (0: not given). Returns 1 when read, 0 when there is no such
 * file (values untouched), -1 on a malformed file (a message in err). */
int weights_read(const Game *g, const char *path, int *values, char *err, size_t errlen);
/* The type named by name or code, or 0. */
int weights_type_named(const Game *g, const char *name);
#endif
