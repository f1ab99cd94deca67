/* zrf.h - the Zillions reader: a `.zrf` file read into a tree of lists, atoms and strings,
 * with its includes inlined and its macros expanded (docs/zrf.md).
 *
 *   bytes --zrf_lex--> tokens --zrf_expand--> tokens --zrf_tree--> ZrfNode
 *
 * Every token and node keeps its place (file, line, column) so that a problem anywhere later,
 * in the board or the pieces, is reported at the place in the `.zrf` file, through diag.c's
 * printer. A token made by a macro also keeps the chain of expansions that made it, to say
 * "in the expansion of 'NAME'" under the message. Everything is allocated in one arena (Zrf's)
 * freed once by zrf_free. The reader never trusts the file: the limits below bound every
 * loop and every allocation that input can drive. */
#ifndef BOARDVM_ZRF_H
#define BOARDVM_ZRF_H
#include <stddef.h>
#include "arena.h"
#include "diag.h"

/* Limits on hostile or runaway input (docs/zrf.md "Limits", with the most a real file needs).
 * The largest real files (Dakon, Focus) make about 7.9 million tokens in their expansion
 * (counted as made, then copied out), in 1.5 s and 370 MB: the bound on tokens is twice that;
 * the others are far above any file (macro calls nest 12 deep at most, lists 71). */
#define ZRF_MAX_FILE_BYTES (4L << 20)    /* a file or an included file: a token a byte at most */
#define ZRF_MAX_FILES 64                 /* the file and every include, counted per read */
#define ZRF_MAX_INCLUDE_DEPTH 16         /* an include inside an include ... */
#define ZRF_MAX_EXPANSION_DEPTH 200      /* a macro call inside a macro's expansion ... */
#define ZRF_MAX_TOKENS 16000000L         /* tokens made by expansion, in all */
/* The bound on tokens in force: ZRF_MAX_TOKENS, lowered by the fuzz harness (16 million
 * tokens take about 1 s here, more than 10 s under its sanitizers). */
extern long zrf_max_tokens;
#define ZRF_MAX_NESTING 500              /* lists inside lists */

/* A place in one of the files read: files[file] of the Zrf. */
typedef struct { int file, line, col, len; } ZrfLoc;

/* One macro call that made a token: the macro's name, where it was called, and the call that
 * made that call (NULL: written in the file). */
typedef struct ZrfExp ZrfExp;
struct ZrfExp { const char *name; ZrfLoc at; const ZrfExp *up; };

typedef enum { ZT_OPEN, ZT_CLOSE, ZT_ATOM, ZT_STRING } ZrfTokKind;
typedef struct {
    ZrfTokKind kind;
    const char *text;        /* an atom's bytes, or a string's between its quotes; NUL-ended */
    ZrfLoc loc;
    const ZrfExp *exp;
} ZrfTok;

typedef struct { ZrfTok *v; size_t n, cap; } ZrfToks;   /* grown with xrealloc */

typedef enum { ZN_LIST, ZN_ATOM, ZN_STRING } ZrfNodeKind;
typedef struct ZrfNode ZrfNode;
struct ZrfNode {
    ZrfNodeKind kind;
    const char *text;        /* atoms and strings */
    ZrfLoc loc;              /* a list: its opening parenthesis */
    const ZrfExp *exp;
    ZrfNode **kids; int nkids;
};

typedef struct {
    char *path;              /* as opened */
    const char *name;        /* as shown in messages */
    char *text; size_t len;  /* the bytes read, NUL-ended */
    char *shown; size_t shown_len;   /* the same without the CR of each CRLF, for diag */
} ZrfFile;

typedef struct {
    Arena arena;
    Diag diag;               /* shared by every file: its counts are the read's */
    ZrfFile files[ZRF_MAX_FILES]; int nfiles;
    int diag_file;           /* the file diag is pointed at (-1: none yet) */
    long ntokens;            /* tokens made by expansion so far (ZRF_MAX_TOKENS) */
    long pasted;             /* bytes of pasted names and strings so far */
    int too_big;             /* a limit was reached: stop expanding */
    int no_files;            /* includes are refused (zrf_read_text) */
} Zrf;

void zrf_init(Zrf *z, FILE *out);
void zrf_free(Zrf *z);

/* Read a file into files[]: its index, or -1 after a message (`at` is the include asking for
 * it, NULL for the file on the command line). */
int zrf_read_file(Zrf *z, const char *path, const char *name, const ZrfLoc *at);

/* Messages at a place of a file, with the chain of macro calls that made it as notes. */
void zrf_error(Zrf *z, ZrfLoc loc, const ZrfExp *exp, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void zrf_warning(Zrf *z, ZrfLoc loc, const ZrfExp *exp, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Point z->diag at files[file], so that a message at a place of it shows its line. */
void zrf_point_diag(Zrf *z, int file);
/* The same at a node. */
void zrf_node_error(Zrf *z, const ZrfNode *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void zrf_node_warning(Zrf *z, const ZrfNode *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Names and keywords are compared exactly: Zillions tells case apart (sokoban.inc defines
 * both slide-Y and slide-y and uses each; Polygamo and Dagaz compare exactly too). */
int zrf_eq(const char *a, const char *b);
/* ASCII case ignored: file names (Windows) and the titles and option names people type. */
int zrf_eq_nocase(const char *a, const char *b);

void zrf_toks_push(ZrfToks *t, ZrfTok tok);

/* zrf_lex.c: the tokens of files[file] appended to out. */
void zrf_lex(Zrf *z, int file, ZrfToks *out);

/* zrf_expand.c: the file's tokens with includes inlined, defines taken out and every macro
 * call expanded. 0 after errors (reported). */
int zrf_expand(Zrf *z, int file, ZrfToks *out);

/* zrf_tree.c: the top-level forms of the tokens as one list node (its kids), or NULL after
 * errors. */
ZrfNode *zrf_tree(Zrf *z, const ZrfToks *t);
/* Print a node as an S-expression, indented: a list that fits in the width on one line. */
void zrf_print(FILE *out, const ZrfNode *n, int indent);

/* Helpers for the readers of the tree. */
int zrf_is(const ZrfNode *n, const char *head);          /* a list (head ...) */
const char *zrf_head(const ZrfNode *n);                  /* its head atom, or NULL */
const ZrfNode *zrf_find(const ZrfNode *list, const char *head);   /* the first (head ...) */
int zrf_same(const ZrfNode *a, const ZrfNode *b);   /* the same atoms, strings and lists */

/* Read the whole file: the top-level forms, or NULL after a message. */
ZrfNode *zrf_read(Zrf *z, const char *path, const char *name);
/* The same from memory (the fuzz harness): an include is refused with a message. */
ZrfNode *zrf_read_text(Zrf *z, const char *name, const char *text, size_t len);
/* The same, its includes read beside path (the text is that file's, already read). */
ZrfNode *zrf_read_text_at(Zrf *z, const char *path, const char *name, const char *text, size_t len);
#endif
