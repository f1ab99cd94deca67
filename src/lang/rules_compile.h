/* rules_compile.h - the `.rules` front end's one entry (compile.c): a rules file's text to a
 * Game whose bytecode is verified, with nothing of the runtime prepared yet. Commands do not call
 * it; they call game_compile() (gameload.h), which goes on to make the game ready to run. A
 * second front end (the Zillions reader) has an entry of the same shape. */
#ifndef BOARDVM_RULES_COMPILE_H
#define BOARDVM_RULES_COMPILE_H

#include <stdio.h>

#include "game.h"

/* Options are "name" or "name=value"; errors go to diagnostics (stderr when NULL) in the
 * diagnostic format, *status is set, and NULL is returned after errors. display_name is what
 * messages call the file. */
Game *game_compile_source(const char *text, size_t len, const char *display_name,
                          int nopts, char **opts, int *status, FILE *diagnostics);

#endif
