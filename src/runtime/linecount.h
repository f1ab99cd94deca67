/* linecount.h - a piece's line moves counted instead of listed, where the pins already say each
 * one is legal (perft's last ply: only the number of legal moves is wanted).
 *
 * At a node where pins_find() holds (the mover is not in check, legality is `require not
 * in-check;`), pins_move_safe() calls a plain move of a piece that is not royal, not pinned,
 * and leaves and reaches no square an attack program looked at, legal, and no capture hook
 * must run for it: such a move needs neither a list entry nor a test, only to be counted.
 * The other moves of the piece are listed as gen_atoms() lists them, and judged as before.
 * The royal piece's moves are judged here by the attack test pins_move_safe() would run, where
 * that test is the whole of its judgement. */
#ifndef BOARDVM_LINECOUNT_H
#define BOARDVM_LINECOUNT_H
#include "position.h"
#include "pins.h"

/* The lines of a type, for a player, from a square, resolved once (linecount_prepare): the first
 * square each reaches, the leg square that must be empty, and for a ride its direction. A line
 * whose `from` zone leaves the square out is not there at all; a leap whose square is outside
 * its `in` zone neither. Hops and the other lines with zones are walked by line_targets(). */
enum { RAY_RIDE = 1, RAY_MOVES = 2, RAY_CAPTURES = 4, RAY_WALK = 8 };
typedef struct { int16_t to, leg; uint8_t dir, how; int16_t atom; } Ray;
/* How a piece of a type is counted (LineRays.plan): its lines inline (linecount_piece), by
 * linecount_slow(), as the royal piece's (linecount_royal), or not at all (its moves listed:
 * lines that may overlap, a royal piece whose moves the attack test alone does not judge). */
enum { COUNT_INLINE, COUNT_SLOW, COUNT_ROYAL, COUNT_LIST };
struct LineRays {
    int32_t *start;              /* [(t * nplayers + pl) * nsq + sq], and one more at the end */
    int32_t *mid;                /* ... where its rays that are not plain leaps begin */
    Ray *ray;
    /* [t]: at a node where every move found is counted (LineCounter.fast), and where not */
    uint8_t plan_fast[MAX_TYPES + 1], plan_slow[MAX_TYPES + 1];
};

/* The table of every type's lines from every square (Game.line_rays), built at compile time. */
void linecount_prepare(Game *g);

/* What a node's count needs, found once for all its pieces (linecount_begin). */
typedef struct {
    Pos *p;
    const Pins *pins;
    int mover;
    int ok;                      /* the game's lines can be counted at all */
    int hard;                    /* a capture runs an `on capture` hook an in-check test sees */
    int fast;                    /* every move found is counted (no watched square, no hook) */
    const uint8_t *plan;         /* [t]: COUNT_... at this node */
    size_t stride;               /* nplayers * nsq: from one type's rays to the next's */
    const int32_t *start, *mid;  /* the line table's starts, the mover's part */
    const Ray *ray;
    uint64_t allow;              /* Pins.evading: the squares that end the check (Pins.block) */
    /* the position's cells, the neighbour table and its stride, the mover's owner field: read
     * here once a node, not through lc->p at every piece (step 42) */
    const int32_t *st;
    const int16_t *nb;
    int nd;
    uint32_t own;
} LineCounter;
void linecount_begin(LineCounter *lc, Pos *p, int mover, const Pins *pins);

/* (the cases linecount_piece leaves to them) */
long linecount_slow(const LineCounter *lc, MoveList *ml, int sq, int32_t w, const PieceType *T);
long linecount_walk(const LineCounter *lc, const Ray *r, int sq, int32_t w, const PieceType *T);
long linecount_royal(const LineCounter *lc, int sq, int32_t w, long *rejected);

/* The moves of the lines of T from sq (piece w, of the mover): returns how many were counted
 * (legal without a test) and pushes the others on ml; with `evade` (a constant: the node is in
 * check, Pins.evading) only those that reach lc->allow are legal, and *rejected grows by the
 * others (step 42); -1 when the piece's moves must all be
 * listed by the caller (a pinned piece, lines that may overlap, a game whose `legal` goes on
 * after the in-check test, a royal piece whose moves are not judged by the attack test alone).
 * A royal piece's moves are judged as pins_move_safe() judges them (its destination not
 * attacked once it stands there); *rejected grows by those found illegal. Inline: it runs for
 * every piece of every node of perft's last ply. */
static inline __attribute__((always_inline)) long
linecount_piece(const LineCounter *lc, MoveList *ml, int sq, int32_t w,
                                   const PieceType *T, long *rejected, const int evade)
{
    unsigned plan = lc->plan[PW_TYPE(w)];
    if (plan != COUNT_INLINE)
        return plan == COUNT_LIST ? -1 : plan == COUNT_ROYAL ? linecount_royal(lc, sq, w, rejected)
                                                             : linecount_slow(lc, ml, sq, w, T);
    const Pins *pins = lc->pins;
    for (int i = 0; i < pins->npinned; i++) if (pins->pinned[i] == sq) return -1;
    const int32_t *st = lc->st;
    const int16_t *nb = lc->nb;
    const int nd = lc->nd;
    const uint32_t own = lc->own;
    size_t at = (size_t)PW_TYPE(w) * lc->stride + (size_t)sq;
    long n = 0, legal = 0;                         /* (legal: evade's, those reaching allow) */
    const uint64_t allow = evade ? lc->allow : 0;
#define REACHES(s) (evade ? (long)(allow >> (s) & 1) : 1)
    const Ray *r = lc->ray + lc->start[at], *mid = lc->ray + lc->mid[at];
    for (; r < mid; r++) {                         /* the plain leaps: one square each */
        int32_t x = st[r->to];
        uint32_t o = ((uint32_t)x >> 8) & 0xfu;
        long ok = x ? (r->how & RAY_CAPTURES) && o && o != own : (r->how & RAY_MOVES) != 0;
        n += ok;
        if (evade) legal += ok & REACHES(r->to);
    }
    for (const Ray *rend = lc->ray + lc->start[at + 1]; r < rend; r++) {
        if (__builtin_expect(r->how & RAY_WALK, 0)) {
            if (evade) return -1;                  /* (listed, and each made) */
            n += linecount_walk(lc, r, sq, w, T);
            continue;
        }
        if (r->leg >= 0 && st[r->leg]) continue;
        const long mv = (r->how & RAY_MOVES) != 0;
        int s = r->to;
        int32_t x;
        if (r->how & RAY_RIDE) {
            while (!(x = st[s])) {
                n += mv;
                if (evade) legal += mv & REACHES(s);
                s = nb[s * nd + r->dir];
                if (s < 0) break;
            }
            if (s < 0) continue;
        } else if (!(x = st[s])) {
            n += mv;
            if (evade) legal += mv & REACHES(s);
            continue;
        }
        /* an enemy piece (an owner, not the mover) on a capturing line */
        uint32_t o = ((uint32_t)x >> 8) & 0xfu;
        long ok = (r->how & RAY_CAPTURES) && o && o != own;
        n += ok;
        if (evade) legal += ok & REACHES(s);
    }
#undef REACHES
    if (evade) { *rejected += n - legal; return legal; }
    return n;
}
#endif
