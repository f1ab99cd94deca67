/* linecount.c - a piece's line moves counted where pins make each legal (see linecount.h).
 * The conditions are pins_move_safe()'s for a move of kind MK_MOVE with no writes of its own
 * and no `become` (what a line gives): tests/lang/linecount.rules has a position for each. */
#include "linecount.h"
#include "lines.h"

/* The lines of a type, for a player, from a square, resolved once (linecount_prepare): the first
 * square each reaches, the leg square that must be empty, and for a ride its direction. A line
 * whose `from` zone leaves the square out is not there at all; a leap whose square is outside
 * its `in` zone neither. Hops and the other lines with zones are walked by line_targets(). */
enum { RAY_RIDE = 1, RAY_MOVES = 2, RAY_CAPTURES = 4, RAY_WALK = 8 };
typedef struct { int16_t to, leg; uint8_t dir, how; int16_t atom; } Ray;
struct LineRays {
    int32_t *start;              /* [(t * nplayers + pl) * nsq + sq], and one more at the end */
    Ray *ray;
};
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

void linecount_prepare(Game *g)
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
    lr->ray = arena_alloc(&g->arena, sizeof *lr->ray * (size_t)(n ? n : 1));
    int32_t k = 0;
    size_t i = 0;
    for (int t = 0; t <= g->ntypes; t++)
        for (int pl = 0; pl < g->nplayers; pl++)
            for (int sq = 0; sq < g->nsq; sq++) {
                lr->start[i++] = k;
                for (int ai = 0; t > 0 && ai < g->types[t].natoms; ai++)
                    k += ray_of(g, &g->types[t].atoms[ai], ai, pl, sq, &lr->ray[k]);
            }
    lr->start[i] = k;
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

long count_line_moves(Pos *p, MoveList *ml, int sq, int32_t w, const PieceType *T, int mover,
                      const Pins *pins)
{
    const Game *g = p->g;
    const struct LineRays *lr = g->line_rays;
    if (!lr || T->royal || T->atoms_overlap || g->legal_pretest_fn >= 0) return -1;
    for (int i = 0; i < pins->npinned; i++) if (pins->pinned[i] == sq) return -1;
    if (pins->watching && p->watch[sq] == p->watch_stamp) return -1;
    Count c = { p, ml, sq, w, g->hook_fn[HOOK_CAPTURE] >= 0 && !g->capture_unseen_by_check,
                pins->watching ? p->watch_stamp : 0, 0 };
    const int32_t *st = p->st;
    const int16_t *nb = g->neighbor;
    const int nd = g->ndirs;
    size_t at = ((size_t)PW_TYPE(w) * (size_t)g->nplayers + (size_t)mover) * (size_t)g->nsq
              + (size_t)sq;
    for (int32_t i = lr->start[at], end = lr->start[at + 1]; i < end; i++) {
        const Ray *r = &lr->ray[i];
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
