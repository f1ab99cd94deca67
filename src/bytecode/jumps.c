/* jumps.c - jump threading: a jump whose target decides at once where to go next goes there.
 *
 * The code generator writes `a and b` as `a; JZ L1; b; JMP L2; L1: PUSH 0; L2: JZ ...`-like
 * chains, loops end in jumps to jumps, and a condition's false branch often lands on a
 * `PUSH 0; JZ M`. Following those at compile time saves an instruction or two each time the
 * branch is taken. Two rewrites, repeated while one applies:
 *   - a target that is `JMP M` becomes M;
 *   - a target that is `PUSH k; JZ M` (or JNZ) becomes M or the instruction after the pair, as k
 *     decides (the stack has the same depth at both places, so the verifier's proof holds).
 * Which operand of an instruction is a jump target comes from the FLOW column of opcodes.h. */
#include <stdlib.h>
#include "compiler.h"
#include "opcodes.h"

static int next_pc(const int32_t *code, int pc) { return pc + 1 + opcode_info[code[pc]].nops; }
static int target(const int32_t *code, int pc) { return code[pc + opcode_info[code[pc]].jump]; }

/* Where control goes from `t`, when it can be decided without running anything. (The code is
 * verified: an instruction that starts before end ends there.) A jump inside the code of a pure
 * call (lo .. hi, puretab.c) is not taken out of it: hi, the call's end, is as far as it goes,
 * so that the call runs the same code wherever it is (and its table holds for each call). */
static int resolve(const int32_t *code, int entry, int end, int t, int lo, int hi)
{
    const int inside_call = lo != entry || hi != end;
    for (int steps = 0; steps < 32; steps++) {
        if (t < entry || t >= end) return t;
        if (inside_call && (t < lo || t >= hi)) return t;
        int to;
        if (code[t] == OP_JMP) to = target(code, t);
        else {
            int j = next_pc(code, t);
            if (!(code[t] == OP_PUSH && j < end && (code[j] == OP_JZ || code[j] == OP_JNZ))) break;
            int k = code[t + 1];                          /* PUSH's constant */
            int taken = code[j] == OP_JZ ? k == 0 : k != 0;
            to = taken ? target(code, j) : next_pc(code, j);
        }
        if (inside_call && (to < lo || to > hi)) return t;
        t = to;
    }
    return t;
}

/* The code each instruction of program fn lies in: that of the innermost pure call around it,
 * lo[i] .. hi[i] (hi the pc after it), or the program's (puretab.c, docs/runtime.md step 42) */
static void pure_regions(const Game *g, int fn, int *lo, int *hi)
{
    const CodeFunction *f = &g->fns[fn];
    const int32_t *code = g->code;
    for (int i = 0; i < f->end - f->entry; i++) { lo[i] = f->entry; hi[i] = f->end; }
    /* in code order: a call inside another's code comes later, and is the innermost */
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        if (code[pc] != OP_PURECALL) continue;
        int end = g->pure_sites[code[pc + 1]].end;
        for (int q = pc + 2; q < end && q < f->end; q++) {
            lo[q - f->entry] = pc + 2;
            hi[q - f->entry] = end;
        }
    }
}

void thread_jumps(Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    int32_t *code = g->code;
    int n = f->end - f->entry;
    int *lo = malloc(sizeof *lo * (size_t)n), *hi = malloc(sizeof *hi * (size_t)n);
    if (!lo || !hi) { free(lo); free(hi); return; }      /* (no threading: the same code) */
    pure_regions(g, fn, lo, hi);
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        int j = opcode_info[code[pc]].jump;
        int i = pc - f->entry;
        if (j) code[pc + j] = resolve(code, f->entry, f->end, code[pc + j], lo[i], hi[i]);
    }
    free(lo); free(hi);
}
