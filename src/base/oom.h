/* oom.h - the one out-of-memory policy: a message naming what could not be allocated, then exit
 * status 3 (distinct from 1, a bad rules file or move, and 2, bad usage). Nothing is freed on
 * the way out; what stdout holds is flushed, since it was computed before memory ran out. */
#ifndef BOARDVM_OOM_H
#define BOARDVM_OOM_H
#include <stddef.h>

#define EXIT_OUT_OF_MEMORY 3

_Noreturn void out_of_memory(const char *what);
/* malloc, calloc, realloc and strdup that never return NULL: `what` names the allocation in the
 * message ("the move list"). */
void *xmalloc(size_t n, const char *what);
void *xcalloc(size_t count, size_t size, const char *what);
void *xrealloc(void *p, size_t n, const char *what);
char *xstrdup(const char *s, const char *what);
#endif
