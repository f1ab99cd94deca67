/* gameload.h - a rules file compiled and made ready to run (gameload.c): the front end
 * (rules_compile.h), then the runtime's tables, then the start position read and checked. */
#ifndef BOARDVM_GAMELOAD_H
#define BOARDVM_GAMELOAD_H

#include <stdio.h>

#include "game.h"

/* Options are "name" or "name=value". Errors go to stderr (or diagnostics) in the diagnostic
 * format; returns NULL after errors. display_name is what messages call the file. */
Game *game_compile(const char *text, size_t len, const char *display_name,
                   int nopts, char **opts, int *status);
Game *game_compile_to(const char *text, size_t len, const char *display_name,
                      int nopts, char **opts, int *status, FILE *diagnostics);

#endif
