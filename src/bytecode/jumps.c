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
#include "compiler.h"
#include "opcodes.h"

static int next_pc(const int32_t *code, int pc) { return pc + 1 + opcode_info[code[pc]].nops; }
static int target(const int32_t *code, int pc) { return code[pc + opcode_info[code[pc]].jump]; }

/* Where control goes from `t`, when it can be decided without running anything. (The code is
 * verified: an instruction that starts before end ends there.) */
static int resolve(const int32_t *code, int entry, int end, int t)
{
    for (int steps = 0; steps < 32; steps++) {
        if (t < entry || t >= end) return t;
        if (code[t] == OP_JMP) { t = target(code, t); continue; }
        int j = next_pc(code, t);
        if (code[t] == OP_PUSH && j < end && (code[j] == OP_JZ || code[j] == OP_JNZ)) {
            int k = code[t + 1];                          /* PUSH's constant */
            int taken = code[j] == OP_JZ ? k == 0 : k != 0;
            t = taken ? target(code, j) : next_pc(code, j);
            continue;
        }
        break;
    }
    return t;
}

void thread_jumps(Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    int32_t *code = g->code;
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        int j = opcode_info[code[pc]].jump;
        if (j) code[pc + j] = resolve(code, f->entry, f->end, code[pc + j]);
    }
}
