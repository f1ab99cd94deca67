/* outfile.h - an output file written whole or not at all (outfile.c). */
#ifndef BOARDVM_OUTFILE_H
#define BOARDVM_OUTFILE_H
#include <stdio.h>

typedef struct {
    FILE *f;            /* where to write */
    char *path;         /* the name the user gave, for messages */
    char *target;       /* the file renamed over: path, or where its symbolic links lead */
    char *tmp;          /* the temporary file beside target; NULL when f writes path itself */
    int fd;             /* what f writes to */
    int err;            /* the errno of the first write that failed, 0 if none */
} OutFile;

/* Open path to be written: a regular file (or a name not yet taken) through a new temporary
 * file beside it, a device or a pipe directly. NULL after a message. */
OutFile *outfile_open(const char *path);
/* Finish: report any write error, then put the temporary file in place. 0, or -1 after a
 * message (the old file, if any, then stays as it was and the temporary file is removed). */
int outfile_close(OutFile *o);
/* Give up: close and remove the temporary file; the old file stays as it was. */
void outfile_abandon(OutFile *o);
#endif
