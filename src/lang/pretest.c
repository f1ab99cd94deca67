/* pretest.c - the part of `legal` after `require not in-check;`, as a test that runs before the
 * move is made.
 *
 * Where `legal` begins with `require not in-check;`, the pins (pins.h) answer that part for most
 * moves without a make. What follows often asks about the move alone: shogi's uchifuzume rule
 * looks at the board after the move only when the move is a Pawn drop (`if move.from == none and
 * move.piece is Pawn { ... }`). So the rest of the block is copied into a program of its own in
 * which every instruction whose value could differ between the position before the move and the
 * one after it (anything that reads or writes game state: the EFFECT column of opcodes.h other
 * than E_RMOVE) is replaced by BAIL. Run before the move, with the move's fields set as the make
 * would set them, that program ends in one of three ways:
 *   RET   the rest of `legal` accepts: it would take the same path after the move;
 *   FAIL  it rejects, likewise;
 *   BAIL  it needs the position after the move: the move is made and `legal` run as before.
 * The copy keeps every instruction's length, so its jumps are the original's, moved. */
#include "compiler.h"
#include "opcodes.h"

/* The `legal` block as the compiler writes a first statement `require not in-check;`:
 * INCHECK; JZ ok; FAIL; ok: (codegen.c, jump_unless). The length of that statement, or 0. */
#define REQUIRE_LEN 4
static int legal_starts_not_in_check(const Game *g)
{
    int fn = g->hook_fn[HOOK_LEGAL];
    if (fn < 0) return 0;
    const CodeFunction *f = &g->fns[fn];
    const int32_t *c = g->code + f->entry;
    return f->end - f->entry >= REQUIRE_LEN + 1 && c[0] == OP_INCHECK && c[1] == OP_JZ &&
           c[2] == f->entry + REQUIRE_LEN && c[3] == OP_FAIL;
}

/* The `legal` block as the compiler writes a first statement `if in-check { ... }` with nothing
 * after it: INCHECK; JZ end; ...; end: RET (the block's last word), or a JZ to code that jumps
 * there at once (a statement whose test is a constant false, such as an option's: jump
 * threading comes later). Out of check the block returns at once, so a move that leaves the
 * mover out of check is legal, as after `require not in-check;` with nothing after it. */
static int legal_is_if_in_check(const Game *g)
{
    int fn = g->hook_fn[HOOK_LEGAL];
    if (fn < 0) return 0;
    const CodeFunction *f = &g->fns[fn];
    const int32_t *c = g->code + f->entry;
    return f->end - f->entry >= 3 && c[0] == OP_INCHECK && c[1] == OP_JZ &&
           jump_resolve(g->code, f->entry, f->end, c[2]) == f->end - 1 &&
           g->code[f->end - 1] == OP_RET;
}

/* Is the instruction's result the same before and after the move? */
static int same_before_and_after(int op)
{
    int eff = opcode_info[op].effect & ~E_RMOVE;
    return eff == 0 && op != OP_EMIT;
}

static int derive(Compiler *C)
{
    Game *g = C->g;
    const CodeFunction *legal = &g->fns[g->hook_fn[HOOK_LEGAL]];
    int from = legal->entry + REQUIRE_LEN, end = legal->end;
    /* Every jump of the rest must stay in the rest (the compiler never jumps back into the
     * `require`; if it ever did, there would simply be no pretest). */
    for (int pc = from; pc < end; pc += 1 + opcode_info[g->code[pc]].nops) {
        int j = opcode_info[g->code[pc]].jump;
        if (j && (g->code[pc + j] < from || g->code[pc + j] >= end)) return -1;
    }
    if (g->nfns >= 1024) return -1;
    int fi = g->nfns++;
    CodeFunction *f = &g->fns[fi];
    f->name = "legal (before the move)"; f->kind = FN_HOOK;
    f->nlocals = legal->nlocals;
    f->entry = g->ncode;
    int shift = f->entry - from;
    for (int pc = from; pc < end; ) {
        int op = g->code[pc], n = opcode_info[op].nops;
        C->line = g->line[pc];
        if (same_before_and_after(op)) {
            emit_word(C, op);
            for (int k = 1; k <= n; k++)
                emit_word(C, opcode_info[op].jump == k ? g->code[pc + k] + shift : g->code[pc + k]);
        } else {
            emit_word(C, OP_BAIL);
            for (int k = 1; k <= n; k++) emit_word(C, OP_NOP);
        }
        pc += 1 + n;
    }
    f->end = g->ncode;
    return fi;
}

void derive_legal_pretest(Compiler *C)
{
    Game *g = C->g;
    g->legal_pretest_fn = -1;
    g->legal_in_check_first = 0;
    if (legal_is_if_in_check(g)) { g->legal_in_check_first = 1; return; }
    if (!legal_starts_not_in_check(g)) return;
    const CodeFunction *legal = &g->fns[g->hook_fn[HOOK_LEGAL]];
    int rest_empty = legal->end - legal->entry == REQUIRE_LEN + 1 &&
                     g->code[legal->entry + REQUIRE_LEN] == OP_RET;
    if (!rest_empty && (g->legal_pretest_fn = derive(C)) < 0) return;
    g->legal_in_check_first = 1;
}
