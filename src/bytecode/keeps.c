/* keeps.c - a choice keeps no local that its program never writes.
 *
 * A choice (CHOICE, CHOOSELIST, CHOOSEBIT and their kin: the instructions with a KEEP operand)
 * saves the first `keep` locals, those in scope, and a failure back to it restores them (vm.c).
 * A local that no instruction of the program writes holds, at every failure, the value it had
 * when the choice was made: restoring it copies a value onto itself. So each keep is lowered to
 * 1 + the highest local the program can write. Chess's King program makes three choices a node
 * (the castlings), each of which saved and restored the eleven locals every program has
 * (opcodes.h, LOC_*), and it writes only the cursor: now it keeps one.
 *
 * A local counts as written by an instruction that names it as an operand (a read too: more is
 * safe) or that writes it without naming it (fixed_written; the cursor always counts). The code
 * is read an instruction at a time, a superinstruction as its first instruction (superinstr.c):
 * the rest of its sequence, whose operands the native passes of skips.c write, is read as its
 * own instructions. (Lowering each choice's keep to what the code after it alone can write, a
 * data flow over the program, kept no fewer locals where it counts: Four Towers' turn program
 * writes most of its locals after most of its choices.) */
#include "compiler.h"
#include "opcodes.h"

/* The fixed locals (LOC_*) an instruction may write without naming them, as a bound: 1 + the
 * highest. Each case is a handler of vm_loop.h that writes L[LOC_...] or hands L to a function
 * that does (land_piece, land_part, fx_capture, add_text, deferred_record): a new one must be
 * added here. tests/lang/choice-keeps.rules fails if these are missed. */
static int fixed_written(int base)
{
    switch (base) {
    case OP_BECOME: return LOC_BECOME + 1;
    case OP_AGAIN: return LOC_AGAIN + 1;
    case OP_NOTE: return LOC_NOTE_END + 1;
    case OP_QUALIFY: return LOC_QUAL_BEFORE + 1;      /* LOC_QUAL_END and LOC_QUAL_BEFORE */
    case OP_DISTINCT: return LOC_GROUP + 1;
    case OP_CAPTURE: case OP_LAND: return LOC_TAKEN + 1;   /* land_piece: LOC_LANDED too */
    case OP_LANDPART: case OP_DCAPTURE: case OP_DREMOVE: case OP_DPLACE: case OP_DCHANGE:
    case OP_DSETOWNER: case OP_DMOVEP: case OP_DCASCADEP: case OP_DSTOREPV:
        return LOC_DEFERRED + 1;
    default: return LOC_HERE + 1;
    }
}

void lower_choice_keeps(Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    int32_t *code = g->code;
    int written = LOC_HERE + 1;
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        const OpcodeInfo *oi = &opcode_info[code[pc]];
        int w = fixed_written(oi->base);
        for (int k = 0; k < oi->nops; k++) {
            const int kind = oi->kind[k];
            int v = code[pc + 1 + k];
            if (kind == OPK_LOCAL || kind == OPK_KEPTLOCAL) v += 1;
            else if (kind == OPK_ZONEVAL || kind == OPK_KEPTZONEVAL) v += ZONE_WORDS(g);
            else continue;
            if (v > w) w = v;
        }
        if (w > written) written = w;
    }
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        const OpcodeInfo *oi = &opcode_info[code[pc]];
        if (oi->keep && code[pc + oi->keep] > written) code[pc + oi->keep] = written;
    }
}
