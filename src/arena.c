/* arena.c - see arena.h */
#include "arena.h"
#include "oom.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ArenaBlock {
    ArenaBlock *next;
    size_t used, size;
    max_align_t data[];
};

void arena_init(Arena *a) { a->head = NULL; a->total = 0; }

void *arena_alloc(Arena *a, size_t size)
{
    size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    ArenaBlock *b = a->head;
    if (!b || b->size - b->used < size) {
        size_t cap = size > 65536 ? size : 65536;
        /* Zeroed by calloc, not by a memset of each allocation: memory the C library takes
         * fresh from the system is zero already, and calloc leaves its pages untouched until
         * they are written. The compiler's tables are sized for the largest game (256
         * variables, 1024 programs, 4096 strings...) and mostly empty: their unwritten pages
         * are never resident (docs/runtime.md, "Peak memory"). A block is never reused, so
         * what it hands out is still zero. */
        b = calloc(1, sizeof *b + cap);
        if (!b) out_of_memory("a block of the compiler's arena");
        b->next = a->head; b->used = 0; b->size = cap;
        a->head = b;
    }
    void *p = (char *)b->data + b->used;
    b->used += size;
    a->total += size;
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *arena_strdup(Arena *a, const char *s) { return arena_strndup(a, s, strlen(s)); }

void arena_free(Arena *a)
{
    ArenaBlock *b = a->head;
    while (b) { ArenaBlock *n = b->next; free(b); b = n; }
    a->head = NULL; a->total = 0;
}
