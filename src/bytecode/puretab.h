/* puretab.h - the entries of the tables of pure `fn` calls, worked out when first needed
 * (puretab.c; docs/runtime.md step 42). */
#ifndef BOARDVM_PURETAB_H
#define BOARDVM_PURETAB_H
#include <stdint.h>
#include "game.h"

/* An entry whose value the code's run cannot tell (the call's code runs instead) */
#define PURE_UNKNOWN ((uint64_t)1)

/* The index of args (the call's arguments, the deepest first) in table t, or -1 outside its
 * range */
static inline long pure_index(const PureTable *t, const int64_t *args)
{
    long idx = 0;
    for (int i = 0; i < t->nargs; i++) {
        if (!t->vary[i]) continue;
        uint64_t a = (uint64_t)args[i] - (uint64_t)(int64_t)t->lo[i];
        if (a >= (uint64_t)t->size[i]) return -1;
        idx = idx * t->size[i] + (long)a;
    }
    return idx;
}

/* The entry for the arguments args (the call's, the deepest first) of call `site`, worked out
 * and kept if it was not yet: 0 when they lie outside the table's range. */
uint64_t pure_fill(const Game *g, int site, const int64_t *args);

/* The entry of site's table t for args: 0 outside its range, worked out the first time */
static inline uint64_t pure_entry(const Game *g, int site, const PureTable *t, const int64_t *args)
{
    long idx = pure_index(t, args);
    if (idx < 0) return 0;
    return t->entry[idx] ? t->entry[idx] : pure_fill(g, site, args);
}

#endif
