/* puretab.h - the entries of the tables of pure `fn` calls, worked out when first needed
 * (puretab.c; docs/runtime.md step 44). */
#ifndef BOARDVM_PURETAB_H
#define BOARDVM_PURETAB_H
#include <stdint.h>
#include "game.h"

/* An entry whose value the code's run cannot tell (the call's code runs instead) */
#define PURE_UNKNOWN ((uint64_t)1)

/* An entry worked out: the steps the code runs (bits 49 up: never 0), where it goes on (bits
 * 32-47: 0 past the code's end, else x: to the target of the jump whose operand is the code
 * word start + x, a jump that threading took out of the code, jumps.c), whether it leaves a
 * value (bit 48; always past the end) and the value (bits 0-31). */
#define PURE_STEPS_SHIFT 49
#define PURE_MAX_EXIT 0xffff
static inline uint64_t pure_make(long steps, int exit, int pushes, int32_t value)
{
    return (uint64_t)steps << PURE_STEPS_SHIFT | (uint64_t)(pushes != 0) << 48 |
           (uint64_t)exit << 32 | (uint32_t)value;
}
static inline long pure_steps(uint64_t e) { return (long)(e >> PURE_STEPS_SHIFT); }
static inline int pure_pushes(uint64_t e) { return (int)(e >> 48 & 1); }
/* the pc where the code of site ps goes on after the entry e */
static inline int pure_next_pc(const Game *g, const PureSite *ps, uint64_t e)
{
    int x = (int)(e >> 32 & PURE_MAX_EXIT);
    return x ? g->code[ps->start + x] : ps->end;
}

/* Tables larger than this are not made, nor more entries than PURE_MAX_TOTAL in all: 8 bytes
 * an entry, allocated zero and touched only where a call needs it (Nemoroth's three-square
 * functions, 65^3 entries, fill some thousands). */
#define PURE_MAX_ENTRIES (1 << 19)
#define PURE_MAX_TOTAL (1 << 22)

/* After jump threading (jumps.c threads a jump of a call's code out of it as anywhere else, so
 * two calls of a function may run different code): one table for the calls whose code is the
 * same, each call keyed to its own shape's (puresites.c). */
void puretab_key_by_code(Game *g);

/* The index of args (the call's arguments, the deepest first, then the values of the globals
 * it reads) in table t, or -1 outside its range */
static inline long pure_index(const PureTable *t, const int64_t *args)
{
    long idx = 0;
    for (int k = 0; k < t->nkeys; k++) {
        uint64_t a = (uint64_t)args[t->key_arg[k]] - (uint64_t)(int64_t)t->key_lo[k];
        if (a >= t->key_size[k]) return -1;
        idx += (long)a * t->key_stride[k];
    }
    return idx;
}

/* The entry of site ps (without globals: nkeys >= 0) for its arguments, read from base: the
 * frame for PURELOCALS, the stack's top + 1 for PURECALL (PureSite.key_at); 0 where one is out
 * of the table's range or the entry is not worked out yet */
static inline uint64_t pure_site_entry(const PureSite *ps, const int64_t *base, int below,
                                       long *idx)
{
    long i = 0;
    for (int k = 0; k < ps->nkeys; k++) {
        uint64_t a = (uint64_t)base[below ? -ps->key_at[k] : ps->key_at[k]] -
                     (uint64_t)(int64_t)ps->key_lo[k];
        if (a >= ps->key_size[k]) { *idx = -1; return 0; }
        i += (long)a * ps->key_stride[k];
    }
    *idx = i;
    return ps->entry[i];
}

/* t's keys (nkeys, key_*) from its shape (nargs, nglob, vary, lo, size) */
void puretab_keys(PureTable *t);

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

/* ... of a call whose code reads globals: the arguments, then the globals' values in the state
 * st (a function reading global variables that change rarely, such as where a piece stands) */
static inline uint64_t pure_entry_globals(const Game *g, int site, const PureTable *t,
                                          const int64_t *args, const int32_t *st)
{
    int64_t keys[PURE_MAX_ARGS];
    for (int i = 0; i < t->nargs; i++) keys[i] = args[i];
    for (int i = 0; i < t->nglob; i++) keys[t->nargs + i] = st[g->vars[t->gvar[i]].base];
    return pure_entry(g, site, t, keys);
}

#endif
