/* guards.c - the tests a move program makes of the position before it can do anything, and
 * those the `end` block makes before it can end the game.
 *
 * Chess's King program is its four castlings, each an `either` branch that begins with
 * `require mover == White and from == e1 and K in castle and empty(f1) and ...`; it runs at
 * every node where a King stands on its square, and fails there nearly always: entering the
 * VM, pushing a choice per branch and failing back cost some 900 machine instructions a node
 * for no move (docs/runtime.md, step 36). origins.c leaves a program out where `from` alone
 * decides; here the tests that read the position are kept too, to be made natively before the
 * run (src/runtime/guardtest.c). Chess's `end` (no moves, the 75-move rule, fivefold
 * repetition) ends nothing at nearly every node too, after some 400 instructions.
 *
 * Each program is followed once from its entry, with every value unknown but the ones a test
 * can name: constants, `mover`, `from`, a global variable, a square's piece at a constant
 * square and a test of it (empty, friend, enemy, of a type), a bit of a variable, a variable
 * compared with a constant, `in-check`, `repetition` compared with a constant, and in `end`
 * `no-moves` (`not` in a condition is a jump the other way). A conditional jump on such a test
 * goes both ways, each with the test's answer that takes it; `either` (CHOICE) goes both ways;
 * FAIL and RET end a way that did nothing (RET ends a move program's branch unmoved, and the
 * `end` block without a result: what it wrote is taken back). Anything else ends the walk of a
 * way: the tests made before it are the way's, and every run along it passes them before it
 * can emit, write or end the game. So where no way's tests pass, the run does nothing that
 * stays, and is not made. A way with no test of the position means no guard at all. */
#include "guards.h"
#include <stdlib.h>
#include <string.h>
#include "oom.h"
#include "opcodes.h"

#define WALK_STEPS 512         /* instructions followed in all, per program */
#define WALK_STACK 8
#define MAX_WAY_TESTS 8        /* a way's later tests are left out (its tests are a prefix) */
#define MAX_WAYS 16            /* more ways: no guard */
#define MAX_POOL 4096          /* tests in all the lists of a program: more, no guard */

/* a test as the walk finds it, of `mover` and `from` too (lowered per player and square) */
enum { C_MOVER, C_FROM, C_VAR, C_VARBIT, C_EMPTY, C_TYPE_AT, C_FRIEND, C_ENEMY, C_INCHECK,
       C_REP, C_NOMOVES };
typedef struct { uint8_t kind, want; int16_t op; int32_t a, b; } Cond;

enum { SV_UNKNOWN, SV_CONST, SV_MOVER, SV_FROM, SV_VAR, SV_REP, SV_CELL, SV_TEST };
typedef struct { int kind; long v; Cond t; } Sym;

typedef struct {
    Cond test[MAX_WAYS][MAX_WAY_TESTS];
    int len[MAX_WAYS];
    int nways, overflow, budget;
    int end;                   /* the `end` block: `from` is none, `no-moves` is known */
} Ways;

static void add_way(Ways *w, const Cond *tests, int n)
{
    if (w->nways == MAX_WAYS) { w->overflow = 1; return; }
    memcpy(w->test[w->nways], tests, sizeof *tests * (size_t)n);
    w->len[w->nways++] = n;
}

/* The test that a comparison `a OP b` is, or SV_UNKNOWN: `mover` and `from` with == and != of
 * a constant, a variable and `repetition` with any comparison of one. */
static Sym compare(Sym a, Sym b, int op)
{
    Sym r = { SV_UNKNOWN, 0, { 0 } };
    static const int mirror[] = { [OP_EQ] = OP_EQ, [OP_NE] = OP_NE, [OP_LT] = OP_GT,
                                  [OP_LE] = OP_GE, [OP_GT] = OP_LT, [OP_GE] = OP_LE };
    if (a.kind == SV_CONST && b.kind != SV_CONST) { Sym x = a; a = b; b = x; op = mirror[op]; }
    if (b.kind != SV_CONST || b.v < INT32_MIN || b.v > INT32_MAX) return r;
    if ((a.kind == SV_MOVER || a.kind == SV_FROM) && (op == OP_EQ || op == OP_NE)) {
        r.kind = SV_TEST;
        r.t = (Cond){ a.kind == SV_MOVER ? C_MOVER : C_FROM, op == OP_EQ, 0,
                      (int32_t)b.v, 0 };
    } else if (a.kind == SV_VAR || a.kind == SV_REP) {
        r.kind = SV_TEST;
        r.t = (Cond){ a.kind == SV_VAR ? C_VAR : C_REP, 1, (int16_t)op, (int32_t)a.v,
                      (int32_t)b.v };
    }
    return r;
}

/* A square test (EMPTY, FRIEND, ENEMY) of a constant square on the stack's top. */
static Sym square_test(const Game *g, Sym a, int kind)
{
    Sym r = { SV_UNKNOWN, 0, { 0 } };
    if (a.kind != SV_CONST || a.v < 0 || a.v >= g->nsq) return r;
    r.kind = SV_TEST;
    r.t = (Cond){ (uint8_t)kind, 1, 0, (int32_t)a.v, 0 };
    return r;
}

/* Follows the code from pc, with the tests made so far; adds a way where it cannot follow. */
static void walk(const Game *g, int pc, Sym *stk, int sp, Cond *tests, int ntests, Ways *w)
{
    const int32_t *code = g->code;
    for (;;) {
        if (w->overflow) return;
        if (w->budget-- <= 0) { add_way(w, tests, ntests); return; }
        /* a superinstruction as its first instruction (the rest of its sequence follows it) */
        const OpcodeInfo *oi = &opcode_info[code[pc]];
        int op = oi->base, next = pc + 1 + oi->nops, target = oi->jump ? code[pc + oi->jump] : 0;
        const int pushes = op == OP_PUSH || op == OP_MOVER || op == OP_FROM || op == OP_LOADG ||
                           op == OP_INCHECK || op == OP_REPETITION || op == OP_NOMOVES;
        if (pushes && sp == WALK_STACK) { add_way(w, tests, ntests); return; }
        switch (op) {
        case OP_NOP: case OP_PURECALL: case OP_PURELOCALS: break;  /* (its code follows) */
        case OP_PUSH: stk[sp++] = (Sym){ SV_CONST, code[pc + 1], { 0 } }; break;
        case OP_MOVER: stk[sp++] = (Sym){ SV_MOVER, 0, { 0 } }; break;
        case OP_FROM: stk[sp++] = (Sym){ w->end ? SV_UNKNOWN : SV_FROM, 0, { 0 } }; break;
        case OP_REPETITION: stk[sp++] = (Sym){ SV_REP, 0, { 0 } }; break;
        case OP_NOMOVES:                 /* (known before the `end` block only) */
            if (!w->end) { add_way(w, tests, ntests); return; }
            stk[sp++] = (Sym){ SV_TEST, 0, { C_NOMOVES, 1, 0, 0, 0 } };
            break;
        case OP_LOADG: stk[sp++] = (Sym){ SV_VAR, g->vars[code[pc + 1]].base, { 0 } }; break;
        case OP_INCHECK:
            stk[sp++] = (Sym){ SV_TEST, 0, { C_INCHECK, 1, 0, 0, 0 } };
            break;
        case OP_EMPTY: case OP_FRIEND: case OP_ENEMY:
            if (sp < 1) { add_way(w, tests, ntests); return; }
            stk[sp - 1] = square_test(g, stk[sp - 1], op == OP_EMPTY ? C_EMPTY
                                                       : op == OP_FRIEND ? C_FRIEND : C_ENEMY);
            break;
        case OP_AT:
            if (sp < 1) { add_way(w, tests, ntests); return; }
            if (stk[sp - 1].kind == SV_CONST && stk[sp - 1].v >= 0 && stk[sp - 1].v < g->nsq)
                stk[sp - 1].kind = SV_CELL;
            else stk[sp - 1].kind = SV_UNKNOWN;
            break;
        case OP_ISTYPE: {                          /* the piece below, the type on top */
            if (sp < 2) { add_way(w, tests, ntests); return; }
            Sym t = stk[--sp], a = stk[sp - 1];
            if (a.kind == SV_CELL && t.kind == SV_CONST && t.v >= 1 && t.v <= g->ntypes)
                stk[sp - 1] = (Sym){ SV_TEST, 0,
                                     { C_TYPE_AT, 1, 0, (int32_t)a.v, (int32_t)t.v } };
            else stk[sp - 1].kind = SV_UNKNOWN;
            break;
        }
        case OP_BTEST: {                           /* the bit's index below, the value on top */
            if (sp < 2) { add_way(w, tests, ntests); return; }
            Sym v = stk[--sp], i = stk[sp - 1];
            /* (bits 0 to 30: BTEST reads the int32_t as int64_t, whose bits 31 up are its sign) */
            if (v.kind == SV_VAR && i.kind == SV_CONST && i.v >= 0 && i.v < 31)
                stk[sp - 1] = (Sym){ SV_TEST, 0, { C_VARBIT, 1, 0, (int32_t)v.v, (int32_t)i.v } };
            else stk[sp - 1].kind = SV_UNKNOWN;
            break;
        }
        case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE: {
            if (sp < 2) { add_way(w, tests, ntests); return; }
            Sym b = stk[--sp];
            stk[sp - 1] = compare(stk[sp - 1], b, op);
            break;
        }
        case OP_JMP: next = target; break;
        case OP_JZ: case OP_JNZ: {
            if (sp < 1) { add_way(w, tests, ntests); return; }
            Sym a = stk[--sp];
            if (a.kind == SV_CONST) { if ((op == OP_JZ) == (a.v == 0)) next = target; break; }
            Sym copy[WALK_STACK];
            memcpy(copy, stk, sizeof *stk * (size_t)sp);
            Cond more[MAX_WAY_TESTS];
            memcpy(more, tests, sizeof *tests * (size_t)ntests);
            int nmore = ntests;
            if (a.kind == SV_TEST && nmore < MAX_WAY_TESTS) {
                /* the way that jumps sees the value that jumps: 0 for JZ */
                more[nmore] = a.t;
                if (op == OP_JZ) more[nmore].want = !a.t.want;
                nmore++;
                if (ntests < MAX_WAY_TESTS) {
                    tests[ntests] = a.t;
                    if (op == OP_JNZ) tests[ntests].want = !a.t.want;
                    ntests++;
                }
            }
            walk(g, target, copy, sp, more, nmore, w);
            break;
        }
        case OP_CHOICE: {                 /* `either`: the other branch, then this one */
            /* (a failure resumes it with the stack empty, vm_loop.h) */
            Sym copy[WALK_STACK];
            Cond same[MAX_WAY_TESTS];
            memcpy(same, tests, sizeof *tests * (size_t)ntests);
            walk(g, target, copy, 0, same, ntests, w);
            break;
        }
        case OP_FAIL: case OP_RET: return;
        default: add_way(w, tests, ntests); return;
        }
        pc = next;
    }
}

/* Cond c for a run by player pl from square sq (for `end`, sq is 1 where there is no legal
 * move, else 0): 1 or 0 where they decide it, else 2 and the test of the position in *t. */
static int lower(const Game *g, const Cond *c, int pl, int sq, GuardTest *t)
{
    *t = (GuardTest){ GT_MASK, c->want, 0, c->a, -1, c->b };
    switch (c->kind) {
    case C_MOVER: return (pl == c->a) == c->want;
    case C_FROM: return (sq == c->a) == c->want;
    case C_VAR:
        if (c->op == OP_EQ || c->op == OP_NE) t->want = (uint8_t)(c->want ^ (c->op == OP_NE));
        else { t->kind = GT_CMP; t->op = c->op; }
        return 2;
    case C_VARBIT: t->mask = t->val = (int32_t)(1u << c->b); return 2;
    case C_EMPTY: t->loc = c->a * g->stack; t->val = 0; return 2;
    case C_TYPE_AT:            /* (a type is not 0: a piece of it is there) */
        if (g->stack == 1) t->mask = 0xff;
        else t->kind = GT_TOP_TYPE;
        return 2;
    case C_FRIEND:             /* the owner field of a piece word (PW_OWNER) is the player + 1 */
        if (g->stack == 1) { t->mask = 0xf00; t->val = (pl + 1) << 8; }
        else t->kind = GT_FRIEND;
        return 2;
    case C_ENEMY: t->kind = GT_ENEMY; return 2;
    case C_NOMOVES: return (sq == 1) == c->want;
    case C_REP: t->kind = GT_REP; t->op = c->op; return 2;
    default: t->kind = GT_INCHECK; return 2;          /* C_INCHECK */
    }
}

/* The list of ways for player pl and square sq into out (at most room words): its length, or
 * -1 if it does not fit; *always is set where a way passes whatever the position. */
static int list_for(const Game *g, const Ways *w, int pl, int sq, GuardTest *out, int room,
                    int *always)
{
    int n = 0;
    for (int i = 0; i < w->nways; i++) {
        GuardTest way[MAX_WAY_TESTS], last[MAX_WAY_TESTS];
        int k = 0, nlast = 0, ok = 1;
        for (int j = 0; j < w->len[i] && ok; j++) {
            GuardTest t;
            int r = lower(g, &w->test[i][j], pl, sq, &t);
            if (r == 0) ok = 0;
            /* (the tests have no effect: the costly ones are made last) */
            else if (r == 2) {
                if (t.kind == GT_INCHECK || t.kind == GT_REP) last[nlast++] = t;
                else way[k++] = t;
            }
        }
        if (!ok) continue;
        for (int j = 0; j < nlast; j++) way[k++] = last[j];
        if (k == 0) *always = 1;
        if (n + 1 + k + 1 > room) return -1;
        out[n++] = (GuardTest){ GT_WAY, 0, 0, 0, 0, k };
        for (int j = 0; j < k; j++) out[n++] = way[j];
    }
    out[n++] = (GuardTest){ GT_END, 0, 0, 0, 0, 0 };
    return n;
}

static const ProgramGuard *guard_of(Game *g, int f, int end)
{
    Ways w = { .budget = WALK_STEPS, .end = end };
    Sym stk[WALK_STACK];
    Cond tests[MAX_WAY_TESTS];
    walk(g, g->fns[f].entry, stk, 0, tests, 0, &w);
    if (w.overflow) return NULL;
    /* a way with no test of the position passes wherever `mover` and `from` (`no-moves`) let
     * it: origins.c sees that much already */
    for (int i = 0; i < w.nways; i++) {
        int reads = 0;
        for (int j = 0; j < w.len[i]; j++)
            reads |= w.test[i][j].kind != C_MOVER && w.test[i][j].kind != C_FROM &&
                     w.test[i][j].kind != C_NOMOVES;
        if (!reads) return NULL;
    }
    /* each player's and square's list, the same ones kept once */
    const int nstart = g->nplayers * g->nsq;
    GuardTest *pool = xmalloc(sizeof *pool * MAX_POOL, "a program's guard");
    int32_t *start = xmalloc(sizeof *start * (size_t)nstart, "a program's guard");
    int32_t *list_at = xmalloc(sizeof *list_at * MAX_POOL, "a program's guard");
    int used = 0, nlists = 0, useful = 0, fits = 1;
    for (int i = 0; i < nstart && fits; i++) {
        int always = 0;
        int n = list_for(g, &w, i / g->nsq, i % g->nsq, pool + used, MAX_POOL - used, &always);
        if (n < 0) { fits = 0; break; }
        useful |= !always;
        int found = -1;          /* (a list ends at its GT_END: one that ends early differs) */
        for (int k = 0; k < nlists && found < 0; k++)
            if (!memcmp(pool + list_at[k], pool + used, sizeof *pool * (size_t)n))
                found = list_at[k];
        if (found < 0) { found = list_at[nlists++] = used; used += n; }
        start[i] = found;
    }
    const ProgramGuard *result = NULL;
    if (fits && useful) {
        GuardTest *t = arena_alloc(&g->arena, sizeof *t * (size_t)used);
        memcpy(t, pool, sizeof *t * (size_t)used);
        int32_t *s = arena_alloc(&g->arena, sizeof *s * (size_t)nstart);
        memcpy(s, start, sizeof *s * (size_t)nstart);
        ProgramGuard *pg = arena_alloc(&g->arena, sizeof *pg);
        *pg = (ProgramGuard){ s, t };
        result = pg;
    }
    free(pool); free(start); free(list_at);
    return result;
}

void guards_prepare(Game *g)
{
    const ProgramGuard **guard =
        arena_alloc(&g->arena, sizeof *guard * (size_t)(g->nfns > 0 ? g->nfns : 1));
    int any = 0;
    for (int f = 0; f < g->nfns; f++) {
        guard[f] = g->fns[f].kind == FN_MOVES ? guard_of(g, f, 0)
                 : f == g->hook_fn[HOOK_END] ? guard_of(g, f, 1) : NULL;
        any |= guard[f] != NULL;
    }
    /* (none: NULL, which the runtime tests first) */
    g->guard = any ? guard : NULL;
}
