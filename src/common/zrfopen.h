/* zrfopen.h - a Zillions file named on the command line, read and its games found (zrfopen.c):
 * what every command that takes a .zrf file does first. */
#ifndef BOARDVM_ZRFOPEN_H
#define BOARDVM_ZRFOPEN_H
#include "zrf.h"
#include "zrf_variant.h"

/* name is a path or a game of $BOARDVM_PATH (rules_find). Returns 0 with *z read (free it with
 * zrf_free) and its games in *g, or the exit status after its message: 1 a bad file, 2 one that
 * cannot be found or read. *path is the file found (free it), or NULL. */
int zrf_open_games(const char *name, Zrf *z, ZrfGames *g, char **path);
#endif
