/* skips.h - the native passes of FORNEAR, CHOOSENEAR, CHOOSEGO, CHOOSEANY and CHOOSETEST
 * (opcodes.h, superinstr.c): the directions or squares whose branch would fail at once, passed
 * over without running it. */
#ifndef BOARDVM_SKIPS_H
#define BOARDVM_SKIPS_H
#include "position.h"

/* FORNEAR or CHOOSENEAR at ip (code: the game's): the directions of mask, lowest first, whose
 * square one step from x (the instruction after it) is off the board or fails its test are
 * passed over; returns mask from the first one that passes on (0 if none), and adds to *steps
 * the instructions the passed-over ones would have run (FORBIT or CHOOSEBIT and the tests, and
 * the FAIL of a choice). A FORNEAR passed over to its end writes its d and t as the code would. */
uint64_t skip_near(const Pos *p, const int32_t *ip, int64_t *L, int mover, uint64_t mask,
                   long *steps);

/* CHOOSENEAR at ip, all its directions of mask at once (vm.c, a row of tails counted): the
 * ones that pass, lowest first, into bits (the directions' numbers) and before (the steps
 * skip_near charges for those passed over before each); returns how many, and in *after the
 * steps charged for those after the last (skip_near's, its CHOOSEBIT's FAIL included). */
int skip_near_row(const Pos *p, const int32_t *ip, const int64_t *L, int mover, uint64_t mask,
                  int8_t bits[64], long before[64], long *after);

/* CHOOSEGO, CHOOSEANY or CHOOSETEST at ip: the first index from i on (below n) of list li, as
 * player pl sees it, whose square passes the test after it (CHOOSEANY: and has a neighbour that
 * passes the search after that, x read from the locals L), or n; *steps as skip_near's. */
int64_t skip_choose(Pos *p, const int32_t *ip, const List *li, int pl, int mover,
                    const int64_t *L, int64_t i, int64_t n, long *steps);

/* CHOOSEANY at ip over list li (as player pl sees it), its search from the square chosen, all
 * its elements from index i on at once (vm.c, a row of drops counted): the indices of those
 * skip_choose would stop at into found, what it charges before each into before, what
 * skip_any_found charges for each into searched; returns how many, and in *after what
 * skip_choose charges after the last (its FAIL included). -1 where the sets do not answer (no
 * Pos.owned, a search from another square, more than 64 elements, a square two of whose
 * directions step to one square). */
int skip_any_row(Pos *p, const int32_t *ip, const List *li, int pl, int mover, int64_t i,
                 int64_t n, int32_t found[64], long before[64], long searched[64], long *after);

/* FORRUN at ip: the directions of mask, lowest first, along which the count of the squares in a
 * row from x (superinstr.c, run_follows) does not come to its K2 are passed over; returns mask
 * from the first one that does (or walks too far), and adds the instructions of the others to
 * *steps; passed over to the end, it writes d, t and k as the code would. */
uint64_t skip_run(const Pos *p, const int32_t *ip, int64_t *L, int mover, uint64_t mask,
                  long *steps);

/* CHOOSEANY at ip, its square chosen (in its local) and known to pass both its tests: the
 * branch run up to the end of its require natively. The locals are left as the code leaves
 * them, *steps gets the instructions it would have run, and the instruction to go on from is
 * returned. */
const int32_t *skip_any_found(Pos *p, const int32_t *ip, int64_t *L, int pl, int mover,
                              long *steps);

/* The most rounds of a walk run in one go: a walk that does not stop (a board whose links go
 * round, full) comes back to the VM, which counts its steps against the bounds */
#define WALK_MAX 64

/* A walk's way along direction d over the cells of a board of one piece a square while the
 * square is empty (on) or not (!on), for at most WALK_MAX rounds from *t: *t is left where it
 * stops (-1: off the board), *steps gets what WALK charges (12 a round, 4 or 7 for the last
 * tests); returns 0 where the walk is not over (*t where the rounds left it). nb: the
 * neighbour table from direction d on. */
static inline __attribute__((always_inline)) int walk_cells(const int32_t *st, const int16_t *nb,
                                                            int ndirs, uint64_t nsq, int on,
                                                            int64_t *t, long *steps)
{
    int64_t u = *t;
    long n = 0;
    for (int round = 0; round < WALK_MAX; round++) {
        if (u == -1) { *t = u; *steps += n + 4; return 1; }
        const int in = (uint64_t)u < nsq;
        if ((in && st[u] == 0) != on) { *t = u; *steps += n + 7; return 1; }
        u = in ? nb[u * ndirs] : -1;
        n += 12;
    }
    *t = u; *steps += n;
    return 0;
}

/* A walk's squares as sets (a row of drops, vm.c): along direction d on a board of at most 64
 * squares whose every walk along d meets the squares in rising (or every one in falling) index
 * order, each square's way to the edge as one set, and its place on that way. Then where a
 * walk over the cells stops is the lowest (highest) square of its way in the set of those that
 * stop it, and its rounds the difference of two places: no square is looked at. */
typedef struct {
    int d;                           /* the direction the table is of; -1: none yet */
    int rising;                      /* 1 rising, -1 falling, 0 the sets do not answer */
    uint64_t way[64];                /* by square: it and the squares along d after it */
    uint8_t place[64], len[64];      /* by square: the squares before it on its line; |way| */
} WalkRays;

/* Fills r for direction d of g (a valid direction); r->rising 0 where the sets do not answer
 * (more than 64 squares, a walk that does not keep to one order) */
void walk_rays_build(const Game *g, int d, WalkRays *r);

/* walk_cells from square s (a square of the board), r answering, stop the squares whose test
 * ends the walk: *t the square where it stops (-1: off the board), *steps as walk_cells charges;
 * 0 where walk_cells would not be over in WALK_MAX rounds */
static inline __attribute__((always_inline)) int walk_rays(const WalkRays *r, uint64_t stop,
                                                           int64_t s, int64_t *t, long *steps)
{
    const uint64_t x = stop & r->way[s];
    if (!x) {
        if (r->len[s] >= WALK_MAX) return 0;
        *t = -1; *steps += 12L * r->len[s] + 4;
        return 1;
    }
    const int u = r->rising > 0 ? __builtin_ctzll(x) : 63 - __builtin_clzll(x);
    *t = u; *steps += 12L * (r->place[u] - r->place[s]) + 7;
    return 1;
}

/* WALK at ip (superinstr.c, walk_follows): the walk from local t along its direction (PUSHDIR
 * as player pl sees it, or a local) while t is not none and passes the test, run natively for
 * at most WALK_MAX rounds; t is left as the code leaves it, *steps gets the instructions it
 * would have run (12 a round, 4 or 7 for the last tests), and the instruction to go on from is
 * returned: the loop's exit, or ip again when the walk is not over. */
const int32_t *skip_walk(const Pos *p, const int32_t *ip, int64_t *L, int pl, int mover,
                         long *steps);

/* FORTEST's pass when its test is of a height: the first index from j on (below n) whose square
 * (item[j]; a value that is no square has height 0) has a height h with lo <= h <= hi, or, when
 * outside, not; n if none. Decided from two cells of each stack, not by counting it. */
int64_t skip_height(const Pos *p, const int32_t *item, int64_t j, int64_t n, int64_t lo, int64_t hi,
                    int outside);

#endif
