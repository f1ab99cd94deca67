/* skips.c - the native passes of FORNEAR, CHOOSENEAR, CHOOSEGO, CHOOSEANY and CHOOSETEST.
 *
 * Each of those instructions stands where a loop or a choice over directions or squares begins,
 * followed by the code that tests the element it takes (superinstr.c checks the pattern when it
 * fuses: every instruction of it at a fixed place). An element that the tests turn away costs
 * ten instructions or more as written (and a choice pushed and popped); here it costs a look at
 * one square. The first element that passes is left to the code as written, which tests it again
 * and goes on: so whatever this file decides to pass over must be what the code would have turned
 * away, and nothing more. The steps the passed-over elements would have run are charged (vm_loop.h,
 * BULK_STEPS), so the bounds on work are unchanged (tests/near-loop-steps.sh). */
#include "skips.h"
#include "opcodes.h"
#include "squaretest.h"
#include "nearset.h"

/* Whether the branch goes on after the conditional jump at q (JZ or JNZ, one way of which is
 * FAIL) when the value tested is v: the value it goes on with */
static int goes_on_with(const int32_t *code, const int32_t *q)
{
    int on_jump = opcode_info[code[q[1]]].base != OP_FAIL;   /* the jump goes on, or fails */
    int jumps_if = opcode_info[q[0]].base == OP_JNZ;          /* the jump is taken on 1 or 0 */
    return on_jump ? jumps_if : !jumps_if;
}

/* (the code of the game: an instruction's jump target is an index into it) */
static const int32_t *code_of(const Pos *p) { return p->g->code; }

/* The lowest direction of mask whose square from x passes (the test's value is `on`), the
 * directions before it passed over: off the board `off` steps each, turned away `away` */
static inline uint64_t near_pass(const Pos *p, int64_t x, int test, int on, int mover,
                                 uint64_t mask, long off, long away, long *steps)
{
    const Game *g = p->g;
    long n = 0;
    if ((uint64_t)x >= (uint64_t)g->nsq) {             /* every step is off the board */
        *steps += off * __builtin_popcountll(mask);
        return 0;
    }
    const int16_t *nb = &g->neighbor[x * g->ndirs];
    const int32_t *st = p->st;
    const int ndirs = g->ndirs;
    /* one loop a test, the test's value compared with `on` (a board of one piece a square).
     * Without branches on the square: whether it is off the board, empty or whose it is was
     * mispredicted about every other look (three quarters of near_pass's cycles in ataxx's
     * clones); an off-board step reads cell 0 and its value is dropped. The owner's nibble
     * (PW_OWNER + 1) is 0 for an empty square, so "the mover's" needs no test of w first. */
    const uint32_t own = (uint32_t)mover + 1;
#define NEAR_LOOP(VALUE) \
    for (; mask; mask &= mask - 1) {                                    \
        int d = __builtin_ctzll(mask);                                  \
        int t = d < ndirs ? nb[d] : -1;                                 \
        int in = t >= 0;                                                \
        uint32_t w = (uint32_t)st[in ? t : 0];                          \
        uint32_t o = (w >> 8) & 0xfu; (void)o; (void)own;               \
        if (in & ((VALUE) == on)) break;                                \
        n += in ? away : off;                                           \
    }
    if (g->stack != 1 || mover < 0) {     /* (mover -1: the nibble 0 would be "the mover's") */
        for (; mask; mask &= mask - 1) {
            int d = __builtin_ctzll(mask);
            int t = d < ndirs ? nb[d] : -1;
            if (t < 0) { n += off; continue; }
            if (square_test(p, test, t, mover) == on) break;
            n += away;
        }
    } else if (test == OP_EMPTY) {
        NEAR_LOOP(!w)
    } else if (test == OP_FRIEND) {
        NEAR_LOOP(o == own)
    } else {
        NEAR_LOOP(o != 0 && o != own)
    }
#undef NEAR_LOOP
    *steps += n;
    return mask;
}

/* A FORBIT loop passed over to its end leaves its direction local d and the square t as its
 * last round set them (a `let` outside the loop may read them after it): written here */
static void last_round(const Pos *p, const int32_t *ip, int64_t *L, int64_t x, uint64_t mask)
{
    const Game *g = p->g;
    int last = 63 - __builtin_clzll(mask);
    L[ip[2]] = last;
    L[ip[10]] = (uint64_t)x < (uint64_t)g->nsq && last < g->ndirs
                ? g->neighbor[x * g->ndirs + last] : -1;
}

uint64_t skip_near(const Pos *p, const int32_t *ip, int64_t *L, int mover, uint64_t mask,
                   long *steps)
{
    const int choose = opcode_info[ip[0]].base == OP_CHOOSEBIT;
    /* FORBIT m d e | LOAD x or MOVEFIELD f | LOAD d | STEPSQ | STORE t | LOAD t | PUSH -1 | NE |
     * JZ j | LOAD t | test | JZ or JNZ j2: the words at 0, 4, 6, 8, 9, 11, 13, 15, 16, 18, 20,
     * 21 */
    int64_t x;
    if (opcode_info[ip[4]].base == OP_LOAD) x = L[ip[5]];
    else switch (ip[5]) {
        case 0: x = p->last_from; break;
        case 1: x = p->last_to; break;
        case 2: x = p->last_piece; break;
        default: x = p->last_captured; break;
    }
    const int32_t *j2 = ip + 21;
    /* FORBIT: the body is reached past JZ back on 1, past JNZ back on 0 */
    int on = choose ? goes_on_with(code_of(p), j2) : opcode_info[j2[0]].base == OP_JZ;
    uint64_t left = near_pass(p, x, opcode_info[ip[20]].base, on, mover, mask, 9 + choose,
                              12 + choose, steps);
    if (!left && !choose) last_round(p, ip, L, x, mask);   /* (a choice's failure restores) */
    return left;
}

int skip_near_row(const Pos *p, const int32_t *ip, const int64_t *L, int mover, uint64_t mask,
                  int8_t bits[64], long before[64], long *after)
{
    /* as near_pass in one walk (CHOOSENEAR: 10 a direction off the board, 13 one turned away;
     * x a LOAD, tails.c), the squares that pass from the sets where the board keeps them */
    const Game *g = p->g;
    const int on = goes_on_with(code_of(p), ip + 21), test = opcode_info[ip[20]].base;
    const int64_t x = L[ip[5]];
    int n = 0;
    long cost = 0;
    if ((uint64_t)x >= (uint64_t)g->nsq) { *after = 10L * __builtin_popcountll(mask); return 0; }
    const int16_t *nb = &g->neighbor[x * g->ndirs];
    const int sets = nearset_usable(p, mover);
    const uint64_t yes = sets ? nearset_passing(p, test, on, mover) : 0;
    for (; mask; mask &= mask - 1) {
        int d = __builtin_ctzll(mask);
        int t = d < g->ndirs ? nb[d] : -1;
        if (t < 0) { cost += 10; continue; }
        if (sets ? !(yes >> t & 1) : square_test(p, test, t, mover) != on) { cost += 13; continue; }
        bits[n] = (int8_t)d;
        before[n++] = cost;
        cost = 0;
    }
    *after = cost;
    return n;
}

/* CHOOSEANY's search of the neighbours, decoded from the code after its test (superinstr.c,
 * any_follows): the direction set, the square looked from, the test and the value it goes on
 * with, and the instructions a square that fails it runs from PUSH 0 to the FAIL of the require
 * (the directions' own counted by near_pass) */
typedef struct {
    uint64_t mask;
    int from;       /* -1: the square chosen (`here` or s), else the local read */
    int test, on;
} AnySearch;

static void any_decode(const Pos *p, const int32_t *ip, int pl, AnySearch *a)
{
    const int32_t *code = code_of(p);
    const int32_t *j = ip + 11;                         /* the jump after the square's test */
    const int32_t *q = opcode_info[code[j[1]]].base == OP_FAIL ? j + 2 : code + j[1];
    /* PUSH 0; STORE f; PUSHDIRS m; STORE ml; FORBIT ...: the words at 0, 2, 4, 6, 8 */
    a->mask = p->g->dirset_abs[q[5] * MAX_PLAYERS + pl];
    const int32_t *lp = q + 8;
    int x = lp[5];
    a->from = x == LOC_HERE || x == ip[3] ? -1 : x;
    a->test = opcode_info[lp[20]].base;
    a->on = opcode_info[lp[21]].base == OP_JZ;
}

/* skip_any_found's loop over the directions from square x, where no two of them step to one
 * square (tab->distinct[x]): 9 steps a direction off the board, 12 one on it, 3 more one whose
 * square passes (passing) */
static inline long any_loop_steps(const NearTable *tab, int64_t x, uint64_t passing)
{
    const long on_board = tab->on[x];
    return 9 * (tab->dirs - on_board) + 12 * on_board + 3L * nearset_count(tab->set[x] & passing);
}

/* skip_any_found's steps but the loop's: LOAD s, GO, LOAD 0, the test, its jump; PUSH, STORE,
 * PUSHDIRS, STORE; the last FORBIT; LOAD f and the jump, which goes on */
#define ANY_FOUND_STEPS (5 + 4 + 1 + 2)

/* skip_choose's pass of CHOOSEANY from the sets (tab): from index i, the first element of item
 * whose square passes the first test (first) and has a neighbour that passes (passing), or n;
 * *cost gets what the elements passed over run (3 none, 7 turned away by the first test, and a
 * failed search 14 and near_pass's 9 a direction off the board, 12 on it) */
static inline int64_t any_next(const Game *g, const NearTable *tab, const int32_t *item,
                               int64_t i, int64_t n, uint64_t first, uint64_t passing,
                               long *cost)
{
    const long dirs = tab->dirs;
    for (; i < n; i++) {
        int64_t e = item[i];
        if ((uint64_t)e >= (uint64_t)g->nsq) { *cost += 3; continue; }   /* GO fails */
        if (!(first >> e & 1)) { *cost += 7; continue; }
        if (tab->set[e] & passing) break;
        *cost += 14 + 12L * tab->on[e] + 9L * (dirs - tab->on[e]);
    }
    return i;
}

const int32_t *skip_any_found(Pos *p, const int32_t *ip, int64_t *L, int pl, int mover,
                              long *steps)
{
    const Game *g = p->g;
    const int32_t *code = code_of(p);
    const int32_t *j = ip + 11;                         /* as any_decode */
    const int32_t *q = opcode_info[code[j[1]]].base == OP_FAIL ? j + 2 : code + j[1];
    const int32_t *lp = q + 8;
    uint64_t mask = g->dirset_abs[q[5] * MAX_PLAYERS + pl];
    const int test = opcode_info[lp[20]].base, on = opcode_info[lp[21]].base == OP_JZ;
    int x0 = lp[5];
    int64_t x = x0 == LOC_HERE || x0 == ip[3] ? L[ip[3]] : L[x0];
    /* the loop as written: each direction in turn, 9 steps off the board, 12 turned away, 15
     * passed (PUSH c; STORE f; JMP back); d and t are left as the last direction set them */
    long n = 0;
    int last = -1;
    int64_t t = -1;
    const NearTable *tab = (uint64_t)x < (uint64_t)g->nsq && nearset_usable(p, mover)
                          ? nearset_table(p, mask) : NULL;
    if ((uint64_t)x >= (uint64_t)g->nsq) {              /* every step is off the board */
        n = 9 * __builtin_popcountll(mask);
        if (mask) last = 63 - __builtin_clzll(mask);
    } else if (tab && tab->distinct[x]) {
        /* no two directions to one square: the ones that pass are the set's (nearset.h) */
        n = any_loop_steps(tab, x, nearset_passing(p, test, on, mover));
        if (mask) {
            last = 63 - __builtin_clzll(mask);
            t = last < g->ndirs ? g->neighbor[x * g->ndirs + last] : -1;
        }
    } else {
        const int16_t *nb = &g->neighbor[x * g->ndirs];
        const int32_t *st = p->st;
        const int ndirs = g->ndirs;
        /* one loop a test (a board of one piece a square), as near_pass: no branch on the
         * square */
        const uint32_t own = (uint32_t)mover + 1;
#define ANY_LOOP(VALUE) \
        for (uint64_t m = mask; m; m &= m - 1) {                        \
            last = __builtin_ctzll(m);                                  \
            t = last < ndirs ? nb[last] : -1;                           \
            int in = t >= 0;                                            \
            uint32_t w = (uint32_t)st[in ? t : 0];                      \
            uint32_t o = (w >> 8) & 0xfu; (void)o; (void)own; (void)w;  \
            n += !in ? 9 : (VALUE) == on ? 15 : 12;                     \
        }
        if (g->stack != 1 || mover < 0) ANY_LOOP(square_test(p, test, t, mover))
        else if (test == OP_EMPTY) ANY_LOOP(!w)
        else if (test == OP_FRIEND) ANY_LOOP(o == own)
        else ANY_LOOP(o != 0 && o != own)
#undef ANY_LOOP
    }
    L[LOC_HERE] = L[ip[3]];                             /* GO */
    L[q[3]] = lp[24];                                   /* f: the body ran (skip_choose) */
    L[q[7]] = 0;                                        /* the direction set, used up */
    if (last >= 0) { L[lp[2]] = last; L[lp[10]] = t; }
    /* LOAD s, GO, LOAD 0, the test, its jump; PUSH, STORE, PUSHDIRS, STORE; the directions; the
     * last FORBIT; LOAD f and the jump, which goes on */
    *steps += ANY_FOUND_STEPS + n;
    const int32_t *r = code + lp[3] + 2;                /* the require's jump */
    return opcode_info[code[r[1]]].base == OP_FAIL ? r + 2 : code + r[1];
}

/* The longest walk a direction of FORRUN is run for natively; a longer one (a count that does
 * not stop on a board whose links go round) is left to the code */
#define RUN_WALK_MAX 64

uint64_t skip_run(const Pos *p, const int32_t *ip, int64_t *L, int mover, uint64_t mask,
                  long *steps)
{
    const Game *g = p->g;
    /* the words of run_follows (superinstr.c): x at 5, c0 at 12, K at 18, the test at 31, a at
     * 37, K2 at 53 */
    const int64_t x = L[ip[5]], c0 = ip[12], K = ip[18], a = ip[37], K2 = ip[53];
    const int test = opcode_info[ip[31]].base;
    /* the squares that pass the test, as a set where the board keeps them (nearset.h) */
    const int sets = nearset_usable(p, mover);
    const uint64_t yes = sets ? nearset_passing(p, test, 1, mover) : 0;
    long n = 0;
    int d = -1;
    int64_t t = -1, k = c0;
    for (; mask; mask &= mask - 1) {
        d = __builtin_ctzll(mask);
        t = (uint64_t)x < (uint64_t)g->nsq && d < g->ndirs ? g->neighbor[x * g->ndirs + d] : -1;
        k = c0;
        long cost = 1 + 4 + 2 + 4;          /* FORBIT, t = step, k = c0; the count's test */
        int walked = 0;
        for (;;) {
            if (!(k < K)) { cost += 4; break; }
            if ((uint64_t)t >= (uint64_t)g->nsq) { cost += 8; break; }
            if (sets ? !(yes >> t & 1) : !square_test(p, test, t, mover)) { cost += 11; break; }
            if (++walked > RUN_WALK_MAX) break;
            k += a;
            t = d < g->ndirs ? g->neighbor[t * g->ndirs + d] : -1;
            cost += 20;
        }
        if (walked > RUN_WALK_MAX || k == K2) break;   /* left to the code */
        n += cost;
    }
    /* passed over to the end: d, t and k as the last round left them (last_round) */
    if (!mask && d >= 0) { L[ip[2]] = d; L[ip[10]] = t; L[ip[14]] = k; }
    *steps += n;
    return mask;
}

void walk_rays_build(const Game *g, int d, WalkRays *r)
{
    r->d = d;
    r->rising = 0;
    if (g->nsq > 64 || g->stack != 1 || (uint64_t)d >= (uint64_t)g->ndirs) return;
    uint8_t before[64] = { 0 };               /* the squares whose step along d is this one */
    int dir = 0;
    for (int s = 0; s < g->nsq; s++) {        /* every step in one order, no two onto a square */
        const int to = g->neighbor[s * g->ndirs + d];
        if (to < 0) continue;
        const int sign = to > s ? 1 : -1;
        if (to >= g->nsq || (dir && sign != dir) || before[to]++) return;
        dir = sign;
    }
    for (int s = 0; s < g->nsq; s++) {        /* from each line's start, along it */
        if (before[s]) continue;
        int n = 0;
        for (int u = s; u >= 0; u = g->neighbor[u * g->ndirs + d]) r->place[u] = (uint8_t)n++;
    }
    for (int s = 0; s < g->nsq; s++) {
        uint64_t way = 0;
        int n = 0;
        for (int u = s; u >= 0; u = g->neighbor[u * g->ndirs + d]) { way |= 1ull << u; n++; }
        r->way[s] = way;
        r->len[s] = (uint8_t)n;
    }
    r->rising = dir ? dir : 1;
}

const int32_t *skip_walk(const Pos *p, const int32_t *ip, int64_t *L, int pl, int mover,
                         long *steps)
{
    const Game *g = p->g;
    /* the words of walk_follows (superinstr.c): t at 1, e at 6, the test at 9, its jump at 10,
     * the direction at 14 and 15 */
    const int tl = ip[1];
    const int test = opcode_info[ip[9]].base;
    const int on = opcode_info[ip[10]].base == OP_JZ;   /* the walk goes on with this value */
    const int64_t d = opcode_info[ip[14]].base == OP_PUSHDIR ? g->dir_map[pl][ip[15]] : L[ip[15]];
    int64_t t = L[tl];
    long n = 0;
    if (test == OP_EMPTY && g->stack == 1 && (uint64_t)d < (uint64_t)g->ndirs) {
        /* (square_test's EMPTY on a board of one piece a square, the step's checks of d once:
         * connect-four's drop climbs its column at every move) */
        const int over = walk_cells(p->st, g->neighbor + d, g->ndirs, (uint64_t)g->nsq, on, &t,
                                    steps);
        L[tl] = t;
        return over ? g->code + ip[6] : ip;
    }
    for (int round = 0; round < WALK_MAX; round++) {
        if (t == -1) { *steps += n + 4; return g->code + ip[6]; }
        if (square_test(p, test, t, mover) != on) { *steps += n + 7; return g->code + ip[6]; }
        t = (uint64_t)t < (uint64_t)g->nsq && (uint64_t)d < (uint64_t)g->ndirs
            ? g->neighbor[t * g->ndirs + d] : -1;
        L[tl] = t;
        n += 12;
    }
    *steps += n;
    return ip;
}

int64_t skip_choose(Pos *p, const int32_t *ip, const List *li, int pl, int mover,
                    const int64_t *L, int64_t i, int64_t n, long *steps)
{
    const Game *g = p->g;
    /* CHOOSELIST l i s k | LOAD s | GO | LOAD 0 | test | jump: the words at 0, 5, 7, 8, 10, 11;
     * or CHOOSELIST l i s k | LOAD s | test | jump: 0, 5, 7, 8 */
    const int go = ip[0] != OP_CHOOSETEST;
    const int test = opcode_info[ip[go ? 10 : 7]].base;
    const int on = goes_on_with(code_of(p), ip + (go ? 11 : 8));
    const int32_t *item = li->item[pl];
    AnySearch any = { 0, 0, 0, 0 };
    /* CHOOSEANY looking from the square chosen, on a board of at most 64 squares: a square's
     * search is the AND of its neighbours with the squares that pass (nearset.h), and a square
     * none of whose neighbours passes is charged what near_pass charges it: 9 a direction off
     * the board, 12 one on it */
    const NearTable *tab = NULL;
    uint64_t passing = 0;
    if (ip[0] == OP_CHOOSEANY) {
        any_decode(p, ip, pl, &any);
        if (any.from < 0 && nearset_usable(p, mover)) {
            tab = nearset_table(p, any.mask);
            passing = nearset_passing(p, any.test, any.on, mover);
        }
    }
    long cost = 0;
    if (!go && li->square_order && nearset_usable(p, mover)) {
        /* CHOOSETEST over `board` (element j is square j), `choose a in board { require
         * friend(a); ... }`: the next square that passes, by a bit scan of the squares by
         * owner; each one passed over is charged its 5 (CHOOSELIST, LOAD, the test, its jump,
         * FAIL) */
        uint64_t yes = i < 64 ? nearset_passing(p, test, on, mover) & (~0ull << i) : 0;
        int64_t k = yes ? __builtin_ctzll(yes) : n;
        if (k > n) k = n;
        *steps += 5 * (k - i);
        return k;
    }
    if (tab) {                        /* (go: CHOOSEANY) the first test as a set too */
        i = any_next(g, tab, item, i, n, nearset_passing(p, test, on, mover), passing, &cost);
        *steps += cost;
        return i;
    }
    for (; i < n; i++) {
        int64_t e = item[i];
        if ((uint64_t)e >= (uint64_t)g->nsq) {
            if (go) { cost += 3; continue; }            /* GO fails */
            if (!on) break;                             /* (the test of none is 0) */
            cost += 5; continue;
        }
        if (square_test(p, test, e, mover) == on) {
            if (ip[0] != OP_CHOOSEANY) break;
            /* CHOOSELIST, LOAD, GO, LOAD, the test and its jump; PUSH, STORE, PUSHDIRS, STORE;
             * the directions; the last FORBIT; LOAD f, the jump and FAIL */
            long near = 0;
            int64_t x = any.from < 0 ? e : L[any.from];
            if (near_pass(p, x, any.test, any.on, mover, any.mask, 9, 12, &near)) break;
            cost += 14 + near;
            continue;
        }
        cost += go ? 7 : 5;
    }
    *steps += cost;
    return i;
}

int skip_any_row(Pos *p, const int32_t *ip, const List *li, int pl, int mover, int64_t i,
                 int64_t n, int32_t found[64], long before[64], long searched[64], long *after)
{
    const Game *g = p->g;
    if (ip[0] != OP_CHOOSEANY || !nearset_usable(p, mover) || n - i > 64) return -1;
    AnySearch any;
    any_decode(p, ip, pl, &any);
    if (any.from >= 0) return -1;
    const NearTable *tab = nearset_table(p, any.mask);
    const uint64_t first = nearset_passing(p, opcode_info[ip[10]].base,
                                           goes_on_with(code_of(p), ip + 11), mover);
    const uint64_t passing = nearset_passing(p, any.test, any.on, mover);
    const int32_t *item = li->item[pl];
    int k = 0;
    if (li->square_order) {
        /* element j is square j (`board`): only the squares that pass the first test are
         * looked at, those between them charged any_next's 7 each */
        const uint64_t range = (n >= 64 ? ~0ull : (1ull << n) - 1) & (~0ull << i);
        const long fail = 14 + 9L * tab->dirs;        /* + 3 a direction on the board */
        int64_t next = i;
        long cost = 0;
        for (uint64_t m = first & range; m; m &= m - 1) {
            const int e = __builtin_ctzll(m);
            cost += 7 * (e - next);
            next = e + 1;
            if (!(tab->set[e] & passing)) { cost += fail + 3L * tab->on[e]; continue; }
            if (!tab->distinct[e]) return -1;
            found[k] = e;
            before[k] = cost;
            searched[k++] = ANY_FOUND_STEPS + any_loop_steps(tab, e, passing);
            cost = 0;
        }
        *after = cost + 7 * (n - next);
        return k;
    }
    for (;;) {
        long cost = 0;
        i = any_next(g, tab, item, i, n, first, passing, &cost);
        if (i >= n) { *after = cost; return k; }
        const int64_t e = item[i];
        if (!tab->distinct[e]) return -1;               /* (skip_any_found's loop) */
        found[k] = (int32_t)i;
        before[k] = cost;
        searched[k++] = ANY_FOUND_STEPS + any_loop_steps(tab, e, passing);
        i++;
    }
}

/* A stack has no gaps, so its height h is at least k (1 <= k <= stack) when cell k - 1 holds a
 * piece, and at most k (0 <= k < stack) when cell k is empty: lo <= h <= hi reads at most two
 * cells (Nemoroth's after-move asks `height(sq) > 1` of every square at every make, where
 * counting each stack cost two thirds of the pass). */
int64_t skip_height(const Pos *p, const int32_t *item, int64_t j, int64_t n, int64_t lo, int64_t hi,
                    int outside)
{
    const Game *g = p->g;
    const int stack = g->stack;
    /* the cell that must hold a piece (-1: none), and the one that must be empty (-1: none) */
    int full = lo <= 0 ? -1 : (int)(lo <= stack ? lo - 1 : 0);
    int empty = hi >= stack ? -1 : (int)(hi >= 0 ? hi : 0);
    int never = lo > stack || hi < 0 || lo > hi;
    int off = lo <= 0 && hi >= 0;                  /* a height of 0: no square */
    for (; j < n; j++) {
        int64_t e = item[j];
        int in;
        if ((uint64_t)e >= (uint64_t)g->nsq) in = off;
        else if (never) in = 0;
        else {
            const int32_t *cell = p->st + e * stack;
            in = (full < 0 || cell[full]) && (empty < 0 || !cell[empty]);
        }
        if (in != outside) break;
    }
    return j;
}
