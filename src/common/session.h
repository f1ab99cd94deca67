/* session.h - reading a rules file, setting up a position, playing moves (for every command). */
#ifndef BOARDVM_SESSION_H
#define BOARDVM_SESSION_H
#include <stddef.h>
#include "position.h"

char *read_file(const char *path, size_t *len);      /* NUL-terminated; NULL after a message */
/* The same, the message (without "boardvm: ") written into msg rather than printed (the library's
 * way, src/api/). */
char *read_file_msg(const char *path, size_t *len, char *msg, size_t msglen);
/* Compile a rules file; *status = 1 bad rules, 2 unreadable or bad options. */
Game *load_game(const char *path, const char *display, int nopts, char **opts, int *status);
/* Position from fen (or the start), then moves; NULL after a message (status 1). Its set-up
 * runs under protected_run; whatever rules code runs on it next needs a run of its own. */
Pos *setup_position(Game *g, const char *fen, char **moves, int nmoves, int *status);
int play_move(Pos *p, const char *s, int number);    /* 0 after a message saying why */
/* Moves i and j of ml (legal in p) have one string: what the rules file should do about it,
 * told by making both (same position: one move made twice, which the string plays;
 * different: tell them apart).
 * Must run where a runtime error of the rules code is caught (protected_run). */
const char *same_string_advice(Pos *p, const MoveList *ml, int i, int j);
#endif
