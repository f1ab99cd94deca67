/* oom.c - see oom.h. */
#include "oom.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Noreturn void out_of_memory(const char *what)
{
    /* stderr is unbuffered, but a message built with stdio could want memory: write(2) it */
    static const char head[] = "boardvm: out of memory (allocating ", tail[] = ")\n";
    ssize_t r = write(2, head, sizeof head - 1);
    r = write(2, what, strlen(what));
    r = write(2, tail, sizeof tail - 1);
    (void)r;
    exit(EXIT_OUT_OF_MEMORY);          /* flushes what stdout already holds: it was computed */
}

void *xmalloc(size_t n, const char *what)
{
    void *p = malloc(n ? n : 1);
    if (!p) out_of_memory(what);
    return p;
}

void *xcalloc(size_t count, size_t size, const char *what)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) out_of_memory(what);
    return p;
}

void *xrealloc(void *p, size_t n, const char *what)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) out_of_memory(what);
    return q;
}

char *xstrdup(const char *s, const char *what)
{
    char *d = strdup(s);
    if (!d) out_of_memory(what);
    return d;
}
