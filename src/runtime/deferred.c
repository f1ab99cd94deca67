/* deferred.c - effects recorded by `defer { }`, done by the emits of their branch (deferred.h). */
#include "deferred.h"
#include <stdlib.h>
#include "fx.h"
#include "oom.h"

int deferred_record(Pos *p, DeferredList *d, int op, const int64_t *a, int n, int last, int line)
{
    if (d->n >= MAX_DEFERRED)
        pos_runtime_error(p, line, "more than %d effects deferred in one program run",
                          MAX_DEFERRED);
    if (d->n == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 64;
        d->e = xrealloc(d->e, sizeof *d->e * (size_t)d->cap, "the deferred effects");
    }
    DeferredFx *e = &d->e[d->n];
    switch (op) {                      /* the instruction that does the effect at once */
    case OP_DCAPTURE: e->op = OP_CAPTURE; break;
    case OP_DREMOVE: e->op = OP_REMOVE; break;
    case OP_DPLACE: e->op = OP_PLACE; break;
    case OP_DCHANGE: e->op = OP_CHANGE; break;
    case OP_DSETOWNER: e->op = OP_SETOWNER; break;
    case OP_DSTOREPV: e->op = OP_STOREPV; break;
    case OP_DCASCADEP: e->op = OP_DCASCADEP; d->cascades = 1; break;  /* (none does it at once) */
    default: e->op = OP_MOVEP; break;
    }
    e->line = line;
    e->prev = last;
    for (int i = 0; i < 3; i++) e->a[i] = i < n ? a[i] : 0;
    return ++d->n;
}

static int apply_one(Pos *p, DeferredFx *e, int mover, int64_t *taken)
{
    switch (e->op) {
    case OP_CAPTURE: return fx_capture(p, mover, e->a, taken);
    case OP_REMOVE: return fx_remove(p, e->a);
    case OP_PLACE: return fx_place(p, e->a, e->line);
    case OP_CHANGE: return fx_change(p, e->a);
    case OP_SETOWNER: return fx_setowner(p, e->a);
    case OP_STOREPV: return fx_storepv(p, e->a);
    case OP_DCASCADEP:
        if (e->a[2]) {                 /* (put down once: no later emit finds it still held) */
            int32_t w = (int32_t)e->a[2];
            e->a[2] = 0;
            return fx_put(p, (int)e->a[1], w, e->line);
        }
        return fx_movep(p, e->a, e->line);
    default: return fx_movep(p, e->a, e->line);
    }
}

/* Every cascade part of the chain takes its piece off its square now, before the moving piece
 * lands (a[2] keeps it; 0: none taken, and the part moves what stands there when it is done,
 * as a plain move). So a push, whose first part lands on the square of the piece it pushes,
 * takes nothing, and a chain of pushes moves each piece one square: each part moves the piece
 * that stood on its square before the move, as Dagaz makes Zillions' cascades
 * (docs/zrf.md). The moving piece's own square is left to it. */
void deferred_lift(Pos *p, DeferredList *d, int last, int origin)
{
    const Game *g = p->g;
    if (!d->cascades) return;
    for (int i = last; i; i = d->e[i - 1].prev) {
        DeferredFx *e = &d->e[i - 1];
        if (e->op != OP_DCASCADEP) continue;
        e->a[2] = 0;
        int sq = (int)e->a[0];
        if (!FX_SQOK(g, sq) || sq == origin || !fx_top(p, sq)) continue;
        e->a[2] = fx_top(p, sq);
        pos_set(p, fx_toploc(p, sq), 0);
    }
}

/* The chain runs from the newest entry back and the oldest is done first: the entries are
 * gathered from the end into d->walk, then done from its end. */
int deferred_apply(Pos *p, DeferredList *d, int mover, int last, int64_t *taken)
{
    int n = 0;
    for (int i = last; i; i = d->e[i - 1].prev) {
        if (n == d->cap_walk) {
            d->cap_walk = d->cap_walk ? 2 * d->cap_walk : 64;
            d->walk = xrealloc(d->walk, sizeof *d->walk * (size_t)d->cap_walk,
                               "the deferred effects of a move");
        }
        d->walk[n++] = i - 1;
    }
    for (int k = n - 1; k >= 0; k--)
        if (!apply_one(p, &d->e[d->walk[k]], mover, taken)) return -1;
    return n;
}

int deferred_captures(const DeferredList *d, int last, int sq)
{
    for (int i = last; i; i = d->e[i - 1].prev)
        if (d->e[i - 1].op == OP_CAPTURE && d->e[i - 1].a[0] == sq) return 1;
    return 0;
}

void deferred_free(DeferredList *d)
{
    free(d->e); free(d->walk);
    d->e = NULL; d->walk = NULL; d->n = d->cap = d->cap_walk = 0;
}
