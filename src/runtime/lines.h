/* lines.h - the squares a `leap`, `ride` or `hop` line reaches when it is not ATOM_PLAIN (a leg,
 * a hop, `in ZONE`, `from ZONE`): for generation and attacks (movegen.c) and `moves-of` (the VM),
 * which must agree. Plain lines are walked by each where speed matters. */
#ifndef BOARDVM_LINES_H
#define BOARDVM_LINES_H
#include "position.h"

static inline int line_in_zone(const Game *g, int zone, int player, int sq)
{
    return g->lists[zone].member[player >= 0 ? player : 0][sq];
}

/* The top piece of a square: what lines see. */
static inline int32_t line_top(const Pos *p, int s)
{
    if (p->g->stack == 1) return p->st[s];
    int loc = pos_top_loc(p, s);
    return loc >= 0 ? p->st[loc] : 0;
}

/* These are here, inline, so that the generator's loop (movegen.c) and `moves-of` (vm_loop.h)
 * walk the lines alike without a call per square. */
/* The squares an atom with a leg, a zone or a hop (not ATOM_PLAIN) reaches from sq for `owner`:
 * found(ctx, to, captured) for each, captured 0 on an empty square; a nonzero return stops. */
static inline int line_targets(const Pos *p, int sq, const Atom *a, int owner,
                               int (*found)(void *ctx, int to, int32_t captured), void *ctx)
{
    const Game *g = p->g;
    if (a->from_zone >= 0 && !line_in_zone(g, a->from_zone, owner, sq)) return 0;
    int d = g->dir_map[owner][a->dir], s = sq;
    if (a->leg >= 0) {                             /* the first step must land on an empty square */
        s = g->neighbor[s * g->ndirs + g->dir_map[owner][a->leg]];
        if (s < 0 || line_top(p, s)) return 0;
    }
    if (a->kind == ATOM_HOP)                       /* over empty squares to the screen */
        for (;;) {
            s = g->neighbor[s * g->ndirs + d];
            if (s < 0) return 0;
            if (line_top(p, s)) break;
        }
    for (;;) {
        s = g->neighbor[s * g->ndirs + d];
        if (s < 0) return 0;
        int32_t c = line_top(p, s);
        int zone_ok = a->to_zone < 0 || line_in_zone(g, a->to_zone, owner, s);
        if (!c) {
            if (a->mode != MODE_CAPTURE && zone_ok && found(ctx, s, 0)) return 1;
        } else {
            if (PW_OWNER(c) >= 0 && PW_OWNER(c) != owner && a->mode != MODE_MOVE && zone_ok)
                return found(ctx, s, c);
            return 0;
        }
        if (a->kind == ATOM_LEAP) return 0;
    }
}

/* Does an atom that is not ATOM_PLAIN attack `target` from sq (whatever stands on it)? */
static inline int line_attacks(const Pos *p, int sq, const Atom *a, int owner, int target)
{
    const Game *g = p->g;
    if (a->from_zone >= 0 && !line_in_zone(g, a->from_zone, owner, sq)) return 0;
    if (a->to_zone >= 0 && !line_in_zone(g, a->to_zone, owner, target)) return 0;
    int d = g->dir_map[owner][a->dir], s = sq;
    if (a->leg >= 0) {
        s = g->neighbor[s * g->ndirs + g->dir_map[owner][a->leg]];
        if (s < 0 || line_top(p, s)) return 0;
    }
    if (a->kind == ATOM_HOP)
        for (;;) {
            s = g->neighbor[s * g->ndirs + d];
            if (s < 0 || s == target) return 0;
            if (line_top(p, s)) break;
        }
    for (;;) {
        s = g->neighbor[s * g->ndirs + d];
        if (s < 0) return 0;
        if (s == target) return 1;
        if (line_top(p, s) || a->kind == ATOM_LEAP) return 0;
    }
}


#endif
