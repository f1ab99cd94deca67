/* keeps.c - a choice keeps no local that its program never writes, and saves only those that a
 * failure back to it can need (find_choice_masks, below).
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
#include "oom.h"
#include <stdlib.h>

/* The fixed locals (LOC_*) an instruction may write without naming them, as a set. Each case
 * is a handler of vm_loop.h that writes L[LOC_...] or hands L to a function that does
 * (land_piece, land_part, fx_capture, add_text, deferred_record): a new one must be added
 * here; the cursor counts always. tests/lang/choice-keeps.rules fails if these are missed. */
#define FX(loc) (1ull << (loc))
static uint64_t fixed_written(int base)
{
    switch (base) {
    case OP_BECOME: return FX(LOC_HERE) | FX(LOC_BECOME);
    case OP_AGAIN: return FX(LOC_HERE) | FX(LOC_AGAIN);
    case OP_NOTE: return FX(LOC_HERE) | FX(LOC_NOTE_END);
    case OP_QUALIFY: return FX(LOC_HERE) | FX(LOC_QUAL_END) | FX(LOC_QUAL_BEFORE);
    case OP_DISTINCT: return FX(LOC_HERE) | FX(LOC_GROUP);
    case OP_CAPTURE: case OP_LAND: return FX(LOC_HERE) | FX(LOC_TAKEN) | FX(LOC_LANDED);
    case OP_LANDPART: case OP_DCAPTURE: case OP_DREMOVE: case OP_DPLACE: case OP_DCHANGE:
    case OP_DSETOWNER: case OP_DMOVEP: case OP_DCASCADEP: case OP_DSTOREPV:
        return FX(NFIXED_LOCALS) - 1;                    /* (land_part writes most of them) */
    default: return FX(LOC_HERE);
    }
}
#undef FX

/* 1 + the highest of a set of locals (0 for none) */
static int bound_of(uint64_t m) { return m ? 64 - __builtin_clzll(m) : 0; }

void lower_choice_keeps(Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    int32_t *code = g->code;
    int written = LOC_HERE + 1;
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        const OpcodeInfo *oi = &opcode_info[code[pc]];
        int w = bound_of(fixed_written(oi->base));
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

/* ---- the locals a choice saves and restores ----
 * Of the locals a choice keeps, a failure back to it needs only those that the code can both
 * read after the resume point before writing them, and write between the choice and the
 * failure; so the choice saves and restores those (Game.keep_at; vm.c, push_choice and
 * restore_locals). A local that is dead where the choice resumes is never looked at again
 * with the value it holds at the failure; one that nothing after the choice writes still has
 * the value it had there. Four Towers' turn program keeps some 20 locals a choice, and the
 * failures, a million in `perft 3`, change one or two: its masks hold 2 to 8 (docs/runtime.md,
 * step 45).
 *   - live (where it resumes: a CHOICE's jump, or a CHOOSELIST or its kin itself): read there
 *     or after it before a write. A STORE writes without reading; every other instruction that
 *     names a local counts as reading it, and the fixed locals (LOC_*, which EMIT and others read
 *     without naming them) are live everywhere.
 *   - written (between the choice and a failure back to it): by an instruction that can run
 *     after it: those reachable from where its branch goes on (a CHOICE's next instruction, a
 *     CHOOSELIST itself), following the jumps and the choices' resume points. An instruction that
 *     names a local counts as writing it, but LOAD and the tests of zone values; and the fixed
 *     locals that it writes without naming them (fixed_written).
 * The code is read an instruction at a time, a superinstruction as its first instruction and
 * the rest of its sequence as its own instructions; where a native pass stands in for code
 * (skips.c, tails.c, PURECALL, PURELOCALS), it does what that code would, and goes on where the
 * code does. tests/lang/choice-masks.rules fails if a mask misses a local. */

/* The instructions that name locals only to read them */
static int reads_only(int base)
{
    return base == OP_LOAD || base == OP_ZHAS || base == OP_ZSIZE || base == OP_ZEQ;
}

static uint64_t below(int n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

/* The locals instruction pc names, as a set (a zone value: its ZONE_WORDS locals) */
static uint64_t named_locals(const Game *g, int pc)
{
    const OpcodeInfo *oi = &opcode_info[g->code[pc]];
    uint64_t m = 0;
    for (int k = 0; k < oi->nops; k++) {
        const int kind = oi->kind[k], v = g->code[pc + 1 + k];
        const int n = kind == OPK_LOCAL || kind == OPK_KEPTLOCAL ? 1
                    : kind == OPK_ZONEVAL || kind == OPK_KEPTZONEVAL ? ZONE_WORDS(g) : 0;
        for (int i = v; i < v + n && i < MAX_LOCALS; i++) m |= 1ull << i;
    }
    return m;
}

/* The locals instruction pc names and may write (failbacks.c reads them too) */
uint64_t locals_written_by(const Game *g, int pc)
{
    return reads_only(opcode_info[g->code[pc]].base) ? 0 : named_locals(g, pc);
}

#define MASKS_MAX_CODE (1 << 18)  /* a longer program's choices keep all (56 bytes a word here) */
#define MASKS_MAX_PASSES 64       /* passes over the program: loops nest less deep than this */

void find_choice_masks(Game *g, int fn)
{
    const CodeFunction *f = &g->fns[fn];
    const int32_t *code = g->code;
    if (!g->keep_at) {                  /* (one byte a code word: Zillions files run to millions) */
        g->keep_at = arena_alloc(&g->arena, (size_t)g->ncode);
        for (int k = 0; k <= MAX_LOCALS; k++) g->keep_masks[k] = below(k);
        g->nkeep_masks = MAX_LOCALS + 1;
    }
    const int span = f->end - f->entry;
    if (span <= 0) return;
    if (span > MASKS_MAX_CODE) {                       /* all it keeps, as before */
        for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
            const int keep = opcode_info[code[pc]].keep;
            if (keep) g->keep_at[pc] = (uint8_t)code[pc + keep];
        }
        return;
    }
    int n = 0;
    int *at = malloc(sizeof *at * (size_t)span);          /* pc - entry -> instruction index */
    int *pcs = malloc(sizeof *pcs * (size_t)span);
    int *succ = malloc(sizeof *succ * 2 * (size_t)span);  /* two an instruction, -1 for none */
    uint64_t *use = malloc(sizeof *use * (size_t)span), *kill = malloc(sizeof *kill * (size_t)span);
    uint64_t *wr = malloc(sizeof *wr * (size_t)span);
    uint64_t *live = calloc((size_t)span, sizeof *live);     /* live where it starts */
    uint64_t *reach = calloc((size_t)span, sizeof *reach);   /* written from there on */
    if (!at || !pcs || !succ || !use || !kill || !wr || !live || !reach)
        out_of_memory("the choices' masks");
    for (int pc = f->entry; pc < f->end; pc += 1 + opcode_info[code[pc]].nops) {
        const OpcodeInfo *oi = &opcode_info[code[pc]];
        const uint64_t named = named_locals(g, pc);
        at[pc - f->entry] = n;
        pcs[n] = pc;
        kill[n] = oi->base == OP_STORE ? named : 0;
        use[n] = oi->base == OP_STORE ? 0 : named;
        wr[n] = locals_written_by(g, pc) | fixed_written(oi->base);
        n++;
    }
    for (int i = 0; i < n; i++) {
        const OpcodeInfo *oi = &opcode_info[code[pcs[i]]];
        const int t = oi->jump ? code[pcs[i] + oi->jump] - f->entry : -1;
        succ[2 * i] = !oi->stops && i + 1 < n ? i + 1 : -1;
        succ[2 * i + 1] = t >= 0 && t < span ? at[t] : -1;   /* (the verifier keeps jumps in) */
    }
    /* backward to a fixed point over the loops */
    const uint64_t fixed = below(NFIXED_LOCALS);
    int passes = 0, changed = 1;
    for (; changed && passes < MASKS_MAX_PASSES; passes++) {
        changed = 0;
        for (int i = n - 1; i >= 0; i--) {
            uint64_t out = 0, r = wr[i];
            for (int k = 0; k < 2; k++) {
                const int t = succ[2 * i + k];
                if (t >= 0) { out |= live[t]; r |= reach[t]; }
            }
            const uint64_t in = use[i] | (out & ~kill[i]) | fixed;
            if (in != live[i] || r != reach[i]) { live[i] = in; reach[i] = r; changed = 1; }
        }
    }
    for (int i = 0; i < n; i++) {
        const OpcodeInfo *oi = &opcode_info[code[pcs[i]]];
        if (!oi->keep) continue;
        uint64_t m = ~0ull;
        if (changed) ;                                   /* (not settled: all it keeps) */
        else if (!oi->jump) m = live[i] & reach[i];          /* a CHOOSELIST and its kin: itself */
        else if (succ[2 * i + 1] >= 0 && i + 1 < n)      /* CHOICE: its jump, after its branch */
            m = live[succ[2 * i + 1]] & reach[i + 1];
        const int keep = code[pcs[i] + oi->keep];
        m &= below(keep);
        int k = MAX_LOCALS + 1;
        while (k < g->nkeep_masks && g->keep_masks[k] != m) k++;
        if (k == g->nkeep_masks) {
            if (k < 256) g->keep_masks[g->nkeep_masks++] = m;
            else k = bound_of(m);         /* (more masks than a byte names: the first locals) */
        }
        g->keep_at[pcs[i]] = (uint8_t)k;
    }
    free(at); free(pcs); free(succ); free(use); free(kill); free(wr); free(live); free(reach);
}
