/* diag.h - the only printer of user-facing errors in rules files, and of usage errors.
 *
 * Messages look like a compiler's:
 *   rules/x.rules:12:7: error: unknown piece 'knigt'
 *      12 |   move knigt to e4;
 *         |        ^~~~~
 * The source text is kept so the line can be shown; errors are counted up to a cap and the
 * compile goes on after each, so one run reports several. */
#ifndef BOARDVM_DIAG_H
#define BOARDVM_DIAG_H
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    int line, col;       /* from 1; 0 = no location */
    int len;             /* length of the marked token (>= 1) */
} SrcLoc;

typedef struct {
    const char *filename;   /* display name */
    const char *text;       /* whole source, NUL-terminated (embedded NULs are an error first) */
    size_t textlen;
    int errors, warnings;
    int max_errors;         /* stop reporting after this many */
    int max_warnings;       /* the same for warnings: a file can have any number of them */
    int hidden;             /* the last error or warning was not shown: nor are its notes */
    int at_line; const char *at;   /* show_line's place in the text: where line at_line starts */
    SrcLoc last; char last_msg[256];  /* the last error: the same one again (a procedure expanded
                                         twice) is not repeated, nor are its notes */
    FILE *out;
} Diag;

void diag_init(Diag *d, const char *filename, const char *text, size_t textlen);
/* Report at a location; printf-style message. */
void diag_error(Diag *d, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_note(Diag *d, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_warning(Diag *d, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An error with no position in the file (e.g. unreadable file). */
void diag_plain(Diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A usage error of `command` (NULL: of boardvm itself): "boardvm: COMMAND: MESSAGE" and where
 * to read the usage, on stderr; returns 2, the exit status of bad usage. The command line
 * (cli.c) and the commands that check their own option values (match, diff) print through it,
 * so that every usage error has one shape. */
int diag_usage(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int diag_vusage(const char *command, const char *fmt, va_list ap);
/* Edit distance helper for "did you mean" notes. */
int diag_distance(const char *a, const char *b);
#endif
