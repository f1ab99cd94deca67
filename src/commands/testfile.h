/* testfile.h - the cases of a .test file (docs/test-format.md), shared by `boardvm test`
 * (testrun.c) and `boardvm test --update` (testupdate.c). */
#ifndef BOARDVM_TESTFILE_H
#define BOARDVM_TESTFILE_H
#include <stddef.h>
#include "arena.h"
#include "position.h"

#define MAX_KEYS 64

typedef struct { char *key, *val; int line; } Kv;   /* line: where the key stands in the file */
typedef struct {
    const char *file;      /* the .test file */
    char *name;
    int line;
    Kv kv[MAX_KEYS]; int nkv;   /* file-level keys first, then the case's own */
} Case;

/* The cases of a test file (file-level keys copied into each); 0 after a message. */
int parse_test_file(Arena *ar, const char *path, Case **out, int *nout);
/* Where a comment starts in a line or a value (a `#` that starts a word), or NULL. */
const char *test_comment(const char *s);
const char *case_get(const Case *c, const char *key);   /* the last value of key, or NULL */
char *dir_join(const char *file, const char *rel);      /* rel is relative to file's directory */
/* Compile the case's rules file with its options; NULL when it does not compile (*messages
 * then says why). *rules_out (the path) and *messages are malloc'ed, for the caller to free. */
Game *case_game(const Case *c, char **rules_out, char **messages);
/* Set p to the case's position: `fen:` (or the start) then `play:`; 0 with a message in err. */
int case_position(const Case *c, Game *g, Pos *p, char *err, size_t errlen);
#endif
