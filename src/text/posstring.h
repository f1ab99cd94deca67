/* posstring.h - position strings (FEN for chess.rules), read and written for any game. */
#ifndef BOARDVM_POSSTRING_H
#define BOARDVM_POSSTRING_H
#include <stddef.h>
#include "position.h"

/* Set p from a position string; on error returns 0 with a message in e. */
int pos_from_string(Pos *p, const char *s, char *e, size_t el);
/* 1 if s is a position string of g (read into a scratch position, no hook run); else 0 and why. */
int pos_check_string(const Game *g, const char *s, char *e, size_t el);
/* A variable's value as position strings write it ("-" for none, flag letters...). */
void var_value_text(const Game *g, const Var *v, int32_t x, char *out, size_t n);
/* The position string of p (malloc'ed). */
char *pos_to_string(const Pos *p);
#endif
