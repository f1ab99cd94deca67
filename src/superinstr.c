/* superinstr.c - superinstructions: a sequence of instructions that the profiles show hot,
 * rewritten as one instruction that does the same (after jump threading, jumps.c).
 *
 * `for s in board { if friend(s) { ... } }` (the Ivory Tower's `after-move` and `legal` walk the
 * mover's pieces so, every legality test) compiles to
 *     L: FORLIST list i s exit; LOAD s; FRIEND; JZ L; ...
 * four instructions for every square that holds no piece of the mover. FORFRIEND is FORLIST
 * that passes over those squares itself; the LOAD, FRIEND and JZ stay (a jump elsewhere may
 * land on the LOAD, and they are then one true test), so the code keeps its length and every
 * jump its target. It charges each square it passes over the 4 steps the loop would have run,
 * so the bounds on work and steps are unchanged (vm_loop.h). */
#include "compiler.h"
#include "opcodes.h"

void fuse_superinstructions(Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    int32_t *code = g->code;
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        if (code[pc] != OP_FORLIST) continue;
        int next = pc + 5;                       /* FORLIST list i var exit */
        if (next + 5 <= f->end && code[next] == OP_LOAD && code[next + 1] == code[pc + 3] &&
            code[next + 2] == OP_FRIEND && code[next + 3] == OP_JZ && code[next + 4] == pc)
            code[pc] = OP_FORFRIEND;
    }
}
