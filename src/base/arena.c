/* arena.c - see arena.h */
#include "arena.h"
#include "oom.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

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
        /* Blocks straight from the system (mmap), for two reasons (docs/runtime.md, "Peak
         * memory"). They are zero, and their pages resident only once written: the compiler's
         * tables are sized for the largest game (256 variables, 1024 programs, 4096
         * strings...) and mostly empty. And arena_free gives them back (munmap), where the C
         * library would keep freed blocks in its heap: the syntax tree, freed after the
         * compile, then costs a perft nothing. A block is never reused, so what it hands out
         * is still zero. */
        b = mmap(NULL, sizeof *b + cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                 -1, 0);
        if (b == MAP_FAILED) b = NULL;
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
    while (b) { ArenaBlock *n = b->next; munmap(b, sizeof *b + b->size); b = n; }
    a->head = NULL; a->total = 0;
}
