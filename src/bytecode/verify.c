/* verify.c - proves a function's bytecode safe to run without per-instruction checks:
 * every opcode exists, every operand is what its kind in the table of opcodes.h says (a local
 * of the frame, a variable of the game of the right kind, ...: the VM indexes with them
 * unchecked), jumps land on instruction starts inside the function, and the operand stack has
 * one known depth at every instruction, never below zero, never above MAX_STACK_DEPTH, and zero
 * wherever a choice can resume. No case here names an opcode but EMIT's. */
#include "maxima.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compiler.h"
#include "opcodes.h"

#define FAILV(...) do { snprintf(err, errlen, __VA_ARGS__); goto bad; } while (0)

/* The first entry past the end of what an operand of kind k may index in program f, where that
 * depends on the game or the frame; past INT32_MAX where only the kind's range bounds it. (JUMP is
 * checked apart: it needs the instruction starts; the kept kinds by the instruction's keep.) */
static int64_t kind_end(const Game *g, const CodeFunction *f, int k)
{
    switch (k) {
    case OPK_KONST: return g->nkonst;
    case OPK_DIR: return g->ndirs;
    case OPK_DIRSET: return g->ndirsets;
    case OPK_LOCAL: return f->nlocals;
    case OPK_ZONEVAL: return (int64_t)f->nlocals - ZONE_WORDS(g) + 1;
    case OPK_KEEP: return (int64_t)f->nlocals + 1;
    case OPK_GLOBAL: case OPK_PLAYERVAR: case OPK_SQUAREVAR: case OPK_PIECEVAR: return g->nvars;
    case OPK_ATTR: return g->nattrs;
    case OPK_LIST: case OPK_ZONE: case OPK_SQUARES: return g->nlists;
    case OPK_SUFFIX: case OPK_REASON: return (int64_t)g->nstrings + 1;
    case OPK_PURESITE: return g->npure_sites;
    case OPK_SQMEMO: return g->nsqmemo_sites;
    default: return (int64_t)INT32_MAX + 1;       /* past every int32: 2147483647 is a value */
    }
}

/* Each kind's bounds in one program, worked out once for all its instructions */
typedef struct {
    int64_t lo[OPERAND_KIND_COUNT], end[OPERAND_KIND_COUNT];
} Bounds;

static void bounds_for(const Game *g, const CodeFunction *f, Bounds *b)
{
    for (int k = 0; k < OPERAND_KIND_COUNT; k++) {
        b->lo[k] = operand_kind_info[k].lo;
        b->end[k] = kind_end(g, f, k);
        if (b->end[k] > (int64_t)operand_kind_info[k].hi + 1)
            b->end[k] = (int64_t)operand_kind_info[k].hi + 1;
    }
}

/* What an operand of kind k that lies in its range must also be: a variable of the kind's
 * kind; a zone with a membership table for every player (INZONE indexes it); a list of squares
 * (ZZONE sets their bits). */
static int kind_holds(const Game *g, int k, int32_t v)
{
    switch (k) {
    case OPK_GLOBAL: return g->vars[v].kind == VAR_GLOBAL;
    case OPK_PLAYERVAR: return g->vars[v].kind == VAR_PLAYER;
    case OPK_SQUAREVAR: return g->vars[v].kind == VAR_SQUARE;
    case OPK_PIECEVAR: return g->vars[v].kind == VAR_PIECE;
    case OPK_ZONE:
        for (int pl = 0; pl < g->nplayers; pl++)
            if (!g->lists[v].member[pl]) return 0;
        return 1;
    case OPK_SQUARES:
        if (g->lists[v].vtype != VT_SQUARE) return 0;
        for (int pl = 0; pl < g->nplayers; pl++)
            for (int i = 0; i < g->lists[v].n[pl]; i++)
                if ((uint32_t)g->lists[v].item[pl][i] >= (uint32_t)g->nsq) return 0;
        return 1;
    default: return 1;
    }
}

/* Each operand of the instruction at pc, by its kind (opcodes.h): 0 with the message if one is
 * out of what the VM may index with it unchecked. A superinstruction has its base's operands;
 * the instructions after it are checked as their own. A kept local or zone value lies below
 * the instruction's keep operand, the locals its choice keeps. */
static int operands_ok(const Game *g, const Bounds *b, int pc, char *err, size_t errlen)
{
    const OpcodeInfo *oi = &opcode_info[g->code[pc]];
    const int32_t *a = g->code + pc + 1;
    for (int i = 0; i < oi->nops; i++) {
        int k = oi->kind[i];
        int64_t end = b->end[k];
        if (k == OPK_KEPTLOCAL) end = a[oi->keep - 1];
        if (k == OPK_KEPTZONEVAL) end = (int64_t)a[oi->keep - 1] - ZONE_WORDS(g) + 1;
        if (a[i] < b->lo[k] || a[i] >= end || !kind_holds(g, k, a[i])) {
            snprintf(err, errlen, "%s at %d: operand %c, %s %d, out of range", oi->name, pc,
                     'A' + i, operand_kind_info[k].name, (int)a[i]);
            return 0;
        }
    }
    return 1;
}

/* Pass 1: the instruction starts (start[pc - entry] = 1), each opcode real, each instruction
 * inside the program and its operands in range; then every jump onto a start. */
static int instructions_ok(const Game *g, const CodeFunction *f, char *start, char *err,
                           size_t errlen)
{
    const int32_t *code = g->code;
    Bounds b;
    bounds_for(g, f, &b);
    for (int pc = f->entry; pc < f->end;) {
        int op = code[pc];
        if (op < 0 || op >= OPCODE_COUNT) FAILV("bad opcode %d at %d", op, pc);
        int nops = opcode_info[op].nops;
        if (pc + 1 + nops > f->end)
            FAILV("%s at %d runs past the end", opcode_info[op].name, pc);
        start[pc - f->entry] = 1;
        if (!operands_ok(g, &b, pc, err, errlen)) return 0;
        pc += 1 + nops;
    }
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        int op = code[pc];
        if (opcode_info[op].jump) {
            int t = code[pc + opcode_info[op].jump];
            if (t < f->entry || t >= f->end || !start[t - f->entry])
                FAILV("%s at %d jumps to %d, not an instruction of this program",
                      opcode_info[op].name, pc, t);
        }
    }
    return 1;
bad:
    return 0;
}

/* Pass 2: the stack depth at every instruction by data flow (depth[] and work[] n entries). */
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
        if (d < oi->pop) FAILV("%s at %d pops an empty stack", oi->name, pc);
        int nd = d - oi->pop + oi->push;
        MAXIMA_NOTE(operand_stack, nd);
        if (nd > MAX_STACK_DEPTH) {
            *deep_pc = pc;
            FAILV("stack deeper than %d at %d", MAX_STACK_DEPTH, pc);
        }
        /* a choice resumes with an empty stack; and the compiler emits a move only as a
         * statement, so a value under EMIT is bad code */
        if ((oi->keep || op == OP_EMIT) && d != 0)
            FAILV("%s at %d with values on the stack", oi->name, pc);
        int succ[2], ns = 0;
        if (oi->jump) succ[ns++] = code[pc + oi->jump];
        if (!oi->stops) succ[ns++] = pc + 1 + oi->nops;
        for (int i = 0; i < ns; i++) {
            int t = succ[i];
            if (t >= f->end) FAILV("%s at %d falls off the end of the program", oi->name, pc);
            int *td = &depth[t - f->entry];
            if (*td < 0) { *td = nd; work[nw++] = t; }
            else if (*td != nd) FAILV("stack depth %d and %d meet at %d", *td, nd, t);
        }
    }
    return 1;
bad:
    return 0;
}

int verify_function(const Game *g, int fi, char *err, size_t errlen, int *deep_pc)
{
    *deep_pc = -1;
    const CodeFunction *f = &g->fns[fi];
    int n = f->end - f->entry;
    if (f->entry < 0 || f->end > g->ncode || n <= 0) {
        snprintf(err, errlen, "bad code range");
        return 0;
    }
    if (f->nlocals < NFIXED_LOCALS || f->nlocals > MAX_LOCALS) {
        snprintf(err, errlen, "bad local count");
        return 0;
    }
    char *start = calloc((size_t)n, 1);
    int *depth = malloc(sizeof(int) * (size_t)n);
    int *work = malloc(sizeof(int) * (size_t)n);
    int ok = start && depth && work;
    if (!ok) snprintf(err, errlen, "out of memory");
    else ok = instructions_ok(g, f, start, err, errlen) &&
              depths_ok(g, f, depth, work, err, errlen, deep_pc);
    free(start); free(depth); free(work);
    return ok;
}
