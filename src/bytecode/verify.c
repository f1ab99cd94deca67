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

#define FAILV(...) do { snprintf(err, errlen, __VA_ARGS__); goto bad; } while (0)

static int var_kind_ok(const Game *g, int v, int kind) { return v >= 0 && v < g->nvars && g->vars[v].kind == kind; }

/* A zone value's locals (ZONE_WORDS of them from a) lie in the frame. */
static int zone_ok(const Game *g, const CodeFunction *f, int a)
{
    return a >= 0 && a + ZONE_WORDS(g) <= f->nlocals;
}

int verify_function(const Game *g, int fi, char *err, size_t errlen, int *deep_pc)
{
    *deep_pc = -1;
    const CodeFunction *f = &g->fns[fi];
    int n = f->end - f->entry;
    if (f->entry < 0 || f->end > g->ncode || n <= 0) { snprintf(err, errlen, "bad code range"); return 0; }
    if (f->nlocals < NFIXED_LOCALS || f->nlocals > MAX_LOCALS) { snprintf(err, errlen, "bad local count"); return 0; }
    char *start = calloc((size_t)n, 1);
    int *depth = malloc(sizeof(int) * (size_t)n);
    int *work = malloc(sizeof(int) * (size_t)n);
    if (!start || !depth || !work) { free(start); free(depth); free(work); snprintf(err, errlen, "out of memory"); return 0; }
    const int32_t *code = g->code;
    /* pass 1: instruction boundaries and operand ranges */
    for (int pc = f->entry; pc < f->end;) {
        int op = code[pc];
        if (op < 0 || op >= OPCODE_COUNT) FAILV("bad opcode %d at %d", op, pc);
        int nops = opcode_info[op].nops;
        if (pc + 1 + nops > f->end)
            FAILV("%s at %d runs past the end", opcode_info[op].name, pc);
        start[pc - f->entry] = 1;
        const int32_t *a = code + pc + 1;
        switch (opcode_info[op].base) {          /* a superinstruction has its first one's operands */
        case OP_PUSHK: if (a[0] < 0 || a[0] >= g->nkonst) FAILV("constant %d out of range", a[0]); break;
        case OP_PUSHDIR: if (a[0] < 0 || a[0] >= g->ndirs) FAILV("direction %d out of range", a[0]); break;
        case OP_PUSHDIRS: if (a[0] < 0 || a[0] >= g->ndirsets) FAILV("direction set %d out of range", a[0]); break;
        case OP_LOAD: case OP_STORE: if (a[0] < 0 || a[0] >= f->nlocals) FAILV("local %d out of range", a[0]); break;
        case OP_LOADG: case OP_STOREG: if (!var_kind_ok(g, a[0], VAR_GLOBAL)) FAILV("global %d out of range", a[0]); break;
        case OP_LOADPL: case OP_STOREPL: if (!var_kind_ok(g, a[0], VAR_PLAYER)) FAILV("player variable %d out of range", a[0]); break;
        case OP_LOADSQ: case OP_STORESQ: if (!var_kind_ok(g, a[0], VAR_SQUARE)) FAILV("square variable %d out of range", a[0]); break;
        case OP_LOADPV: case OP_STOREPV: case OP_STOREPVL: if (!var_kind_ok(g, a[0], VAR_PIECE)) FAILV("piece variable %d out of range", a[0]); break;
        case OP_ATTR: if (a[0] < 0 || a[0] >= g->nattrs) FAILV("attribute %d out of range", a[0]); break;
        case OP_INZONE: case OP_INZONEOF: case OP_INLIST: if (a[0] < 0 || a[0] >= g->nlists) FAILV("list %d out of range", a[0]); break;
        case OP_CHOICE:
            if (a[1] < NFIXED_LOCALS || a[1] > f->nlocals) FAILV("bad count of locals to keep");
            break;
        case OP_CHOOSEBIT:
            if (a[0] < 0 || a[0] >= a[2] || a[1] < 0 || a[1] >= f->nlocals) FAILV("local out of range");
            if (a[2] < NFIXED_LOCALS || a[2] > f->nlocals) FAILV("bad count of locals to keep");
            break;
        case OP_FORBIT:
            if (a[0] < 0 || a[0] >= f->nlocals || a[1] < 0 || a[1] >= f->nlocals) FAILV("local out of range");
            break;
        case OP_ZCLEAR: case OP_ZADD: case OP_ZDEL: case OP_ZHAS: case OP_ZSIZE:
            if (!zone_ok(g, f, a[0])) FAILV("zone value out of the locals");
            break;
        case OP_ZZONE:
            if (!zone_ok(g, f, a[0])) FAILV("zone value out of the locals");
            if (a[1] < 0 || a[1] >= g->nlists || g->lists[a[1]].vtype != VT_SQUARE) FAILV("zone %d out of range", a[1]);
            for (int pl = 0; pl < g->nplayers; pl++)
                for (int i = 0; i < g->lists[a[1]].n[pl]; i++)
                    if ((uint32_t)g->lists[a[1]].item[pl][i] >= (uint32_t)g->nsq) FAILV("zone %d holds no square", a[1]);
            break;
        case OP_ZCOPY: case OP_ZOR: case OP_ZCLR: case OP_ZEQ:
            if (!zone_ok(g, f, a[0]) || !zone_ok(g, f, a[1])) FAILV("zone value out of the locals");
            break;
        case OP_CHOOSEZ: case OP_FORZ:
            if (!zone_ok(g, f, a[0]) || a[1] < 0 || a[1] >= f->nlocals) FAILV("local out of range");
            if (op == OP_CHOOSEZ && (a[2] < NFIXED_LOCALS || a[2] > f->nlocals || a[0] + ZONE_WORDS(g) > a[2]))
                FAILV("bad count of locals to keep");
            break;
        case OP_CHOOSELIST: case OP_FORLIST: case OP_FORFRIEND: case OP_FORTEST:
            if (a[0] < 0 || a[0] >= g->nlists) FAILV("list %d out of range", a[0]);
            if (a[1] < 0 || a[1] >= f->nlocals || a[2] < 0 || a[2] >= f->nlocals) FAILV("local out of range");
            if (op == OP_CHOOSELIST && (a[3] < NFIXED_LOCALS || a[3] > f->nlocals || a[1] >= a[3]))
                FAILV("bad count of locals to keep");
            break;
        case OP_MOVEFIELD: if (a[0] < 0 || a[0] > 3) FAILV("bad move field"); break;
        case OP_NOTE: if (a[0] < 0 || a[0] > 4) FAILV("bad note kind"); break;
        case OP_QUALIFY: if (a[0] < 0 || a[0] > 4 || a[1] < 0 || a[1] > 1) FAILV("bad qualify operands"); break;
        case OP_EMIT: if (a[0] < 0 || a[0] > 2 || a[1] < 0 || a[1] > g->nstrings || a[1] > 255) FAILV("bad emit"); break;
        case OP_RESULT: if (a[0] < 1 || a[0] > 3 || a[1] < 0 || a[1] > g->nstrings) FAILV("bad result"); break;
        default: break;
        }
        pc += 1 + nops;
    }
    /* jump targets */
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        int op = code[pc];
        if (opcode_info[op].jump) {
            int t = code[pc + opcode_info[op].jump];
            if (t < f->entry || t >= f->end || !start[t - f->entry]) FAILV("%s at %d jumps to %d, not an instruction of this program", opcode_info[op].name, pc, t);
        }
    }
    /* pass 2: stack depths by data flow */
    for (int i = 0; i < n; i++) depth[i] = -1;
    int nw = 0;
    depth[0] = 0; work[nw++] = f->entry;
    while (nw) {
        int pc = work[--nw];
        int op = code[pc], d = depth[pc - f->entry];
        const OpcodeInfo *oi = &opcode_info[op];
        if (d < oi->pop) FAILV("%s at %d pops an empty stack", oi->name, pc);
        int nd = d - oi->pop + oi->push;
        MAXIMA_NOTE(operand_stack, nd);
        if (nd > MAX_STACK_DEPTH) { *deep_pc = pc; FAILV("stack deeper than %d at %d", MAX_STACK_DEPTH, pc); }
        if ((op == OP_CHOICE || op == OP_CHOOSEBIT || op == OP_CHOOSELIST || op == OP_CHOOSEZ ||
             op == OP_EMIT) && d != 0)
            FAILV("%s at %d with values on the stack", oi->name, pc);
        int succ[2], ns = 0;
        int next = pc + 1 + oi->nops;
        if (oi->jump) succ[ns++] = code[pc + oi->jump];
        if (!oi->stops) succ[ns++] = next;
        for (int i = 0; i < ns; i++) {
            int t = succ[i];
            if (t >= f->end) FAILV("%s at %d falls off the end of the program", oi->name, pc);
            int *td = &depth[t - f->entry];
            if (*td < 0) { *td = nd; work[nw++] = t; }
            else if (*td != nd) FAILV("stack depth %d and %d meet at %d", *td, nd, t);
        }
    }
    free(start); free(depth); free(work);
    return 1;
bad:
    free(start); free(depth); free(work);
    return 0;
}
