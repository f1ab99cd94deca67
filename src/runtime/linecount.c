/* linecount.c - a piece's line moves counted where pins make each legal (see linecount.h).
 * The conditions are pins_move_safe()'s for a move of kind MK_MOVE with no writes of its own
 * and no `become` (what a line gives): tests/lang/linecount.rules has a position for each. */
#include "linecount.h"
#include "lines.h"
#include "movegen.h"

#define RAYS_MAX (1 << 22)       /* entries; a bigger game counts with the lines as they are */

static int ray_of(const Game *g, const Atom *a, int ai, int pl, int sq, Ray *r)
{
    if (a->from_zone >= 0 && !line_in_zone(g, a->from_zone, pl, sq)) return 0;
    r->atom = (int16_t)ai; r->leg = -1; r->to = -1; r->dir = 0;
    r->how = (uint8_t)((a->mode != MODE_CAPTURE ? RAY_MOVES : 0) |
                       (a->mode != MODE_MOVE ? RAY_CAPTURES : 0));
    if (a->kind == ATOM_HOP || (a->kind == ATOM_RIDE && (a->leg >= 0 || a->to_zone >= 0))) {
        r->how |= RAY_WALK;
        return 1;
    }
    int d = g->dir_map[pl][a->dir], s = sq;
    if (a->leg >= 0) {
        s = g->neighbor[s * g->ndirs + g->dir_map[pl][a->leg]];
        if (s < 0) return 0;
        r->leg = (int16_t)s;
    }
    s = g->neighbor[s * g->ndirs + d];
    if (s < 0) return 0;
    if (a->kind == ATOM_LEAP && a->to_zone >= 0 && !line_in_zone(g, a->to_zone, pl, s)) return 0;
    r->to = (int16_t)s;
    r->dir = (uint8_t)d;
    if (a->kind == ATOM_RIDE) r->how |= RAY_RIDE;
    return 1;
}

/* A leap with no leg: its one square decides it (linecount_piece's first loop). */
static int ray_simple(const Ray *r) { return !(r->how & (RAY_RIDE | RAY_WALK)) && r->leg < 0; }

/* A royal type's plan where every move found would be counted: its moves are judged by the
 * attack test (count_royal) where every attack is a native line (no attack program, no `attack
 * near`) and none of its lines must be walked (a hop, a ride with a leg or a zone). */
static int royal_plan(const Game *g, const PieceType *T)
{
    if (g->any_fallback) return COUNT_LIST;
    for (int by = 0; by < g->nplayers; by++) if (g->nnear_attacks[by]) return COUNT_LIST;
    for (int i = 0; i < T->natoms; i++) {
        const Atom *a = &T->atoms[i];
        if (a->kind == ATOM_HOP || (a->kind == ATOM_RIDE && (a->leg >= 0 || a->to_zone >= 0)))
            return COUNT_LIST;
    }
    return COUNT_ROYAL;
}

void linecount_prepare(Game *g)       /* (after the types' atoms_overlap is known) */
{
    g->line_rays = NULL;
    /* (a `legal` that goes on after the in-check test judges every move: nothing is counted) */
    if (g->stack != 1 || g->ndirs > 255 || g->legal_pretest_fn >= 0) return;
    long n = 0, counted = 0;
    for (int t = 1; t <= g->ntypes; t++) {
        n += g->types[t].natoms;
        counted += !g->types[t].royal && g->types[t].natoms;
    }
    n *= (long)g->nplayers * g->nsq;
    if (n > RAYS_MAX || !counted) return;         /* (no moves to count: perft lists them all) */
    struct LineRays *lr = arena_alloc(&g->arena, sizeof *lr);
    size_t nstart = (size_t)(g->ntypes + 1) * (size_t)g->nplayers * (size_t)g->nsq + 1;
    lr->start = arena_alloc(&g->arena, sizeof *lr->start * nstart);
    lr->mid = arena_alloc(&g->arena, sizeof *lr->mid * nstart);
    lr->ray = arena_alloc(&g->arena, sizeof *lr->ray * (size_t)(n ? n : 1));
    int32_t k = 0;
    size_t i = 0;
    for (int t = 0; t <= g->ntypes; t++)
        for (int pl = 0; pl < g->nplayers; pl++)
            for (int sq = 0; sq < g->nsq; sq++) {
                int32_t k0 = k;
                lr->start[i] = k;
                for (int ai = 0; t > 0 && ai < g->types[t].natoms; ai++)
                    k += ray_of(g, &g->types[t].atoms[ai], ai, pl, sq, &lr->ray[k]);
                /* the plain leaps first (a stable partition: a few rays a square) */
                int32_t m = k0;
                for (int32_t a = k0; a < k; a++) {
                    if (!ray_simple(&lr->ray[a])) continue;
                    Ray r = lr->ray[a];
                    for (int32_t b = a; b > m; b--) lr->ray[b] = lr->ray[b - 1];
                    lr->ray[m++] = r;
                }
                lr->mid[i++] = m;
            }
    lr->start[i] = k;
    lr->mid[i] = k;
    for (int t = 0; t <= MAX_TYPES; t++) {
        const PieceType *T = &g->types[t];
        int listed = t < 1 || t > g->ntypes || T->atoms_overlap;
        lr->plan_fast[t] = listed ? COUNT_LIST : T->royal ? royal_plan(g, T) : COUNT_INLINE;
        lr->plan_slow[t] = listed || T->royal ? COUNT_LIST : COUNT_SLOW;
    }
    g->line_rays = lr;
}

typedef struct {
    const Pos *p; MoveList *ml;
    int from; int32_t w;
    int hard_captures;           /* a capture runs an `on capture` hook an in-check test sees */
    uint32_t stamp;              /* the watch stamp, or 0 when no square is watched */
    long n;
} Count;

static void __attribute__((noinline)) listed(Count *c, int to, int32_t captured)
{
    Move *m = movelist_push(c->ml);
    m->from = (int16_t)c->from; m->to = (int16_t)to; m->kind = MK_MOVE;
    m->piece = c->w; m->captured = captured;
}

/* A move to `to` (captured: the piece there, 0 if none): counted, or listed to be judged. */
static inline void target(Count *c, int to, int32_t captured)
{
    if ((captured && c->hard_captures) || (c->stamp && c->p->watch[to] == c->stamp))
        listed(c, to, captured);
    else
        c->n++;
}

static int found(void *ctx, int to, int32_t captured)
{
    target(ctx, to, captured);
    return 0;
}

/* The royal piece's line moves, each judged as royal_move_safe() (pins.c) judges it: its
 * destination not attacked with its own square left empty. Only where that test is the whole of
 * pins_move_safe()'s: every attack a native line (no program, no `attack near`), no capture hook
 * an in-check test sees, no square watched, and no line that needs its walk: royal_plan() says
 * where, once for the game, and the node's plan (linecount_begin) where a square is watched or
 * a capture hook is seen. Returns the legal ones. */
static long count_royal(Pos *p, int sq, int32_t w, int mover, const Ray *r0, const Ray *rend,
                        long *rejected)
{
    const Game *g = p->g;
    int32_t *st = p->st;
    const int16_t *nb = g->neighbor;
    const int nd = g->ndirs;
    long n = 0;
    for (const Ray *r = r0; r < rend; r++) {
        if (r->leg >= 0 && st[r->leg]) continue;
        for (int s = r->to; s >= 0; s = (r->how & RAY_RIDE) ? nb[s * nd + r->dir] : -1) {
            int32_t x = st[s];
            int ok = x ? (r->how & RAY_CAPTURES) && PW_OWNER(x) >= 0 && PW_OWNER(x) != mover
                       : (r->how & RAY_MOVES);
            if (ok) {
                int attacked = 0;
                st[sq] = 0; st[s] = w;
                for (int by = 0; by < g->nplayers && !attacked; by++)
                    if (by != mover) attacked = square_attacked(p, s, by);
                st[sq] = w; st[s] = x;
                if (attacked) (*rejected)++; else n++;
            }
            if (x) break;
        }
    }
    /* (the board is as it was: what was kept before still holds, and the attack tests, which
     * run no program, kept nothing of the changed one) */
    return n;
}

void linecount_begin(LineCounter *lc, Pos *p, int mover, const Pins *pins)
{
    const Game *g = p->g;
    const struct LineRays *lr = g->line_rays;
    lc->p = p; lc->pins = pins; lc->mover = mover;
    lc->ok = lr && g->legal_pretest_fn < 0;
    lc->hard = g->hook_fn[HOOK_CAPTURE] >= 0 && !g->capture_unseen_by_check;
    lc->fast = !pins->watching && !lc->hard;
    lc->stride = (size_t)g->nplayers * (size_t)g->nsq;
    static const uint8_t none[MAX_TYPES + 1] = { [0 ... MAX_TYPES] = COUNT_LIST };
    lc->plan = none;
    if (!lc->ok) return;
    /* (in check, linecount_slow would not know the squares that end it: all listed, all made) */
    if (pins->evading && !lc->fast) return;
    lc->allow = pins->evading ? pins->block : 0;
    lc->st = p->st; lc->nb = g->neighbor; lc->nd = g->ndirs; lc->own = (uint32_t)mover + 1;
    lc->plan = lc->fast ? lr->plan_fast : lr->plan_slow;
    lc->start = lr->start + (size_t)mover * (size_t)g->nsq;
    lc->mid = lr->mid + (size_t)mover * (size_t)g->nsq;
    lc->ray = lr->ray;
}

long linecount_royal(const LineCounter *lc, int sq, int32_t w, long *rejected)
{
    size_t at = (size_t)PW_TYPE(w) * lc->stride + (size_t)sq;
    const Ray *r0 = lc->ray + lc->start[at], *rend = lc->ray + lc->start[at + 1];
    return count_royal(lc->p, sq, w, lc->mover, r0, rend, rejected);
}

long linecount_walk(const LineCounter *lc, const Ray *r, int sq, int32_t w, const PieceType *T)
{
    Count c = { lc->p, NULL, sq, w, 0, 0, 0 };      /* (fast: every move found is counted) */
    line_targets(lc->p, sq, &T->atoms[r->atom], lc->mover, found, &c);
    return c.n;
}

long linecount_slow(const LineCounter *lc, MoveList *ml, int sq, int32_t w, const PieceType *T)
{
    Pos *p = lc->p;
    const Game *g = p->g;
    const int mover = lc->mover;
    const Pins *pins = lc->pins;
    size_t at = (size_t)PW_TYPE(w) * lc->stride + (size_t)sq;
    const Ray *r0 = lc->ray + lc->start[at], *rend = lc->ray + lc->start[at + 1];
    if (T->royal) return -1;        /* (a node that does not count it: plan_slow) */
    for (int i = 0; i < pins->npinned; i++) if (pins->pinned[i] == sq) return -1;
    if (pins->watching && p->watch[sq] == p->watch_stamp) return -1;
    const int32_t *st = p->st;
    const int16_t *nb = g->neighbor;
    const int nd = g->ndirs;
    Count c = { p, ml, sq, w, lc->hard, pins->watching ? p->watch_stamp : 0, 0 };
    for (const Ray *r = r0; r < rend; r++) {
        if (__builtin_expect(r->how & RAY_WALK, 0)) {
            line_targets(p, sq, &T->atoms[r->atom], mover, found, &c);
            continue;
        }
        if (r->leg >= 0 && st[r->leg]) continue;
        int s = r->to;
        for (;;) {
            int32_t x = st[s];
            if (!x) {
                if (r->how & RAY_MOVES) target(&c, s, 0);
            } else {
                if ((r->how & RAY_CAPTURES) && PW_OWNER(x) >= 0 && PW_OWNER(x) != mover)
                    target(&c, s, x);
                break;
            }
            if (!(r->how & RAY_RIDE)) break;
            s = nb[s * nd + r->dir];
            if (s < 0) break;
        }
    }
    return c.n;
}
