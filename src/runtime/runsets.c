/* runsets.c - FORRUNS: the runs of squares in a row from a board loop's squares, as sets.
 *
 * Connect-four's `end`, `for s in board { if enemy(s) { for d in lines { let t = step(s, d);
 * let k = 1; while k < 4 and t != none and enemy(t) { k = k + 1; t = step(t, d); } if k == 4 {
 * lose ...; } } } }`, walked every direction of every disc of the other side (FORENEMY, then
 * FORRUN's walk of each direction: skips.c), a fifth of its perft. On a board of at most 64
 * squares, with the squares by owner kept (Pos.owned), the same question is a few operations on
 * sets. Let S be the squares the loop's test takes (its owner's), Y those that pass the run's
 * test, and back_d(X) the squares whose neighbour along d is in X. The squares of S whose first
 * j steps along d are all in Y are A_j = S & Z_j, Z_1 = back_d(Y), Z_j = back_d(Y & Z_{j-1}); a
 * square's walk goes on while k = c0 + a*j < K, so it walks w = min(its run, wmax) squares,
 * wmax the least j with c0 + a*j >= K. The count comes to K2 where c0 + a*w = K2: on the
 * squares of A_w* less A_w*+1 (A_wmax itself when w* = wmax). The first square of S that has
 * such a direction is left to the code (which walks it again, FORRUN); those before it are
 * passed over, each charged what the code as written would have run (tests/run-loop-steps.sh):
 *   4 a square of the list not in S (FORLIST, LOAD, the test, JZ);
 *   7 a square of S (the same, PUSHDIRS, STORE, the FORBIT that ends its directions);
 *   a direction 11 (FORBIT, t = step(s, d), k = c0, the test of k), 20 a round walked, and the
 *   test that ends the walk: 4 (k < K fails: w = wmax), 8 (t is none), 11 (not the run's test).
 * Summed over a set of squares P along d: 22|P| + 20 sum_j |A_j| - 7 |A_wmax| - 3 |off|, off the
 * squares whose walk ends off the board: A_{j-1} less V_j, V_j the squares j steps from which
 * are on the board (V_0 the board, V_j = back_d(V_{j-1})). */
#include "runsets.h"
#include "arena.h"
#include "nearset.h"
#include "opcodes.h"

/* The most rounds of a walk answered here (wmax); the board has at most 64 squares, but a board
 * whose links go round has walks as long as the count allows */
#define RUNS_MAX 64

typedef struct {
    uint64_t on;          /* the squares that have a neighbour along the direction */
    int shift;            /* that neighbour's index less the square's, where is_shift */
    int is_shift;         /* the same for every square of `on` */
    uint64_t *from;       /* else, by square u: the squares whose neighbour is u */
    uint64_t *off;        /* [j - 1], j = 1..RUNS_MAX: the squares whose j-th step along the
                             direction is off the board, the j - 1 before it on it (V_{j-1}
                             less V_j) */
} RunDir;

/* A FORRUNS's rounds, worked out once from its constants (skip_runs): wmax, and wstar, the
 * rounds after which the count is K2 (-1: never); ok 0 where the sets do not answer */
typedef struct { int pc, wmax, wstar, ok; } RunSite;
#define RUN_SITES 4

struct RunDirs { uint64_t board; RunDir dir[MAX_DIRS]; RunSite site[RUN_SITES]; int nsites; };

/* The rounds of the FORRUNS at ip: its count c0 + a*j stops at K (wmax: the least j with
 * c0 + a*j >= K) and comes to K2 after wstar rounds */
static RunSite run_site(const int32_t *ip, int pc)
{
    const int64_t c0 = ip[26], K = ip[32], a = ip[51], K2 = ip[67];
    RunSite r = { pc, 0, -1, 1 };
    if (c0 >= K) {
        if (c0 == K2) r.wstar = 0;
        return r;
    }
    if (a <= 0) { r.ok = 0; return r; }    /* the count does not come to K by itself */
    int64_t w = (K - c0 + a - 1) / a;
    if (w > RUNS_MAX) { r.ok = 0; return r; }
    r.wmax = (int)w;
    if (K2 >= c0 && (K2 - c0) % a == 0 && (K2 - c0) / a <= r.wmax) r.wstar = (int)((K2 - c0) / a);
    return r;
}

/* back_d(x): the squares whose neighbour along the direction is in x */
static inline __attribute__((always_inline)) uint64_t step_back(const RunDir *r, uint64_t x,
                                                                int is_shift)
{
    if (is_shift) return (r->shift >= 0 ? x >> r->shift : x << -r->shift) & r->on;
    uint64_t y = 0;
    for (; x; x &= x - 1) y |= r->from[__builtin_ctzll(x)];
    return y;
}

void runsets_prepare(Game *g)
{
    g->run_dirs = NULL;
    int used = 0;
    for (int pc = 0; pc < g->ncode && !used; pc += 1 + opcode_info[g->code[pc]].nops)
        used = g->code[pc] == OP_FORRUNS;
    if (!used || g->nsq > NEARSET_MAX_SQ || g->stack != 1) return;
    struct RunDirs *rd = arena_alloc(&g->arena, sizeof *rd);
    rd->board = g->nsq >= 64 ? ~0ull : (1ull << g->nsq) - 1;
    for (int d = 0; d < g->ndirs; d++) {
        RunDir *r = &rd->dir[d];
        int seen = 0;
        r->is_shift = 1;
        for (int sq = 0; sq < g->nsq; sq++) {
            int to = g->neighbor[sq * g->ndirs + d];
            if (to < 0) continue;
            r->on |= 1ull << sq;
            if (!seen) r->shift = to - sq;
            else if (to - sq != r->shift) r->is_shift = 0;
            seen = 1;
        }
        if (!r->is_shift) {
            r->from = arena_alloc(&g->arena, sizeof *r->from * NEARSET_MAX_SQ);
            for (int sq = 0; sq < g->nsq; sq++) {
                int to = g->neighbor[sq * g->ndirs + d];
                if (to >= 0) r->from[to] |= 1ull << sq;
            }
        }
        r->off = arena_alloc(&g->arena, sizeof *r->off * RUNS_MAX);
        uint64_t on = rd->board;                       /* V_0, then V_j */
        for (int j = 1; j <= RUNS_MAX; j++) {
            uint64_t next = r->is_shift ? step_back(r, on, 1) : step_back(r, on, 0);
            r->off[j - 1] = on & ~next;
            on = next;
        }
    }
    for (int pc = 0; pc < g->ncode && rd->nsites < RUN_SITES;
         pc += 1 + opcode_info[g->code[pc]].nops)
        if (g->code[pc] == OP_FORRUNS) rd->site[rd->nsites++] = run_site(g->code + pc, pc);
    g->run_dirs = rd;
}

/* What the walks along r from the squares P cost as written, the sum above less its 22 |P|;
 * *hits gets the squares of P whose count comes to K2 (wstar: its rounds, -1 for none). (A
 * function for each kind of step: the shift's is the one that runs.) */
static inline __attribute__((always_inline)) long walks_cost(const RunDir *r, uint64_t P,
                                                             uint64_t Y, int wmax, int wstar,
                                                             uint64_t *hits, int is_shift)
{
    uint64_t A = P, Z = ~0ull, off = 0;
    long walked = 0;
    *hits = 0;
    for (int j = 1; j <= wmax && A; j++) {
        off |= A & r->off[j - 1];              /* walks of j - 1 rounds that step off the board */
        Z = step_back(r, Y & Z, is_shift);
        uint64_t next = A & Z;
        if (j - 1 == wstar) *hits = A & ~next;
        A = next;
        walked += nearset_count(A);
    }
    if (wstar == wmax) *hits = A;              /* (A_wmax, or none when the loop ended early) */
    return 20 * walked - 7L * nearset_count(A) - 3L * nearset_count(off);
}

/* (the caller adds the 22 |P| once for all the directions) */
static inline __attribute__((always_inline)) long dir_cost(const RunDir *r, uint64_t P, uint64_t Y,
                                                           int wmax, int wstar, uint64_t *hits)
{
    return r->is_shift ? walks_cost(r, P, Y, wmax, wstar, hits, 1)
                       : walks_cost(r, P, Y, wmax, wstar, hits, 0);
}

/* The words of FORRUNS's sequence from ip (runs_follow): the list's cursor and square at 2 and 3,
 * the owner test at 7, PUSHDIRS's set at 11; FORRUN from 14 on (skip_run's words, 14 later): its
 * mask at 15, d at 16, t at 24, c0 at 26, k at 28, K at 32, the run's test at 45, a at 51, K2
 * at 67 */
int64_t skip_runs(const Pos *p, const int32_t *ip, int64_t *L, int mover, int64_t i, int64_t n,
                  long *steps)
{
    const Game *g = p->g;
    const struct RunDirs *rd = g->run_dirs;
    if (!rd || !nearset_usable(p, mover) || i < 0 || i >= n || n > g->nsq) return i;
    const int64_t c0 = ip[26], K = ip[32], a = ip[51];
    const int pc = (int)(ip - g->code);
    int k = 0;                             /* (worked out once: the division is slow) */
    while (k < rd->nsites && rd->site[k].pc != pc) k++;
    const RunSite site = k < rd->nsites ? rd->site[k] : run_site(ip, pc);
    if (!site.ok) return i;
    const int wmax = site.wmax, wstar = site.wstar;
    const uint64_t dirs = g->dirset_abs[ip[11] * MAX_PLAYERS + (mover < g->nplayers ? mover : 0)];
    if (g->ndirs < 64 && dirs >> g->ndirs) return i;
    const uint64_t own = nearset_passing(p, opcode_info[ip[7]].base, 1, mover);
    const uint64_t run = nearset_passing(p, opcode_info[ip[45]].base, 1, mover);
    const uint64_t below_n = n >= 64 ? ~0ull : (1ull << n) - 1;
    uint64_t P = own & rd->board & below_n & (~0ull << i);
    uint64_t hit = 0, h;
    long cost = 0;
    for (uint64_t m = dirs; m; m &= m - 1) {
        cost += dir_cost(&rd->dir[__builtin_ctzll(m)], P, run, wmax, wstar, &h);
        hit |= h;
    }
    int64_t stop = n;
    if (hit) {                                 /* passed over: the squares before the first */
        stop = __builtin_ctzll(hit);
        P &= (1ull << stop) - 1;
        cost = 0;
        for (uint64_t m = dirs; m && P; m &= m - 1)
            cost += dir_cost(&rd->dir[__builtin_ctzll(m)], P, run, wmax, wstar, &h);
    }
    const long taken = nearset_count(P);
    *steps += cost + (7 + 22L * nearset_count(dirs)) * taken + 4 * (stop - i - taken);
    if (!hit && P) {                           /* to the end: the last round's locals */
        const int last = 63 - __builtin_clzll(P);
        L[ip[2]] = last + 1;
        L[ip[3]] = last;
        L[ip[15]] = 0;
        if (dirs) {
            const int d = 63 - __builtin_clzll(dirs);
            int64_t t = g->neighbor[last * g->ndirs + d], k = c0;
            while (k < K && t >= 0 && (run >> t & 1)) { k += a; t = g->neighbor[t * g->ndirs + d]; }
            L[ip[16]] = d; L[ip[24]] = t; L[ip[28]] = k;
        }
    }
    return stop;
}
