/* lineread.h - one line of a protocol (xboard, play) from a stream, whole or refused whole. */
#ifndef BOARDVM_LINEREAD_H
#define BOARDVM_LINEREAD_H
#include <stddef.h>
#include <stdio.h>

enum {
    LINE_EOF = 0,       /* the end of the input, nothing read */
    LINE_OK,            /* buf holds the line, without its '\n' */
    LINE_TOO_LONG,      /* longer than len - 2 characters (as fgets with room for the newline):
                           all of it was read and dropped, buf holds its start (for a message) */
    LINE_NUL            /* it held a NUL byte: read and dropped whole, buf holds what came before */
};

/* Read one line of f into buf (len bytes), always to its end: what a bad line holds never
 * becomes the next command (a NUL made fgets' line look unfinished, and the command after it
 * was dropped as its "rest"). The last line may lack its '\n'. */
int read_line(FILE *f, char *buf, size_t len);
#endif
