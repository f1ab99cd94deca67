/* puretab.c - the tables of pure `fn` calls (src/lang/purecall.c; docs/runtime.md step 44):
 * the first time a call needs the entry of its arguments, the code from the call's PURECALL to
 * its end runs here, as the VM would run it, and its value, the steps it ran and where it went
 * on are kept. Only instructions whose value depends on their operands alone are followed
 * (reach_evaluate's, and no player's view: a direction or a zone as the mover sees it is not
 * one); a run that meets anything else, reads a local it did not write or overflows leaves its
 * entry unknown, and there the code runs.
 *
 * The code is the code the VM runs, after jump threading (a superinstruction read as its first
 * instruction, whose sequence follows it). Threading may take a jump of the call's code out of
 * it (an `and`'s false jump, through the call's `PUSH 0` and the caller's `JZ`, to the caller's
 * `else`): the run stops there, and the entry says which jump left (its target is read from
 * the call's own code) and whether a value was left. Calls whose code differs share no table
 * (puresites.c). The steps kept are those the VM would charge, so the bounds on work and steps
 * see no difference. */
#include <stdlib.h>
#include <string.h>
#include "compiler.h"
#include "opcodes.h"
#include "reach.h"
#include "puretab.h"

#define PURE_STACK 64
#define PURE_MAX_STEPS 4096            /* more steps than this for one entry: not kept */

static int evaluable(int op)
{
    switch (op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG: case OP_ABS: case OP_MIN: case OP_MAX:
    case OP_NOT: case OP_EQ: case OP_NE: case OP_LT: case OP_LE: case OP_GT: case OP_GE:
    case OP_BOR: case OP_BCLR: case OP_BTEST: case OP_BIT: case OP_POPCNT: case OP_OPPDIR:
    case OP_STEPSQ: case OP_FILE: case OP_RANK: case OP_SQUARE:
        return 1;
    default:
        return 0;
    }
}

static uint64_t fill(const Game *g, int site, const int64_t *args, int depth);

/* Runs the code start .. end with the arguments on stk (sp of them), the locals L (those
 * written marked in `written`) and the globals of table t at the values gval as the VM would,
 * to its end or to a jump out of it: the entry (puretab.h: value, steps, where it goes on) in
 * *out, 1; 0 where it does not follow the code. */
static int run_call(const Game *g, int start, int end, int64_t *stk, int sp, int64_t *L,
                    uint8_t *written, const PureTable *t, const int64_t *gval, int depth,
                    uint64_t *out)
{
    const int32_t *code = g->code;
    long steps = 0;
    int pc = start, exit = 0;           /* exit: the word of the jump that leaves, from start */
    while (pc != end) {
        if (pc < start || pc > end || steps > PURE_MAX_STEPS) return 0;
        const OpcodeInfo *oi = &opcode_info[opcode_info[code[pc]].base];
        int op = opcode_info[code[pc]].base;
        const int32_t *opnd = code + pc + 1;
        int next = pc + 1 + oi->nops;
        if (sp < oi->pop || sp - oi->pop + oi->push > PURE_STACK) return 0;
        switch (op) {
        case OP_PURECALL: {              /* a call inside: from its table */
            const PureSite *in = &g->pure_sites[opnd[0]];
            const PureTable *it = &g->pure_tables[in->table];
            if (it->nglob) return 0;     /* (an inner call reads no globals: purecall.c) */
            uint64_t e = sp >= it->nargs && depth < 16
                       ? fill(g, opnd[0], stk + sp - it->nargs, depth + 1) : 0;
            if (pure_steps(e)) {
                sp -= it->nargs;
                if (pure_pushes(e)) stk[sp++] = (int32_t)e;
                steps += pure_steps(e);
                pc = pure_next_pc(g, in, e);
                if (pc < start || pc > end) {      /* it leaves this code too, by its jump */
                    exit = in->start + (int)(e >> 32 & PURE_MAX_EXIT) - start;
                    goto done;
                }
            } else pc = next;            /* its code runs; the PURECALL is charged nothing */
            continue;
        }
        case OP_PUSH: stk[sp++] = opnd[0]; break;
        case OP_PUSHK: stk[sp++] = g->konst[opnd[0]]; break;
        case OP_LOAD:
            if (opnd[0] < 0 || opnd[0] >= MAX_LOCALS || !written[opnd[0]]) return 0;
            stk[sp++] = L[opnd[0]];
            break;
        case OP_STORE:
            if (opnd[0] < 0 || opnd[0] >= MAX_LOCALS) return 0;
            L[opnd[0]] = stk[--sp]; written[opnd[0]] = 1;
            break;
        case OP_LOADG: {                 /* a global the table is keyed by */
            int i = 0;
            while (i < t->nglob && t->gvar[i] != opnd[0]) i++;
            if (i == t->nglob) return 0;
            stk[sp++] = gval[i];
            break;
        }
        case OP_JMP: next = opnd[0]; break;
        case OP_JZ: case OP_JNZ:
            if ((op == OP_JZ) == (stk[--sp] == 0)) next = opnd[0];
            break;
        default: {
            if (!evaluable(op)) return 0;
            int64_t a[2] = { 0, 0 }, r;
            for (int i = oi->pop - 1; i >= 0; i--) a[i] = stk[--sp];
            if (!reach_evaluate(g, 0, op, opnd, a, &r)) return 0;
            stk[sp++] = r;
        }
        }
        steps++;
        if (next < start || next > end) { exit = pc + 1 - start; break; }   /* (a jump's) */
        pc = next;
    }
done:
    if (sp > 1 || (!exit && sp != 1) || (sp && stk[0] != (int32_t)stk[0]) || steps < 1 ||
        steps > PURE_MAX_STEPS || exit > PURE_MAX_EXIT)
        return 0;
    *out = pure_make(steps, exit, sp, sp ? (int32_t)stk[0] : 0);
    return 1;
}

static uint64_t fill(const Game *g, int site, const int64_t *args, int depth)
{
    const PureSite *ps = &g->pure_sites[site];
    const PureTable *t = &g->pure_tables[ps->table];
    long idx = pure_index(t, args);
    if (idx < 0) return 0;
    if (t->entry[idx]) return t->entry[idx];
    int64_t stk[PURE_STACK], L[MAX_LOCALS];
    uint8_t written[MAX_LOCALS];
    memset(written, 0, sizeof written);
    int sp = 0;
    if (ps->nslots)                      /* PURELOCALS: the arguments are the locals */
        for (int i = 0; i < ps->nslots; i++) { L[ps->slot[i]] = args[i]; written[ps->slot[i]] = 1; }
    else
        for (; sp < t->nargs; sp++) stk[sp] = args[sp];
    uint64_t e;
    if (!run_call(g, ps->start, ps->end, stk, sp, L, written, t, args + t->nargs, depth, &e))
        e = PURE_UNKNOWN;
    t->entry[idx] = e;
    return e;
}

uint64_t pure_fill(const Game *g, int site, const int64_t *args) { return fill(g, site, args, 0); }

uint64_t pure_fill_call(const Game *g, int site, const int64_t *args, const int32_t *st)
{
    const PureTable *t = &g->pure_tables[g->pure_sites[site].table];
    int64_t keys[PURE_MAX_ARGS];
    for (int i = 0; i < t->nargs; i++) keys[i] = args[i];
    for (int i = 0; i < t->nglob; i++) keys[t->nargs + i] = st[g->vars[t->gvar[i]].base];
    return fill(g, site, keys, 0);
}

void puretab_keys(PureTable *t)
{
    t->nkeys = 0;
    /* the globals first: they change seldom, the arguments vary fastest, so that the entries one
     * value of the globals needs lie together (seen(t) with sba, sbo: 65 of them in a row, not
     * one on each of 65 pages) */
    for (int j = 0; j < t->nargs + t->nglob; j++) {
        const int i = j < t->nglob ? t->nargs + j : j - t->nglob;
        if (!t->vary[i]) continue;
        t->key_arg[t->nkeys] = (uint8_t)i;
        t->key_lo[t->nkeys] = t->lo[i];
        t->key_size[t->nkeys] = (uint32_t)t->size[i];
        t->nkeys++;
    }
    uint32_t stride = 1;                 /* (the last argument varies fastest) */
    for (int k = t->nkeys - 1; k >= 0; k--) { t->key_stride[k] = stride; stride *= t->key_size[k]; }
}
