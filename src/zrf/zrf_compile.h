/* zrf_compile.h - the Zillions front end's entry (zrf_lower.c): a `.zrf` file's text to a Game
 * whose bytecode is verified, of the same shape as game_compile_source() (rules_compile.h), so
 * that game_compile_to() (gameload.c) can choose either by the file. */
#ifndef BOARDVM_ZRF_COMPILE_H
#define BOARDVM_ZRF_COMPILE_H
#include <stddef.h>
#include <stdio.h>
#include "game.h"

/* The option "variant=N|TITLE" picks a (variant ...) (the first game without it); the file's
 * includes are read beside display_name, its path. Errors go to out in the diagnostic format;
 * *status is 1 after errors in the file, 2 after a bad option; NULL after errors. */
Game *zrf_compile_source(const char *text, size_t len, const char *display_name, int nopts,
                         char **opts, int *status, FILE *out);

/* Set (the fuzz harness; the web board's rules editor, around its compile): an include is
 * refused, as zrf_read_text refuses it, so that no input reads the disk. Per thread: the web
 * board compiles the editor's text in one thread while another may compile the game played,
 * whose includes are read. */
extern _Thread_local int zrf_refuse_includes;

/* A Zillions file, by its name (.zrf, .zri) or, failing that, by its text: the first thing in
 * it that is not a blank or a `;` comment is a '('. */
int zrf_looks_like(const char *text, size_t len, const char *name);
#endif
