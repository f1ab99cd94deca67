/* posstring.h - position strings (FEN for chess.rules), read and written for any game. */
#ifndef BOARDVM_POSSTRING_H
#define BOARDVM_POSSTRING_H
#include <stddef.h>
#include "position.h"

/* Set p from a position string; on error returns 0 with a message in e. */
int pos_from_string(Pos *p, const char *s, char *e, size_t el);
/* The position string of p (malloc'ed). */
char *pos_to_string(const Pos *p);
#endif
