/* arena.h - bump allocation for everything one compile allocates; freed once at the end.
 * Why: the front end builds many small nodes and strings; one free avoids ownership bugs
 * (a bison %destructor and a mid-rule action can never free the same thing twice). */
#ifndef BOARDVM_ARENA_H
#define BOARDVM_ARENA_H
#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;
typedef struct {
    ArenaBlock *head;
    size_t total;        /* bytes handed out, to enforce a memory limit */
} Arena;

void arena_init(Arena *a);
void *arena_alloc(Arena *a, size_t size);          /* zeroed; aborts only if malloc fails */
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_strdup(Arena *a, const char *s);
void arena_free(Arena *a);
#endif
