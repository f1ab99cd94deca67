/* superinstr.c - superinstructions: a sequence of instructions that the profiles show hot,
 * rewritten as one instruction that does the same (after jump threading, jumps.c).
 *
 * Each is written over the first instruction of its sequence, and the rest of the sequence stays
 * where it was: the code keeps its length and every jump its target, and a jump into the middle
 * of a sequence runs it as written. Tables that read the code an instruction at a time read a
 * superinstruction as its first instruction (OpcodeInfo.base), whose operands it has. Each
 * charges the steps of the whole sequence, so the bounds on work and steps are unchanged.
 *
 * `for s in board { if friend(s) { ... } }` (the Ivory Tower's `after-move` and `legal` walk the
 * mover's pieces so, every legality test) compiles to
 *     L: FORLIST list i s exit; LOAD s; FRIEND; JZ L; ...
 * four instructions for every square that holds no piece of the mover. FORFRIEND is FORLIST
 * that passes over those squares itself, charging each the 4 steps the loop would have run
 * (vm_loop.h); the LOAD, FRIEND and JZ stay, and are one true test when reached.
 *
 * FORTEST does the same for `for s in board { if height(s) > 1 { ... } }` and
 * `if v[s] > 0` (a square variable): FORLIST; LOAD s; HEIGHT or LOADSQ v; PUSH k; a comparison;
 * JZ back, six instructions for each square the test fails on (Nemoroth's stacks to sort, its
 * ichor timers, its search for an empty square).
 *
 * The others (opcodes.h, SUPERINSTRUCTIONS) fuse what the program games run most: a loop test on
 * locals (`while i < h`: LOAD LOAD LT JZ), a test of the cursor's square (`require empty`:
 * LOAD EMPTY JNZ), a step along a direction in a local, local copies and constants, `i += 1`.
 * Measured in docs/runtime.md (step 17). */
#include "compiler.h"
#include "opcodes.h"

typedef struct {
    int op;                  /* the superinstruction */
    int seq[4];              /* the base opcodes it stands for, in order (length from opcodes.h) */
    int same_local;          /* the first and last instructions name the same local */
} Pattern;

/* Longest first: at each instruction the first pattern that matches is taken. */
static const Pattern patterns[] = {
    { OP_LOAD_LOAD_LT_JZ, { OP_LOAD, OP_LOAD, OP_LT, OP_JZ }, 0 },
    { OP_LOAD_LOAD_LE_JZ, { OP_LOAD, OP_LOAD, OP_LE, OP_JZ }, 0 },
    { OP_LOAD_LOAD_GT_JZ, { OP_LOAD, OP_LOAD, OP_GT, OP_JZ }, 0 },
    { OP_LOAD_LOAD_GE_JZ, { OP_LOAD, OP_LOAD, OP_GE, OP_JZ }, 0 },
    { OP_LOAD_LOAD_EQ_JZ, { OP_LOAD, OP_LOAD, OP_EQ, OP_JZ }, 0 },
    { OP_LOAD_LOAD_NE_JZ, { OP_LOAD, OP_LOAD, OP_NE, OP_JZ }, 0 },
    { OP_LOAD_PUSH_LT_JZ, { OP_LOAD, OP_PUSH, OP_LT, OP_JZ }, 0 },
    { OP_LOAD_PUSH_LE_JZ, { OP_LOAD, OP_PUSH, OP_LE, OP_JZ }, 0 },
    { OP_LOAD_PUSH_GT_JZ, { OP_LOAD, OP_PUSH, OP_GT, OP_JZ }, 0 },
    { OP_LOAD_PUSH_GE_JZ, { OP_LOAD, OP_PUSH, OP_GE, OP_JZ }, 0 },
    { OP_LOAD_PUSH_EQ_JZ, { OP_LOAD, OP_PUSH, OP_EQ, OP_JZ }, 0 },
    { OP_LOAD_PUSH_NE_JZ, { OP_LOAD, OP_PUSH, OP_NE, OP_JZ }, 0 },
    { OP_LOAD_PUSH_ADD_STORE, { OP_LOAD, OP_PUSH, OP_ADD, OP_STORE }, 1 },
    { OP_LOAD_PUSH_ISTYPE_JZ, { OP_LOAD, OP_PUSH, OP_ISTYPE, OP_JZ }, 0 },
    { OP_LOAD_LOAD_PIECEAT, { OP_LOAD, OP_LOAD, OP_PIECEAT }, 0 },
    { OP_PUSH_EQ_JZ, { OP_PUSH, OP_EQ, OP_JZ }, 0 },
    { OP_PUSH_NE_JZ, { OP_PUSH, OP_NE, OP_JZ }, 0 },
    { OP_LOAD_EMPTY_JZ, { OP_LOAD, OP_EMPTY, OP_JZ }, 0 },
    { OP_LOAD_EMPTY_JNZ, { OP_LOAD, OP_EMPTY, OP_JNZ }, 0 },
    { OP_LOAD_FRIEND_JZ, { OP_LOAD, OP_FRIEND, OP_JZ }, 0 },
    { OP_LOAD_FRIEND_JNZ, { OP_LOAD, OP_FRIEND, OP_JNZ }, 0 },
    { OP_LOAD_ENEMY_JZ, { OP_LOAD, OP_ENEMY, OP_JZ }, 0 },
    { OP_LOAD_ENEMY_JNZ, { OP_LOAD, OP_ENEMY, OP_JNZ }, 0 },
    { OP_LOAD_STEP, { OP_LOAD, OP_STEP }, 0 },
    { OP_LOAD_AT, { OP_LOAD, OP_AT }, 0 },
    { OP_LOAD_HEIGHT, { OP_LOAD, OP_HEIGHT }, 0 },
    { OP_LOAD_LOADPV, { OP_LOAD, OP_LOADPV }, 0 },
    { OP_LOAD_STORE, { OP_LOAD, OP_STORE }, 0 },
    { OP_PUSH_STORE, { OP_PUSH, OP_STORE }, 0 },
    { OP_NOT_JZ, { OP_NOT, OP_JZ }, 0 },
    { OP_NOT_JNZ, { OP_NOT, OP_JNZ }, 0 },
};

static int base_at(const int32_t *code, int pc) { return opcode_info[code[pc]].base; }
static int next_pc(const int32_t *code, int pc) { return pc + 1 + opcode_info[code[pc]].nops; }

static int matches(const Pattern *pt, const int32_t *code, int pc, int end)
{
    int len = opcode_info[pt->op].length, q = pc, last = pc;
    for (int i = 0; i < len; i++) {
        if (q >= end || base_at(code, q) != pt->seq[i]) return 0;
        last = q;
        q = next_pc(code, q);
    }
    return !pt->same_local || code[pc + 1] == code[last + 1];
}

static int is_comparison(int op)
{
    return op == OP_EQ || op == OP_NE || op == OP_LT || op == OP_LE || op == OP_GT || op == OP_GE;
}

/* After FORLIST list i s exit at pc: LOAD s; HEIGHT (or LOADSQ v); PUSH k; CMP; JZ pc, the
 * `for s in board { if height(s) > 1 { ... } }` of Nemoroth's stacks and ichor timers. */
static int fortest_follows(const int32_t *code, int pc, int end)
{
    int q = pc + 5;                                     /* LOAD s */
    if (q + 2 > end || base_at(code, q) != OP_LOAD || code[q + 1] != code[pc + 3]) return 0;
    q += 2;                                             /* HEIGHT or LOADSQ v */
    if (q >= end || (base_at(code, q) != OP_HEIGHT && base_at(code, q) != OP_LOADSQ)) return 0;
    q = next_pc(code, q);                               /* PUSH k */
    if (q + 2 > end || base_at(code, q) != OP_PUSH) return 0;
    q += 2;                                             /* the comparison */
    if (q >= end || !is_comparison(base_at(code, q))) return 0;
    q += 1;                                             /* JZ back to the FORLIST */
    return q + 2 <= end && base_at(code, q) == OP_JZ && code[q + 1] == pc;
}

void fuse_superinstructions(Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    int32_t *code = g->code;
    for (int pc = f->entry; pc < f->end; pc = next_pc(code, pc)) {
        if (code[pc] == OP_FORLIST) {
            int next = pc + 5;                   /* FORLIST list i var exit */
            if (next + 5 <= f->end && base_at(code, next) == OP_LOAD &&
                code[next + 1] == code[pc + 3] && base_at(code, next + 2) == OP_FRIEND &&
                base_at(code, next + 3) == OP_JZ && code[next + 4] == pc)
                code[pc] = OP_FORFRIEND;
            else if (fortest_follows(code, pc, f->end))
                code[pc] = OP_FORTEST;
            continue;
        }
        /* (compile time: the code of a big rules file is long, so the first two opcodes are
         * compared before a pattern is walked) */
        int b0 = base_at(code, pc), next = next_pc(code, pc);
        if ((b0 != OP_LOAD && b0 != OP_PUSH && b0 != OP_NOT) || next >= f->end) continue;
        int b1 = base_at(code, next);
        for (size_t i = 0; i < sizeof patterns / sizeof *patterns; i++)
            if (patterns[i].seq[0] == b0 && patterns[i].seq[1] == b1 &&
                matches(&patterns[i], code, pc, f->end)) {
                code[pc] = patterns[i].op;
                break;
            }
    }
}
