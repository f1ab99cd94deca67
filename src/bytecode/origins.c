/* origins.c - the squares a move program can move from at all.
 *
 * Many programs begin every branch with `require from in ZONE;`: a chess Pawn's program is its
 * promotions (from the seventh rank) and its en passant captures (from the fifth); the rest of
 * its moves are native lines. Entering the VM for each of the other pawns only to fail at once
 * costs a few hundred machine instructions a piece and node. So each program is followed from
 * its entry once per player and square, with `from` known and every other value unknown, through
 * the instructions that can then be decided (constants, `from`, zones, `not`, jumps and the
 * choices of `either`): where every path reaches FAIL or RET before anything else, the program
 * can do nothing from that square and is not run there. Anything the walk cannot decide counts
 * as a way through: the filter only ever leaves out runs that would have emitted nothing. */
#include "origins.h"
#include <stdlib.h>
#include "opcodes.h"
#include "position.h"             /* MK_MOVE */

#define WALK_STEPS 256        /* instructions followed per square before giving up (a way
                                 through) */
#define WALK_STACK 8

typedef struct { int known; long v; } Val;

/* 1 if some path from pc may go on past what can be decided (the program may do something). */
static int may_act(const Game *g, int player, int sq, int pc, Val *stk, int sp, int *budget)
{
    const int32_t *code = g->code;
    while ((*budget)-- > 0) {
        int op = opcode_info[code[pc]].base;     /* a superinstruction: its first instruction */
        Val a;
        switch (op) {
        case OP_FROM:
            if (sp == WALK_STACK) return 1;
            stk[sp++] = (Val){ 1, sq };
            pc += 1; break;
        case OP_PUSH:
            if (sp == WALK_STACK) return 1;
            stk[sp++] = (Val){ 1, code[pc + 1] };
            pc += 2; break;
        case OP_INZONE:
            if (sp < 1) return 1;
            a = stk[sp - 1];
            if (a.known)
                stk[sp - 1].v =
                    a.v >= 0 && a.v < g->nsq && g->lists[code[pc + 1]].member[player][a.v];
            pc += 2; break;
        case OP_NOT:
            if (sp < 1) return 1;
            if (stk[sp - 1].known) stk[sp - 1].v = !stk[sp - 1].v;
            pc += 1; break;
        case OP_JMP:
            pc = code[pc + 1]; break;
        case OP_JZ: case OP_JNZ:
            if (sp < 1) return 1;
            a = stk[--sp];
            if (!a.known) {                        /* both ways */
                Val copy[WALK_STACK];
                for (int i = 0; i < sp; i++) copy[i] = stk[i];
                if (may_act(g, player, sq, code[pc + 1], copy, sp, budget)) return 1;
                pc += 2;
            } else if ((op == OP_JZ) == (a.v == 0)) pc = code[pc + 1];
            else pc += 2;
            break;
        case OP_CHOICE: {                          /* `either`: the other branch, then this one */
            Val copy[WALK_STACK];
            for (int i = 0; i < sp; i++) copy[i] = stk[i];
            if (may_act(g, player, sq, code[pc + 1], copy, sp, budget)) return 1;
            pc += 3; break;
        }
        case OP_FAIL: case OP_RET:                 /* (RET ends a move program's branch unmoved) */
            return 0;
        default:
            return 1;
        }
    }
    return 1;
}

/* Whether program f has an `emit` of a move onto a square, or runs other types' moves
 * (`moves-of`, whose native lines move onto squares). */
static int may_move_onto(const Game *g, int f)
{
    const int32_t *code = g->code;
    for (int pc = g->fns[f].entry; pc < g->fns[f].end; pc += 1 + opcode_info[code[pc]].nops) {
        int op = opcode_info[code[pc]].base;
        if (op == OP_EMIT && code[pc + 1] == MK_MOVE) return 1;
        if (op == OP_MOVESOF) return 1;
    }
    return 0;
}

void origins_prepare(Game *g)
{
    g->moves_onto = arena_alloc(&g->arena, (size_t)(g->nfns > 0 ? g->nfns : 1));
    for (int f = 0; f < g->nfns; f++) g->moves_onto[f] = (uint8_t)may_move_onto(g, f);
    /* Under `moves distinct` a capture may be merged with a move of a program that cannot
     * capture, and which of the two the list keeps depends on both: there, only a game none of
     * whose programs or native lines can capture (the Four Towers turn) leaves programs out. */
    g->captures_skip_ok = 1;
    if (g->distinct) {
        for (int f = 0; f < g->nfns; f++)
            if ((g->fns[f].kind == FN_MOVES || g->fns[f].kind == FN_DROPS) && g->moves_onto[f])
                g->captures_skip_ok = 0;
        for (int t = 1; t <= g->ntypes; t++)
            if (g->types[t].natoms) g->captures_skip_ok = 0;
    }
    g->origin_ok =
        arena_alloc(&g->arena, sizeof *g->origin_ok * (size_t)(g->nfns > 0 ? g->nfns : 1));
    for (int f = 0; f < g->nfns; f++) {
        g->origin_ok[f] = NULL;
        if (g->fns[f].kind != FN_MOVES) continue;
        uint8_t *ok = arena_alloc(&g->arena, (size_t)g->nplayers * (size_t)g->nsq);
        int any_out = 0;
        for (int pl = 0; pl < g->nplayers; pl++)
            for (int sq = 0; sq < g->nsq; sq++) {
                Val stk[WALK_STACK];
                int budget = WALK_STEPS;
                ok[pl * g->nsq + sq] =
                    (uint8_t)may_act(g, pl, sq, g->fns[f].entry, stk, 0, &budget);
                any_out |= !ok[pl * g->nsq + sq];
            }
        if (any_out) g->origin_ok[f] = ok;
    }
}
