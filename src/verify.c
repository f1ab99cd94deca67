/* verify.c - proves a function's bytecode safe to run without per-instruction checks:
 * every opcode exists, operands index real tables, jumps land on instruction starts inside the
 * function, and the operand stack has one known depth at every instruction, never below zero,
 * never above MAX_STACK_DEPTH, and zero wherever a choice can resume. */
#include "maxima.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compiler.h"
#include "opcodes.h"

/* Say what is wrong (in err) and return 0 from the function it is in. */
#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return 0; } while (0)

static int var_kind_ok(const Game *g, int v, int kind)
{
    return v >= 0 && v < g->nvars && g->vars[v].kind == kind;
}

static int local_ok(const CodeFunction *f, int32_t l) { return l >= 0 && l < f->nlocals; }

/* The operands a of opcode op index real tables (and locals of f). */
static int operands_ok(const Game *g, const CodeFunction *f, int op, const int32_t *a,
                       char *err, size_t errlen)
{
    switch (op) {
    case OP_PUSHK: if (a[0] < 0 || a[0] >= g->nkonst) FAIL("constant %d out of range", a[0]); break;
    case OP_PUSHDIR:
        if (a[0] < 0 || a[0] >= g->ndirs) FAIL("direction %d out of range", a[0]);
        break;
    case OP_PUSHDIRS:
        if (a[0] < 0 || a[0] >= g->ndirsets) FAIL("direction set %d out of range", a[0]);
        break;
    case OP_LOAD: case OP_STORE: if (!local_ok(f, a[0])) FAIL("local %d out of range", a[0]); break;
    case OP_LOADG: case OP_STOREG:
        if (!var_kind_ok(g, a[0], VAR_GLOBAL)) FAIL("global %d out of range", a[0]);
        break;
    case OP_LOADPL: case OP_STOREPL:
        if (!var_kind_ok(g, a[0], VAR_PLAYER)) FAIL("player variable %d out of range", a[0]);
        break;
    case OP_LOADSQ: case OP_STORESQ:
        if (!var_kind_ok(g, a[0], VAR_SQUARE)) FAIL("square variable %d out of range", a[0]);
        break;
    case OP_LOADPV: case OP_STOREPV: case OP_STOREPVL:
        if (!var_kind_ok(g, a[0], VAR_PIECE)) FAIL("piece variable %d out of range", a[0]);
        break;
    case OP_ATTR: if (a[0] < 0 || a[0] >= g->nattrs) FAIL("attribute %d out of range", a[0]); break;
    case OP_INZONE: case OP_INLIST:
        if (a[0] < 0 || a[0] >= g->nlists) FAIL("list %d out of range", a[0]);
        break;
    case OP_CHOICE:
        if (a[1] < NFIXED_LOCALS || a[1] > f->nlocals) FAIL("bad count of locals to keep");
        break;
    case OP_CHOOSEBIT:
        if (a[0] < 0 || a[0] >= a[2] || !local_ok(f, a[1])) FAIL("local out of range");
        if (a[2] < NFIXED_LOCALS || a[2] > f->nlocals) FAIL("bad count of locals to keep");
        break;
    case OP_FORBIT: if (!local_ok(f, a[0]) || !local_ok(f, a[1])) FAIL("local out of range"); break;
    case OP_CHOOSELIST: case OP_FORLIST:
        if (a[0] < 0 || a[0] >= g->nlists) FAIL("list %d out of range", a[0]);
        if (!local_ok(f, a[1]) || !local_ok(f, a[2])) FAIL("local out of range");
        if (op == OP_CHOOSELIST && (a[3] < NFIXED_LOCALS || a[3] > f->nlocals || a[1] >= a[3]))
            FAIL("bad count of locals to keep");
        break;
    case OP_MOVEFIELD: if (a[0] < 0 || a[0] > 3) FAIL("bad move field"); break;
    case OP_NOTE: if (a[0] < 0 || a[0] > 4) FAIL("bad note kind"); break;
    case OP_QUALIFY:
        if (a[0] < 0 || a[0] > 4 || a[1] < 0 || a[1] > 1) FAIL("bad qualify operands");
        break;
    case OP_EMIT:
        if (a[0] < 0 || a[0] > 2 || a[1] < 0 || a[1] > g->nstrings || a[1] > 255) FAIL("bad emit");
        break;
    case OP_RESULT:
        if (a[0] < 1 || a[0] > 3 || a[1] < 0 || a[1] > g->nstrings) FAIL("bad result");
        break;
    default: break;
    }
    return 1;
}

/* Pass 1: every opcode exists with its operands inside f, and they index real tables; start
 * marks where instructions begin. Then every jump lands on one of them. */
static int instructions_ok(const Game *g, const CodeFunction *f, char *start, char *err,
                           size_t errlen)
{
    const int32_t *code = g->code;
    for (int pc = f->entry; pc < f->end;) {
        int op = code[pc];
        if (op < 0 || op >= OPCODE_COUNT) FAIL("bad opcode %d at %d", op, pc);
        int nops = opcode_info[op].nops;
        if (pc + 1 + nops > f->end) FAIL("%s at %d runs past the end", opcode_info[op].name, pc);
        start[pc - f->entry] = 1;
        if (!operands_ok(g, f, op, code + pc + 1, err, errlen)) return 0;
        pc += 1 + nops;
    }
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        int op = code[pc];
        if (!opcode_info[op].jump) continue;
        int t = code[pc + opcode_info[op].jump];
        if (t < f->entry || t >= f->end || !start[t - f->entry])
            FAIL("%s at %d jumps to %d, not an instruction of this program", opcode_info[op].name,
                 pc, t);
    }
    return 1;
}

/* Pass 2: the stack depth at each instruction, by data flow from the entry (depth 0): one
 * depth wherever paths meet, never below zero or above MAX_STACK_DEPTH, zero where a choice can
 * resume. depth and work: n entries each. */
static int depths_ok(const Game *g, const CodeFunction *f, int *depth, int *work, char *err,
                     size_t errlen, int *deep_pc)
{
    const int32_t *code = g->code;
    for (int i = 0; i < f->end - f->entry; i++) depth[i] = -1;
    int nw = 0;
    depth[0] = 0; work[nw++] = f->entry;
    while (nw) {
        int pc = work[--nw];
        int op = code[pc], d = depth[pc - f->entry];
        const OpcodeInfo *oi = &opcode_info[op];
        if (d < oi->pop) FAIL("%s at %d pops an empty stack", oi->name, pc);
        int nd = d - oi->pop + oi->push;
        MAXIMA_NOTE(operand_stack, nd);
        if (nd > MAX_STACK_DEPTH) {
            *deep_pc = pc;
            FAIL("stack deeper than %d at %d", MAX_STACK_DEPTH, pc);
        }
        if ((op == OP_CHOICE || op == OP_CHOOSEBIT || op == OP_CHOOSELIST || op == OP_EMIT) &&
            d != 0)
            FAIL("%s at %d with values on the stack", oi->name, pc);
        int succ[2], ns = 0;
        int next = pc + 1 + oi->nops;
        if (oi->jump) succ[ns++] = code[pc + oi->jump];
        if (!oi->stops) succ[ns++] = next;
        for (int i = 0; i < ns; i++) {
            int t = succ[i];
            if (t >= f->end) FAIL("%s at %d falls off the end of the program", oi->name, pc);
            int *td = &depth[t - f->entry];
            if (*td < 0) { *td = nd; work[nw++] = t; }
            else if (*td != nd) FAIL("stack depth %d and %d meet at %d", *td, nd, t);
        }
    }
    return 1;
}

int verify_function(const Game *g, int fi, char *err, size_t errlen, int *deep_pc)
{
    *deep_pc = -1;
    const CodeFunction *f = &g->fns[fi];
    int n = f->end - f->entry;
    if (f->entry < 0 || f->end > g->ncode || n <= 0) FAIL("bad code range");
    if (f->nlocals < NFIXED_LOCALS || f->nlocals > MAX_LOCALS) FAIL("bad local count");
    char *start = calloc((size_t)n, 1);
    int *depth = malloc(sizeof(int) * (size_t)n);
    int *work = malloc(sizeof(int) * (size_t)n);
    int ok = start && depth && work;
    if (!ok) snprintf(err, errlen, "out of memory");
    ok = ok && instructions_ok(g, f, start, err, errlen) &&
         depths_ok(g, f, depth, work, err, errlen, deep_pc);
    free(start); free(depth); free(work);
    return ok;
}
