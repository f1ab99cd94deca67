/* failbacks.c - a FAIL that goes straight back to its choice (FAILBACK).
 *
 * Most of the elements of a `choose` in a turn program are turned away by its body's first
 * tests (Four Towers' `choose x in [Rook Bishop ...] { m = x; r = minus(ty, x); require r !=
 * none ...}` for every piece, a hop's towers), each through the loop's failure path: the
 * choice's locals copied back, the trail and the deferred effects looked at, the resumed
 * instruction tested (vm_loop.h, fail:). Where every way from the latest choice to a FAIL runs
 * only instructions that write no state and none of the locals that choice restores (keeps.c),
 * and makes no choice, the failure would copy back the very values the locals hold and undo
 * nothing: FAILBACK resumes the choice at once (vm_loop.h). A `choose` keeps its choice when
 * resumed, and left one only if it had elements left, which its cursor says; a CHOICE always
 * left one, which the resume takes off the stack.
 *
 * A forward data flow over the program: where an instruction starts, either nothing is known,
 * or every way there comes from one choice instruction (CHOOSELIST, CHOOSETEST, CHOOSEBIT or
 * CHOICE), or from CHOICEs only, through such instructions only. The code is read an
 * instruction at a time, a superinstruction as its first instruction and the rest of its
 * sequence as its own instructions, as keeps.c reads it; a native pass (PURECALL, a walk, a
 * count) goes on where the code does and writes what it would. tests/lang/fail-backs.rules
 * fails if a FAILBACK resumes a choice that is not there, leaves one on the stack, or skips a
 * restore. */
#include "compiler.h"
#include "opcodes.h"
#include "oom.h"
#include <stdlib.h>

/* The instructions that change nothing but the operand stack, the locals they name, and where
 * the program goes: no state, no move, no choice, no fixed local (the cursor included). */
static int clean(int base)
{
    switch (base) {
    case OP_NOP: case OP_PUSH: case OP_PUSHK: case OP_PUSHDIR: case OP_PUSHDIRS: case OP_POP:
    case OP_LOAD: case OP_STORE: case OP_LOADG: case OP_LOADPL: case OP_LOADSQ: case OP_LOADPV:
    case OP_ATTR: case OP_INZONE: case OP_INZONEOF: case OP_INLIST:
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD: case OP_NEG: case OP_ABS:
    case OP_MIN: case OP_MAX: case OP_NOT: case OP_EQ: case OP_NE: case OP_LT: case OP_LE:
    case OP_GT: case OP_GE: case OP_BOR: case OP_BCLR: case OP_BTEST: case OP_BIT: case OP_POPCNT:
    case OP_JMP: case OP_JZ: case OP_JNZ:
    case OP_ZHAS: case OP_ZSIZE: case OP_ZEQ: case OP_ZCLEAR: case OP_ZZONE: case OP_ZCOPY:
    case OP_ZADD: case OP_ZDEL: case OP_ZOR: case OP_ZCLR:
    case OP_FORBIT: case OP_FORLIST: case OP_FORZ:
    case OP_STEPSQ: case OP_FROM: case OP_MOVER: case OP_OPPONENT: case OP_TOMOVE: case OP_PIECE:
    case OP_LAYER: case OP_DROPPING: case OP_VICTIM: case OP_EMPTY: case OP_ENEMY: case OP_FRIEND:
    case OP_AT: case OP_TYPEOF: case OP_OWNEROF: case OP_ISTYPE: case OP_PURECALL:
    case OP_PURELOCALS: case OP_FILE: case OP_SQUARE: case OP_RANK: case OP_OPPDIR:
    case OP_REMAPDIR: case OP_ROYALSQ: case OP_HAND: case OP_COUNT: case OP_SQUAREOF:
    case OP_HEIGHT: case OP_PIECEAT: case OP_MOVEFIELD: case OP_EMITTED: case OP_COMBINE:
    case OP_MINUS:
        return 1;
    default:
        return 0;
    }
}

/* A choose whose choice FAILBACK can go back to (the actual opcode: CHOOSEGO, CHOOSEANY,
 * CHOOSEDROPS and CHOOSENEAR move the cursor, jump or count rows of their own) */
static int owner(int op)
{
    return op == OP_CHOOSELIST || op == OP_CHOOSETEST || op == OP_CHOOSEBIT;
}

/* What is known where an instruction starts: every way there comes through clean instructions
 * (writing none of `mask`) from one choose (`owner`), or from CHOICEs only (owner CHOICES: each
 * left its choice, so the latest is on top), or nothing is known (ANY) */
enum { NOTHING = -3, ANY = -2, CHOICES = -1 };
typedef struct { int owner; uint64_t mask; } Way;
#define FAILBACKS_MAX_CODE (1 << 18)
#define FAILBACKS_MAX_PASSES 64

static Way join(Way a, Way b, const int32_t *code)
{
    if (a.owner == NOTHING) return b;
    if (b.owner == NOTHING || (a.owner == b.owner && a.mask == b.mask)) return a;
    if (a.owner == ANY || b.owner == ANY) return (Way){ ANY, 0 };
    const int a_choices = a.owner == CHOICES || code[a.owner] == OP_CHOICE;
    const int b_choices = b.owner == CHOICES || code[b.owner] == OP_CHOICE;
    if (a_choices && b_choices) return (Way){ CHOICES, a.mask | b.mask };
    return (Way){ ANY, 0 };
}

void find_fail_backs(Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    int32_t *code = g->code;
    const int span = f->end - f->entry;
    if (span <= 0 || span > FAILBACKS_MAX_CODE || !g->keep_at) return;
    int n = 0;
    int *at = malloc(sizeof *at * (size_t)span);          /* pc - entry -> instruction index */
    int *pcs = malloc(sizeof *pcs * (size_t)span);
    Way *way = malloc(sizeof *way * (size_t)span);
    uint64_t *wr = malloc(sizeof *wr * (size_t)span);
    if (!at || !pcs || !way || !wr) out_of_memory("the fail-backs");
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        at[pc - f->entry] = n;
        pcs[n] = pc;
        way[n] = (Way){ NOTHING, 0 };
        wr[n] = locals_written_by(g, pc);
        n++;
    }
    way[0] = (Way){ ANY, 0 };
    /* a choose that a CHOICE resumes at would take that CHOICE's choice, and its mask, as its
     * own (vm_loop.h, fail:): not one to go back to */
    uint8_t *resumed = calloc((size_t)n, 1);
    if (!resumed) out_of_memory("the fail-backs");
    for (int i = 0; i < n; i++) {
        const int t = code[pcs[i]] == OP_CHOICE ? code[pcs[i] + 1] - f->entry : -1;
        if (t >= 0 && t < span) resumed[at[t]] = 1;
    }
    int changed = 1, passes = 0;
    /* (each entry only goes up: NOTHING, one choose, CHOICES with more locals, ANY; loops nest
     * less deep than the bound, past which the program keeps its FAILs) */
    for (; changed && passes < FAILBACKS_MAX_PASSES; passes++) {
        changed = 0;
        for (int i = 0; i < n; i++) {
            if (way[i].owner == NOTHING) continue;
            const int pc = pcs[i];
            const OpcodeInfo *oi = &opcode_info[code[pc]];
            Way out = { ANY, 0 }, jumped = { ANY, 0 };
            if ((owner(code[pc]) && !resumed[i]) || code[pc] == OP_CHOICE)   /* (its jump: ANY) */
                out = (Way){ pc, g->keep_masks[g->keep_at[pc]] };
            else if (way[i].owner != ANY && clean(oi->base) && !(wr[i] & way[i].mask))
                out = jumped = way[i];
            int next[2] = { !oi->stops && i + 1 < n ? i + 1 : -1, -1 };
            if (oi->jump) {
                const int t = code[pc + oi->jump] - f->entry;
                if (t >= 0 && t < span) next[1] = at[t];      /* (the verifier keeps jumps in) */
            }
            for (int k = 0; k < 2; k++) {
                const int t = next[k];
                if (t < 0) continue;
                Way w = join(way[t], k ? jumped : out, code);
                if (w.owner != way[t].owner || w.mask != way[t].mask) { way[t] = w; changed = 1; }
            }
        }
    }
    for (int i = 0; i < n && !changed; i++) {
        if (code[pcs[i]] != OP_FAIL || way[i].owner < CHOICES) continue;
        if (!g->fail_back)
            g->fail_back = arena_alloc(&g->arena, sizeof *g->fail_back * (size_t)g->ncode);
        /* the choose to go back to, or -1: the choice on top, which a CHOICE left */
        g->fail_back[pcs[i]] = way[i].owner >= 0 && code[way[i].owner] != OP_CHOICE
                               ? way[i].owner : -1;
        code[pcs[i]] = OP_FAILBACK;
    }
    free(at); free(pcs); free(way); free(wr); free(resumed);
}
