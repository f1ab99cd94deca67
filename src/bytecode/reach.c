/* reach.c - the squares a program can emit a move onto from a square, whatever the board holds.
 *
 * Where a game's attacks are programs (`attack { }`, `attack moves`), every check test runs the
 * program of every enemy piece that could attack (the attack memo spares most runs, at the cost
 * of comparing what each run read), and a test such as `attacks(s, b)` runs the program of the
 * piece on s. Yet most pieces cannot reach the target square from where they stand on any board:
 * a Toady steps to its few neighbours, a rider reaches only its lines. So each program is
 * followed once per player and square (when first asked, by the runtime), with `from` and the
 * cursor known and the board unknown: every test of the board goes both ways, every step and
 * choice of a direction is followed, and the squares where an `emit` that moves can be reached
 * are collected. A square outside that set is never attacked by the program from there, so the
 * test need not run it (nor look it up in the memo).
 *
 * The walk keeps each value as known or unknown: constants, `from`, the mover, locals, zones,
 * attributes and lists of squares, directions and their sets, arithmetic and comparisons of known
 * values are known; what is read from the state is unknown. A jump on an unknown value, `either`,
 * `choose` over a known set: each way is a state (instruction, stack, locals) of its own, and a
 * state already seen is not followed twice (two ways that join again: `a or b`). Anything it does
 * not follow (a choice over an unknown set, a step to an unknown square that then emits, zone
 * values, `moves-of`), or more than REACH_STEPS instructions or REACH_STATES states, gives up:
 * every square may then be reached. Exact runs are never changed: the set only ever leaves out
 * squares no run can emit onto. tests/lang/reach-filter.rules holds the shapes it follows. */
#include "reach.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "opcodes.h"
#include "position.h"             /* MK_STAY */

#define REACH_STEPS 40000         /* instructions followed per program and square */
#define REACH_STATES 2048         /* states at the forks */
#define REACH_STACK 12            /* values on the stack (deeper: it gives up) */

typedef struct {
    int pc, sp;
    uint64_t lknown, sknown;      /* a bit a local, a bit a stack slot: known */
    int64_t v[];                  /* the stack (REACH_STACK), then the locals */
} State;

typedef struct {
    const Game *g;
    int player, nloc, from;
    size_t stride;                /* bytes of one State */
    char *states;                 /* every state queued (REACH_STATES) */
    int nstates;
    int *table; int tsize;        /* state index + 1 by hash, open addressing */
    int *todo; int ntodo;
    uint64_t *out;
    long steps;
    const uint8_t *settled;       /* reach_settle()'s */
} Walk;

#define ST(w, i) ((State *)((w)->states + (size_t)(i) * (w)->stride))
#define STK(s) ((s)->v)
#define LOC(s) ((s)->v + REACH_STACK)

static uint64_t state_hash(const Walk *w, const State *s)
{
    uint64_t h = 1469598103934665603ull ^ (uint64_t)s->pc ^ ((uint64_t)s->sp << 32);
    const uint64_t *x = (const uint64_t *)&s->lknown;
    size_t n = (w->stride - offsetof(State, lknown)) / 8;
    for (size_t i = 0; i < n; i++) { h ^= x[i]; h *= 1099511628211ull; h ^= h >> 29; }
    return h;
}

/* Queue state s (unknown values as 0, so equal states compare equal) unless it was seen.
 * 0 when there is no room left (the walk gives up). */
static int queue(Walk *w, State *s)
{
    for (int i = 0; i < s->sp; i++) if (!(s->sknown >> i & 1)) STK(s)[i] = 0;
    for (int i = s->sp; i < REACH_STACK; i++) STK(s)[i] = 0;
    s->sknown &= s->sp >= 64 ? ~0ull : (1ull << s->sp) - 1;
    for (int i = 0; i < w->nloc; i++) if (!(s->lknown >> i & 1)) LOC(s)[i] = 0;
    uint64_t h = state_hash(w, s);
    int slot = (int)(h & (uint64_t)(w->tsize - 1));
    while (w->table[slot]) {
        if (!memcmp(ST(w, w->table[slot] - 1), s, w->stride)) return 1;   /* seen */
        slot = (slot + 1) & (w->tsize - 1);
    }
    if (w->nstates == REACH_STATES) return 0;
    memcpy(ST(w, w->nstates), s, w->stride);
    w->table[slot] = ++w->nstates;
    w->todo[w->ntodo++] = w->nstates - 1;
    return 1;
}

#define KNOWN_S(s, i) ((s)->sknown >> (i) & 1)
#define KNOWN_L(s, i) ((s)->lknown >> (i) & 1)
static void set_local(State *s, int i, int known, int64_t v)
{
    LOC(s)[i] = v;
    s->lknown = known ? s->lknown | 1ull << i : s->lknown & ~(1ull << i);
}
static void push(State *s, int known, int64_t v)
{
    STK(s)[s->sp] = v;
    s->sknown = known ? s->sknown | 1ull << s->sp : s->sknown & ~(1ull << s->sp);
    s->sp++;
}
/* the locals a choice does not keep are out of scope when it resumes: unknown */
static void forget_from(State *s, int keep, int nloc)
{
    for (int i = keep; i < nloc; i++) s->lknown &= ~(1ull << i);
}

int reach_evaluate(const Game *g, int player, int op, const int32_t *opnd, const int64_t *a,
                    int64_t *r)
{
    const int pl = (unsigned)player < (unsigned)g->nplayers ? player : 0;
#define SQ(x) ((uint64_t)(x) < (uint64_t)g->nsq)
    switch (op) {
    case OP_ATTR:
        *r = (uint64_t)a[0] < (uint64_t)g->attrs[opnd[0]].n ? g->attrs[opnd[0]].value[a[0]] : 0;
        return 1;
    case OP_INZONE: *r = SQ(a[0]) && g->lists[opnd[0]].member[pl][a[0]]; return 1;
    case OP_INLIST: {
        const List *li = &g->lists[opnd[0]];
        *r = 0;
        for (int i = 0; i < li->n[pl]; i++) if (li->item[pl][i] == a[0]) { *r = 1; break; }
        return 1;
    }
    case OP_ADD: return !__builtin_add_overflow(a[0], a[1], r);
    case OP_SUB: return !__builtin_sub_overflow(a[0], a[1], r);
    case OP_MUL: return !__builtin_mul_overflow(a[0], a[1], r);
    case OP_NEG: case OP_ABS:
        if (a[0] == INT64_MIN) return 0;
        *r = op == OP_NEG || a[0] < 0 ? -a[0] : a[0];
        return 1;
    case OP_MIN: *r = a[0] < a[1] ? a[0] : a[1]; return 1;
    case OP_MAX: *r = a[0] > a[1] ? a[0] : a[1]; return 1;
    case OP_NOT: *r = !a[0]; return 1;
    case OP_EQ: *r = a[0] == a[1]; return 1;
    case OP_NE: *r = a[0] != a[1]; return 1;
    case OP_LT: *r = a[0] < a[1]; return 1;
    case OP_LE: *r = a[0] <= a[1]; return 1;
    case OP_GT: *r = a[0] > a[1]; return 1;
    case OP_GE: *r = a[0] >= a[1]; return 1;
    case OP_BOR: *r = a[0] | a[1]; return 1;
    case OP_BCLR: *r = a[0] & ~a[1]; return 1;
    case OP_BTEST: *r = a[0] >= 0 && a[0] < 64 && ((uint64_t)a[1] >> a[0] & 1); return 1;
    case OP_BIT: *r = a[0] >= 0 && a[0] < 64 ? (int64_t)(1ull << a[0]) : 0; return 1;
    case OP_POPCNT: *r = __builtin_popcountll((uint64_t)a[0]); return 1;
    case OP_OPPDIR: *r = (uint64_t)a[0] < (uint64_t)g->ndirs ? g->opposite[a[0]] : -1; return 1;
    case OP_STEPSQ:
        *r = SQ(a[0]) && (uint64_t)a[1] < (uint64_t)g->ndirs
           ? g->neighbor[a[0] * g->ndirs + a[1]] : -1;
        return 1;
    case OP_FILE: *r = SQ(a[0]) ? g->sq_x[a[0]] + 1 : 0; return 1;
    case OP_RANK: *r = SQ(a[0]) ? g->sq_y[a[0]] + 1 : 0; return 1;
    case OP_SQUARE:
        *r = a[0] >= 1 && a[0] <= g->files && a[1] >= 1 && a[1] <= g->ranks
           ? game_sq_at(g, (int)a[0] - 1, (int)a[1] - 1) : -1;
        return 1;
    default: return 0;
    }
#undef SQ
}

enum { GO_ON, PATH_END, GIVE_UP };

/* One instruction of state s. */
static int step(Walk *w, State *s)
{
    const Game *g = w->g;
    const int32_t *code = g->code;
    const OpcodeInfo *oi = &opcode_info[code[s->pc]];
    const int op = oi->base, pc = s->pc, nloc = w->nloc;
    const int32_t *opnd = code + pc + 1;
    const int pl = (unsigned)w->player < (unsigned)g->nplayers ? w->player : 0;
    int next = pc + 1 + oi->nops;
    int64_t a[2] = { 0, 0 };
    State *t;
    switch (op) {
    case OP_NOP: case OP_PURECALL: case OP_PURELOCALS: break;    /* (its code follows) */
    case OP_PUSH: push(s, 1, opnd[0]); break;
    case OP_PUSHK: push(s, 1, g->konst[opnd[0]]); break;
    case OP_PUSHDIR: push(s, 1, g->dir_map[pl][opnd[0]]); break;
    case OP_PUSHDIRS: push(s, 1, (int64_t)g->dirset_abs[opnd[0] * MAX_PLAYERS + pl]); break;
    case OP_POP: s->sp--; break;
    case OP_LOAD: push(s, KNOWN_L(s, opnd[0]), LOC(s)[opnd[0]]); break;
    case OP_STORE:
        s->sp--;
        set_local(s, opnd[0], KNOWN_S(s, s->sp), STK(s)[s->sp]);
        break;
    case OP_FROM: push(s, 1, w->from); break;
    case OP_MOVER: push(s, 1, w->player); break;
    case OP_OPPONENT: push(s, 1, (w->player + 1) % g->nplayers); break;
    case OP_JMP: next = opnd[0]; break;
    case OP_JZ: case OP_JNZ:
        s->sp--;
        if (KNOWN_S(s, s->sp)) {
            if ((op == OP_JZ) == (STK(s)[s->sp] == 0)) next = opnd[0];
            break;
        }
        s->pc = opnd[0];
        if (!queue(w, s)) return GIVE_UP;
        s->pc = next;
        return queue(w, s) ? PATH_END : GIVE_UP;
    case OP_CHOICE:
        t = s;
        s->pc = next;
        if (!queue(w, s)) return GIVE_UP;
        forget_from(t, opnd[1], nloc);
        t->pc = opnd[0];
        return queue(w, t) ? PATH_END : GIVE_UP;
    case OP_CHOOSEBIT: case OP_FORBIT: {
        if (!KNOWN_L(s, opnd[0])) return GIVE_UP;
        uint64_t mask = (uint64_t)LOC(s)[opnd[0]];
        if (op == OP_FORBIT) {
            if (!mask) { next = opnd[2]; break; }
            set_local(s, opnd[1], 1, __builtin_ctzll(mask));
            set_local(s, opnd[0], 1, (int64_t)(mask & (mask - 1)));
            break;
        }
        if (!mask) return PATH_END;
        forget_from(s, opnd[2], nloc);             /* the resumed ones keep 0..C-1 */
        while (mask) {
            int bit = __builtin_ctzll(mask);
            mask &= mask - 1;
            set_local(s, opnd[0], 1, (int64_t)mask);
            set_local(s, opnd[1], 1, bit);
            s->pc = next;
            if (!queue(w, s)) return GIVE_UP;
        }
        return PATH_END;
    }
    case OP_CHOOSELIST: case OP_FORLIST: case OP_FORFRIEND: case OP_FORENEMY: case OP_FORTEST:
    case OP_FORFRIENDPV: case OP_FORRUNS: {
        const List *li = &g->lists[opnd[0]];
        if (!KNOWN_L(s, opnd[1])) return GIVE_UP;
        int64_t i = LOC(s)[opnd[1]];
        if (op != OP_CHOOSELIST) {                 /* the passes over elements: as FORLIST */
            if (i < 0 || i >= li->n[pl]) { next = opnd[3]; break; }
            set_local(s, opnd[1], 1, i + 1);
            set_local(s, opnd[2], 1, li->item[pl][i]);
            break;
        }
        if (i < 0 || i >= li->n[pl]) return PATH_END;
        forget_from(s, opnd[3], nloc);
        for (; i < li->n[pl]; i++) {
            set_local(s, opnd[1], 1, i + 1);
            set_local(s, opnd[2], 1, li->item[pl][i]);
            s->pc = next;
            if (!queue(w, s)) return GIVE_UP;
        }
        return PATH_END;
    }
    case OP_STEP: case OP_GO: {
        s->sp--;
        int known = KNOWN_S(s, s->sp) && (op == OP_GO || KNOWN_L(s, LOC_HERE));
        int64_t to = STK(s)[s->sp], here = LOC(s)[LOC_HERE];
        if (!known) { set_local(s, LOC_HERE, 0, 0); break; }
        if (op == OP_STEP) {
            if ((uint64_t)here >= (uint64_t)g->nsq || (uint64_t)to >= (uint64_t)g->ndirs)
                return PATH_END;
            to = g->neighbor[here * g->ndirs + to];
        }
        if ((uint64_t)to >= (uint64_t)g->nsq) return PATH_END;
        set_local(s, LOC_HERE, 1, to);
        break;
    }
    case OP_BECOME:                                 /* writes local 1 */
        s->sp--;
        set_local(s, LOC_BECOME, KNOWN_S(s, s->sp), STK(s)[s->sp]);
        break;
    case OP_EMIT:
        if (opnd[0] == MK_STAY) break;
        if (!KNOWN_L(s, LOC_HERE)) return GIVE_UP;
        if ((uint64_t)LOC(s)[LOC_HERE] < (uint64_t)g->nsq)
            w->out[LOC(s)[LOC_HERE] >> 6] |= 1ull << (LOC(s)[LOC_HERE] & 63);
        break;
    case OP_FAIL: case OP_RET: case OP_RESULT: case OP_BAIL:
        return PATH_END;
    case OP_MOVESOF:
        return GIVE_UP;
    default: {
        /* a local, a jump or a choice it does not follow: give up */
        for (int k = 0; k < oi->nops; k++) {
            int kind = oi->kind[k];
            if (kind == OPK_LOCAL || kind == OPK_KEPTLOCAL || kind == OPK_ZONEVAL ||
                kind == OPK_KEPTZONEVAL || kind == OPK_JUMP || kind == OPK_KEEP) return GIVE_UP;
        }
        if (oi->stops) return PATH_END;
        if (s->sp < oi->pop) return GIVE_UP;
        int known = oi->pop <= 2 && oi->push == 1;
        for (int k = 0; k < oi->pop && known; k++) known = KNOWN_S(s, s->sp - oi->pop + k);
        for (int k = 0; k < oi->pop && k < 2; k++) a[k] = STK(s)[s->sp - oi->pop + k];
        int64_t r = 0;
        known = known && reach_evaluate(g, w->player, op, opnd, a, &r);
        s->sp -= oi->pop;
        if (s->sp + oi->push > REACH_STACK) return GIVE_UP;
        for (int k = 0; k < oi->push; k++) push(s, known, r);
        /* what the runtime keeps in the first locals (notes, captures, deferred effects,
         * groups, keys) may change under any other instruction: unknown after it */
        s->lknown &= ~(((1ull << NFIXED_LOCALS) - 1) & ~1ull);
        break;
    }
    }
    if (s->sp >= REACH_STACK) return GIVE_UP;    /* (room for the next push) */
    s->pc = next;
    return GO_ON;
}

/* Whether the instruction at pc may move the cursor: a step, a `go`, `moves-of`, or a write
 * of local 0 (LOAD reads it; a superinstruction is read as its first instruction, and the rest
 * of its sequence stands after it) */
static int moves_cursor(const int32_t *code, int pc)
{
    const OpcodeInfo *oi = &opcode_info[code[pc]];
    if (oi->base == OP_STEP || oi->base == OP_GO || oi->base == OP_MOVESOF) return 1;
    if (oi->base == OP_LOAD) return 0;
    for (int k = 0; k < oi->nops; k++) {
        int kind = oi->kind[k];
        if ((kind == OPK_LOCAL || kind == OPK_KEPTLOCAL || kind == OPK_ZONEVAL ||
             kind == OPK_KEPTZONEVAL) && code[pc + 1 + k] == LOC_HERE) return 1;
    }
    return 0;
}

/* For program fn, by instruction (settled[pc - entry]): whether one that moves the cursor can
 * be reached from it (then 0), else whether an emit of a move can be (2) or not (1). Found
 * backwards over the program's jumps and fall-throughs until nothing changes. */
void reach_settle(const Game *g, int fn, uint8_t *settled)
{
    const CodeFunction *f = &g->fns[fn];
    const int32_t *code = g->code;
    int n = f->end - f->entry, npc = 0;
    uint8_t *moves = calloc((size_t)n + 1, 2);
    int *pcs = malloc(sizeof *pcs * ((size_t)n + 1));
    if (!moves || !pcs) {                         /* nothing settled: the walk follows all */
        memset(settled, 0, (size_t)n);
        free(moves); free(pcs);
        return;
    }
    uint8_t *emits = moves + n;
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) pcs[npc++] = pc;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int j = npc - 1; j >= 0; j--) {      /* backwards: most jumps go forwards */
            int pc = pcs[j];
            const OpcodeInfo *oi = &opcode_info[code[pc]];
            int i = pc - f->entry, m = moves[i], e = emits[i];
            if (moves_cursor(code, pc)) m = 1;
            if (oi->base == OP_EMIT && code[pc + 1] != MK_STAY) e = 1;
            int next = pc + 1 + oi->nops;
            if (!oi->stops && next < f->end) {
                m |= moves[next - f->entry];
                e |= emits[next - f->entry];
            }
            for (int k = 0; k < oi->nops; k++)
                if (oi->kind[k] == OPK_JUMP) {
                    int t = code[pc + 1 + k] - f->entry;
                    if (t >= 0 && t < n) { m |= moves[t]; e |= emits[t]; }
                }
            if (m != moves[i] || e != emits[i]) {
                moves[i] = (uint8_t)m; emits[i] = (uint8_t)e; changed = 1;
            }
        }
    }
    for (int i = 0; i < n; i++) settled[i] = moves[i] ? 0 : emits[i] ? 2 : 1;
    free(moves); free(pcs);
}

int reach_squares(const Game *g, int fn, int player, int sq, const uint8_t *settled,
                  uint64_t *out, long *budget)
{
    const CodeFunction *f = &g->fns[fn];
    int words = REACH_WORDS(g);
    memset(out, 0, sizeof *out * (size_t)words);
    if (f->nlocals > MAX_LOCALS || f->nlocals < NFIXED_LOCALS) return 0;
    Walk w = { .g = g, .player = player, .nloc = f->nlocals, .from = sq, .out = out,
               .settled = settled };
    w.stride = sizeof(State) + sizeof(int64_t) * (size_t)(REACH_STACK + f->nlocals);
    w.tsize = 2 * REACH_STATES;
    w.states = malloc(w.stride * REACH_STATES);
    w.table = calloc((size_t)w.tsize, sizeof *w.table);
    w.todo = malloc(sizeof *w.todo * REACH_STATES);
    State *s = malloc(w.stride);
    int ok = w.states && w.table && w.todo && s;
    if (ok) {
        memset(s, 0, w.stride);
        s->pc = f->entry;
        /* as the VM starts a run: locals 0, the cursor on the piece's square; the notes'
         * starts (3, 5) are the run's own */
        s->lknown = f->nlocals >= 64 ? ~0ull : (1ull << f->nlocals) - 1;
        s->lknown &= ~(1ull << LOC_NOTE_END | 1ull << LOC_QUAL_END);
        LOC(s)[LOC_HERE] = sq;
        ok = queue(&w, s);
    }
    while (ok && w.ntodo) {
        memcpy(s, ST(&w, w.todo[--w.ntodo]), w.stride);
        int r = GO_ON;
        while (r == GO_ON) {
            if (++w.steps > REACH_STEPS || --*budget < 0) { ok = 0; break; }
            int settled = s->pc >= f->entry && s->pc < f->end ? w.settled[s->pc - f->entry] : 0;
            if (settled) {                          /* the cursor stays where it is */
                if (settled == 1) break;            /* and nothing can emit */
                if (!KNOWN_L(s, LOC_HERE)) { r = GIVE_UP; break; }
                int64_t h = LOC(s)[LOC_HERE];
                if ((uint64_t)h < (uint64_t)g->nsq) out[h >> 6] |= 1ull << (h & 63);
                break;
            }
            r = step(&w, s);
        }
        if (r == GIVE_UP) ok = 0;
    }
    free(w.states); free(w.table); free(w.todo); free(s);
    if (!ok) memset(out, 0xff, sizeof *out * (size_t)words);
    return ok;
}
