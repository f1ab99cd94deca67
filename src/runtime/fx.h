/* fx.h - the effects a program has on the board, one function each: done at once by their
 * instructions (vm_loop.h: CAPTURE, CHANGE, ...) and, when a `defer { }` block recorded them, by
 * the emit that makes the move (deferred.c). One definition keeps the two the same. Each
 * returns 0 when it cannot be done (a square off the board, no piece to change): the branch
 * fails. a[] holds the operands in the order the program pushed them; line is for messages. */
#ifndef BOARDVM_FX_H
#define BOARDVM_FX_H
#include <stdint.h>
#include "position.h"
#include "vm.h"

#define FX_SQOK(g, s) ((uint64_t)(s) < (uint64_t)(g)->nsq)
#define FX_PLOK(g, x) ((uint64_t)(x) < (uint64_t)(g)->nplayers)
#define FX_TYOK(g, t) ((t) >= 1 && (t) <= (g)->ntypes)

static inline int fx_toploc(const Pos *p, int sq)
{
    return p->g->stack == 1 ? sq : pos_top_loc(p, sq);
}
static inline int32_t fx_top(const Pos *p, int sq)
{
    int loc = fx_toploc(p, sq);
    return loc >= 0 ? p->st[loc] : 0;
}

/* capture SQ: every piece on the square, top first, each through `on capture`; the first one
 * taken goes to *taken when it holds none yet (`move.captured` when the destination was empty) */
static inline int fx_capture(Pos *p, int mover, const int64_t *a, int64_t *taken)
{
    const Game *g = p->g;
    if (!FX_SQOK(g, a[0])) return 0;
    int sq = (int)a[0];
    for (int l = pos_height(p, sq) - 1; l >= 0; l--) {
        int32_t w = p->st[sq * g->stack + l];
        if (w && !*taken) *taken = w;
        pos_set(p, sq * g->stack + l, 0);
        if (g->hook_fn[HOOK_CAPTURE] >= 0) vm_run_capture_hook(p, mover, w);
    }
    return 1;
}

static inline int fx_remove(Pos *p, const int64_t *a)
{
    if (!FX_SQOK(p->g, a[0])) return 0;
    pos_clear_square(p, (int)a[0]);
    return 1;
}

/* place T for P at SQ: a[] = type, player (-1 neutral), square */
static inline int fx_place(Pos *p, const int64_t *a, int line)
{
    const Game *g = p->g;
    int64_t t = a[0], pl = a[1], sq = a[2];
    if (!FX_SQOK(g, sq) || !FX_TYOK(g, t) || !(FX_PLOK(g, pl) || pl == -1)) return 0;
    if (g->stack == 1) pos_set(p, (int)sq, PW_MAKE(t, pl));
    else if (!pos_push(p, (int)sq, PW_MAKE(t, pl)))
        pos_runtime_error(p, line, "more than %d pieces on %s", g->stack, g->sq_name[sq]);
    return 1;
}

/* change SQ to T: a[] = square, type */
static inline int fx_change(Pos *p, const int64_t *a)
{
    const Game *g = p->g;
    if (!FX_SQOK(g, a[0]) || !FX_TYOK(g, a[1]) || !fx_top(p, (int)a[0])) return 0;
    pos_set(p, fx_toploc(p, (int)a[0]), PW_WITH_TYPE(fx_top(p, (int)a[0]), a[1]));
    return 1;
}

/* owner SQ = P: a[] = square, player (-1 neutral) */
static inline int fx_setowner(Pos *p, const int64_t *a)
{
    const Game *g = p->g;
    if (!FX_SQOK(g, a[0]) || !(FX_PLOK(g, a[1]) || a[1] == -1) || !fx_top(p, (int)a[0])) return 0;
    uint32_t w = ((uint32_t)fx_top(p, (int)a[0]) & ~0xf00u) | ((uint32_t)(a[1] + 1) << 8);
    pos_set(p, fx_toploc(p, (int)a[0]), (int32_t)w);
    return 1;
}

/* v[SQ] = X for a piece variable, recorded by `defer`: a[] = square, value, variable (its
 * range checked when recorded). Zillions' set-attribute on a square left empty when the move is
 * made does nothing (docs/zrf.md), so neither does this: it is not a move made impossible. */
static inline int fx_storepv(Pos *p, const int64_t *a)
{
    const Game *g = p->g;
    if (!FX_SQOK(g, a[0])) return 0;
    int32_t w = fx_top(p, (int)a[0]);
    if (!w) return 1;
    const Var *pv = &g->vars[a[2]];
    uint32_t mask = ((1u << pv->bits) - 1) << pv->shift;
    uint32_t v = ((uint32_t)a[1] << pv->shift) & mask;
    pos_set(p, fx_toploc(p, (int)a[0]), (int32_t)(((uint32_t)w & ~mask) | v));
    return 1;
}

/* piece w put on sq, as a move puts it: on a board of one piece a square, in place of what
 * stood there; else on top */
static inline int fx_put(Pos *p, int sq, int32_t w, int line)
{
    const Game *g = p->g;
    if (!FX_SQOK(g, sq)) return 0;
    if (g->stack == 1) pos_set(p, sq, w);
    else if (!pos_push(p, sq, w))
        pos_runtime_error(p, line, "more than %d pieces on %s", g->stack, g->sq_name[sq]);
    return 1;
}

/* move SQ to SQ2: the top piece; a[] = from, to */
static inline int fx_movep(Pos *p, const int64_t *a, int line)
{
    const Game *g = p->g;
    if (!FX_SQOK(g, a[0]) || !FX_SQOK(g, a[1]) || !fx_top(p, (int)a[0])) return 0;
    int32_t w = fx_top(p, (int)a[0]);
    pos_set(p, fx_toploc(p, (int)a[0]), 0);
    return fx_put(p, (int)a[1], w, line);
}
#endif
