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
/* (e >> 32) & PURE_GO_MASK is PURE_GO_PAST_END for an entry that leaves a value and goes on
 * past the code's end */
#define PURE_GO_MASK 0x1ffff
#define PURE_GO_PAST_END 0x10000
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

/* How the VM reads a site's keys (PureSite.shape; step 52): one, two or three keys all in the
 * frame (PURELOCALS) or on the stack (PURECALL), each read at a place known when the code is
 * compiled, so without the loop over them; any other site (globals among its keys, more keys)
 * by the loop. (Nemoroth's lookups: 10.0 M of two locals, 2.9 M of three arguments, 1.8 M of
 * two globals and an argument in `perft 4`.) */
enum { PURE_SHAPE_LOOP, PURE_SHAPE_1, PURE_SHAPE_2, PURE_SHAPE_3 };

/* The index of the first n keys of site ps, read from base (the frame for PURELOCALS, the
 * stack's top + 1 for PURECALL, PureSite.key) and, for its first nst keys, from the state st;
 * -1 where one is out of the table's range. n and nst are constants where the VM specialises
 * (the loop unrolled, the last key's stride 1: puretab_keys). */
static inline long pure_index_fixed(const PureSite *ps, int n, int nst, const int64_t *base,
                                    int below, const int32_t *st)
{
    long i = 0;
    for (int k = 0; k < n; k++) {
        const PureKey *ky = &ps->key[k];
        const int64_t v = k < nst ? st[ky->at] : base[below ? -ky->at : ky->at];
        const uint64_t a = (uint64_t)v - (uint64_t)(int64_t)ky->lo;
        if (a >= ky->size) return -1;
        i += k == n - 1 ? (long)a : (long)a * ky->stride;
    }
    return i;
}

/* The entry of site ps for the values of its keys (as pure_index_fixed reads them), its index
 * in *idx: 0 where one is out of the table's range (*idx -1) or the entry is not worked out yet */
static inline uint64_t pure_site_entry(const PureSite *ps, const int64_t *base, int below,
                                       const int32_t *st, long *idx)
{
    long i;
    switch (ps->shape) {
    case PURE_SHAPE_1: i = pure_index_fixed(ps, 1, 0, base, below, st); break;
    case PURE_SHAPE_2: i = pure_index_fixed(ps, 2, 0, base, below, st); break;
    case PURE_SHAPE_3: i = pure_index_fixed(ps, 3, 0, base, below, st); break;
    default:
        i = 0;
        for (int k = 0; k < ps->nkeys && i >= 0; k++) {
            const PureKey *ky = &ps->key[k];
            const int64_t v = k < ps->nst ? st[ky->at] : base[below ? -ky->at : ky->at];
            const uint64_t a = (uint64_t)v - (uint64_t)(int64_t)ky->lo;
            i = a < ky->size ? i + (long)a * ky->stride : -1;
        }
    }
    *idx = i;
    return i >= 0 ? ps->entry[i] : 0;
}

/* t's keys (nkeys, key_*) from its shape (nargs, nglob, vary, lo, size) */
void puretab_keys(PureTable *t);

/* The entry for the arguments args (the call's, the deepest first, then the values of the
 * globals it reads) of call `site`, worked out and kept if it was not yet: 0 when they lie
 * outside the table's range. */
uint64_t pure_fill(const Game *g, int site, const int64_t *args);
/* ... of a call whose arguments are args (the deepest first) and whose globals have their values
 * in the state st */
uint64_t pure_fill_call(const Game *g, int site, const int64_t *args, const int32_t *st);

#endif
